import { slotLabel } from '@grocer/shared/delivery-promise';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderAdjustments, orderLines, orders, payments, slotBookings, stockMovements } from '../../db/schema';
import { itOnPostgres } from '../../test/on-postgres';
import { TestClient } from '../../test/client';
import { staffClients } from '../../test/staff-clients';
import { ledgerMismatches } from '../inventory';
import { checkoutBench } from './test-fixture';

// The shopper changes an order until it is packed (issue 39 §14), over the checkout bench: refunds go to the gateway simulator.
const { t, shop, base, stockOf, key, shopper, place, prepaid, simulatorOutcome } = await checkoutBench();
afterAll(() => t.close());
const { as } = staffClients(t, shop.websiteId);

let owner: TestClient;
beforeAll(async () => {
  owner = await as({ hasAdminAccess: true });
});

const blr = () => shop.warehouses.blr.id;
const editKey = () => `edit-${randomUUID()}`;
type Lines = Array<{ pack_id: number; quantity: number }>;
type Slot = { slot_id: number; date: string; start_time: string; end_time: string; remaining: number };

async function codOrder(items: Array<[number, number]>, coupon?: string) {
  const s = await shopper(items);
  if (coupon) expect((await s.c.post('/s/api/apply/coupon', { code: coupon })).statusCode).toBe(200);
  const cart = (await s.c.get(`/s/api/cart?address_id=${s.addressId}`)).json();
  const res = await place(s.c, { address_id: s.addressId, payment_method: 'cod', expected_total: cart.amount, idempotency_key: key() });
  expect(res.statusCode, res.body).toBe(200);
  return {
    ...s,
    order: res.json().order as { id: string; ordernumber: string; total: number; slot: { date: string; start_time: string } },
  };
}

const quote = (c: TestClient, id: string, body: { lines: Lines; slot?: { slot_id: number; date: string } }) =>
  c.post(`/s/api/orders/${id}/edit/quote`, body);
const edit = (
  c: TestClient,
  id: string,
  body: { lines: Lines; slot?: { slot_id: number; date: string }; expected_total: number; key?: string },
) => c.post(`/s/api/orders/${id}/edit`, { key: editKey(), ...body });

const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const linesOf = async (id: string) =>
  (await t.db.select().from(orderLines).where(eq(orderLines.orderId, id))).map((l) => [l.packId, l.quantity]).sort();
const used = async (slotId: number, date: string) =>
  (
    await t.db
      .select()
      .from(slotBookings)
      .where(and(eq(slotBookings.slotId, slotId), eq(slotBookings.date, date)))
  )[0]?.used ?? 0;

