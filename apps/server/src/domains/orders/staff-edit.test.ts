import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orderAdjustments, orderLines, orders, outbox, payments, stockMovements } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { staffClients } from '../../test/staff-clients';
import { ledgerMismatches } from '../inventory';
import { checkoutBench } from './test-fixture';

// Administration's order edit (issue 40 §12) over the checkout bench: refunds go to the gateway simulator.
const { t, shop, base, stockOf, key, shopper, place, prepaid, simulatorOutcome } = await checkoutBench();
afterAll(() => t.close());
const { as } = staffClients(t, shop.websiteId);

let owner: TestClient & { userId?: number };
beforeAll(async () => {
  owner = await as({ hasAdminAccess: true });
});

const blr = () => shop.warehouses.blr.id;
type Lines = Array<{ pack_id: number; quantity: number }>;
const quote = (c: TestClient, id: string, lines: Lines) => c.post(`/s/api/admin/orders/${id}/edit/quote`, { lines });
const edit = (c: TestClient, id: string, body: { lines: Lines; expected_total: number; key?: string }) =>
  c.post(`/s/api/admin/orders/${id}/edit`, { key: `staff-${randomUUID()}`, ...body });
const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const linesOf = async (id: string) =>
  (await t.db.select().from(orderLines).where(eq(orderLines.orderId, id))).map((l) => [l.packId, l.quantity]).sort();
const movementsOf = async (id: string) =>
  t.db
    .select()
    .from(stockMovements)
    .where(eq(stockMovements.reference, `order:${id}`));

async function codOrder(items: Array<[number, number]>) {
  const s = await shopper(items);
  const res = await place(s.c, { address_id: s.addressId, payment_method: 'cod', expected_total: s.cart.amount, idempotency_key: key() });
  expect(res.statusCode, res.body).toBe(200);
  return { ...s, order: res.json().order as { id: string; ordernumber: string; total: number } };
}

describe('staff edit a cash on delivery order', () => {
  it('adds an item and changes a quantity: the quote shows the difference; the change moves stock, is audited, told to the shopper and shown in staff words', async () => {
    const { user, order } = await codOrder([[shop.packs.dal1.id, 1]]);
    const lines = [
      { pack_id: shop.packs.dal1.id, quantity: 2 },
      { pack_id: shop.packs.rice1.id, quantity: 1 },
    ];
    const q = await quote(owner, order.id, lines);
    expect(q.statusCode, q.body).toBe(200);
    expect(q.json()).toMatchObject({ items_total: 480, delivery_charge: 30, total: 510, was_total: 210, difference: 300 });
    expect((await orderRow(order.id)).total).toBe(21_000);

    const [dal, rice] = [await stockOf(shop.packs.dal1.id, blr()), await stockOf(shop.packs.rice1.id, blr())];
    const k = `staff-${randomUUID()}`;
    const res = await edit(owner, order.id, { lines, expected_total: 510, key: k });
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json();
    expect(o.total).toBe(510);
    expect(o.timeline.at(-1).note).toBe(
      'Order changed by the shop: Toor Dal - 1 kg 1 → 2, 1 × Basmati Rice - 1 kg added. Collect ₹300 more on delivery',
    );
    expect(await linesOf(order.id)).toEqual(
      [
        [shop.packs.dal1.id, 2],
        [shop.packs.rice1.id, 1],
      ].sort(),
    );
    expect(await stockOf(shop.packs.dal1.id, blr())).toBe(dal - 1);
    expect(await stockOf(shop.packs.rice1.id, blr())).toBe(rice - 1);

    // a double submit: the same key answers the same change, nothing moves twice
    const again = await edit(owner, order.id, { lines, expected_total: 510, key: k });
    expect(again.statusCode, again.body).toBe(200);
    expect(await stockOf(shop.packs.dal1.id, blr())).toBe(dal - 1);
    expect(await t.db.select().from(orderAdjustments).where(eq(orderAdjustments.orderId, order.id))).toHaveLength(1);

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, order.id), eq(auditLog.action, 'edit')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBe(owner.userId);
    expect(audit[0]!.after).toMatchObject({ total: 510 });
    // told by the notifications consumer, from the change's `order.changed` event
    await t.app.events.drain();
    const mail = await t.db.select().from(outbox).where(eq(outbox.to, user.email!));
    expect(mail.map((m) => m.subject)).toContain(`Order ${order.ordernumber}: items changed`);
    expect((await ledgerMismatches(t.db)).mismatches).toEqual([]);
  });

  it('removes a line; refuses more than the stock, a packed order, someone without orders.manage, and another total than the one seen, changing nothing', async () => {
    const { order } = await codOrder([
      [shop.packs.dal1.id, 1],
      [shop.packs.rice1.id, 1],
    ]);
    const short = await quote(owner, order.id, [
      { pack_id: shop.packs.dal1.id, quantity: 1 },
      { pack_id: shop.packs.rice1.id, quantity: 50 },
    ]);
    expect([short.statusCode, short.json().code]).toEqual([409, 'ORDER_EDIT_NO_STOCK']);
    const stale = await edit(owner, order.id, { lines: [{ pack_id: shop.packs.dal1.id, quantity: 1 }], expected_total: 999 });
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'ORDER_EDIT_TOTAL_CHANGED']);
    const shopperOnly = await as({});
    expect(
      (await edit(shopperOnly, order.id, { lines: [{ pack_id: shop.packs.dal1.id, quantity: 1 }], expected_total: 210 })).statusCode,
    ).toBe(403);
    expect(await linesOf(order.id)).toHaveLength(2);

    const rice = await stockOf(shop.packs.rice1.id, blr());
    const res = await edit(owner, order.id, { lines: [{ pack_id: shop.packs.dal1.id, quantity: 1 }], expected_total: 210 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().timeline.at(-1).note).toBe('Order changed by the shop: Basmati Rice - 1 kg removed. Collect ₹120 less on delivery');
    expect(await stockOf(shop.packs.rice1.id, blr())).toBe(rice + 1);

    for (const step of ['confirm', 'pack']) expect((await owner.post(`/s/api/admin/orders/${order.id}/${step}`, {})).statusCode).toBe(200);
    const packed = await edit(owner, order.id, { lines: [{ pack_id: shop.packs.dal1.id, quantity: 2 }], expected_total: 390 });
    expect([packed.statusCode, packed.json().message]).toEqual([409, 'This order is packed: it can no longer be changed']);
  });
});

