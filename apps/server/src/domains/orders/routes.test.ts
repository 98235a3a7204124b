import { packLabel } from '@grocer/shared/labels';
import { formatINR } from '@grocer/shared/money';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  cartLines,
  carts,
  couponRedemptions,
  coupons,
  deliverySlots,
  orders,
  outbox,
  packs,
  paymentEvents,
  payments,
  slotBookings,
  websiteDomains,
  websites,
} from '../../db/schema';
import { TestClient } from '../../test/client';
import { setStock, signInAs } from '../cart/test-fixture';
import { adjustStockTo, ledgerMismatches, openStock } from '../inventory';
import { rowsOf } from '../../db/rows';
import { checkoutBench } from './test-fixture';
import { describeOnPostgres, itOnPostgres } from '../../test/on-postgres';

// Checkout and orders over a real listening server: the payment adapters talk HTTP to the
// built-in gateway simulator, which sends signed webhooks back.
const { t, shop, base, stockOf, key, shopper, place, simulatorOutcome } = await checkoutBench();
afterAll(() => t.close());

describe('placing an order with cash on delivery', () => {
  it('re-prices, takes stock, writes the order and its lines, clears the cart and emails a confirmation', async () => {
    const { c, addressId, cart, user } = await shopper([
      [shop.packs.dal1.id, 2],
      [shop.packs.rice5.id, 1],
    ]);
    const dalBefore = await stockOf(shop.packs.dal1.id, shop.warehouses.blr.id);
    const res = await place(c, { address_id: addressId, payment_method: 'cod', expected_total: cart.amount, idempotency_key: key() });
    expect(res.statusCode).toBe(200);
    const { order, payment } = res.json();
    expect(payment).toBeNull();
    expect(order).toMatchObject({ status: 'placed', payment_method: 'cod', total: cart.amount, items: 3, cancellable: true });
    expect(order.ordernumber).toMatch(/^GR\d+$/);
    expect(order.lines.map((l: { name: string; quantity: number; hsn_code: string }) => [l.name, l.quantity, l.hsn_code])).toEqual([
      ['Toor Dal', 2, '1006'],
      ['Basmati Rice', 1, '1006'],
    ]);
    // Bengaluru warehouse, Karnataka address: CGST + SGST
    expect(order.tax.igst).toBe(0);
    expect(order.tax.cgst + order.tax.sgst).toBeCloseTo(order.tax.gst, 2);
    expect(order.slot).not.toBeNull();
    // answered from what the checkout wrote: the same as the order read back
    expect((await c.get(`/s/api/orders/${order.id}`)).json()).toEqual(order);
    expect(await stockOf(shop.packs.dal1.id, shop.warehouses.blr.id)).toBe(dalBefore - 2);
    expect((await c.get('/s/api/cart')).json().quantity).toBe(0);
    // the confirmation follows from the order's event (the job's run, done here)
    await t.app.events.drain();
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.to, user.email!));
    expect(mail!.subject).toBe(`Order ${order.ordernumber} confirmed`);
    const listRes = await c.get('/s/api/orders');
    expect(listRes.statusCode, listRes.body).toBe(200);
    const list = listRes.json();
    expect(list.data[0]).toMatchObject({ id: order.id, ordernumber: order.ordernumber, status: 'placed', items: 3 });
    expect((await c.get('/s/api/account')).json().counts.orders).toBe(1);
    const invoice = await c.get(`/s/api/orders/${order.id}/invoice`);
    expect(invoice.headers['content-type']).toContain('text/html');
    expect(invoice.body).toContain('Tax Invoice');
    expect(invoice.body).toContain('CGST');
  });

  it('answers the same order for the same key: sequential retries and concurrent double clicks', async () => {
    const { c, addressId, cart } = await shopper([[shop.packs.dal1.id, 3]]);
    const before = await stockOf(shop.packs.dal1.id, shop.warehouses.blr.id);
    const k = key();
    const body = { address_id: addressId, payment_method: 'cod', expected_total: cart.amount, idempotency_key: k };
    const results = await Promise.all(Array.from({ length: 6 }, () => place(c, body)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    const ids = new Set(results.map((r) => r.json().order.id));
    expect(ids.size).toBe(1);
    expect((await place(c, body)).json().order.id).toBe([...ids][0]);
    const [{ n: orderCount } = { n: 0 }] = await t.db.select({ n: count() }).from(orders).where(eq(orders.idempotencyKey, k));
    expect(orderCount).toBe(1);
    expect(await stockOf(shop.packs.dal1.id, shop.warehouses.blr.id)).toBe(before - 3);
  });

  it('lets one of two shoppers racing for the last units have them; stock never goes negative', async () => {
    await setStock(t.db, shop.websiteId, shop.packs.rice1.id, shop.warehouses.blr.id, 2);
    const a = await shopper([[shop.packs.rice1.id, 2]]);
    const b = await shopper([[shop.packs.rice1.id, 2]]);
    const [ra, rb] = await Promise.all([
      place(a.c, { address_id: a.addressId, payment_method: 'cod', expected_total: a.cart.amount, idempotency_key: key() }),
      place(b.c, { address_id: b.addressId, payment_method: 'cod', expected_total: b.cart.amount, idempotency_key: key() }),
    ]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 409]);
    const refused = ra.statusCode === 409 ? ra : rb;
    expect(refused.json().code).toMatch(/OUT_OF_STOCK|LINES_UNAVAILABLE/);
    expect(await stockOf(shop.packs.rice1.id, shop.warehouses.blr.id)).toBe(0);
    // the refused shopper keeps their cart
    expect((await (ra.statusCode === 409 ? a : b).c.get('/s/api/cart')).json().quantity).toBe(2);
  });

  it('makes one order of one cart: ten checkouts with different keys, one order, one WELCOME50, nine clear 409s', async () => {
    await setStock(t.db, shop.websiteId, shop.packs.dal1.id, shop.warehouses.blr.id, 100);
    const { c, addressId, user } = await shopper([[shop.packs.dal1.id, 8]]);
    expect((await c.post('/s/api/apply/coupon', { code: 'WELCOME50' })).statusCode).toBe(200);
    const cart = (await c.get(`/s/api/cart?address_id=${addressId}`)).json();
    expect(cart.discount).toBe(50);
    const before = await stockOf(shop.packs.dal1.id, shop.warehouses.blr.id);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        place(c, { address_id: addressId, payment_method: 'cod', expected_total: cart.amount, idempotency_key: key() }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    const won = results.find((r) => r.statusCode === 200)!.json().order;
    for (const r of results.filter((r) => r.statusCode === 409))
      expect(r.json()).toEqual({
        code: 'CART_ALREADY_ORDERED',
        message: `This cart has just been ordered (order ${won.ordernumber}). You can find it in My Orders.`,
      });
    expect(await t.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);
    const [welcome] = await t.db
      .select()
      .from(coupons)
      .where(and(eq(coupons.websiteId, shop.websiteId), eq(coupons.code, 'WELCOME50')));
    expect(
      await t.db
        .select()
        .from(couponRedemptions)
        .where(and(eq(couponRedemptions.couponId, welcome!.id), eq(couponRedemptions.userId, user.id))),
    ).toHaveLength(1);
    expect(await stockOf(shop.packs.dal1.id, shop.warehouses.blr.id)).toBe(before - 8);
  });

  it('a first-order coupon: accepted while the shopper has no order that went through (a cancelled one does not count), refused after', async () => {
    await setStock(t.db, shop.websiteId, shop.packs.dal1.id, shop.warehouses.blr.id, 100);
    await t.db
      .update(coupons)
      .set({ firstOrderOnly: true })
      .where(and(eq(coupons.websiteId, shop.websiteId), eq(coupons.code, 'WELCOME50')));
    const { c, addressId } = await shopper([[shop.packs.dal1.id, 8]]);
    // a first order, placed and then cancelled: still a first-timer
    const cart0 = (await c.get(`/s/api/cart?address_id=${addressId}`)).json();
    const first = (
      await place(c, { address_id: addressId, payment_method: 'cod', expected_total: cart0.amount, idempotency_key: key() })
    ).json();
    expect((await c.post(`/s/api/orders/${first.order.id}/cancel`, {})).statusCode).toBe(200);
    for (let i = 0; i < 8; i++) await c.post('/s/api/cart/add', { pack_id: shop.packs.dal1.id, warehouse_id: shop.warehouses.blr.id });
    expect((await c.post('/s/api/apply/coupon', { code: 'WELCOME50' })).statusCode).toBe(200);
    const cart1 = (await c.get(`/s/api/cart?address_id=${addressId}`)).json();
    const second = await place(c, { address_id: addressId, payment_method: 'cod', expected_total: cart1.amount, idempotency_key: key() });
    expect(second.statusCode).toBe(200);
    expect(second.json().order.discount).toBe(50);
    // now a repeat customer
    for (let i = 0; i < 8; i++) await c.post('/s/api/cart/add', { pack_id: shop.packs.dal1.id, warehouse_id: shop.warehouses.blr.id });
    const refused = await c.post('/s/api/apply/coupon', { code: 'WELCOME50' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('This coupon is for your first order only');
    expect((await c.post('/s/api/apply/coupon', { code: 'SAVE10' })).statusCode).toBe(200);
  });

  itOnPostgres("holds a coupon's total limit when two shoppers race for its last use (PostgreSQL)", async () => {
    const [last] = await t.db
      .insert(coupons)
      .values({ websiteId: shop.websiteId, code: 'LASTONE', kind: 'flat', value: 500, usageLimit: 1 })
      .returning();
    const a = await shopper([[shop.packs.dal1.id, 1]]);
    const b = await shopper([[shop.packs.dal1.id, 1]]);
    const priced = async (s: typeof a) => {
      expect((await s.c.post('/s/api/apply/coupon', { code: 'LASTONE' })).statusCode).toBe(200);
      return (await s.c.get(`/s/api/cart?address_id=${s.addressId}`)).json().amount;
    };
    const [ta, tb] = [await priced(a), await priced(b)];
    const res = await Promise.all([
      place(a.c, { address_id: a.addressId, payment_method: 'cod', expected_total: ta, idempotency_key: key() }),
      place(b.c, { address_id: b.addressId, payment_method: 'cod', expected_total: tb, idempotency_key: key() }),
    ]);
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(res.find((r) => r.statusCode === 409)!.json().code).toMatch(/COUPON_UNAVAILABLE|PRICE_CHANGED/);
    expect(await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, last!.id))).toHaveLength(1);
  });

  it('refuses a total that changed since the cart was shown; nothing is taken', async () => {
    const { c, addressId, cart } = await shopper([[shop.packs.dal1.id, 1]]);
    const before = await stockOf(shop.packs.dal1.id, shop.warehouses.blr.id);
    const res = await place(c, { address_id: addressId, payment_method: 'cod', expected_total: cart.amount - 10, idempotency_key: key() });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PRICE_CHANGED');
    expect(res.json().message).toContain(`₹${cart.amount}`);
    expect(await stockOf(shop.packs.dal1.id, shop.warehouses.blr.id)).toBe(before);
    expect((await c.get('/s/api/cart')).json().quantity).toBe(1);
  });

  it('refuses cash on delivery where the zone does not offer it, and a full slot', async () => {
    const mumbai = await shopper([[shop.packs.vada1.id, 1]], { pincode: '400001', city: 'Mumbai', state: 'Maharashtra' });
    const cod = await place(mumbai.c, {
      address_id: mumbai.addressId,
      payment_method: 'cod',
      expected_total: mumbai.cart.amount,
      idempotency_key: key(),
    });
    expect(cod.statusCode).toBe(422);
    expect(cod.json().code).toBe('PAYMENT_METHOD_UNAVAILABLE');

    const a = await shopper([[shop.packs.dal1.id, 1]]);
    const b = await shopper([[shop.packs.dal1.id, 1]]);
    const [slot] = await t.db.select().from(deliverySlots).where(eq(deliverySlots.websiteId, shop.websiteId)).limit(1);
    const date = a.cart.del_date as string;
    // one place left in that slot on that date, whatever earlier tests booked
    const [booked] = await t.db
      .select()
      .from(slotBookings)
      .where(and(eq(slotBookings.slotId, slot!.id), eq(slotBookings.date, date)));
    await t.db
      .update(deliverySlots)
      .set({ capacity: (booked?.used ?? 0) + 1 })
      .where(eq(deliverySlots.id, slot!.id));
    const results = await Promise.all(
      [a, b].map((s) =>
        place(s.c, {
          address_id: s.addressId,
          payment_method: 'cod',
          expected_total: s.cart.amount,
          idempotency_key: key(),
          slot: { slot_id: slot!.id, date },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().code).toBe('SLOT_FULL');
    await t.db.update(deliverySlots).set({ capacity: 40 }).where(eq(deliverySlots.id, slot!.id));
  });

  it('splits GST as IGST when the goods cross a state line', async () => {
    const { c, addressId, cart } = await shopper([[shop.packs.dal1.id, 1]], { pincode: '110001', city: 'New Delhi', state: 'Haryana' });
    const { order } = (
      await place(c, { address_id: addressId, payment_method: 'cod', expected_total: cart.amount, idempotency_key: key() })
    ).json();
    expect(order.tax.cgst).toBe(0);
    expect(order.tax.igst).toBeGreaterThan(0);
  });
});

describeOnPostgres('races (20 shoppers at once) (PostgreSQL)', () => {
  it('stock 5, 20 concurrent one-unit checkouts: exactly 5 orders, stock 0, never negative', async () => {
    await setStock(t.db, shop.websiteId, shop.packs.rice5.id, shop.warehouses.blr.id, 25);
    const buyers = [];
    for (let i = 0; i < 20; i++) buyers.push(await shopper([[shop.packs.rice5.id, 1]]));
    await setStock(t.db, shop.websiteId, shop.packs.rice5.id, shop.warehouses.blr.id, 5);
    const results = await Promise.all(
      buyers.map((b) =>
        place(b.c, { address_id: b.addressId, payment_method: 'cod', expected_total: b.cart.amount, idempotency_key: key() }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(15);
    expect(await stockOf(shop.packs.rice5.id, shop.warehouses.blr.id)).toBe(0);
    const ids = results.filter((r) => r.statusCode === 200).map((r) => r.json().order.id);
    expect(new Set(ids).size).toBe(5);
  });

  it('a slot with 5 places left, 20 concurrent checkouts choosing it: exactly 5 get it', async () => {
    const buyers = [];
    for (let i = 0; i < 20; i++) buyers.push(await shopper([[shop.packs.dal1.id, 1]]));
    const [slot] = await t.db.select().from(deliverySlots).where(eq(deliverySlots.websiteId, shop.websiteId)).limit(1);
    const date = buyers[0]!.cart.del_date as string;
    const [booked] = await t.db
      .select()
      .from(slotBookings)
      .where(and(eq(slotBookings.slotId, slot!.id), eq(slotBookings.date, date)));
    await t.db
      .update(deliverySlots)
      .set({ capacity: (booked?.used ?? 0) + 5 })
      .where(eq(deliverySlots.id, slot!.id));
    const results = await Promise.all(
      buyers.map((b) =>
        place(b.c, {
          address_id: b.addressId,
          payment_method: 'cod',
          expected_total: b.cart.amount,
          idempotency_key: key(),
          slot: { slot_id: slot!.id, date },
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 409).map((r) => r.json().code)).toEqual(Array(15).fill('SLOT_FULL'));
    const [after] = await t.db
      .select()
      .from(slotBookings)
      .where(and(eq(slotBookings.slotId, slot!.id), eq(slotBookings.date, date)));
    expect(after!.used).toBe((booked?.used ?? 0) + 5);
    await t.db.update(deliverySlots).set({ capacity: 40 }).where(eq(deliverySlots.id, slot!.id));
  });
});

describe('the rows an order shares with other checkouts (slot, stock, number: one statement)', () => {
  const slotOf = async (id: string) => {
    const [o] = await t.db.select({ slotId: orders.slotId, slotDate: orders.slotDate }).from(orders).where(eq(orders.id, id));
    return o!;
  };
  const bookedIn = async (slotId: number, date: string) =>
    (
      await t.db
        .select({ used: slotBookings.used })
        .from(slotBookings)
        .where(and(eq(slotBookings.slotId, slotId), eq(slotBookings.date, date)))
    )[0]?.used ?? 0;

  /** Until a statement of this test's database waits for a lock (PostgreSQL): the checkout, for `what`. */
  const untilWaitingForALock = async (what: string) => {
    for (let waited = 0; ; waited += 20) {
      const [w] = rowsOf<{ n: number }>(
        await t.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        ),
      );
      if (w!.n > 0) return;
      if (waited > 20_000) throw new Error(`the checkout never waited for ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  const placeCod = (s: { c: TestClient; addressId: number; cart: { amount: number } }) =>
    place(s.c, { address_id: s.addressId, payment_method: 'cod', expected_total: s.cart.amount, idempotency_key: key() });

  it('left to the shop, an order takes the next slot with a place when the earliest has just filled up', async () => {
    const a = await shopper([[shop.packs.dal1.id, 1]]);
    const b = await shopper([[shop.packs.dal1.id, 1]]);
    const first = await placeCod(a);
    expect(first.statusCode, first.body).toBe(200);
    const earliest = await slotOf(first.json().order.id);
    // the earliest slot fills up after b's cart offered it
    const used = await bookedIn(earliest.slotId!, earliest.slotDate!);
    await t.db.update(deliverySlots).set({ capacity: used }).where(eq(deliverySlots.id, earliest.slotId!));
    try {
      const second = await placeCod(b);
      expect(second.statusCode, second.body).toBe(200);
      const next = await slotOf(second.json().order.id);
      expect(next).not.toEqual(earliest);
      expect(second.json().order.slot).not.toBeNull();
      expect(second.json().order.ordernumber).toMatch(/^GR\d+$/);
      expect(await bookedIn(earliest.slotId!, earliest.slotDate!)).toBe(used);
      expect(await bookedIn(next.slotId!, next.slotDate!)).toBeGreaterThan(0);
    } finally {
      await t.db.update(deliverySlots).set({ capacity: 40 }).where(eq(deliverySlots.id, earliest.slotId!));
    }
  });

  it('a cart of many lines (past the shapes built once) is ordered whole: every line, its stock and its ledger row', async () => {
    const blr = shop.warehouses.blr.id;
    const many = await t.db
      .insert(packs)
      .values(
        Array.from({ length: 23 }, (_, i) => ({
          websiteId: shop.websiteId,
          productId: shop.products.dal.id,
          position: 10 + i,
          name: `${10 + i} kg`,
          price: 1_000 + i,
          actPrice: 1_000 + i,
        })),
      )
      .returning();
    await t.db.transaction((tx) =>
      openStock(
        tx,
        many.map((p) => ({ websiteId: shop.websiteId, packId: p.id, warehouseId: blr, available: 5 })),
        'test',
      ),
    );
    const s = await shopper(many.map((p) => [p.id, 1]));
    const res = await placeCod(s);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order.lines).toHaveLength(23);
    expect(res.json().order.ordernumber).toMatch(/^GR\d+$/);
    for (const p of many) expect(await stockOf(p.id, blr)).toBe(4);
    expect((await ledgerMismatches(t.db)).mismatches).toEqual([]);
    expect((await s.c.get(`/s/api/orders/${res.json().order.id}`)).json()).toEqual(res.json().order);
  });

  itOnPostgres(
    'a line sold out while the checkout waited for its stock row: refused naming it, and nothing taken or written (PostgreSQL)',
    async () => {
      const blr = shop.warehouses.blr.id;
      // stock rows are taken in pack order: the later pack is the one that sells out meanwhile
      const [early, late] = [shop.packs.dal1.id, shop.packs.rice1.id].sort((x, y) => x - y) as [number, number];
      await setStock(t.db, shop.websiteId, early, blr, 20);
      await setStock(t.db, shop.websiteId, late, blr, 20);
      const s = await shopper([
        [early, 1],
        [late, 1],
      ]);
      const [orderCount] = await t.db.select({ n: count() }).from(orders);
      const booked = async () =>
        rowsOf<{ n: number }>(
          await t.db.execute(sql`select coalesce(sum(used), 0)::int as n from slot_bookings where website_id = ${shop.websiteId}`),
        )[0]!.n;
      const bookedBefore = await booked();
      // another sale holds the later line's stock row and takes all of it
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      const sale = t.db.transaction(async (tx) => {
        await adjustStockTo(tx, {
          websiteId: shop.websiteId,
          packId: late,
          warehouseId: blr,
          available: 0,
          reference: 'test',
          actor: 'system',
        });
        await held;
      });
      const checkout = placeCod(s);
      // until the checkout waits for that row (its slot and the earlier line taken by then)
      await untilWaitingForALock('the stock row');
      release();
      await sale;
      const res = await checkout;
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'OUT_OF_STOCK' });
      const item = s.cart.items.find((l: { pack_id: number }) => l.pack_id === late);
      expect(res.json().message).toBe(`${packLabel(item.name, item.pack)} is out of stock`);
      // all of it rolled back: the earlier line's units, the slot's place, no order, the cart kept
      expect(await stockOf(early, blr)).toBe(20);
      expect(await stockOf(late, blr)).toBe(0);
      expect((await t.db.select({ n: count() }).from(orders))[0]!.n).toBe(orderCount!.n);
      expect((await s.c.get('/s/api/cart')).json().quantity).toBe(2);
      expect(await booked()).toBe(bookedBefore);
      expect((await ledgerMismatches(t.db)).mismatches).toEqual([]);
      await setStock(t.db, shop.websiteId, late, blr, 20);
    },
  );

  itOnPostgres(
    'a cart changed while its checkout waited to order it is read again: the new total is refused, nothing taken (PostgreSQL)',
    async () => {
      const blr = shop.warehouses.blr.id;
      const s = await shopper([[shop.packs.dal1.id, 1]]);
      const stockBefore = await stockOf(shop.packs.dal1.id, blr);
      const [orderCount] = await t.db.select({ n: count() }).from(orders);
      // the shopper's other tab holds the cart row, and adds a unit while the checkout waits for it
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let locked!: () => void;
      const lockedNow = new Promise<void>((r) => (locked = r));
      const otherTab = t.db.transaction(async (tx) => {
        const [cart] = await tx.select().from(carts).where(eq(carts.userId, s.user.id)).for('update');
        locked();
        await held;
        await tx
          .update(cartLines)
          .set({ quantity: sql`${cartLines.quantity} + 1` })
          .where(eq(cartLines.cartId, cart!.id));
        await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cart!.id));
      });
      await lockedNow;
      const checkout = placeCod(s);
      await untilWaitingForALock('the cart row');
      release();
      await otherTab;
      const res = await checkout;
      // read again: two units now, a total the shopper has not seen
      const now = (await s.c.get(`/s/api/cart?address_id=${s.addressId}`)).json();
      expect(now.quantity).toBe(2);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'PRICE_CHANGED' });
      expect(res.json().message).toContain(formatINR(now.amount));
      expect(await stockOf(shop.packs.dal1.id, blr)).toBe(stockBefore);
      expect((await t.db.select({ n: count() }).from(orders))[0]!.n).toBe(orderCount!.n);
      expect((await ledgerMismatches(t.db)).mismatches).toEqual([]);
      // the new total, confirmed, is ordered
      const again = await placeCod({ ...s, cart: now });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().order.items).toBe(2);
    },
  );
});

describe('tampering', () => {
  it("refuses another order's Razorpay payment and signature, a missing signature, and another website's order", async () => {
    const a = await shopper([[shop.packs.dal1.id, 1]]);
    const first = (
      await place(a.c, { address_id: a.addressId, payment_method: 'razorpay', expected_total: a.cart.amount, idempotency_key: key() })
    ).json();
    const back = await simulatorOutcome(first.payment.checkout_url, 'success');
    const paidFields = {
      razorpay_order_id: back.searchParams.get('razorpay_order_id')!,
      razorpay_payment_id: back.searchParams.get('razorpay_payment_id')!,
      razorpay_signature: back.searchParams.get('razorpay_signature')!,
    };
    await a.c.post(`/s/api/cart/add`, { pack_id: shop.packs.dal1.id });
    const cart2 = (await a.c.get(`/s/api/cart?address_id=${a.addressId}`)).json();
    const second = (
      await place(a.c, { address_id: a.addressId, payment_method: 'razorpay', expected_total: cart2.amount, idempotency_key: key() })
    ).json();
    // the first order's genuine payment presented for the second order
    const reused = await a.c.post('/s/api/payments/razorpay/verify', { order_id: second.order.id, ...paidFields });
    expect(reused.statusCode).toBe(400);
    const missing = await a.c.post('/s/api/payments/razorpay/verify', { order_id: second.order.id, ...paidFields, razorpay_signature: '' });
    expect(missing.statusCode).toBe(400);
    const unsigned = await fetch(`${base}/s/api/payments/razorpay/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        event: 'payment.captured',
        payload: { payment: { entity: { id: 'pay_x', order_id: second.payment.order_id } } },
      }),
    });
    expect(unsigned.status).toBe(400);
    expect((await a.c.get(`/s/api/orders/${second.order.id}`)).json()).toMatchObject({
      status: 'pending_payment',
      payment: { status: 'pending' },
    });

    // the same shopper on another website of this installation does not see the order
    const [site2] = await t.db.insert(websites).values({ name: 'Second Shop' }).returning();
    await t.db.insert(websiteDomains).values({ websiteId: site2!.id, host: 'second.example' });
    const other = new TestClient(t.app, { host: 'second.example' });
    await signInAs(t.db, other, a.user.id);
    expect((await other.get(`/s/api/orders/${first.order.id}`)).statusCode).toBe(404);
    expect((await other.get('/s/api/orders')).json().data).toEqual([]);
  });
});

describe('delivery slots for checkout', () => {
  it('lists the week with what is left, full slots included, and refuses an unserved pincode', async () => {
    const c = new TestClient(t.app);
    const { data } = (await c.get('/s/api/delivery/slots?pincode=560001')).json();
    expect(data.length).toBeGreaterThan(6);
    expect(data[0]).toMatchObject({
      slot_id: expect.any(Number),
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      start_time: expect.any(String),
      remaining: expect.any(Number),
    });
    const refused = await c.get('/s/api/delivery/slots?pincode=999999');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Sorry, we do not deliver to 999999 yet.');
  });
});

describe('an order afterwards', () => {
  it('cancels once, returning stock; another shopper gets 404 everywhere', async () => {
    const { c, addressId, cart } = await shopper([[shop.packs.dal1.id, 2]]);
    const before = await stockOf(shop.packs.dal1.id, shop.warehouses.blr.id);
    const { order } = (
      await place(c, { address_id: addressId, payment_method: 'cod', expected_total: cart.amount, idempotency_key: key() })
    ).json();
    const other = await shopper([]);
    for (const [m, url] of [
      ['GET', `/s/api/orders/${order.id}`],
      ['GET', `/s/api/orders/${order.id}/invoice`],
      ['POST', `/s/api/orders/${order.id}/cancel`],
      ['POST', `/s/api/orders/${order.id}/reorder`],
      ['GET', `/s/api/orders/number/${order.ordernumber}`],
    ] as const) {
      expect([url, (await other.c.request({ method: m, url })).statusCode]).toEqual([url, 404]);
    }
    const cancelled = await c.post(`/s/api/orders/${order.id}/cancel`);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancellable: false });
    expect(cancelled.json().timeline.map((e: { status: string; by: string }) => [e.status, e.by])).toEqual([
      ['placed', 'you'],
      ['cancelled', 'you'],
    ]);
    expect(await stockOf(shop.packs.dal1.id, shop.warehouses.blr.id)).toBe(before);
    expect((await c.post(`/s/api/orders/${order.id}/cancel`)).json().code).toBe('NOT_CANCELLABLE');
    expect(await stockOf(shop.packs.dal1.id, shop.warehouses.blr.id)).toBe(before);
    const again = (await c.post(`/s/api/orders/${order.id}/reorder`)).json();
    expect(again.cart.items.map((i: { pack_id: number; quantity: number }) => [i.pack_id, i.quantity])).toEqual([[shop.packs.dal1.id, 2]]);
  });
});

describe('buy again', () => {
  it('lists what the shopper bought here, latest first, leaving out cancelled orders; nobody else sees it', async () => {
    await setStock(t.db, shop.websiteId, shop.packs.rice5.id, shop.warehouses.blr.id, 10);
    const { c, addressId, cart } = await shopper([[shop.packs.dal1.id, 1]]);
    expect((await c.get('/s/api/orders/buy-again')).json().data).toEqual([]);
    const first = await place(c, { address_id: addressId, payment_method: 'cod', expected_total: cart.amount, idempotency_key: key() });
    expect(first.statusCode, first.body).toBe(200);
    expect((await c.post('/s/api/cart/add', { pack_id: shop.packs.rice5.id })).statusCode).toBe(200);
    const cart2 = (await c.get(`/s/api/cart?address_id=${addressId}`)).json();
    const second = await place(c, { address_id: addressId, payment_method: 'cod', expected_total: cart2.amount, idempotency_key: key() });
    expect(second.statusCode, second.body).toBe(200);
    const names = async () => (await c.get('/s/api/orders/buy-again')).json().data.map((p: { product_name: string }) => p.product_name);
    expect(await names()).toEqual(['Basmati Rice', 'Toor Dal']);
    const rice = (await c.get('/s/api/orders/buy-again')).json().data[0];
    expect(rice.packs.map((p: { pack_name: string }) => p.pack_name)).toEqual(['1 kg', '5 kg']);
    await c.post(`/s/api/orders/${second.json().order.id}/cancel`);
    expect(await names()).toEqual(['Toor Dal']);
    expect((await (await shopper([])).c.get('/s/api/orders/buy-again')).json().data).toEqual([]);
    expect((await new TestClient(t.app).get('/s/api/orders/buy-again')).statusCode).toBe(401);
  });
});

describe('a coupon on the GST invoice', () => {
  it('spreads the discount over the lines, so GST is on what was paid, and shows it on the invoice', async () => {
    // earlier tests sell these packs out at Bengaluru: this one stocks its own
    await setStock(t.db, shop.websiteId, shop.packs.rice5.id, shop.warehouses.blr.id, 10);
    const { c, addressId } = await shopper([
      [shop.packs.dal1.id, 2],
      [shop.packs.rice5.id, 1],
    ]);
    expect((await c.post('/s/api/apply/coupon', { code: 'SAVE10' })).statusCode).toBe(200);
    const cart = (await c.get(`/s/api/cart?address_id=${addressId}`)).json();
    const placed = await place(c, { address_id: addressId, payment_method: 'cod', expected_total: cart.amount, idempotency_key: key() });
    expect(placed.statusCode, placed.body).toBe(200);
    const d = (await c.get(`/s/api/orders/${placed.json().order.id}`)).json();
    expect(placed.json().order).toEqual(d);
    expect(d.discount).toBeGreaterThan(0);
    const paise = (r: number) => Math.round(r * 100);
    // the shares add up to the coupon, each in proportion to its line
    expect(d.lines.reduce((a: number, l: { discount: number }) => a + paise(l.discount), 0)).toBe(paise(d.discount));
    for (const l of d.lines) expect(Math.abs(l.discount - (l.amount * d.discount) / d.items_total)).toBeLessThan(0.011);
    // taxable value + GST = what was paid for the goods
    expect(paise(d.tax.taxable) + paise(d.tax.gst)).toBe(paise(d.items_total) - paise(d.discount));
    for (const l of d.lines) expect(paise(l.tax.taxable) + paise(l.tax.gst)).toBe(paise(l.amount) - paise(l.discount));
    const invoice = (await c.get(`/s/api/orders/${d.id}/invoice`)).body;
    expect(invoice).toContain('<th class="n">Coupon SAVE10</th>');
    expect(invoice).toContain('spread over the lines above');
  });
});

describe('Razorpay through the simulator', () => {
  it('pays: the signed webhook places the order, the checkout signature agrees, retries change nothing', async () => {
    const { c, addressId, cart } = await shopper([[shop.packs.dal1.id, 1]]);
    const placed = (
      await place(c, { address_id: addressId, payment_method: 'razorpay', expected_total: cart.amount, idempotency_key: key() })
    ).json();
    expect(placed.order.status).toBe('pending_payment');
    // the payment row with the provider's order the hand-off recorded, as read back
    expect(placed.order.payment.provider_order_id).toBe(placed.payment.order_id);
    expect((await c.get(`/s/api/orders/${placed.order.id}`)).json()).toEqual(placed.order);
    expect(placed.payment).toMatchObject({
      provider: 'razorpay',
      key_id: 'rzp_test_simulator',
      amount: Math.round(cart.amount * 100),
      currency: 'INR',
    });
    const back = await simulatorOutcome(placed.payment.checkout_url, 'success');
    expect(back.pathname).toBe(`/checkout/confirm/${placed.order.id}`);
    // the webhook came first: the order is placed already
    expect((await c.get(`/s/api/orders/${placed.order.id}`)).json()).toMatchObject({ status: 'placed', payment: { status: 'paid' } });
    const fields = {
      order_id: placed.order.id,
      razorpay_order_id: back.searchParams.get('razorpay_order_id'),
      razorpay_payment_id: back.searchParams.get('razorpay_payment_id'),
      razorpay_signature: back.searchParams.get('razorpay_signature'),
    };
    const verified = await c.post('/s/api/payments/razorpay/verify', fields);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().timeline.map((e: { status: string }) => e.status)).toEqual(['pending_payment', 'placed']);
    const forged = await c.post('/s/api/payments/razorpay/verify', { ...fields, razorpay_signature: 'f'.repeat(64) });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('BAD_SIGNATURE');
  });

  it('refuses a webhook with a bad signature and applies a retried one once', async () => {
    const { c, addressId, cart } = await shopper([[shop.packs.dal1.id, 1]]);
    const placed = (
      await place(c, { address_id: addressId, payment_method: 'razorpay', expected_total: cart.amount, idempotency_key: key() })
    ).json();
    const raw = JSON.stringify({
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_manual1', order_id: placed.payment.order_id, amount: placed.payment.amount } } },
    });
    const { createHmac } = await import('node:crypto');
    const sig = createHmac('sha256', 'simulator-razorpay-webhook').update(raw).digest('hex');
    const bad = await fetch(`${base}/s/api/payments/razorpay/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'bad', 'x-razorpay-event-id': 'evt_1' },
      body: raw,
    });
    expect(bad.status).toBe(400);
    expect((await c.get(`/s/api/orders/${placed.order.id}`)).json().status).toBe('pending_payment');
    for (let i = 0; i < 3; i++) {
      const ok = await fetch(`${base}/s/api/payments/razorpay/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': sig, 'x-razorpay-event-id': 'evt_retry_1' },
        body: raw,
      });
      expect(ok.status).toBe(200);
    }
    const detail = (await c.get(`/s/api/orders/${placed.order.id}`)).json();
    expect(detail.timeline.map((e: { status: string }) => e.status)).toEqual(['pending_payment', 'placed']);
    expect((await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, 'evt_retry_1'))).length).toBe(1);
  });

  it('a failed payment leaves the order awaiting payment; a cancelled prepaid order that was paid is refunded', async () => {
    const { c, addressId, cart } = await shopper([[shop.packs.dal1.id, 1]]);
    const placed = (
      await place(c, { address_id: addressId, payment_method: 'razorpay', expected_total: cart.amount, idempotency_key: key() })
    ).json();
    const back = await simulatorOutcome(placed.payment.checkout_url, 'failure');
    expect(back.searchParams.get('failed')).toBe('1');
    expect((await c.get(`/s/api/orders/${placed.order.id}`)).json()).toMatchObject({
      status: 'pending_payment',
      payment: { status: 'failed' },
    });
    // retry: the same Razorpay order, paid this time
    const retry = (await c.post(`/s/api/orders/${placed.order.id}/pay`)).json();
    expect(retry.payment.order_id).toBe(placed.payment.order_id);
    await simulatorOutcome(retry.payment.checkout_url, 'success');
    expect((await c.get(`/s/api/orders/${placed.order.id}`)).json().status).toBe('placed');
    const cancelled = (await c.post(`/s/api/orders/${placed.order.id}/cancel`)).json();
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.payment.status).toBe('refunded');
  });
});

