import { formatINR, toRupees } from '@grocer/shared/money';
import type { Config } from '../../config';
import { packLabel } from '@grocer/shared/labels';
import type { DbOrTx, Tx } from '../../db/client';
import type { WhatsappEvent } from '@grocer/shared/whatsapp';
import { shownCode } from '../delivery-trips';
import { findUserById } from '../identity';
import { type EventHandler, customerMessages, type Outbox, type OutboxRow } from '../outbox';
import type { OrderRow } from './errors';
import { orderById, orderLinesOf } from './queries';
import { dayIn } from '@grocer/shared/messages/types';

/** The kind an order's messages are, for its customer (their channel choices are honoured: issue 46 §7). */
const aboutOrder = (o: OrderRow) => ({ kind: 'orders' as const, userId: o.userId });

/** The messages the order's customer reads (their account's language, else the order's, else the website's default). */
const messagesOf = (db: DbOrTx, o: OrderRow) => customerMessages(db, o.websiteId, { userId: o.userId, orderLanguage: o.language });

/** The statuses the shopper hears of (their texts: the message catalogues, @grocer/shared/messages). */
const SAY = ['confirmed', 'packed', 'shipped', 'delivered', 'cancelled'] as const;
type Said = (typeof SAY)[number];
const said = (s: OrderRow['status']): s is Said => (SAY as readonly string[]).includes(s);

/** The statuses told on WhatsApp (issue 46 §6): its template (domains/whatsapp, @grocer/shared/whatsapp). */
const WHATSAPP: Partial<Record<OrderRow['status'], WhatsappEvent>> = {
  confirmed: 'order_confirmed',
  shipped: 'out_for_delivery',
  delivered: 'order_delivered',
};

/**
 * The shopper's messages for a status the order moved to (an email, and an SMS to the delivery
 * address's mobile when an SMS provider is configured), written with the consumer's handle: `o` as
 * it stood when it moved (the event's payload), not as it stands now.
 */
async function statusMessages(tx: Tx, d: { outbox: Outbox; config: Config }, o: OrderRow): Promise<OutboxRow[]> {
  const status = o.status;
  if (!said(status)) return [];
  const u = await findUserById(tx, o.userId);
  const m = await messagesOf(tx, o);
  const text = m.order.statusText({
    order: o.ordernumber,
    status,
    bringer: o.delivery ? { person: o.delivery.person, phone: o.delivery.phone } : null,
    refund: status === 'cancelled' && o.paymentMethod !== 'cod' ? formatINR(toRupees(o.total)) : null,
  });
  const subject = m.order.statusSubject({ order: o.ordernumber, status });
  const rows: OutboxRow[] = [];
  if (u?.email)
    rows.push(
      await d.outbox.queue(tx, { websiteId: o.websiteId, channel: 'email', to: u.email, subject, body: text, about: aboutOrder(o) }),
    );
  const event = WHATSAPP[o.status];
  // on WhatsApp when the website has it on (the SMS its fallback), else by SMS with a provider
  if (o.address.phone && (d.config.smsUrl || (event && (await d.outbox.whatsappOn(tx, o.websiteId))))) {
    const code = o.status === 'shipped' ? await shownCode(tx, d.config.sessionSecret, o.websiteId, o.id) : null;
    const whatsapp = event && {
      event: code ? ('out_for_delivery_code' as const) : event,
      language: m.language,
      values: { order_number: o.ordernumber, delivery_person: o.delivery?.person ?? '', ...(code && { delivery_code: code }) },
    };
    rows.push(
      await d.outbox.queue(tx, {
        websiteId: o.websiteId,
        channel: 'sms',
        to: o.address.phone,
        body: text,
        about: aboutOrder(o),
        ...(whatsapp && { whatsapp }),
        ...(code && { sensitive: true }),
      }),
    );
  }
  return rows;
}

/** A refund on its way (`order.refunded`), told on WhatsApp when the website has it on (issue 46 §6). */
async function refundMessages(tx: Tx, d: { outbox: Outbox }, o: OrderRow, amount: number): Promise<OutboxRow[]> {
  if (!o.address.phone || !(await d.outbox.whatsappOn(tx, o.websiteId))) return [];
  const m = await messagesOf(tx, o);
  const sum = formatINR(toRupees(amount));
  const body = m.order.refunded({ order: o.ordernumber, amount: sum });
  const whatsapp = { event: 'order_refunded' as const, language: m.language, values: { order_number: o.ordernumber, amount: sum } };
  return [await d.outbox.queue(tx, { websiteId: o.websiteId, channel: 'sms', to: o.address.phone, body, whatsapp, about: aboutOrder(o) })];
}

/**
 * The order confirmation email and the staff's new-order push (issue 40.17), written with the
 * consumer's handle. The push first: the staff hear of every order, the email needs the shopper's
 * address.
 */
