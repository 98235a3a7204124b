import { PAYMENT_PROVIDER_NAMES, paymentMethodLabel, paymentMethodName, type PayVia } from '@grocer/shared/labels';
import type { OnlinePaymentProvider, PaymentHandoff } from '@grocer/shared/order';
import type { PaymentMethod } from '@grocer/shared/cart';
import { formatINR, toPaise, toRupees } from '@grocer/shared/money';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { findUserById } from '../identity';
import {
  abandonedOrders,
  addEvent,
  lockOrder,
  moveOrder,
  orderById,
  orderErrors,
  releaseOrder,
  returnWalletPart,
  switchOrderMethod,
  type OrderRow,
} from '../orders/service';
import { codAllowedIn, resolvePincode } from '../delivery';
import { emitOrderEvent, type Outbox } from '../outbox';
import {
  cashfree,
  cashfreeCustomer,
  paymentErrors,
  providerKeys,
  razorpay,
  refundAtProvider,
  safeEqual,
  type ProviderKeys,
} from './providers';
import {
  attemptByProviderOrder,
  attemptCount,
  codEnabled,
  holdForReview,
  lockPayment,
  movePayment,
  notePaymentAttempt,
  paymentByProviderOrder,
  paymentOfOrder,
  recordPaymentEvent,
  notePaymentVia,
  recordProviderOrder,
  recordAttemptRefund,
  recordLatePayment,
  recordRefundId,
  restartPayment,
  setRefundTo,
  type PaymentAttemptRow,
  type PaymentRow,
} from './records';
import { fail } from '../../http/errors';
import { BalancePayments } from './balance-payments';
import { balancesOf } from './balances';

export type { PaymentRow };
/**
 * `amount`: what the provider says was paid, in paise (checked against the order's total).
 * `cancelled`: the shopper left the provider's page without paying (a failed attempt the shopper chose).
 */
type Outcome = { kind: 'paid'; providerPaymentId: string; amount: number } | { kind: 'failed'; reason: string; cancelled?: boolean };
/** The gateway order an outcome is for: the order's current attempt, or one closed when the shopper switched method. */
type Attempt = { provider: 'razorpay' | 'cashfree'; providerOrderId: string };

export interface PaymentsDeps {
  db: Db;
  config: Config;
  outbox: Outbox;
  log: FastifyBaseLogger;
  /** this server's own base URL (the simulator, return URLs) */
  selfUrl: () => string;
  /** gateway orders another module made (a wallet top-up, issue 44), handed over by the webhooks */
  foreign?: ForeignPayments;
  /** an order paid from the wallet (issue 44): its refunds go back to the wallet, once per key */
  wallet?: WalletRefunds;
  /** an order put on the khata (issue 44 §5): its refunds go back to the khata, once per key */
  khata?: WalletRefunds;
  /** a gateway-paid order whose shopper chose the wallet for the refund (issue 44 §2): the wallet opened when missing */
  toWallet?: WalletRefunds;
}

/** The wallet module's side of a wallet-paid order's refund (`returnOrderPayment`), handed over by app.ts. */
export type WalletRefunds = (
  tx: Tx,
  r: { websiteId: number; userId: number; orderId: string; amountPaise: number; key: string; note?: string },
) => Promise<{ entryId: number } | null>;

/** Gateway orders another module made (a wallet top-up): found by provider order id, applied once by their owner. */
export interface ForeignPayments {
  /** the website whose keys made the gateway order, or null when it is not one of the module's */
  websiteOf(provider: 'razorpay' | 'cashfree', providerOrderId: string): Promise<number | null>;
  /** a signed payment landed on it: the owner applies it once (a retried webhook changes nothing) */
  paid(provider: 'razorpay' | 'cashfree', providerOrderId: string, payment: { providerPaymentId: string; amount: number }): Promise<void>;
}

/**
 * One interface over cash on delivery, Razorpay and Cashfree (DESIGN §6): create the provider
 * order, confirm, take webhooks, refund, and release abandoned payments. Every state change is
 * forward-only and keyed by a provider event id written in the same transaction, so a retried
 * webhook or a confirmation racing a webhook changes nothing twice.
 */