describe('changing a cash on delivery order', () => {
  it('adds a pack, changes a quantity and the slot: the quote shows the difference, the change moves stock and slot places, and the order page shows the new total', async () => {
    const { c, order } = await codOrder([[shop.packs.dal1.id, 1]]);
    expect(order.total).toBe(210); // ₹180 + ₹30 delivery
    const row = await orderRow(order.id);
    const lines = [
      { pack_id: shop.packs.dal1.id, quantity: 2 },
      { pack_id: shop.packs.rice1.id, quantity: 1 },
    ];
    const first = await quote(c, order.id, { lines });
    expect(first.statusCode, first.body).toBe(200);
    const q = first.json();
    // ₹360 + ₹120 = ₹480, under ₹499: delivery still ₹30
    expect(q).toMatchObject({ items_total: 480, delivery_charge: 30, total: 510, was_total: 210, difference: 300 });
    expect(q.slot).toMatchObject({ slot_id: row.slotId, date: row.slotDate });
    const other = (q.slots as Slot[]).find((s) => s.remaining > 0 && !(s.slot_id === row.slotId && s.date === row.slotDate))!;
    expect((await orderRow(order.id)).total).toBe(21_000); // a quote writes nothing

    const dalBefore = await stockOf(shop.packs.dal1.id, blr());
    const riceBefore = await stockOf(shop.packs.rice1.id, blr());
    const [oldUsed, newUsed] = [await used(row.slotId!, row.slotDate!), await used(other.slot_id, other.date)];
    const res = await edit(c, order.id, { lines, slot: { slot_id: other.slot_id, date: other.date }, expected_total: 510 });
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json();
    expect(o).toMatchObject({ total: 510, items_total: 480, delivery_charge: 30, status: 'placed' });
    expect(o.slot).toMatchObject({ date: other.date, start_time: other.start_time });
    expect(o.timeline.at(-1).note).toBe(
      `Order changed: Toor Dal - 1 kg 1 → 2, 1 × Basmati Rice - 1 kg added, delivery moved to ${slotLabel(other)}. You pay ₹300 more`,
    );
    expect(o.adjustments).toEqual([expect.objectContaining({ kind: 'edit', amount: -300, refund_status: 'none' })]);
    // stock through the ledger, slot places moved
    expect(await stockOf(shop.packs.dal1.id, blr())).toBe(dalBefore - 1);
    expect(await stockOf(shop.packs.rice1.id, blr())).toBe(riceBefore - 1);
    const moves = await t.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.reference, `order:${order.id}`));
    expect(moves.filter((m) => m.note === 'order edited').map((m) => [m.packId, m.quantity, m.reason])).toEqual(
      expect.arrayContaining([
        [shop.packs.dal1.id, -1, 'order'],
        [shop.packs.rice1.id, -1, 'order'],
      ]),
    );
    expect(await used(row.slotId!, row.slotDate!)).toBe(oldUsed - 1);
    expect(await used(other.slot_id, other.date)).toBe(newUsed + 1);
    // cash on delivery: the payment to collect is the new total
    const page = (await c.get(`/s/api/orders/${order.id}`)).json();
    expect(page.total).toBe(510);
    expect(page.lines.map((l: { name: string; quantity: number }) => l.quantity).sort()).toEqual([1, 2]);
    expect((await ledgerMismatches(t.db)).mismatches).toEqual([]);
  });

  it('removes a line and crosses the free-delivery threshold; a retried change (same key) changes nothing more', async () => {
    const { c, order } = await codOrder([
      [shop.packs.dal1.id, 3],
      [shop.packs.rice1.id, 1],
    ]);
    expect(order.total).toBe(660); // ₹540 + ₹120, free delivery from ₹499
    const riceBefore = await stockOf(shop.packs.rice1.id, blr());
    const lines = [{ pack_id: shop.packs.dal1.id, quantity: 2 }]; // rice left out: removed
    const q = (await quote(c, order.id, { lines })).json();
    expect(q).toMatchObject({ items_total: 360, delivery_charge: 30, total: 390, difference: -270 });
    const body = { lines, expected_total: 390, key: editKey() };
    const res = await edit(c, order.id, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().timeline.at(-1).note).toBe('Order changed: Toor Dal - 1 kg 3 → 2, Basmati Rice - 1 kg removed. You pay ₹270 less');
    expect(await linesOf(order.id)).toEqual([[shop.packs.dal1.id, 2]]);
    expect(await stockOf(shop.packs.rice1.id, blr())).toBe(riceBefore + 1);
    const again = await edit(c, order.id, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().total).toBe(390);
    expect(await stockOf(shop.packs.rice1.id, blr())).toBe(riceBefore + 1);
    expect(await t.db.select().from(orderAdjustments).where(eq(orderAdjustments.orderId, order.id))).toHaveLength(1);
  });

  it('recomputes the coupon: a percentage follows the items; dropping below its minimum is refused', async () => {
    const save = await codOrder([[shop.packs.dal1.id, 3]], 'SAVE10');
    expect(save.order.total).toBe(486); // ₹540 − ₹54
    const q = (await quote(save.c, save.order.id, { lines: [{ pack_id: shop.packs.dal1.id, quantity: 4 }] })).json();
    expect(q).toMatchObject({ items_total: 720, discount: 72, total: 648, difference: 162 });

    const welcome = await codOrder([[shop.packs.dal1.id, 3]], 'WELCOME50');
    expect(welcome.order.total).toBe(490);
    const lines = [{ pack_id: shop.packs.dal1.id, quantity: 2 }];
    const res = await edit(welcome.c, welcome.order.id, { lines, expected_total: 310 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The coupon WELCOME50 on this order needs items worth at least ₹499');
    expect((await orderRow(welcome.order.id)).total).toBe(49_000);
  });
});

