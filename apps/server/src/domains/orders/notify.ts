import { ORDER_STATUS_LABELS } from '@grocer/shared/order';
import { formatINR, toRupees } from '@grocer/shared/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { findUserById } from '../identity/service';
import type { Outbox } from '../outbox/service';
import type { OrderRow } from './errors';

const SAY: Partial<Record<OrderRow['status'], string>> = {
  confirmed: 'has been confirmed by the shop',
  packed: 'is packed and waiting for delivery',
  shipped: 'is out for delivery',
  delivered: 'has been delivered. Thank you for shopping with us',
  cancelled: 'has been cancelled by the shop',
};

/**
 * Tells the shopper their order changed status, through the outbox (after the change commits): an
 * email, and an SMS to the delivery address's mobile when an SMS provider is configured. A failed
 * message never undoes the move; the outbox retries it.
 */
export async function notifyStatus(d: { db: Db; outbox: Outbox; config: Config; log: FastifyBaseLogger }, o: OrderRow): Promise<void> {
  const say = SAY[o.status];
  if (!say) return;
  try {
    const u = await findUserById(d.db, o.userId);
    const who = o.delivery ? ` ${o.delivery.person} (${o.delivery.phone}) is bringing it.` : '';
    const refund =
      o.status === 'cancelled' && o.paymentMethod !== 'cod' ? ` Your payment of ${formatINR(toRupees(o.total))} is being refunded.` : '';
    const text = `Your order ${o.ordernumber} ${say}.${o.status === 'shipped' ? who : ''}${refund}`;
    const subject = `Order ${o.ordernumber}: ${ORDER_STATUS_LABELS[o.status]}`;
    if (u?.email) await d.outbox.send({ websiteId: o.websiteId, channel: 'email', to: u.email, subject, body: text });
    if (d.config.smsUrl && o.address.phone)
      await d.outbox.send({ websiteId: o.websiteId, channel: 'sms', to: o.address.phone, body: text });
  } catch (e) {
    d.log.error({ err: e, order: o.id }, 'order status message failed');
  }
}

/**
 * Tells the shopper a line of their order was removed or substituted (and what they get back),
 * through the outbox, after the change commits.
 */
export async function notifyChange(
  d: { db: Db; outbox: Outbox; config: Config; log: FastifyBaseLogger },
  o: OrderRow,
  note: string,
): Promise<void> {
  try {
    const u = await findUserById(d.db, o.userId);
    const text = `Your order ${o.ordernumber} has changed: ${note}. New total: ${formatINR(toRupees(o.total))}.`;
    if (u?.email)
      await d.outbox.send({
        websiteId: o.websiteId,
        channel: 'email',
        to: u.email,
        subject: `Order ${o.ordernumber}: items changed`,
        body: text,
      });
    if (d.config.smsUrl && o.address.phone)
      await d.outbox.send({ websiteId: o.websiteId, channel: 'sms', to: o.address.phone, body: text });
  } catch (e) {
    d.log.error({ err: e, order: o.id }, 'order change message failed');
  }
}
