import { PAYMENT_PROVIDER_NAMES } from '@grocer/shared/labels';
import type { PaymentHandoff } from '@grocer/shared/order';
import { formatINR, toPaise, toRupees } from '@grocer/shared/money';
import { findUserById } from '../identity';
import { addEvent, lockOrder, type OrderRow } from '../orders/service';
import {
  balanceByProviderOrder,
  markBalancePaid,
  markLateBalance,
  openBalanceOf,
  recordBalanceProviderOrder,
  recordBalanceRefund,
  type BalanceRow,
} from './balances';
import { cashfree, cashfreeCustomer, providerKeys, razorpay, refundAtProvider, type ProviderKeys } from './providers';
import { recordPaymentEvent } from './records';
import type { PaymentsDeps } from './service';

/**
 * The provider's side of a balance (issue 40 §12): the difference a staff edit added to a paid
 * prepaid order, paid through the same pay page, provider adapters, return page and webhooks as
 * the order's first payment (`Payments` hands over to these when the gateway order is a balance's).
 * Each outcome is applied once per provider event (`payment_events`, the same key as a first
 * payment's), in a transaction that locks the order first, as every payment change does.
 */
export class BalancePayments {
  constructor(private readonly d: PaymentsDeps) {}

  private keys(websiteId: number, provider: 'razorpay' | 'cashfree'): Promise<ProviderKeys> {
    return providerKeys(this.d.db, this.d.config, websiteId, provider, this.d.selfUrl);
  }

  /** The hand-off for the order's open balance (null when none): the provider's order for it made once. */
  async handoff(order: OrderRow, origin: string): Promise<PaymentHandoff | null> {
    let b = await openBalanceOf(this.d.db, order.id);
    if (!b) return null;
    const k = await this.keys(order.websiteId, b.provider);
    const confirmPath = `/checkout/confirm/${order.id}`;
    if (b.provider === 'razorpay') {
      if (!b.providerOrderId) {
        const created = await razorpay.createOrder(k, {
          amount: b.amount,
          receipt: `${order.ordernumber}-B${b.id}`,
          notes: { order_id: order.id, balance_id: String(b.id) },
        });
        b = (await recordBalanceProviderOrder(this.d.db, b.id, created.id)) ?? (await openBalanceOf(this.d.db, order.id));
        if (!b?.providerOrderId) return null;
      }
      const checkout_url = k.simulated ? `/sim/checkout/razorpay/${b.providerOrderId}?return=${encodeURIComponent(confirmPath)}` : '';
      return { provider: 'razorpay', key_id: k.keyId, order_id: b.providerOrderId, amount: b.amount, currency: 'INR', checkout_url };
    }
    if (!b.providerOrderId || !b.meta.payment_session_id) {
      const user = await findUserById(this.d.db, order.userId);
      const created = await cashfree.createOrder(k, {
        // Cashfree takes an order id once: each balance has its own
        order_id: `${order.id}-b${b.id}`,
        order_amount: toRupees(b.amount),
        customer_details: cashfreeCustomer(order, user?.email),
        order_meta: {
          return_url: `${origin}${confirmPath}`,
          notify_url: `${k.simulated ? this.d.selfUrl() : origin}/s/api/payments/cashfree/webhook`,
        },
      });
      b =
        (await recordBalanceProviderOrder(this.d.db, b.id, created.order_id, { payment_session_id: created.payment_session_id })) ??
        (await openBalanceOf(this.d.db, order.id));
      if (!b?.providerOrderId || !b.meta.payment_session_id) return null;
    }
    const session = b.meta.payment_session_id!;
    return {
      provider: 'cashfree',
      payment_session_id: session,
      order_id: b.providerOrderId!,
      mode: k.simulated || k.baseUrl.includes('sandbox') ? 'sandbox' : 'production',
      checkout_url: k.simulated ? `/sim/checkout/cashfree/${encodeURIComponent(session)}` : '',
    };
  }