export class Payments {
  /** a staff edit's difference paid by link (issue 40 §12): the same adapters, a payment of its own */
  readonly balances: BalancePayments;
  constructor(private readonly d: PaymentsDeps) {
    this.balances = new BalancePayments(d);
  }

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
  async handoff(order: OrderRow, origin: string, via?: PayVia | null): Promise<PaymentHandoff | null> {
    if (
      order.paymentMethod === 'cod' ||
      order.paymentMethod === 'pos' ||
      order.paymentMethod === 'wallet' ||
      order.paymentMethod === 'khata'
    )
      return null;
    // an order placed and paid: the link pays its open balance, if a staff edit left one
    if (order.status !== 'pending_payment') return this.balances.handoff(order, origin);
    let p = await this.paymentOf(order.id);
    // the method chosen (UPI, card…), kept for the order page and the invoice to name
    if (via && p.meta.via !== via) p = (await notePaymentVia(this.d.db, p.id, via)) ?? p;
    const k = await this.keys(order.websiteId, order.paymentMethod);
    const confirmPath = `/checkout/confirm/${order.id}`;
    if (order.paymentMethod === 'razorpay') {
      let providerOrderId = p.providerOrderId;
      if (!providerOrderId) {
        // the payment's amount: the order's total, less a split's wallet part (issue 44)
        const created = await razorpay.createOrder(k, { amount: p.amount, receipt: order.ordernumber, notes: { order_id: order.id } });
        providerOrderId = created.id;
        if (!(await recordProviderOrder(this.d.db, p.id, 'razorpay', providerOrderId))) {
          // another tab's hand-off recorded its gateway order first (that one is paid), or the method was switched
          const now = await this.paymentOf(order.id);
          if (now.provider !== 'razorpay' || !now.providerOrderId) throw paymentSwitched();
          providerOrderId = now.providerOrderId;
        }
      }
      const checkout_url = k.simulated ? `/sim/checkout/razorpay/${providerOrderId}?return=${encodeURIComponent(confirmPath)}` : '';
      return { provider: 'razorpay', key_id: k.keyId, order_id: providerOrderId, amount: p.amount, currency: 'INR', checkout_url };
    }
    let session = p.meta.payment_session_id;
    let cfOrderId = p.providerOrderId ?? order.id;
    if (!session) {
      const user = await findUserById(this.d.db, order.userId);
      const created = await cashfree.createOrder(k, {
        // Cashfree takes an order id once: a later attempt (after a switch) has its own
        order_id: p.meta.attempt ? `${order.id}-${p.meta.attempt}` : order.id,
        order_amount: toRupees(p.amount),
        customer_details: cashfreeCustomer(order, user?.email),
        order_meta: {
          return_url: `${origin}${confirmPath}`,
          notify_url: `${k.simulated ? this.d.selfUrl() : origin}/s/api/payments/cashfree/webhook`,
        },
      });
      session = created.payment_session_id;
      cfOrderId = created.order_id;
      if (!(await recordProviderOrder(this.d.db, p.id, 'cashfree', cfOrderId, { payment_session_id: session }))) {
        const now = await this.paymentOf(order.id);
        if (now.provider !== 'cashfree' || !now.providerOrderId || !now.meta.payment_session_id) throw paymentSwitched();
        [cfOrderId, session] = [now.providerOrderId, now.meta.payment_session_id];
      }
    }
    const checkout_url = k.simulated ? `/sim/checkout/cashfree/${encodeURIComponent(session)}` : '';
    return {
      provider: 'cashfree',
      payment_session_id: session,
      order_id: cfOrderId,
      mode: k.simulated || k.baseUrl.includes('sandbox') ? 'sandbox' : 'production',
      checkout_url,
    };
  }