describe('refusals change nothing', () => {
  it('a packed order, more than the stock, a pack not sold, an empty order, a stale total, a full slot, another shopper', async () => {
    const { c, order } = await codOrder([[shop.packs.dal1.id, 1]]);
    const row = await orderRow(order.id);
    const dalBefore = await stockOf(shop.packs.dal1.id, blr());
    const expectRefused = async (
      res: Awaited<ReturnType<typeof edit>>,
      status: number,
      message: string,
      o: { id: string; total: number } = { id: order.id, total: 21_000 },
    ) => {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toBe(message);
      expect((await orderRow(o.id)).total).toBe(o.total);
    };
    const one = [{ pack_id: shop.packs.dal1.id, quantity: 1 }];

    await expectRefused(
      await edit(c, order.id, { lines: [...one, { pack_id: shop.packs.rice1.id, quantity: 50 }], expected_total: 6210 }),
      409,
      `Only ${await stockOf(shop.packs.rice1.id, blr())} of Basmati Rice - 1 kg can be on this order`,
    );
    await expectRefused(
      await edit(c, order.id, { lines: [...one, { pack_id: shop.packs.ghee1.id, quantity: 1 }], expected_total: 510 }),
      409,
      'Cow Ghee - 500 ml is out of stock',
    );
    await expectRefused(
      await edit(c, order.id, { lines: [...one, { pack_id: 999_999, quantity: 1 }], expected_total: 510 }),
      404,
      'This product is no longer available',
    );
    await expectRefused(
      await edit(c, order.id, { lines: [{ pack_id: shop.packs.dal1.id, quantity: 0 }], expected_total: 0 }),
      409,
      'This would leave the order empty: cancel the order instead',
    );
    await expectRefused(
      await edit(c, order.id, { lines: [{ pack_id: shop.packs.dal1.id, quantity: 2 }], expected_total: 210 }),
      409,
      'The new total is now ₹390, not what you saw. Please review your changes and confirm again.',
    );
    const full = (await quote(c, order.id, { lines: one })).json().slots.find((s: Slot) => s.slot_id !== row.slotId) as Slot;
    // the slot fills up: every place taken
    const was = await used(full.slot_id, full.date);
    const fill = (n: number) =>
      t.db
        .insert(slotBookings)
        .values({ websiteId: shop.websiteId, slotId: full.slot_id, date: full.date, capacity: 40, used: n })
        .onConflictDoUpdate({ target: [slotBookings.slotId, slotBookings.date], set: { used: n } });
    await fill(40);
    try {
      await expectRefused(
        await edit(c, order.id, { lines: one, slot: { slot_id: full.slot_id, date: full.date }, expected_total: 210 }),
        409,
        'That delivery slot has just filled up. Please choose another.',
      );
    } finally {
      await fill(was);
    }
    const stranger = await shopper([]);
    await expectRefused(await edit(stranger.c, order.id, { lines: one, expected_total: 210 }), 404, 'Order not found');

    // packed: the bag is what was ordered
    for (const step of ['confirm', 'pack'] as const)
      expect((await owner.post(`/s/api/admin/orders/${order.id}/${step}`, {})).statusCode).toBe(200);
    await expectRefused(
      await edit(c, order.id, { lines: [{ pack_id: shop.packs.dal1.id, quantity: 2 }], expected_total: 390 }),
      409,
      'This order is packed: it can no longer be changed',
    );
    expect(await stockOf(shop.packs.dal1.id, blr())).toBe(dalBefore);
    expect(await linesOf(order.id)).toEqual([[shop.packs.dal1.id, 1]]);
    expect((await ledgerMismatches(t.db)).mismatches).toEqual([]);
  });
});