describe('staff edit a prepaid order', () => {
  it('a lower total is refunded through the gateway once; a higher one is quoted as a balance to pay by link (balance.test.ts)', async () => {
    const s = await prepaid('razorpay', [[shop.packs.dal1.id, 3]]);
    await simulatorOutcome(s.placed.payment.checkout_url, 'success');
    const order = s.placed.order as { id: string; total: number };
    const more = await quote(owner, order.id, [{ pack_id: shop.packs.dal1.id, quantity: 4 }]);
    expect(more.statusCode, more.body).toBe(200);
    expect(more.json().difference).toBeGreaterThan(0);

    const k = `staff-${randomUUID()}`;
    const body = { lines: [{ pack_id: shop.packs.dal1.id, quantity: 2 }], expected_total: 390, key: k };
    const res = await edit(owner, order.id, body);
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json();
    expect(o.timeline.at(-1).note).toBe("Order changed by the shop: Toor Dal - 1 kg 3 → 2. ₹150 refunded to the customer's payment");
    expect(o.adjustments).toEqual([expect.objectContaining({ kind: 'edit', amount: 150, refund_status: 'refunded' })]);
    expect((await edit(owner, order.id, body)).statusCode).toBe(200);
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
    const refunds = (await (await fetch(`${base}/sim/orders/${payment!.providerOrderId}/refunds`)).json()) as Array<{ amount: number }>;
    expect(refunds.map((r) => r.amount)).toEqual([15_000]);
  });
});

describe('staff and shopper edit at the same time', () => {
  it('one change wins, the other is refused as stale; stock moves once and the ledger agrees', async () => {
    const { c, order } = await codOrder([[shop.packs.dal1.id, 1]]);
    const dal = await stockOf(shop.packs.dal1.id, blr());
    const lines = [{ pack_id: shop.packs.dal1.id, quantity: 2 }];
    const [staff, mine] = await Promise.all([
      edit(owner, order.id, { lines, expected_total: 390 }),
      c.post(`/s/api/orders/${order.id}/edit`, { lines: [{ pack_id: shop.packs.dal1.id, quantity: 3 }], expected_total: 570, key: key() }),
    ]);
    const codes = [staff.statusCode, mine.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const loser = staff.statusCode === 409 ? staff : mine;
    expect(loser.json().code).toBe('ORDER_EDIT_TOTAL_CHANGED');
    const units = staff.statusCode === 200 ? 2 : 3;
    expect(await linesOf(order.id)).toEqual([[shop.packs.dal1.id, units]]);
    expect(await stockOf(shop.packs.dal1.id, blr())).toBe(dal - (units - 1));
    expect((await movementsOf(order.id)).map((m) => m.quantity).sort()).toEqual([-1, -(units - 1)].sort());
    expect((await ledgerMismatches(t.db)).mismatches).toEqual([]);
  });

  it('a double submit sent at once makes one change', async () => {
    const { order } = await codOrder([[shop.packs.dal1.id, 1]]);
    const body = { lines: [{ pack_id: shop.packs.dal1.id, quantity: 2 }], expected_total: 390, key: `staff-${randomUUID()}` };
    const [a, b] = await Promise.all([edit(owner, order.id, body), edit(owner, order.id, body)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(await t.db.select().from(orderAdjustments).where(eq(orderAdjustments.orderId, order.id))).toHaveLength(1);
    expect(await movementsOf(order.id)).toHaveLength(2);
  });
});