  /**
   * Applies an outcome of `attempt` once per `eventKey`: a payment becomes paid (and its order
   * placed) or failed. A success that arrives after the order was released is refunded; so is one
   * on an attempt closed when the shopper switched method (issue 39): only the order's current
   * payment counts, the other is recorded on its attempt and given back.
   */
  async settle(order: OrderRow, attempt: Attempt, eventKey: string, kind: string, payload: unknown, outcome: Outcome): Promise<void> {
    let refund: PaymentRow | null = null;
    let late: PaymentAttemptRow | null = null;
    await this.d.db.transaction(async (tx) => {
      if (!(await recordPaymentEvent(tx, { provider: attempt.provider, eventId: eventKey, orderId: order.id, kind, payload }))) return; // applied before
      // Locks in the same order as cancel, release and a switch of method (order row, then payment
      // row), so a payment landing while the shopper cancels or switches waits instead of deadlocking.
      const status = await lockOrder(tx, order.id);
      const current = await lockPayment(tx, order.id);
      if (current?.provider !== attempt.provider || current.providerOrderId !== attempt.providerOrderId) {
        // The shopper chose another method since: a failure changes nothing; money is recorded on
        // the closed attempt (once: guarded) and refunded after the commit.
        if (outcome.kind !== 'paid') return;
        const closed = await attemptByProviderOrder(tx, attempt.provider, attempt.providerOrderId);
        if (closed?.orderId !== order.id) return;
        late = await recordLatePayment(tx, closed.id, outcome.providerPaymentId, outcome.amount);
        if (late)
          await addEvent(
            tx,
            order,
            status ?? order.status,
            'system',
            `A payment of ${formatINR(toRupees(outcome.amount))} arrived after the payment method was changed: refunded`,
          );
        return;
      }
      if (outcome.kind === 'paid' && outcome.amount !== current.amount) {
        // Signed, but not what the order costs (its total, less a split's wallet part): never
        // marked paid. The event stays in the history and the payment and timeline say why, for
        // the shop to review.
        const due = current.amount === order.total ? 'the order total' : 'the amount due';
        const review = `Payment ${outcome.providerPaymentId} of ${formatINR(toRupees(outcome.amount))} does not match ${due} ${formatINR(toRupees(current.amount))}: held for review`;
        await holdForReview(tx, order.id, review);
        await addEvent(tx, order, status ?? order.status, attempt.provider, review);
        this.d.log.warn({ order: order.id, amount: outcome.amount, due: current.amount }, 'payment amount differs from the amount due');
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
          actor: attempt.provider,
          note: `Paid online (${PAYMENT_PROVIDER_NAMES[attempt.provider]})`,
        })
      )
        // the confirmation and the staff's push follow from the event (notifications consumer)
        await emitOrderEvent(tx, { websiteId: order.websiteId, orderId: order.id, topic: 'order.placed' });
      else {
        // Paid after the order was released or cancelled: the money goes back.
        refund = await movePayment(tx, { id: paid.id }, 'refund_pending');
        if (refund)
          await emitOrderEvent(tx, {
            websiteId: order.websiteId,
            orderId: order.id,
            topic: 'order.refunded',
            payload: { amount: refund.amount - refund.refunded, provider: refund.provider, reason: 'paid after the order was released' },
          });
      }
    });
    if (refund) await this.refund(refund);
    if (late) await this.refundAttempt(late);
  }

  /** Gives back a payment that landed on a closed attempt (its own idempotency key: a retry refunds once). */
  async refundAttempt(a: PaymentAttemptRow): Promise<void> {
    if (!a.providerPaymentId || a.paid <= 0) return;
    try {
      const k = await this.keys(a.websiteId, a.provider);
      const ids = { paymentId: a.providerPaymentId, orderId: a.providerOrderId };
      const { refundId, done } = await refundAtProvider(k, a.provider, ids, a.paid, `refund-${a.providerOrderId}`);
      await recordAttemptRefund(this.d.db, a.id, refundId, done);
    } catch (e) {
      this.d.log.error({ err: e, order: a.orderId }, 'refund of a closed payment attempt failed; left refund_pending');
    }
  }

  /**
   * How an order awaiting payment may be paid now (issue 39), in the cart's shape: cash on
   * delivery where its zone and amount allow it (the checkout's rule, `codAllowedIn`) and the shop
   * takes it, and both gateways. None once the order is not awaiting payment.
   */
  async methodsFor(order: OrderRow): Promise<PaymentMethod[]> {
    if (order.status !== 'pending_payment') return [];
    const online: PaymentMethod[] = (['razorpay', 'cashfree'] as const).map((code) => ({ code, name: paymentMethodLabel(code) }));
    return (await this.codAllowedFor(order)) ? [...online, { code: 'cod', name: paymentMethodLabel('cod') }] : online;
  }

  private async codAllowedFor(order: OrderRow): Promise<boolean> {
    const zone = await resolvePincode(this.d.db, order.websiteId, order.pincode);
    return !!zone && codAllowedIn(zone, order.total) && (await codEnabled(this.d.db, order.websiteId));
  }

  /**
   * The shopper pays an order awaiting payment another way (issue 39): the same order, its stock
   * and slot kept. The current gateway order is asked first (a payment already made there wins:
   * the switch is refused), then, with the order and payment rows locked, it is closed
   * (`payment_attempts`) and the payment starts again as `to`: cash on delivery places the order
   * at once; a gateway gets its own new order at the hand-off. The same gateway again only notes
   * the method chosen (`via`). Answers the order as it stands.
   */
  async switchMethod(order: OrderRow, to: OnlinePaymentProvider, via: PayVia | null, actor: string): Promise<OrderRow> {
    if (order.status !== 'pending_payment') throw fail('NOT_AWAITING_PAYMENT');
    if (to === 'cod' && !(await this.codAllowedFor(order))) throw orderErrors.paymentUnavailable('cod');
    try {
      await this.reconcile(order);
    } catch (e) {
      // the provider may be down: the switch goes on, and a payment it took later is refunded
      this.d.log.warn({ err: e, order: order.id }, 'could not ask the provider before switching the payment method');
    }
    const switched = await this.d.db.transaction(async (tx) => {
      if ((await lockOrder(tx, order.id)) !== 'pending_payment') throw fail('NOT_AWAITING_PAYMENT');
      const p = await lockPayment(tx, order.id);
      if (!p || (p.status !== 'pending' && p.status !== 'failed')) throw fail('NOT_AWAITING_PAYMENT');
      if (p.provider === to) {
        if (via) await notePaymentVia(tx, p.id, via);
        return null;
      }
      const n = (await attemptCount(tx, order.id)) + (p.providerOrderId ? 1 : 0);
      const meta: Record<string, string> = { ...(via && to !== 'cod' ? { via } : {}), ...(n > 0 ? { attempt: String(n + 1) } : {}) };
      // Cash on delivery takes the whole order (issue 44): a split's wallet part goes back to the
      // wallet at once and the cash to collect is the total.
      const whole = to === 'cod' ? order.total : undefined;
      if (!(await restartPayment(tx, p, to, meta, whole))) throw fail('NOT_AWAITING_PAYMENT');
      const moved = await switchOrderMethod(tx, order.id, to);
      if (!moved) throw fail('NOT_AWAITING_PAYMENT');
      if (to === 'cod') await returnWalletPart(tx, moved, { actor }, `Order ${moved.ordernumber}: paying cash on delivery`);
      const note = `Payment method changed to ${paymentMethodName(to, via)}`;
      if (to === 'cod') {
        const placed = await moveOrder(tx, order.id, 'placed', { actor, note });
        if (placed) await emitOrderEvent(tx, { websiteId: order.websiteId, orderId: order.id, topic: 'order.placed' });
        return placed;
      }
      await addEvent(tx, moved, 'pending_payment', actor, note);
      return moved;
    });
    return switched ?? (await orderById(this.d.db, order.id)) ?? order;
  }

  /** Razorpay Checkout's handler fields, checked against the order id we stored. */
  async verifyRazorpay(order: OrderRow, body: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }) {
    const p = await this.paymentOf(order.id);
    const k = await this.keys(order.websiteId, 'razorpay');
    const balance = await this.balances.byProviderOrder('razorpay', body.razorpay_order_id);
    if (balance?.orderId === order.id) {
      // the link of a balance: the same checks, its own payment
      if (!safeEqual(razorpay.paymentSignature(k, body.razorpay_order_id, body.razorpay_payment_id), body.razorpay_signature))
        throw paymentErrors.badSignature();
      const paid = (await razorpay.orderPayments(k, body.razorpay_order_id)).items.find((i) => i.id === body.razorpay_payment_id);
      if (!paid) throw paymentErrors.badSignature();
      return this.balances.settle(order, balance, `payment:${body.razorpay_payment_id}`, 'checkout.verified', body, {
        providerPaymentId: body.razorpay_payment_id,
        amount: paid.amount,
      });
    }
    // the stored gateway order: the current attempt's, or one closed by a switch of method
    let providerOrderId = p.provider === 'razorpay' ? p.providerOrderId : null;
    if (providerOrderId !== body.razorpay_order_id) {
      const closed = await attemptByProviderOrder(this.d.db, 'razorpay', body.razorpay_order_id);
      if (closed?.orderId === order.id) providerOrderId = closed.providerOrderId;
    }
    if (!providerOrderId || !safeEqual(razorpay.paymentSignature(k, providerOrderId, body.razorpay_payment_id), body.razorpay_signature))
      throw paymentErrors.badSignature();
    // The signature covers the ids, not the amount: Razorpay says what that payment was for.
    const { items } = await razorpay.orderPayments(k, providerOrderId);
    const paid = items.find((i) => i.id === body.razorpay_payment_id);
    if (!paid) throw paymentErrors.badSignature();
    await this.settle(order, { provider: 'razorpay', providerOrderId }, `payment:${body.razorpay_payment_id}`, 'checkout.verified', body, {
      kind: 'paid',
      providerPaymentId: body.razorpay_payment_id,
      amount: paid.amount,
    });
  }

  /** Asks the provider how the order stands (the confirm page, and the reconciler). */
  async reconcile(order: OrderRow): Promise<void> {
    const p = await this.paymentOf(order.id);
    if ((p.provider !== 'razorpay' && p.provider !== 'cashfree') || !p.providerOrderId) return;
    const attempt: Attempt = { provider: p.provider, providerOrderId: p.providerOrderId };
    const k = await this.keys(order.websiteId, p.provider);
    if (p.provider === 'razorpay') {
      const { items } = await razorpay.orderPayments(k, p.providerOrderId);
      const captured = items.find((i) => i.status === 'captured');
      if (captured)
        await this.settle(order, attempt, `payment:${captured.id}`, 'reconciled', captured, {
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
        await this.settle(order, attempt, `failed:${last.cf_payment_id}`, 'reconciled', last, {
          kind: 'failed',
          reason: last.payment_message ?? 'Payment failed',
          cancelled: last.payment_status === 'USER_DROPPED',
        });
      return;
    }
    const list = await cashfree.orderPayments(k, p.providerOrderId);
    const ok = list.find((x) => x.payment_status === 'SUCCESS');
    const id = String(ok?.cf_payment_id ?? cf.order_id);
    await this.settle(order, attempt, `payment:${id}`, 'reconciled', cf, {
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
    const balance = await this.balances.byProviderOrder('razorpay', entity.order_id);
    const p =
      (await paymentByProviderOrder(this.d.db, 'razorpay', entity.order_id)) ??
      (await attemptByProviderOrder(this.d.db, 'razorpay', entity.order_id)) ??
      balance;
    if (!p)
      return this.foreignWebhook(
        'razorpay',
        entity.order_id,
        (k) => {
          if (!safeEqual(razorpay.webhookSignature(k, raw), signature)) throw paymentErrors.badSignature();
        },
        body.event === 'payment.captured' || body.event === 'order.paid' ? { providerPaymentId: entity.id, amount: entity.amount } : null,
      );
    const k = await this.keys(p.websiteId, 'razorpay');
    if (!safeEqual(razorpay.webhookSignature(k, raw), signature)) throw paymentErrors.badSignature();
    const order = await orderById(this.d.db, p.orderId);
    if (!order) return;
    if (balance) {
      if (body.event === 'payment.captured' || body.event === 'order.paid')
        await this.balances.settle(order, balance, eventId || `payment:${entity.id}`, body.event, body, {
          providerPaymentId: entity.id,
          amount: entity.amount,
        });
      return;
    }
    const attempt: Attempt = { provider: 'razorpay', providerOrderId: entity.order_id };
    if (body.event === 'payment.captured' || body.event === 'order.paid')
      await this.settle(order, attempt, eventId || `payment:${entity.id}`, body.event, body, {
        kind: 'paid',
        providerPaymentId: entity.id,
        amount: entity.amount,
      });
    else if (body.event === 'payment.failed')
      await this.settle(order, attempt, eventId || `failed:${entity.id}`, body.event, body, {
        kind: 'failed',
        reason: entity.error_description ?? 'Payment failed',
      });
  }

  /**
   * A webhook for a gateway order another module made (a wallet top-up, issue 44): checked with
   * the website's keys as an order's is, then a payment is handed to its owner (which applies it once).
   */
  private async foreignWebhook(
    provider: 'razorpay' | 'cashfree',
    providerOrderId: string,
    check: (k: ProviderKeys) => void,
    paid: { providerPaymentId: string; amount: number } | null,
  ) {
    const websiteId = await this.d.foreign?.websiteOf(provider, providerOrderId);
    if (!websiteId) return;
    check(await this.keys(websiteId, provider));
    if (paid) await this.d.foreign!.paid(provider, providerOrderId, paid);
  }

  /** POST from Cashfree: x-webhook-signature = base64 HMAC(timestamp + raw body). */
  async cashfreeWebhook(raw: string, signature: string, timestamp: string, now = Date.now()) {
    const body = parseWebhook(cashfreeWebhookBody, raw);
    const cfOrderId = body.data?.order?.order_id;
    const payment = body.data?.payment;
    if (!cfOrderId || !payment) return;
    // the order whose current attempt or closed one (after a switch of method) made this Cashfree order
    const balance = await this.balances.byProviderOrder('cashfree', cfOrderId);
    const p =
      (await paymentByProviderOrder(this.d.db, 'cashfree', cfOrderId)) ??
      (await attemptByProviderOrder(this.d.db, 'cashfree', cfOrderId)) ??
      balance;
    if (!p)
      return this.foreignWebhook(
        'cashfree',
        cfOrderId,
        (k) => {
          if (!safeEqual(cashfree.webhookSignature(k, timestamp, raw), signature)) throw paymentErrors.badSignature();
          const ts = Number(timestamp);
          if (!Number.isFinite(ts) || Math.abs(now - (ts > 1e12 ? ts : ts * 1000)) > WEBHOOK_REPLAY_WINDOW_MS)
            throw paymentErrors.staleWebhook();
        },
        payment.payment_status === 'SUCCESS'
          ? { providerPaymentId: String(payment.cf_payment_id), amount: toPaise(payment.payment_amount) }
          : null,
      );
    const order = await orderById(this.d.db, p.orderId);
    if (!order) return;
    const attempt: Attempt = { provider: 'cashfree', providerOrderId: cfOrderId };
    const k = await this.keys(order.websiteId, 'cashfree');
    if (!safeEqual(cashfree.webhookSignature(k, timestamp, raw), signature)) throw paymentErrors.badSignature();
    // The timestamp is signed with the body: an old one is a replay (Cashfree sends seconds or milliseconds).
    const ts = Number(timestamp);
    if (!Number.isFinite(ts) || Math.abs(now - (ts > 1e12 ? ts : ts * 1000)) > WEBHOOK_REPLAY_WINDOW_MS) throw paymentErrors.staleWebhook();
    const id = String(payment.cf_payment_id);
    if (balance) {
      if (payment.payment_status === 'SUCCESS')
        await this.balances.settle(order, balance, `payment:${id}`, body.type, body, {
          providerPaymentId: id,
          amount: toPaise(payment.payment_amount),
        });
      return;
    }
    if (payment.payment_status === 'SUCCESS')
      await this.settle(order, attempt, `payment:${id}`, body.type, body, {
        kind: 'paid',
        providerPaymentId: id,
        amount: toPaise(payment.payment_amount),
      });
    else if (payment.payment_status === 'FAILED' || payment.payment_status === 'USER_DROPPED')
      await this.settle(order, attempt, `failed:${id}`, body.type, body, {
        kind: 'failed',
        reason: payment.payment_message ?? 'Payment failed',
        cancelled: payment.payment_status === 'USER_DROPPED',
      });
  }

  /** The refund of a cancelled order's paid payment. */
  async refundOrder(orderId: string) {
    const p = await this.paymentOf(orderId);
    if (p.status === 'refund_pending') await this.refund(p);
    // balances paid by link (issue 40 §12), moved to refund_pending with the order's cancellation
    for (const b of await balancesOf(this.d.db, orderId)) if (b.status === 'refund_pending' && !b.refundId) await this.balances.refund(b);
  }

  /** Starts (and, with the simulator or an instant refund, completes) a refund of a paid payment. */
  async refund(p: PaymentRow): Promise<void> {
    if (p.provider === 'wallet') return this.refundToAccount(p, this.d.wallet, 'wallet');
    // an order on khata (a subscription delivery, issue 44 §5): the khata is credited back
    if (p.provider === 'khata') return this.refundToAccount(p, this.d.khata, 'khata');
    // a gateway payment the shopper chose to have back in their wallet (issue 44 §2), at once
    if (p.refundTo === 'wallet' && !p.refundId) return this.refundToAccount(p, this.d.toWallet, 'wallet');
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
      const ids = { paymentId: p.providerPaymentId, orderId: p.providerOrderId };
      const { refundId, done } = await refundAtProvider(k, p.provider, ids, rest, `refund-${p.orderId}`);
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
    if (p.provider === 'wallet') return this.returnPartToWallet(p, amount, key, this.d.wallet, 'wallet');
    if (p.provider === 'khata') return this.returnPartToWallet(p, amount, key, this.d.khata, 'khata');
    if ((p.provider !== 'razorpay' && p.provider !== 'cashfree') || !p.providerPaymentId || !p.providerOrderId) return null;
    try {
      const k = await this.keys(p.websiteId, p.provider);
      const ids = { paymentId: p.providerPaymentId, orderId: p.providerOrderId };
      return (await refundAtProvider(k, p.provider, ids, amount, key)).refundId;
    } catch (e) {
      this.d.log.error({ err: e, order: orderId }, 'partial refund failed; kept for a retry');
      return null;
    }
  }

  /**
   * The shopper's choice for a cancelled order's refund (issue 44 §2): `wallet` (at once) on a
   * gateway payment waiting for its refund and not yet sent to the provider; answers whether it
   * was taken (false: the refund is already on its way back to the source, or nothing is due).
   */
  async chooseRefundTo(orderId: string, to: 'wallet' | 'source'): Promise<boolean> {
    if (to === 'source' || !this.d.toWallet) return false;
    return this.d.db.transaction(async (tx) => {
      const locked = await lockPayment(tx, orderId);
      if (!locked || locked.status !== 'refund_pending' || locked.refundId) return false;
      if (locked.provider !== 'razorpay' && locked.provider !== 'cashfree') return false;
      await setRefundTo(tx, locked.id, 'wallet');
      return true;
    });
  }

  /**
   * A cancelled order paid from the wallet or put on the khata, or a gateway payment the shopper
   * wants back in the wallet: what the payment has not given back already (partial refunds done or
   * on their way) is credited to that account and the payment is refunded, in one transaction that
   * locks the payment; once (ledger key `order_refund:{id}`, and a refunded payment is not
   * refund_pending any more), however often it is asked.
   */
  private async refundToAccount(p: PaymentRow, back: WalletRefunds | undefined, kind: 'wallet' | 'khata'): Promise<void> {
    if (!back) return;
    try {
      await this.d.db.transaction(async (tx) => {
        const locked = await lockPayment(tx, p.orderId);
        if (!locked || locked.status !== 'refund_pending' || (locked.refundId && !locked.refundId.startsWith(`${kind}:`))) return;
        const rest = locked.amount - locked.refunded - locked.refundPending;
        const order = await orderById(tx, p.orderId);
        if (!order?.userId) return;
        const entry =
          rest > 0
            ? await back(tx, {
                websiteId: p.websiteId,
                userId: order.userId,
                orderId: p.orderId,
                amountPaise: rest,
                key: `order_refund:${p.orderId}`,
                note: `Order ${order.ordernumber} cancelled`,
              })
            : null;
        if (rest > 0 && !entry) return; // a closed wallet or khata: left refund_pending for the shop
        await movePayment(tx, { id: locked.id }, 'refunded', entry ? { refundId: `${kind}:${entry.entryId}` } : {});
      });
    } catch (e) {
      this.d.log.error({ err: e, order: p.orderId }, `refund to the ${kind} failed; left refund_pending for a retry`);
    }
  }

  /** A part of a wallet- or khata-paid order refunded (a line removed): back to that account at once, once per `key`. */
  private async returnPartToWallet(
    p: PaymentRow,
    amount: number,
    key: string,
    back: WalletRefunds | undefined,
    kind: 'wallet' | 'khata',
  ): Promise<string | null> {
    if (!back) return null;
    try {
      return await this.d.db.transaction(async (tx) => {
        const order = await orderById(tx, p.orderId);
        if (!order?.userId) return null;
        const entry = await back(tx, {
          websiteId: p.websiteId,
          userId: order.userId,
          orderId: p.orderId,
          amountPaise: amount,
          key: `order_refund_part:${key}`,
          note: `Order ${order.ordernumber}: part refunded`,
        });
        return entry ? `${kind}:${entry.entryId}` : null;
      });
    } catch (e) {
      this.d.log.error({ err: e, order: p.orderId }, 'partial refund to the wallet failed; kept for a retry');
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
}

const paymentSwitched = () => fail('PAYMENT_METHOD_CHANGED');

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
