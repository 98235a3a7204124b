import { PAYMENT_PROVIDER_NAMES, packLabel } from '@grocer/shared/labels';
import type { PaymentHandoff } from '@grocer/shared/order';
import { formatINR, toPaise, toRupees } from '@grocer/shared/money';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { findUserById } from '../identity/service';
import {
  abandonedOrders,
  addEvent,
  lockOrder,
  moveOrder,
  orderById,
  orderLinesOf,
  releaseOrder,
  type OrderLineRow,
  type OrderRow,
} from '../orders/service';
import type { Outbox } from '../outbox/service';
import { cashfree, paymentErrors, providerKeys, razorpay, safeEqual, type ProviderKeys } from './providers';
import {
  holdForReview,
  movePayment,
  notePaymentAttempt,
  paymentByProviderOrder,
  paymentOfOrder,
  recordPaymentEvent,
  recordProviderOrder,
  recordRefundId,
  type PaymentRow,
} from './records';

export type { PaymentRow };
/**
 * `amount`: what the provider says was paid, in paise (checked against the order's total).
 * `cancelled`: the shopper left the provider's page without paying (a failed attempt the shopper chose).
 */
type Outcome = { kind: 'paid'; providerPaymentId: string; amount: number } | { kind: 'failed'; reason: string; cancelled?: boolean };

export interface PaymentsDeps {
  db: Db;
  config: Config;
  outbox: Outbox;
  log: FastifyBaseLogger;
  /** this server's own base URL (the simulator, return URLs) */
  selfUrl: () => string;
}

/**
 * One interface over cash on delivery, Razorpay and Cashfree (DESIGN §6): create the provider
 * order, confirm, take webhooks, refund, and release abandoned payments. Every state change is
 * forward-only and keyed by a provider event id written in the same transaction, so a retried
 * webhook or a confirmation racing a webhook changes nothing twice.
 */
export class Payments {
  constructor(private readonly d: PaymentsDeps) {}

  private keys(websiteId: number, provider: 'razorpay' | 'cashfree'): Promise<ProviderKeys> {
    return providerKeys(this.d.db, this.d.config, websiteId, provider, this.d.selfUrl);
  }

  private async paymentOf(orderId: string): Promise<PaymentRow> {
    const p = await paymentOfOrder(this.d.db, orderId);
    if (!p) throw new Error(`order ${orderId} has no payment row`);
    return p;
  }

  /**
   * What the browser needs to pay a pending prepaid order; the provider order is made once.
   * `origin` is the shop's address as the shopper's browser sees it (for return URLs); the
   * simulator's checkout page is given as a path on that same origin.
   */
  async handoff(order: OrderRow, origin: string): Promise<PaymentHandoff | null> {
    if (order.paymentMethod === 'cod' || order.paymentMethod === 'pos' || order.status !== 'pending_payment') return null;
    const p = await this.paymentOf(order.id);
    const k = await this.keys(order.websiteId, order.paymentMethod);
    const confirmPath = `/checkout/confirm/${order.id}`;
    if (order.paymentMethod === 'razorpay') {
      let providerOrderId = p.providerOrderId;
      if (!providerOrderId) {
        const created = await razorpay.createOrder(k, { amount: order.total, receipt: order.ordernumber, notes: { order_id: order.id } });
        providerOrderId = created.id;
        await recordProviderOrder(this.d.db, p.id, providerOrderId);
      }
      const checkout_url = k.simulated ? `/sim/checkout/razorpay/${providerOrderId}?return=${encodeURIComponent(confirmPath)}` : '';
      return { provider: 'razorpay', key_id: k.keyId, order_id: providerOrderId, amount: order.total, currency: 'INR', checkout_url };
    }
    let session = p.meta.payment_session_id;
    if (!session) {
      const user = await findUserById(this.d.db, order.userId);
      const created = await cashfree.createOrder(k, {
        order_id: order.id,
        order_amount: toRupees(order.total),
        customer_details: {
          customer_id: `u${order.userId}`,
          customer_phone: order.address.phone,
          customer_name: order.address.name,
          customer_email: user?.email ?? '',
        },
        order_meta: {
          return_url: `${origin}${confirmPath}`,
          notify_url: `${k.simulated ? this.d.selfUrl() : origin}/s/api/payments/cashfree/webhook`,
        },
      });
      session = created.payment_session_id;
      await recordProviderOrder(this.d.db, p.id, created.order_id, { payment_session_id: session });
    }
    const checkout_url = k.simulated ? `/sim/checkout/cashfree/${encodeURIComponent(session)}` : '';
    return {
      provider: 'cashfree',
      payment_session_id: session,
      order_id: order.id,
      mode: k.simulated || k.baseUrl.includes('sandbox') ? 'sandbox' : 'production',
      checkout_url,
    };
  }

