import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { deliveryZones, orders, outbox, paymentAttempts, payments, slotBookings } from '../../db/schema';
import { checkoutBench } from '../orders/test-fixture';
import { itOnPostgres } from '../../test/on-postgres';
import type { TestClient } from '../../test/client';

// Issue 39: an order awaiting payment is paid another way (the other gateway, or cash on delivery)
// without a second order, and a payment that still lands on the closed attempt is recorded and
// refunded through the gateway, never counted twice, never lost. Over real HTTP to the simulator.
const { t, shop, base, stockOf, prepaid, simulatorOutcome, shopper, place, key } = await checkoutBench();
afterAll(() => t.close());

const dal = () => shop.packs.dal1.id;
const blr = () => shop.warehouses.blr.id;
type Detail = {
  id: string;
  status: string;
  ordernumber: string;
  payment_method: string;
  payment: { provider: string; status: string; via?: string | null };
  timeline: Array<{ status: string; note: string | null }>;
  refunds: { paid: number };
};
const detail = async (c: TestClient, id: string) => (await c.get(`/s/api/orders/${id}`)).json() as Detail;
const switchTo = (c: TestClient, id: string, body: Record<string, unknown>) => c.post(`/s/api/orders/${id}/payment-method`, body);
const simRefunds = async (providerOrderId: string) =>
  (await (await fetch(`${base}/sim/orders/${encodeURIComponent(providerOrderId)}/refunds`)).json()) as Array<{ amount: number }>;
const attemptsOf = (orderId: string) => t.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId));
const paymentOf = async (orderId: string) => (await t.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]!;
// the confirmations the order event stream's consumers send (the job's run, done here)
const confirmations = async (ordernumber: string) => {
  await t.app.events.drain();
  return (
    await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.subject, `Order ${ordernumber} confirmed`))
  ).length;
};
const bookingsOf = async (slotId: number | null) =>
  slotId === null ? 0 : (await t.db.select().from(slotBookings).where(eq(slotBookings.slotId, slotId))).reduce((n, b) => n + b.used, 0);

/** A prepaid order whose first attempt failed at the gateway (the shopper is on the failure screen). */
async function failed(provider: 'razorpay' | 'cashfree') {
  const s = await prepaid(provider, [[dal(), 1]]);
  const back = await simulatorOutcome(s.placed.payment.checkout_url, 'failure');
  expect(back.pathname).toBe(`/checkout/confirm/${s.placed.order.id}`);
  return s;
}