describe('changing a prepaid order', () => {
  it('a lower total is refunded through the gateway; a higher one is refused', async () => {
    const s = await prepaid('razorpay', [[shop.packs.dal1.id, 3]]);
    await simulatorOutcome(s.placed.payment.checkout_url, 'success');
    const order = s.placed.order as { id: string; total: number };
    expect(order.total).toBe(540);

    const more = await edit(s.c, order.id, { lines: [{ pack_id: shop.packs.dal1.id, quantity: 4 }], expected_total: 720 });
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe(
      'These changes cost ₹180 more, and a paid order cannot be charged more. Remove something, or place a new order for the extra items.',
    );

    const res = await edit(s.c, order.id, { lines: [{ pack_id: shop.packs.dal1.id, quantity: 2 }], expected_total: 390 });
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json();
    expect(o.total).toBe(390);
    expect(o.timeline.at(-1).note).toBe('Order changed: Toor Dal - 1 kg 3 → 2. ₹150 will be refunded');
    expect(o.adjustments).toEqual([expect.objectContaining({ kind: 'edit', amount: 150, refund_status: 'refunded' })]);
    expect(o.refunds).toMatchObject({ paid: 540, refunded_lines: 150 });
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
    const refunds = (await (await fetch(`${base}/sim/orders/${payment!.providerOrderId}/refunds`)).json()) as Array<{ amount: number }>;
    expect(refunds.map((r) => r.amount)).toEqual([15_000]);
  });
});

describe('races (PostgreSQL)', () => {
  itOnPostgres(
    'the shopper changes the order while the shop packs it (PostgreSQL): the pack waits or the change is refused; stock follows the lines',
    async () => {
      for (let round = 0; round < 6; round++) {
        const { c, order } = await codOrder([[shop.packs.dal1.id, 1]]);
        expect((await owner.post(`/s/api/admin/orders/${order.id}/confirm`, {})).statusCode).toBe(200);
        const before = await stockOf(shop.packs.dal1.id, blr());
        const [changed, packed] = await Promise.all([
          edit(c, order.id, { lines: [{ pack_id: shop.packs.dal1.id, quantity: 2 }], expected_total: 390 }),
          owner.post(`/s/api/admin/orders/${order.id}/pack`, {}),
        ]);
        expect(packed.statusCode, packed.body).toBe(200);
        expect((await orderRow(order.id)).status).toBe('packed');
        if (changed.statusCode === 200) {
          // the change came first: the shop packed the changed order
          expect(await linesOf(order.id)).toEqual([[shop.packs.dal1.id, 2]]);
          expect(await stockOf(shop.packs.dal1.id, blr())).toBe(before - 1);
          expect((await orderRow(order.id)).total).toBe(39_000);
        } else {
          expect(changed.statusCode).toBe(409);
          expect(changed.json().message).toBe('This order is packed: it can no longer be changed');
          expect(await linesOf(order.id)).toEqual([[shop.packs.dal1.id, 1]]);
          expect(await stockOf(shop.packs.dal1.id, blr())).toBe(before);
          expect((await orderRow(order.id)).total).toBe(21_000);
        }
      }
      expect((await ledgerMismatches(t.db)).mismatches).toEqual([]);
    },
  );

  itOnPostgres(
    'two tabs change the same order at once (PostgreSQL): one after the other, the stock ledger equals the recount',
    async () => {
      const { c, order } = await codOrder([[shop.packs.dal1.id, 1]]);
      // a second tab: the same session
      const other = new TestClient(t.app);
      for (const [k, v] of c.cookies) other.cookies.set(k, v);
      const dalBefore = await stockOf(shop.packs.dal1.id, blr());
      const riceBefore = await stockOf(shop.packs.rice5.id, blr());
      const a = [{ pack_id: shop.packs.dal1.id, quantity: 3 }];
      const b = [
        { pack_id: shop.packs.dal1.id, quantity: 2 },
        { pack_id: shop.packs.rice5.id, quantity: 1 },
      ];
      const [ra, rb] = await Promise.all([
        edit(c, order.id, { lines: a, expected_total: 540 }),
        edit(other, order.id, { lines: b, expected_total: 910 }),
      ]);
      expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
      const final = await linesOf(order.id);
      const total = (await orderRow(order.id)).total;
      // whichever committed last is the order; the stock is the opening less what the order holds
      const dal = final.find(([p]) => p === shop.packs.dal1.id)![1]!;
      const rice = final.find(([p]) => p === shop.packs.rice5.id)?.[1] ?? 0;
      expect(total === 54_000 ? [dal, rice] : [dal, rice, total]).toEqual(total === 54_000 ? [3, 0] : [2, 1, 91_000]);
      expect(await stockOf(shop.packs.dal1.id, blr())).toBe(dalBefore + 1 - dal);
      expect(await stockOf(shop.packs.rice5.id, blr())).toBe(riceBefore - rice);
      expect((await ledgerMismatches(t.db)).mismatches).toEqual([]);
    },
  );
});