  /**
   * Applies an outcome once per `eventKey`: a payment becomes paid (and its order placed) or
   * failed. A success that arrives after the order was released is refunded.
   */
  async settle(order: OrderRow, eventKey: string, kind: string, payload: unknown, outcome: Outcome): Promise<void> {
    let refund: PaymentRow | null = null;
    let placed = false;
    await this.d.db.transaction(async (tx) => {
      if (!(await recordPaymentEvent(tx, { provider: order.paymentMethod, eventId: eventKey, orderId: order.id, kind, payload }))) return; // applied before
      // Locks in the same order as cancel and release (order row, then payment row), so a payment
      // landing while the shopper cancels waits instead of deadlocking.
      const status = await lockOrder(tx, order.id);
      if (outcome.kind === 'paid' && outcome.amount !== order.total) {
        // Signed, but not what the order costs: never marked paid. The event stays in the history
        // and the payment and timeline say why, for the shop to review.
        const review = `Payment ${outcome.providerPaymentId} of ${formatINR(toRupees(outcome.amount))} does not match the order total ${formatINR(toRupees(order.total))}: held for review`;
        await holdForReview(tx, order.id, review);
        await addEvent(tx, order, status ?? order.status, order.paymentMethod, review);
        this.d.log.warn({ order: order.id, amount: outcome.amount, total: order.total }, 'payment amount differs from the order total');
        return;
      }
      if (outcome.kind === 'failed') {
        // The latest attempt's outcome, for the shopper's result page ("You cancelled the payment").
        const meta = { last_attempt: outcome.cancelled ? 'cancelled' : 'failed', last_attempt_reason: outcome.reason };
        if (!(await movePayment(tx, { orderId: order.id }, 'failed', { meta }))) await notePaymentAttempt(tx, order.id, meta);
        return;
      }
      const paid = await movePayment(tx, { orderId: order.id }, 'paid', { providerPaymentId: outcome.providerPaymentId });
      if (!paid) return; // already paid (the other of webhook / confirmation came first)
      if (
        await moveOrder(tx, order.id, 'placed', {
          actor: order.paymentMethod,
          note: `Paid online (${PAYMENT_PROVIDER_NAMES[order.paymentMethod]})`,
        })
      )
        placed = true;
      else {
        // Paid after the order was released or cancelled: the money goes back.
        refund = await movePayment(tx, { id: paid.id }, 'refund_pending');
      }
    });
    if (placed) await this.sendConfirmation(order.id);
    if (refund) await this.refund(refund);
  }