  /** The balance a gateway order was made for (a webhook's or the return page's), if it is one. */
  byProviderOrder(provider: 'razorpay' | 'cashfree', providerOrderId: string): Promise<BalanceRow | null> {
    return balanceByProviderOrder(this.d.db, provider, providerOrderId);
  }

  /**
   * A payment of balance `b` landed: pending → paid and the order's timeline says so (in the
   * shop's words); on a link already void (the order cancelled, or a later edit replaced it) it
   * is recorded and refunded. Once per `eventKey`, so a retried webhook, or the webhook and the
   * return page both, count it once. A failed attempt changes nothing: the link stays open.
   */
  async settle(
    order: OrderRow,
    b: BalanceRow,
    eventKey: string,
    kind: string,
    payload: unknown,
    paid: { providerPaymentId: string; amount: number },
  ) {
    let refund: BalanceRow | null = null;
    await this.d.db.transaction(async (tx) => {
      if (!(await recordPaymentEvent(tx, { provider: b.provider, eventId: eventKey, orderId: order.id, kind, payload }))) return;
      const status = (await lockOrder(tx, order.id)) ?? order.status;
      const name = PAYMENT_PROVIDER_NAMES[b.provider];
      if (paid.amount !== b.amount) {
        await addEvent(
          tx,
          order,
          status,
          b.provider,
          `Balance payment ${paid.providerPaymentId} of ${formatINR(toRupees(paid.amount))} does not match the balance due ${formatINR(toRupees(b.amount))}: held for review`,
        );
        return;
      }
      if (await markBalancePaid(tx, b.id, paid.providerPaymentId)) {
        await addEvent(
          tx,
          order,
          status,
          b.provider,
          `Balance of ${formatINR(toRupees(b.amount))} paid by the customer's payment link (${name} payment ${paid.providerPaymentId})`,
        );
        return;
      }
      refund = await markLateBalance(tx, b.id, paid.providerPaymentId);
      if (refund)
        await addEvent(
          tx,
          order,
          status,
          b.provider,
          `A balance payment of ${formatINR(toRupees(b.amount))} arrived after its link was void: refunded`,
        );
    });
    if (refund) await this.refund(refund);
  }

  /** Asks the provider about the order's open balance (the return page, when no webhook came). */
  async reconcile(order: OrderRow): Promise<void> {
    const b = await openBalanceOf(this.d.db, order.id);
    if (!b?.providerOrderId) return;
    const k = await this.keys(order.websiteId, b.provider);
    if (b.provider === 'razorpay') {
      const { items } = await razorpay.orderPayments(k, b.providerOrderId);
      const captured = items.find((i) => i.status === 'captured');
      if (captured)
        await this.settle(order, b, `payment:${captured.id}`, 'reconciled', captured, {
          providerPaymentId: captured.id,
          amount: captured.amount,
        });
      return;
    }
    const cf = await cashfree.getOrder(k, b.providerOrderId);
    if (cf.order_status !== 'PAID') return;
    const ok = (await cashfree.orderPayments(k, b.providerOrderId)).find((x) => x.payment_status === 'SUCCESS');
    const id = String(ok?.cf_payment_id ?? cf.order_id);
    await this.settle(order, b, `payment:${id}`, 'reconciled', cf, {
      providerPaymentId: id,
      amount: toPaise(ok?.payment_amount ?? cf.order_amount),
    });
  }

  /** Gives a paid balance back (the order cancelled, or paid on a void link), with its own idempotency key. */
  async refund(b: BalanceRow): Promise<void> {
    if (!b.providerPaymentId || !b.providerOrderId) return;
    try {
      const k = await this.keys(b.websiteId, b.provider);
      const ids = { paymentId: b.providerPaymentId, orderId: b.providerOrderId };
      const { refundId, done } = await refundAtProvider(k, b.provider, ids, b.amount, `refund-${b.providerOrderId}`);
      await recordBalanceRefund(this.d.db, b.id, refundId, done);
    } catch (e) {
      this.d.log.error({ err: e, order: b.orderId }, 'refund of a balance payment failed; left refund_pending');
    }
  }
}