async function confirmationMessages(tx: Tx, outbox: Outbox, o: OrderRow): Promise<OutboxRow[]> {
  const rows = await outbox.queueNewOrderPush(tx, o);
  const u = await findUserById(tx, o.userId);
  const m = await messagesOf(tx, o);
  // on WhatsApp when the website has it on (issue 46 §6); no SMS otherwise (the email is the confirmation)
  if (o.address.phone && (await outbox.whatsappOn(tx, o.websiteId))) {
    const total = formatINR(toRupees(o.total));
    rows.push(
      await outbox.queue(tx, {
        websiteId: o.websiteId,
        channel: 'sms',
        to: o.address.phone,
        body: m.order.placedSms({ name: u?.name || null, order: o.ordernumber, total }),
        about: aboutOrder(o),
        whatsapp: {
          event: 'order_placed',
          language: m.language,
          values: { customer_name: u?.name ?? '', order_number: o.ordernumber, total },
        },
      }),
    );
  }
  if (!u?.email) return rows;
  const lines = (await orderLinesOf(tx, o.id)).map(
    (r) => `${r.quantity} × ${packLabel(r.productName, r.packName)}: ${formatINR(toRupees(r.amount))}`,
  );
  rows.push(
    await outbox.queue(tx, {
      websiteId: o.websiteId,
      channel: 'email',
      to: u.email,
      about: aboutOrder(o),
      subject: m.order.confirmedSubject({ order: o.ordernumber }),
      body: m.order.confirmedBody({
        name: u.name,
        order: o.ordernumber,
        lines,
        total: formatINR(toRupees(o.total)),
        cod: o.paymentMethod === 'cod',
        // English keeps the day as it always said it (2026-12-05); other languages name the month
        slot: o.slotDate
          ? {
              day: m.language === 'en' ? o.slotDate : dayIn(m.language, o.slotDate, { year: true }),
              start: o.slotStart ?? '',
              end: o.slotEnd ?? '',
            }
          : null,
        address: `${o.address.line1}, ${o.address.line2}, ${o.address.city} ${o.address.pincode}`,
      }),
    }),
  );
  return rows;
}

/** What an `order.status_changed` event carries of the order as it moved (orders/admin-service.ts `staffMove`). */
export interface StatusChangedPayload {
  from: OrderRow['status'];
  status: OrderRow['status'];
  total: number;
  delivery: OrderRow['delivery'];
}

/**
 * The notifications consumer of the order event stream (outbox/events.ts, docs/orders.md): an order
 * placed gets its confirmation email and the staff's push; a status the shopper hears of (SAY) gets
 * its email and SMS; a refund and a change the shop made theirs. The messages are written with the receipt of the event (once, however often
 * the consumer runs) and delivered once that commits; a failed delivery is retried by the outbox.
 */
export function orderNotifications(d: { outbox: Outbox; config: Config }): EventHandler {
  return async (tx, e) => {
    const o = await orderById(tx, e.orderId);
    if (!o) return;
    let rows: OutboxRow[] = [];
    if (e.topic === 'order.placed') rows = await confirmationMessages(tx, d.outbox, o);
    else if (e.topic === 'order.status_changed') {
      const p = e.payload as unknown as StatusChangedPayload;
      rows = await statusMessages(tx, d, { ...o, status: p.status, total: p.total, delivery: p.delivery });
    } else if (e.topic === 'order.refunded') rows = await refundMessages(tx, d, o, Number((e.payload as { amount?: number }).amount ?? 0));
    else if (e.topic === 'order.changed') rows = await changeMessages(tx, d, o, e.payload as unknown as OrderChangedPayload);
    if (!rows.length) return;
    return async () => {
      for (const r of rows) await d.outbox.deliver(r);
    };
  };
}

/** What an `order.changed` event carries: what changed (as the shopper reads it) and the total after it. */
export interface OrderChangedPayload {
  note: string;
  /** paise */
  total: number;
}

/**
 * The shopper's messages for a change the shop made to their order (a line removed or substituted,
 * an edit): an email, and an SMS when an SMS provider is configured; written with the consumer's
 * handle from the `order.changed` event, with the total as the change left it.
 */
async function changeMessages(tx: Tx, d: { outbox: Outbox; config: Config }, o: OrderRow, p: OrderChangedPayload): Promise<OutboxRow[]> {
  const u = await findUserById(tx, o.userId);
  const m = await messagesOf(tx, o);
  const text = m.order.changedText({ order: o.ordernumber, note: p.note, total: formatINR(toRupees(p.total)) });
  const rows: OutboxRow[] = [];
  if (u?.email)
    rows.push(
      await d.outbox.queue(tx, {
        websiteId: o.websiteId,
        channel: 'email',
        to: u.email,
        subject: m.order.changedSubject({ order: o.ordernumber }),
        body: text,
        about: aboutOrder(o),
      }),
    );
  if (d.config.smsUrl && o.address.phone)
    rows.push(await d.outbox.queue(tx, { websiteId: o.websiteId, channel: 'sms', to: o.address.phone, body: text, about: aboutOrder(o) }));
  return rows;
}