  /** Razorpay Checkout's handler fields, checked against the order id we stored. */
  async verifyRazorpay(order: OrderRow, body: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }) {
    const p = await this.paymentOf(order.id);
    const k = await this.keys(order.websiteId, 'razorpay');
    if (
      !p.providerOrderId ||
      p.provider !== 'razorpay' ||
      !safeEqual(razorpay.paymentSignature(k, p.providerOrderId, body.razorpay_payment_id), body.razorpay_signature)
    )
      throw paymentErrors.badSignature();
    // The signature covers the ids, not the amount: Razorpay says what that payment was for.
    const { items } = await razorpay.orderPayments(k, p.providerOrderId);
    const paid = items.find((i) => i.id === body.razorpay_payment_id);
    if (!paid) throw paymentErrors.badSignature();
    await this.settle(order, `payment:${body.razorpay_payment_id}`, 'checkout.verified', body, {
      kind: 'paid',
      providerPaymentId: body.razorpay_payment_id,
      amount: paid.amount,
    });
  }

  /** Asks the provider how the order stands (the confirm page, and the reconciler). */
  async reconcile(order: OrderRow): Promise<void> {
    if (order.paymentMethod === 'cod' || order.paymentMethod === 'pos') return;
    const p = await this.paymentOf(order.id);
    if (!p.providerOrderId) return;
    const k = await this.keys(order.websiteId, order.paymentMethod);
    if (order.paymentMethod === 'razorpay') {
      const { items } = await razorpay.orderPayments(k, p.providerOrderId);
      const captured = items.find((i) => i.status === 'captured');
      if (captured)
        await this.settle(order, `payment:${captured.id}`, 'reconciled', captured, {
          kind: 'paid',
          providerPaymentId: captured.id,
          amount: captured.amount,
        });
      return;
    }
    const cf = await cashfree.getOrder(k, p.providerOrderId);
    if (cf.order_status !== 'PAID') {
      // Not paid: the latest attempt says whether the shopper cancelled or the bank declined.
      const list = await cashfree.orderPayments(k, p.providerOrderId);
      const last = list.at(-1);
      if (last && (last.payment_status === 'USER_DROPPED' || last.payment_status === 'FAILED'))
        await this.settle(order, `failed:${last.cf_payment_id}`, 'reconciled', last, {
          kind: 'failed',
          reason: last.payment_message ?? 'Payment failed',
          cancelled: last.payment_status === 'USER_DROPPED',
        });
      return;
    }
    const list = await cashfree.orderPayments(k, p.providerOrderId);
    const ok = list.find((x) => x.payment_status === 'SUCCESS');
    const id = String(ok?.cf_payment_id ?? cf.order_id);
    await this.settle(order, `payment:${id}`, 'reconciled', cf, {
      kind: 'paid',
      providerPaymentId: id,
      amount: toPaise(ok?.payment_amount ?? cf.order_amount),
    });
  }

  /** POST from Razorpay: X-Razorpay-Signature over the raw body; x-razorpay-event-id for idempotency. */
  async razorpayWebhook(raw: string, signature: string, eventId: string) {
    const body = parseWebhook(razorpayWebhookBody, raw);
    const entity = body.payload?.payment?.entity;
    if (!entity?.order_id) return;
    const p = await paymentByProviderOrder(this.d.db, 'razorpay', entity.order_id);
    if (!p) return;
    const k = await this.keys(p.websiteId, 'razorpay');
    if (!safeEqual(razorpay.webhookSignature(k, raw), signature)) throw paymentErrors.badSignature();
    const order = await orderById(this.d.db, p.orderId);
    if (!order) return;
    if (body.event === 'payment.captured' || body.event === 'order.paid')
      await this.settle(order, eventId || `payment:${entity.id}`, body.event, body, {
        kind: 'paid',
        providerPaymentId: entity.id,
        amount: entity.amount,
      });
    else if (body.event === 'payment.failed')
      await this.settle(order, eventId || `failed:${entity.id}`, body.event, body, {
        kind: 'failed',
        reason: entity.error_description ?? 'Payment failed',
      });
  }

  /** POST from Cashfree: x-webhook-signature = base64 HMAC(timestamp + raw body). */
  async cashfreeWebhook(raw: string, signature: string, timestamp: string, now = Date.now()) {
    const body = parseWebhook(cashfreeWebhookBody, raw);
    const orderId = body.data?.order?.order_id;
    const payment = body.data?.payment;
    if (!orderId || !payment) return;
    const order = await orderById(this.d.db, orderId);
    if (!order || order.paymentMethod !== 'cashfree') return;
    const k = await this.keys(order.websiteId, 'cashfree');
    if (!safeEqual(cashfree.webhookSignature(k, timestamp, raw), signature)) throw paymentErrors.badSignature();
    // The timestamp is signed with the body: an old one is a replay (Cashfree sends seconds or milliseconds).
    const ts = Number(timestamp);
    if (!Number.isFinite(ts) || Math.abs(now - (ts > 1e12 ? ts : ts * 1000)) > WEBHOOK_REPLAY_WINDOW_MS) throw paymentErrors.staleWebhook();
    const id = String(payment.cf_payment_id);
    if (payment.payment_status === 'SUCCESS')
      await this.settle(order, `payment:${id}`, body.type, body, {
        kind: 'paid',
        providerPaymentId: id,
        amount: toPaise(payment.payment_amount),
      });
    else if (payment.payment_status === 'FAILED' || payment.payment_status === 'USER_DROPPED')
      await this.settle(order, `failed:${id}`, body.type, body, {
        kind: 'failed',
        reason: payment.payment_message ?? 'Payment failed',
        cancelled: payment.payment_status === 'USER_DROPPED',
      });
  }

  /** The refund of a cancelled order's paid payment. */
  async refundOrder(orderId: string) {
    const p = await this.paymentOf(orderId);
    if (p.status === 'refund_pending') await this.refund(p);
  }

  /** Starts (and, with the simulator or an instant refund, completes) a refund of a paid payment. */
  async refund(p: PaymentRow): Promise<void> {
    // cash on delivery and counter sales (refunded at the counter) have no provider to ask
    if (p.provider === 'cod' || p.provider === 'pos' || !p.providerPaymentId || !p.providerOrderId) return;
    try {
      const k = await this.keys(p.websiteId, p.provider);
      // what partial refunds (lines removed or substituted) have not given back, or are not
      // giving back already (a pending part is finished by its own retry, with its own key)
      const rest = p.amount - p.refunded - p.refundPending;
      if (rest <= 0) {
        await movePayment(this.d.db, { id: p.id }, 'refunded');
        return;
      }
      const r =
        p.provider === 'razorpay'
          ? await razorpay.refund(k, p.providerPaymentId, rest, `refund-${p.orderId}`)
          : await cashfree.refund(k, p.providerOrderId, toRupees(rest), `refund-${p.orderId}`);
      const refundId = 'id' in r ? r.id : r.refund_id;
      const done = ('status' in r ? r.status : r.refund_status) === 'processed' || ('refund_status' in r && r.refund_status === 'SUCCESS');
      if (done) await movePayment(this.d.db, { id: p.id }, 'refunded', { refundId });
      else await recordRefundId(this.d.db, p.id, refundId);
    } catch (e) {
      this.d.log.error({ err: e, order: p.orderId }, 'refund failed; left refund_pending for a retry');
    }
  }

  /**
   * A partial refund of a paid payment (a line removed or substituted), sent with the change's own
   * idempotency key (Razorpay's X-Refund-Idempotency, Cashfree's refund_id): a retry answers the
   * refund already made instead of refunding again. Answers the provider's refund id, or null when
   * the provider could not be reached or refused (the caller keeps it for a retry).
   */
  async refundPart(orderId: string, amount: number, key: string): Promise<string | null> {
    const p = await this.paymentOf(orderId);
    if ((p.provider !== 'razorpay' && p.provider !== 'cashfree') || !p.providerPaymentId || !p.providerOrderId) return null;
    try {
      const k = await this.keys(p.websiteId, p.provider);
      const r =
        p.provider === 'razorpay'
          ? await razorpay.refund(k, p.providerPaymentId, amount, key)
          : await cashfree.refund(k, p.providerOrderId, toRupees(amount), key);
      return 'id' in r ? r.id : r.refund_id;
    } catch (e) {
      this.d.log.error({ err: e, order: orderId }, 'partial refund failed; kept for a retry');
      return null;
    }
  }

  /**
   * Pending prepaid orders older than the timeout: asked about once more (a late payment wins),
   * then released exactly once: of several processes running this, the guarded status change
   * lets one through per order.
   */
  async releaseAbandoned(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - this.d.config.paymentTimeoutMinutes * 60_000);
    const stale = await abandonedOrders(this.d.db, cutoff, 50);
    let released = 0;
    for (const o of stale) {
      try {
        await this.reconcile(o);
      } catch (e) {
        this.d.log.warn({ err: e, order: o.id }, 'could not ask the provider before releasing');
      }
      const done = await this.d.db.transaction(async (tx) => {
        const moved = await moveOrder(tx, o.id, 'payment_failed', {
          actor: 'system',
          note: 'Payment not completed in time: stock released',
        });
        if (!moved) return false;
        await releaseOrder(tx, moved, { actor: 'system' });
        await movePayment(tx, { orderId: o.id }, 'failed');
        return true;
      });
      if (done) released++;
    }
    return released;
  }

  /** The order confirmation email, through the outbox (for an order id, or the row just placed). */
  async sendConfirmation(
    order: string | OrderRow,
    /** what the caller has just read: the order's shopper and its lines (not read again) */
    known?: { user: { id: number; name: string; email: string | null }; lines: OrderLineRow[] },
  ) {
    const orderId = typeof order === 'string' ? order : order.id;
    try {
      const o = typeof order === 'string' ? await orderById(this.d.db, order) : order;
      const u = o && known?.user.id === o.userId ? known.user : o ? await findUserById(this.d.db, o.userId) : null;
      if (!o || !u?.email) return;
      const lines = (known?.lines ?? (await orderLinesOf(this.d.db, o.id)))
        .map((r) => `${r.quantity} × ${packLabel(r.productName, r.packName)}: ${formatINR(toRupees(r.amount))}`)
        .join('\n');
      const slot = o.slotDate ? `\nDelivery: ${o.slotDate} ${o.slotStart}–${o.slotEnd}` : '';
      await this.d.outbox.send({
        websiteId: o.websiteId,
        channel: 'email',
        to: u.email,
        subject: `Order ${o.ordernumber} confirmed`,
        body: `Thank you, ${u.name}. Your order ${o.ordernumber} is placed.\n\n${lines}\n\nTotal: ${formatINR(toRupees(o.total))} (${o.paymentMethod === 'cod' ? 'cash on delivery' : 'paid online'})${slot}\nDeliver to: ${o.address.line1}, ${o.address.line2}, ${o.address.city} ${o.address.pincode}`,
      });
    } catch (e) {
      this.d.log.error({ err: e, order: orderId }, 'order confirmation email failed');
    }
  }
}

/** A signed Cashfree webhook older (or newer) than this is refused. */
export const WEBHOOK_REPLAY_WINDOW_MS = 5 * 60_000;

// What the webhooks must carry; anything else (not JSON, `null`, wrong types, NUL bytes) is a 400.
const id = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[^\0]*$/);
const razorpayWebhookBody = z.object({
  event: id,
  payload: z
    .object({
      payment: z
        .object({
          entity: z.object({ id, order_id: id, amount: z.number().int().nonnegative(), error_description: z.string().max(1000).nullish() }),
        })
        .optional(),
    })
    .optional(),
});
const cashfreeWebhookBody = z.object({
  type: id,
  data: z
    .object({
      order: z.object({ order_id: id }).optional(),
      payment: z
        .object({
          cf_payment_id: z.union([id, z.number()]),
          payment_status: id,
          payment_amount: z.number().nonnegative(),
          payment_message: z.string().max(1000).nullish(),
        })
        .optional(),
    })
    .optional(),
});

function parseWebhook<T>(schema: z.ZodType<T>, raw: string): T {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw paymentErrors.badWebhook();
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw paymentErrors.badWebhook();
  return parsed.data;
}