describe('Cashfree through the simulator', () => {
  it('pays: webhook and the confirm call agree', async () => {
    const { c, addressId, cart } = await shopper([[shop.packs.dal1.id, 1]]);
    const placed = (
      await place(c, { address_id: addressId, payment_method: 'cashfree', expected_total: cart.amount, idempotency_key: key() })
    ).json();
    expect(placed.payment).toMatchObject({ provider: 'cashfree', order_id: placed.order.id, mode: 'sandbox' });
    expect(placed.payment.payment_session_id).toMatch(/^session_/);
    const back = await simulatorOutcome(placed.payment.checkout_url, 'success');
    expect(back.pathname).toBe(`/checkout/confirm/${placed.order.id}`);
    const confirmed = (await c.get(`/s/api/orders/${placed.order.id}/confirm`)).json();
    expect(confirmed).toMatchObject({ status: 'placed', payment: { status: 'paid' } });
    expect(confirmed.timeline).toHaveLength(2);
  });

  it('refuses a webhook whose signature does not match', async () => {
    const { c, addressId, cart } = await shopper([[shop.packs.dal1.id, 1]]);
    const placed = (
      await place(c, { address_id: addressId, payment_method: 'cashfree', expected_total: cart.amount, idempotency_key: key() })
    ).json();
    const raw = JSON.stringify({
      type: 'PAYMENT_SUCCESS_WEBHOOK',
      data: { order: { order_id: placed.order.id }, payment: { cf_payment_id: 1, payment_status: 'SUCCESS' } },
    });
    const res = await fetch(`${base}/s/api/payments/cashfree/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-webhook-signature': 'AAAA', 'x-webhook-timestamp': '1' },
      body: raw,
    });
    expect(res.status).toBe(400);
    expect((await c.get(`/s/api/orders/${placed.order.id}`)).json().status).toBe('pending_payment');
  });
});

describe('abandoned payments', () => {
  itOnPostgres('release stock and slot exactly once, even when two runs race (PostgreSQL)', async () => {
    const { c, addressId, cart } = await shopper([[shop.packs.dal1.id, 4]]);
    const before = await stockOf(shop.packs.dal1.id, shop.warehouses.blr.id);
    const placed = (
      await place(c, { address_id: addressId, payment_method: 'razorpay', expected_total: cart.amount, idempotency_key: key() })
    ).json();
    expect(await stockOf(shop.packs.dal1.id, shop.warehouses.blr.id)).toBe(before - 4);
    await t.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(orders.id, placed.order.id));
    const released = await Promise.all([t.app.payments.releaseAbandoned(), t.app.payments.releaseAbandoned()]);
    expect(released.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await stockOf(shop.packs.dal1.id, shop.warehouses.blr.id)).toBe(before);
    const detail = (await c.get(`/s/api/orders/${placed.order.id}`)).json();
    expect(detail).toMatchObject({ status: 'payment_failed', payment: { status: 'failed' } });
    expect(await t.db.select().from(payments).where(eq(payments.orderId, placed.order.id))).toHaveLength(1);
  });
});

describe('the stock ledger after all of the above', () => {
  it('accounts for every unit: each balance is the sum of its movements', async () => {
    expect(await ledgerMismatches(t.db)).toMatchObject({ mismatches: [] });
  });
});