describe('switching the payment method of an order awaiting payment', () => {
  it('Razorpay fails, the shopper picks cash on delivery: the same order is placed, stock and slot held once', async () => {
    const before = await stockOf(dal(), blr());
    const { c, placed } = await failed('razorpay');
    const id = placed.order.id as string;
    expect(await stockOf(dal(), blr())).toBe(before - 1);
    const [{ slotId }] = (await t.db.select({ slotId: orders.slotId }).from(orders).where(eq(orders.id, id))) as [
      { slotId: number | null },
    ];
    const booked = await bookingsOf(slotId);

    const methods = await c.get(`/s/api/orders/${id}/payment-methods`);
    expect(methods.json().data.map((m: { code: string }) => m.code)).toEqual(['razorpay', 'cashfree', 'cod']);
    expect(methods.json().data.map((m: { name: string }) => m.name)).not.toContain('Razorpay');

    const res = await switchTo(c, id, { payment_method: 'cod' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payment).toBeNull();
    expect(res.json().order).toMatchObject({
      id,
      ordernumber: placed.order.ordernumber,
      status: 'placed',
      payment_method: 'cod',
      payment: { provider: 'cod', status: 'cod' },
    });
    expect(res.json().order.timeline.at(-1)).toMatchObject({ status: 'placed', note: 'Payment method changed to Cash on delivery' });
    // the stock and the slot place taken once, at checkout; nothing released or taken again
    expect(await stockOf(dal(), blr())).toBe(before - 1);
    expect(await bookingsOf(slotId)).toBe(booked);
    expect(await attemptsOf(id)).toMatchObject([{ provider: 'razorpay', providerOrderId: placed.payment.order_id, status: 'abandoned' }]);
    expect(await confirmations(placed.order.ordernumber)).toBe(1);
    // the invoice names the method, not the gateway or a code
    const invoice = await c.get(`/s/api/orders/${id}/invoice`);
    expect(invoice.body).toContain('Payment: Cash on delivery (Pay on delivery)');
    // no longer awaiting payment: nothing more to choose
    expect((await c.get(`/s/api/orders/${id}/payment-methods`)).json()).toEqual({ data: [] });
  });

  it('Razorpay fails, the shopper picks UPI on Cashfree: a new gateway order for the same order, paid there', async () => {
    const { c, placed } = await failed('razorpay');
    const id = placed.order.id as string;
    const res = await switchTo(c, id, { payment_method: 'cashfree', via: 'upi' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({
      status: 'pending_payment',
      payment_method: 'cashfree',
      payment: { status: 'pending', via: 'upi' },
    });
    const handoff = res.json().payment;
    expect(handoff).toMatchObject({ provider: 'cashfree' });
    expect(handoff.order_id).not.toBe(placed.payment.order_id);
    await simulatorOutcome(handoff.checkout_url, 'success');
    const after = await detail(c, id);
    expect(after).toMatchObject({ status: 'placed', payment: { provider: 'cashfree', status: 'paid', via: 'upi' } });
    expect(after.refunds.paid).toBe(placed.order.total);
    expect((await c.get(`/s/api/orders/${id}/invoice`)).body).toContain('Payment: UPI (Paid)');
  });

  it('Cashfree → Razorpay → Cashfree: each Cashfree attempt has its own gateway order', async () => {
    const { c, placed } = await failed('cashfree');
    const id = placed.order.id as string;
    const toRazorpay = await switchTo(c, id, { payment_method: 'razorpay', via: 'card' });
    expect(toRazorpay.statusCode, toRazorpay.body).toBe(200);
    expect(toRazorpay.json().payment).toMatchObject({ provider: 'razorpay' });
    const back = await switchTo(c, id, { payment_method: 'cashfree' });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().payment.order_id).toBe(`${id}-3`);
    expect((await attemptsOf(id)).map((a) => a.provider)).toEqual(['cashfree', 'razorpay']);
  });

  it('a payment made on the old gateway after the switch to COD is recorded and refunded through the gateway, once', async () => {
    const { c, placed } = await failed('razorpay');
    const id = placed.order.id as string;
    expect((await switchTo(c, id, { payment_method: 'cod' })).statusCode).toBe(200);
    // the shopper's other tab still had Razorpay's page open, and pays there now
    const back = await simulatorOutcome(placed.payment.checkout_url, 'success');
    const verify = await c.post('/s/api/payments/razorpay/verify', {
      order_id: id,
      razorpay_order_id: back.searchParams.get('razorpay_order_id'),
      razorpay_payment_id: back.searchParams.get('razorpay_payment_id'),
      razorpay_signature: back.searchParams.get('razorpay_signature'),
    });
    expect(verify.statusCode, verify.body).toBe(200);
    const after = await detail(c, id);
    expect(after).toMatchObject({
      status: 'placed',
      payment_method: 'cod',
      payment: { provider: 'cod', status: 'cod' },
      refunds: { paid: 0 },
    });
    expect(await attemptsOf(id)).toMatchObject([
      { status: 'refunded', paid: placed.payment.amount, providerPaymentId: back.searchParams.get('razorpay_payment_id') },
    ]);
    expect(await simRefunds(placed.payment.order_id)).toMatchObject([{ amount: placed.payment.amount }]);
    expect(after.timeline.filter((e) => e.note?.includes('arrived after the payment method was changed'))).toHaveLength(1);
    expect(await confirmations(placed.order.ordernumber)).toBe(1);
  });

  it('a payment that landed before the switch wins: the switch is refused and the order is placed by it', async () => {
    const { c, placed } = await prepaid('razorpay', [[dal(), 1]]);
    const id = placed.order.id as string;
    await simulatorOutcome(placed.payment.checkout_url, 'success_late'); // paid, webhook held back
    const res = await switchTo(c, id, { payment_method: 'cod' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'NOT_AWAITING_PAYMENT', message: 'This order is no longer waiting for payment' });
    expect(await detail(c, id)).toMatchObject({ status: 'placed', payment_method: 'razorpay', payment: { status: 'paid' } });
    expect(await attemptsOf(id)).toEqual([]);
  });
});

describe('switching the payment method: bad input changes nothing', () => {
  it('an order not awaiting payment: 409', async () => {
    const s = await shopper([[dal(), 1]]);
    const res = await place(s.c, { address_id: s.addressId, payment_method: 'cod', expected_total: s.cart.amount, idempotency_key: key() });
    const id = res.json().order.id as string;
    const again = await switchTo(s.c, id, { payment_method: 'razorpay' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('NOT_AWAITING_PAYMENT');
    expect(await detail(s.c, id)).toMatchObject({ status: 'placed', payment_method: 'cod' });
  });

  it('cash on delivery where the zone does not allow it for this amount: 422, the order still awaits payment', async () => {
    const { c, placed } = await failed('razorpay');
    const id = placed.order.id as string;
    const zones = await t.db.select().from(deliveryZones).where(eq(deliveryZones.websiteId, shop.websiteId));
    const limits = zones.map((z) => ({ id: z.id, codMax: z.codMax }));
    await t.db.update(deliveryZones).set({ codMax: 100 }).where(eq(deliveryZones.websiteId, shop.websiteId));
    try {
      expect((await c.get(`/s/api/orders/${id}/payment-methods`)).json().data.map((m: { code: string }) => m.code)).toEqual([
        'razorpay',
        'cashfree',
      ]);
      const res = await switchTo(c, id, { payment_method: 'cod' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'PAYMENT_METHOD_UNAVAILABLE', message: 'Cash on delivery is not available for this order' });
      expect(await detail(c, id)).toMatchObject({ status: 'pending_payment', payment_method: 'razorpay', payment: { status: 'failed' } });
      expect(await attemptsOf(id)).toEqual([]);
    } finally {
      for (const l of limits) await t.db.update(deliveryZones).set({ codMax: l.codMax }).where(eq(deliveryZones.id, l.id));
    }
  });

  it("someone else's order: 404; a method that is not offered: 422", async () => {
    const { placed } = await failed('razorpay');
    const other = await shopper([[dal(), 1]]);
    const id = placed.order.id as string;
    const res = await switchTo(other.c, id, { payment_method: 'cod' });
    expect(res.statusCode).toBe(404);
    expect((await other.c.get(`/s/api/orders/${id}/payment-methods`)).statusCode).toBe(404);
    expect((await switchTo(other.c, id, { payment_method: 'pos' })).statusCode).toBe(422);
    expect((await switchTo(other.c, id, { payment_method: 'cashfree', via: 'cheque' })).statusCode).toBe(422);
    expect((await paymentOf(id)).provider).toBe('razorpay');
  });
});

describe('switching the payment method: races (PostgreSQL)', () => {
  itOnPostgres('a switch to COD and the old gateway’s success at the same moment (PostgreSQL): exactly one payment counts', async () => {
    for (let i = 0; i < 4; i++) {
      const { c, placed } = await failed('razorpay');
      const id = placed.order.id as string;
      const [sw] = await Promise.all([
        switchTo(c, id, { payment_method: 'cod' }),
        simulatorOutcome(placed.payment.checkout_url, 'success'),
      ]);
      const after = await detail(c, id);
      const refunds = await simRefunds(placed.payment.order_id);
      expect(after.status).toBe('placed');
      if (sw.statusCode === 200) {
        // the switch came first: cash on delivery, and the gateway's money given back
        expect(after).toMatchObject({ payment_method: 'cod', payment: { status: 'cod' }, refunds: { paid: 0 } });
        expect(await attemptsOf(id)).toMatchObject([{ status: 'refunded', paid: placed.payment.amount }]);
        expect(refunds).toMatchObject([{ amount: placed.payment.amount }]);
      } else {
        // the payment came first: paid online, the switch refused, nothing refunded
        expect(sw.statusCode).toBe(409);
        expect(after).toMatchObject({ payment_method: 'razorpay', payment: { status: 'paid' } });
        expect(refunds).toEqual([]);
      }
      expect(await confirmations(placed.order.ordernumber)).toBe(1);
    }
  });

  itOnPostgres('two tabs switch at once, one to COD and one to Cashfree (PostgreSQL): one consistent order, stock taken once', async () => {
    const before = await stockOf(dal(), blr());
    const { c, placed } = await failed('razorpay');
    const id = placed.order.id as string;
    const answers = await Promise.all([
      switchTo(c, id, { payment_method: 'cod' }),
      switchTo(c, id, { payment_method: 'cashfree', via: 'upi' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toContain(200);
    for (const a of answers) expect([200, 409]).toContain(a.statusCode);
    const after = await detail(c, id);
    const p = await paymentOf(id);
    // the order and its payment agree, whichever won
    expect(p.provider).toBe(after.payment_method);
    expect(after.status).toBe(after.payment_method === 'cod' ? 'placed' : 'pending_payment');
    // the failed Razorpay attempt closed exactly once
    expect((await attemptsOf(id)).filter((a) => a.provider === 'razorpay')).toHaveLength(1);
    expect(await stockOf(dal(), blr())).toBe(before - 1);
  });
});
