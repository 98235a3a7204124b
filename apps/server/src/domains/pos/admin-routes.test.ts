import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  orders,
  outbox,
  packs,
  payments,
  posSales,
  posShifts,
  stockMovements,
  users,
  websiteMembers,
  websiteSettings,
  websites,
  warehouses,
} from '../../db/schema';
import { TestClient } from '../../test/client';
import { invalidateWebsite } from '../../http/cache';
import { itOnPostgres } from '../../test/on-postgres';
import { setStock, signInAs } from '../cart/test-fixture';
import { ledgerMismatches } from '../inventory';
import { checkoutBench } from '../orders/test-fixture';

let b: Awaited<ReturnType<typeof checkoutBench>>;
let cashier: TestClient;
let seq = 0;
const till = 'Till 1';

async function as(flags: { hasAdminAccess?: boolean; isSalesAgent?: boolean; isCashier?: boolean } | null): Promise<TestClient> {
  const c = new TestClient(b.t.app);
  if (!flags) return c;
  const n = ++seq;
  const [u] = await b.t.db
    .insert(users)
    .values({ name: `Cashier ${n}`, email: `pos${n}-${Date.now()}@example.com` })
    .returning();
  await b.t.db.insert(websiteMembers).values({
    websiteId: b.shop.websiteId,
    userId: u!.id,
    hasAdminAccess: !!flags.hasAdminAccess,
    isSalesAgent: !!flags.isSalesAgent,
    isCashier: !!flags.isCashier,
  });
  await signInAs(b.t.db, c, u!.id);
  return c;
}

/** a return's reason and refund tender (back to the sale's own tenders) */
const why = { reason: 'damaged', tender: 'original' } as const;
const key = () => `pos-${++seq}-${Math.random().toString(36).slice(2)}`;
const ordersCount = async () => (await b.t.db.select().from(orders).where(eq(orders.channel, 'pos'))).length;

/** A sale body paying `total` (₹) in cash with `tendered`. */
const cashSale = (lines: Array<{ pack_id: number; quantity: number; discount?: number }>, total: number, tendered = total, extra = {}) => ({
  idempotency_key: key(),
  till,
  lines,
  expected_total: total,
  payment: { cash: total, cash_tendered: tendered },
  ...extra,
});

beforeAll(async () => {
  b = await checkoutBench();
  cashier = await as({ hasAdminAccess: true });
  const open = await cashier.post('/s/api/pos/shift/open', { till, warehouse_id: b.shop.warehouses.blr.id, float: 2000 });
  expect(open.statusCode, open.body).toBe(200);
}, 120_000);
afterAll(() => b.t.close());

describe('roles and input', () => {
  it('401 signed out, 403 for a shopper or an agent, 200 for staff with admin access', async () => {
    const who = { anonymous: await as(null), shopper: await as({}), agent: await as({ isSalesAgent: true }), admin: cashier };
    const expected = { anonymous: 401, shopper: 403, agent: 403, admin: 200 };
    for (const [name, c] of Object.entries(who)) {
      expect((await c.get('/s/api/pos/settings')).statusCode, name).toBe(expected[name as keyof typeof expected]);
      const sale = await c.post('/s/api/pos/sales', cashSale([{ pack_id: b.shop.packs.dal1.id, quantity: 1 }], 180));
      expect(sale.statusCode, name).toBe(name === 'admin' ? 200 : expected[name as keyof typeof expected]);
    }
  });

  it('refuses a second shift at an open till, bad input, and another website’s warehouse', async () => {
    expect((await cashier.post('/s/api/pos/shift/open', { till, warehouse_id: b.shop.warehouses.blr.id, float: 0 })).json().code).toBe(
      'SHIFT_ALREADY_OPEN',
    );
    const bad = await cashier.post('/s/api/pos/shift/open', { till: 'T9', warehouse_id: b.shop.warehouses.blr.id, float: -5 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.float).toBeDefined();
    const [site] = await b.t.db.insert(websites).values({ name: 'Other' }).returning();
    const [wh] = await b.t.db.insert(warehouses).values({ websiteId: site!.id, name: 'Other WH', code: 'OTH' }).returning();
    expect((await cashier.post('/s/api/pos/shift/open', { till: 'T9', warehouse_id: wh!.id, float: 0 })).statusCode).toBe(404);
    expect((await cashier.get('/s/api/pos/shift?till=T9')).json().shift).toBeNull();
  });
});

describe('settings', () => {
  it('the owner sets the UPI ID and the discount limit (audited); a bad UPI ID is refused at its field and changes nothing', async () => {
    const before = (await cashier.get('/s/api/pos/settings')).json();
    const bad = await cashier.put('/s/api/pos/settings', { upi_vpa: 'not a vpa', payee_name: 'X', max_discount_percent: 5 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.upi_vpa).toEqual(['Enter a UPI ID like shop@bank']);
    expect((await cashier.get('/s/api/pos/settings')).json()).toEqual(before);
    const ok = await cashier.put('/s/api/pos/settings', { upi_vpa: 'shop@okaxis', payee_name: 'Cart Shop', max_discount_percent: 10 });
    expect(ok.json()).toMatchObject({ upi_vpa: 'shop@okaxis', payee_name: 'Cart Shop', max_discount_percent: 10 });
    const audit = await b.t.db.select().from(auditLog).where(eq(auditLog.entity, 'pos_settings'));
    expect(audit.at(-1)!.after).toEqual({ upiVpa: 'shop@okaxis', payeeName: 'Cart Shop', maxDiscountBp: 1000 });
  });
});

describe('loose goods', () => {
  it('adds a loose good (price per kg, stock in grams at every warehouse) that the till lists and the storefront does not', async () => {
    const bad = await cashier.post('/s/api/pos/loose-goods', {
      name: 'Loose Sugar',
      price_per_kg: 0,
      hsn_code: '17',
      gst_rate: 5,
      grams: 1000,
    });
    expect(bad.statusCode).toBe(422);
    const res = await cashier.post('/s/api/pos/loose-goods', {
      name: 'Loose Sugar',
      price_per_kg: 48,
      hsn_code: '1701',
      gst_rate: 5,
      grams: 20_000,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { pack_id } = res.json();
    const found = (await cashier.get(`/s/api/pos/packs?warehouse_id=${b.shop.warehouses.blr.id}&q=sugar`)).json().data;
    expect(found).toEqual([expect.objectContaining({ pack_id, sold_by_weight: true, price: 48, available: 20_000, gst_rate: 5 })]);
    expect(
      (await cashier.post('/s/api/pos/loose-goods', { name: 'Loose Sugar', price_per_kg: 50, hsn_code: '', gst_rate: 0, grams: 0 }))
        .statusCode,
    ).toBe(409);
    const shopper = await as({});
    expect(JSON.stringify((await shopper.get('/s/api/products?q=sugar')).json())).not.toContain('Loose Sugar');
  });
});

describe('a substitute for an order line', () => {
  it('in_stock=1 lists only packs with a unit at the warehouse; without it the counter sees them all', async () => {
    const { ghee1, vada1, dal1 } = b.shop.packs;
    const blr = b.shop.warehouses.blr.id;
    const search = async (q: string, inStock: boolean) => {
      const res = await cashier.get(`/s/api/pos/packs?warehouse_id=${blr}&q=${q}${inStock ? '&in_stock=1' : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as Array<{ pack_id: number; available: number }>;
    };
    // Cow Ghee is counted at 0 in Bengaluru, Vada Pav Mix has no stock row there
    expect((await search('ghee', false)).map((p) => [p.pack_id, p.available])).toEqual([[ghee1.id, 0]]);
    expect(await search('ghee', true)).toEqual([]);
    expect((await search('vada', false)).map((p) => p.pack_id)).toEqual([vada1.id]);
    expect(await search('vada', true)).toEqual([]);
    const inStock = await search('', true);
    expect(inStock.length).toBeGreaterThan(0);
    expect(inStock.every((p) => p.available >= 1)).toBe(true);
    expect(inStock.map((p) => p.pack_id)).toContain(dal1.id);
    expect(inStock.map((p) => p.pack_id)).not.toContain(ghee1.id);
    expect((await cashier.get(`/s/api/pos/packs?warehouse_id=${blr}&in_stock=yes`)).statusCode).toBe(422);
  });
});

describe('selling', () => {
  it('takes stock once and writes one order (pos channel) and one paid payment; a retry answers the same sale', async () => {
    const { dal1 } = b.shop.packs;
    const blr = b.shop.warehouses.blr.id;
    const before = await b.stockOf(dal1.id, blr);
    const n = await ordersCount();
    const body = cashSale([{ pack_id: dal1.id, quantity: 2 }], 360, 500);
    const res = await cashier.post('/s/api/pos/sales', body);
    expect(res.statusCode, res.body).toBe(200);
    const sale = res.json();
    expect(sale).toMatchObject({ total: 360, change: 140, created: true, flags: [] });
    expect(await b.stockOf(dal1.id, blr)).toBe(before - 2);
    const again = await cashier.post('/s/api/pos/sales', body);
    expect(again.json()).toMatchObject({ order_id: sale.order_id, receipt: sale.receipt, created: false });
    expect(await b.stockOf(dal1.id, blr)).toBe(before - 2);
    expect(await ordersCount()).toBe(n + 1);
    const [o] = await b.t.db.select().from(orders).where(eq(orders.id, sale.order_id));
    expect(o).toMatchObject({ channel: 'pos', status: 'delivered', paymentMethod: 'pos', total: 36_000 });
    const pays = await b.t.db.select().from(payments).where(eq(payments.orderId, sale.order_id));
    expect(pays).toHaveLength(1);
    expect(pays[0]).toMatchObject({ provider: 'pos', status: 'paid', amount: 36_000 });
    const moves = await b.t.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.reference, `order:${sale.order_id}`));
    expect(moves.map((m) => [m.reason, m.quantity])).toEqual([['pos_sale', -2]]);
    const audit = await b.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'pos_sale'), eq(auditLog.entityId, sale.order_id)));
    expect(audit).toHaveLength(1);
    // the receipt and the A4 invoice print
    const receipt = await cashier.get(`/s/api/pos/sales/${sale.receipt}/print`);
    expect(receipt.headers['content-type']).toContain('text/html');
    expect(receipt.body).toContain('80mm');
    expect(receipt.body).toContain(sale.receipt);
    expect((await cashier.get(`/s/api/pos/sales/${sale.receipt}/print?format=a4`)).body).toContain('Tax Invoice');
  });

  it('a split payment sums to the total; one that does not is refused and changes nothing', async () => {
    const { rice5 } = b.shop.packs;
    const blr = b.shop.warehouses.blr.id;
    const before = await b.stockOf(rice5.id, blr);
    const n = await ordersCount();
    const lines = [{ pack_id: rice5.id, quantity: 2 }]; // ₹1,100
    const short = await cashier.post('/s/api/pos/sales', {
      ...cashSale(lines, 1100),
      payment: { cash: 100, upi: 500, card: 400, card_ref: 'T1' },
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().code).toBe('PAYMENT_MISMATCH');
    expect(await b.stockOf(rice5.id, blr)).toBe(before);
    expect(await ordersCount()).toBe(n);
    const ok = await cashier.post('/s/api/pos/sales', {
      ...cashSale(lines, 1100),
      payment: { cash: 200, cash_tendered: 200, upi: 500, card: 400, card_ref: 'AUTH-77' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const [s] = await b.t.db.select().from(posSales).where(eq(posSales.orderId, ok.json().order_id));
    expect(s!.cash + s!.upi + s!.card).toBe(110_000);
    expect(s!.cardRef).toBe('AUTH-77');
  });

  it('sells loose goods by weight (price per kg, grams) and keeps discounts within the owner’s limit', async () => {
    const { rice1 } = b.shop.packs; // ₹120 a kg for this test
    const mum = b.shop.warehouses.mum.id;
    await b.t.db.update(packs).set({ soldByWeight: true }).where(eq(packs.id, rice1.id));
    await setStock(b.t.db, b.shop.websiteId, rice1.id, mum, 10_000);
    const c2 = await as({ hasAdminAccess: true });
    expect((await c2.post('/s/api/pos/shift/open', { till: 'Loose', warehouse_id: mum, float: 0 })).statusCode).toBe(200);
    // 755 g at ₹120/kg = ₹90.60; 10 % limit on ₹90.60 = ₹9.06
    const tooMuch = await c2.post('/s/api/pos/sales', {
      ...cashSale([{ pack_id: rice1.id, quantity: 755 }], 80.6),
      till: 'Loose',
      cart_discount: 10,
    });
    expect(tooMuch.json().code).toBe('DISCOUNT_TOO_LARGE');
    const res = await c2.post('/s/api/pos/sales', {
      ...cashSale([{ pack_id: rice1.id, quantity: 755, discount: 0.6 }], 85),
      till: 'Loose',
      cart_discount: 5,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await b.stockOf(rice1.id, mum)).toBe(10_000 - 755);
    const detail = (await c2.get(`/s/api/pos/sales/${res.json().receipt}`)).json();
    expect(detail.lines[0]).toMatchObject({ quantity: 755, sold_by_weight: true, amount: 85 });
    await b.t.db.update(packs).set({ soldByWeight: false }).where(eq(packs.id, rice1.id));
    await c2.post('/s/api/pos/shift/close', { till: 'Loose', counted: 85 });
  });

  it('books the sale to the customer found or created by mobile', async () => {
    expect((await cashier.get('/s/api/pos/customers?mobile=9876500001')).json()).toEqual({
      found: false,
      name: null,
      group: null,
      // the receipt's language: the website's default for a new customer (issue 46 §5)
      language: 'en',
      prices: [],
    });
    const res = await cashier.post(
      '/s/api/pos/sales',
      cashSale([{ pack_id: b.shop.packs.dal1.id, quantity: 1 }], 180, 180, { customer: { mobile: '9876500001', name: 'Meena' } }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await cashier.get('/s/api/pos/customers?mobile=9876500001')).json()).toEqual({
      found: true,
      name: 'Meena',
      group: null,
      prices: [],
      language: 'en',
    });
    const [o] = await b.t.db.select().from(orders).where(eq(orders.id, res.json().order_id));
    const [u] = await b.t.db.select().from(users).where(eq(users.id, o!.userId));
    expect(u!.phone).toBe('9876500001');
  });

  it('sends the receipt to the customer by SMS or email through the outbox (audited); a bad address or receipt changes nothing', async () => {
    const res = await cashier.post(
      '/s/api/pos/sales',
      cashSale([{ pack_id: b.shop.packs.dal1.id, quantity: 2 }], 360, 400, { customer: { mobile: '9876500002', name: 'Ravi' } }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { receipt, order_id } = res.json() as { receipt: string; order_id: string };
    const outboxRows = (to: string) => b.t.db.select().from(outbox).where(eq(outbox.to, to));

    expect((await cashier.post(`/s/api/pos/sales/${receipt}/send`, { to: '98765 00002' })).statusCode).toBe(200);
    const [sms] = await outboxRows('9876500002');
    expect(sms).toMatchObject({ channel: 'sms' });
    expect(sms!.body).toContain(`receipt ${receipt}, total ₹360 paid (₹360 by cash)`);
    expect(sms!.body).toContain(`/account/orders/${order_id}`);

    expect((await cashier.post(`/s/api/pos/sales/${receipt}/send`, { to: 'Ravi@Example.com' })).statusCode).toBe(200);
    const [mail] = await outboxRows('ravi@example.com');
    expect(mail!.subject).toMatch(new RegExp(`^Your receipt ${receipt} from .+`));
    expect(mail!.body).toMatch(/× 2: ₹360/);
    expect(
      await b.t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'pos_sale'), eq(auditLog.entityId, receipt), eq(auditLog.action, 'send_receipt'))),
    ).toHaveLength(2);

    const before = (await b.t.db.select().from(outbox)).length;
    const bad = await cashier.post(`/s/api/pos/sales/${receipt}/send`, { to: '12345' });
    expect(bad.statusCode).toBe(422);
    expect((await cashier.post('/s/api/pos/sales/NOPE123/send', { to: '9876500002' })).statusCode).toBe(404);
    expect((await (await as(null)).post(`/s/api/pos/sales/${receipt}/send`, { to: '9876500002' })).statusCode).toBe(401);
    expect((await (await as({ isSalesAgent: true })).post(`/s/api/pos/sales/${receipt}/send`, { to: '9876500002' })).statusCode).toBe(403);
    expect((await b.t.db.select().from(outbox)).length).toBe(before);
  });

  it('a counter sale and an online checkout racing for the last unit: exactly one wins', async () => {
    const { dal1 } = b.shop.packs;
    const blr = b.shop.warehouses.blr.id;
    for (let round = 0; round < 3; round++) {
      await setStock(b.t.db, b.shop.websiteId, dal1.id, blr, 1);
      const s = await b.shopper([[dal1.id, 1]]);
      const [online, counter] = await Promise.all([
        b.place(s.c, { address_id: s.addressId, payment_method: 'cod', expected_total: s.cart.amount, idempotency_key: b.key() }),
        cashier.post('/s/api/pos/sales', cashSale([{ pack_id: dal1.id, quantity: 1 }], 180)),
      ]);
      expect([online.statusCode, counter.statusCode].sort()).toEqual([200, 409]);
      expect(await b.stockOf(dal1.id, blr)).toBe(0);
    }
    await setStock(b.t.db, b.shop.websiteId, dal1.id, blr, 100);
  });

  it('online checkouts and counter sales of the same two packs, listed in opposite orders, all at once: none waits forever or fails, each unit is counted once', async () => {
    // Every path takes the shared rows in one order (slot, stock by pack, coupon, order counter),
    // so crossing transactions queue instead of deadlocking (PostgreSQL would abort one: a 500).
    const { dal1, rice1 } = b.shop.packs;
    const blr = b.shop.warehouses.blr.id;
    const before = [await b.stockOf(dal1.id, blr), await b.stockOf(rice1.id, blr)] as const;
    await setStock(b.t.db, b.shop.websiteId, dal1.id, blr, 50);
    await setStock(b.t.db, b.shop.websiteId, rice1.id, blr, 50);
    const shoppers = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        b.shopper(
          i % 2
            ? [
                [rice1.id, 1],
                [dal1.id, 1],
              ]
            : [
                [dal1.id, 1],
                [rice1.id, 1],
              ],
        ),
      ),
    );
    const n = await ordersCount();
    const res = await Promise.all([
      ...shoppers.map((s) =>
        b.place(s.c, { address_id: s.addressId, payment_method: 'cod', expected_total: s.cart.amount, idempotency_key: b.key() }),
      ),
      ...Array.from({ length: 4 }, (_, i) =>
        cashier.post(
          '/s/api/pos/sales',
          cashSale(
            i % 2
              ? [
                  { pack_id: rice1.id, quantity: 1 },
                  { pack_id: dal1.id, quantity: 1 },
                ]
              : [
                  { pack_id: dal1.id, quantity: 1 },
                  { pack_id: rice1.id, quantity: 1 },
                ],
            300,
          ),
        ),
      ),
    ]);
    expect(
      res.map((r) => r.statusCode),
      res.map((r) => r.body).join('\n'),
    ).toEqual(Array(8).fill(200));
    expect(await ordersCount()).toBe(n + 4);
    expect(await b.stockOf(dal1.id, blr)).toBe(42);
    expect(await b.stockOf(rice1.id, blr)).toBe(42);
    expect((await ledgerMismatches(b.t.db)).mismatches).toEqual([]);
    await setStock(b.t.db, b.shop.websiteId, dal1.id, blr, before[0]);
    await setStock(b.t.db, b.shop.websiteId, rice1.id, blr, before[1]);
  });
});

describe('returns', () => {
  it('returns some lines by receipt number: back to stock, refunded by the original methods; no more than was sold', async () => {
    const { dal1, rice5 } = b.shop.packs;
    const blr = b.shop.warehouses.blr.id;
    const sale = (
      await cashier.post('/s/api/pos/sales', {
        ...cashSale(
          [
            { pack_id: dal1.id, quantity: 3 },
            { pack_id: rice5.id, quantity: 1 },
          ],
          1090,
        ),
        payment: { cash: 545, cash_tendered: 600, upi: 545 },
      })
    ).json();
    const detail = (await cashier.get(`/s/api/pos/sales/${sale.receipt}`)).json();
    const dalLine = detail.lines.find((l: { label: string }) => l.label.startsWith('Toor'));
    const dalBefore = await b.stockOf(dal1.id, blr);
    const ret = await cashier.post(`/s/api/pos/sales/${sale.receipt}/return`, {
      till,
      lines: [{ line_id: dalLine.line_id, quantity: 2 }],
      ...why,
    });
    expect(ret.statusCode, ret.body).toBe(200);
    expect(ret.json()).toMatchObject({ total: 360, refund: { cash: 180, upi: 180, card: 0 } });
    expect(await b.stockOf(dal1.id, blr)).toBe(dalBefore + 2);
    const tooMany = await cashier.post(`/s/api/pos/sales/${sale.receipt}/return`, {
      till,
      lines: [{ line_id: dalLine.line_id, quantity: 2 }],
      ...why,
    });
    expect(tooMany.json().code).toBe('RETURN_TOO_MANY');
    expect(await b.stockOf(dal1.id, blr)).toBe(dalBefore + 2);
    expect(
      (await cashier.get(`/s/api/pos/sales/${sale.receipt}`)).json().lines.find((l: { line_id: number }) => l.line_id === dalLine.line_id)
        .returned,
    ).toBe(2);
    expect(
      (await cashier.post('/s/api/pos/sales/GR999999/return', { till, lines: [{ line_id: 1, quantity: 1 }], ...why })).statusCode,
    ).toBe(404);
  });
});

describe('returns in the GST report', () => {
  it('a return is a credit note of its day: the report lists it by HSN and rate and nets it off the invoices, CSV too', async () => {
    const { dal1 } = b.shop.packs;
    const gst = async () => {
      const res = await cashier.get('/s/api/admin/reports/gst');
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const sale = (await cashier.post('/s/api/pos/sales', cashSale([{ pack_id: dal1.id, quantity: 3 }], 540))).json();
    const before = await gst();
    const line = (await cashier.get(`/s/api/pos/sales/${sale.receipt}`)).json().lines[0];
    const ret = await cashier.post(`/s/api/pos/sales/${sale.receipt}/return`, {
      till,
      lines: [{ line_id: line.line_id, quantity: 2 }],
      ...why,
    });
    expect(ret.json()).toMatchObject({ total: 360 });
    const after = await gst();
    // the sale's invoice is unchanged; the return is a credit note of ₹360 at 5 % (HSN 1006)
    expect(after.totals).toEqual(before.totals);
    expect(after.credit_notes.count).toBe(before.credit_notes.count + 1);
    const paise = (x: number) => Math.round(x * 100);
    const credit = (r: typeof after) =>
      r.credit_notes.rows.find((x: { hsn_code: string; rate: number }) => x.hsn_code === '1006' && x.rate === 5);
    const was = credit(before) ?? { quantity: 0, taxable: 0, tax: 0, total: 0 };
    const now = credit(after);
    expect(now.quantity - was.quantity).toBe(2);
    expect(paise(now.total) - paise(was.total)).toBe(36_000);
    expect(paise(now.tax) - paise(was.tax)).toBe(1_714); // round(36000 × 500 / 10500)
    expect(paise(now.taxable) - paise(was.taxable)).toBe(34_286);
    // net = invoices − credit notes, row by row and in total
    for (const key of ['taxable', 'cgst', 'sgst', 'igst', 'total'] as const)
      expect(paise(after.net.totals[key])).toBe(paise(after.totals[key]) - paise(after.credit_notes.totals[key]));
    expect(after.net.totals.quantity).toBe(after.totals.quantity - after.credit_notes.totals.quantity);
    const csv = (await cashier.get('/s/api/admin/reports/gst.csv')).body.trim().split('\r\n');
    expect(csv).toContain(`Credit notes (${after.credit_notes.count} counter returns)`);
    expect(csv.find((l: string) => l.startsWith('Net total,'))).toBe(
      `Net total,,${after.net.totals.quantity},${[after.net.totals.taxable, after.net.totals.cgst, after.net.totals.sgst, after.net.totals.igst, after.net.totals.tax, after.net.totals.total].map((x: number) => x.toFixed(2)).join(',')}`,
    );
  });
});

describe('offline queue', () => {
  it('a queue replayed twice (and concurrently) creates each sale once; a line out of stock meanwhile is flagged, not lost', async () => {
    const { dal1, ghee1 } = b.shop.packs; // ghee has no stock at Bengaluru
    const n = await ordersCount();
    const queue = [
      cashSale([{ pack_id: dal1.id, quantity: 1 }], 180, 200, { offline: true }),
      cashSale(
        [
          { pack_id: dal1.id, quantity: 1 },
          { pack_id: ghee1.id, quantity: 1 },
        ],
        480,
        500,
        { offline: true },
      ),
    ];
    const first = await Promise.all(queue.flatMap((s) => [cashier.post('/s/api/pos/sales', s), cashier.post('/s/api/pos/sales', s)]));
    for (const r of first) expect(r.statusCode, r.body).toBe(200);
    for (const s of queue) expect((await cashier.post('/s/api/pos/sales', s)).json().created).toBe(false);
    expect(await ordersCount()).toBe(n + 2);
    const second = first[2]!.json();
    expect(second.flags).toEqual([{ pack_id: ghee1.id, label: 'Cow Ghee - 500 ml', quantity: 1, reason: 'out_of_stock' }]);
    const shift = (await cashier.get(`/s/api/pos/shift?till=${encodeURIComponent(till)}`)).json().shift;
    const report = (await cashier.get(`/s/api/pos/shifts/${shift.id}/report`)).json();
    expect(report.flags).toContainEqual({
      pack_id: ghee1.id,
      label: 'Cow Ghee - 500 ml',
      quantity: 1,
      reason: 'out_of_stock',
      receipt: second.receipt,
    });
    // the same sale online is refused instead
    const online = await cashier.post('/s/api/pos/sales', cashSale([{ pack_id: ghee1.id, quantity: 1 }], 300));
    expect(online.json().code).toBe('OUT_OF_STOCK');
  });
});

describe('held carts', () => {
  it('holds a cart and recalls it once', async () => {
    const cart = {
      customer: null,
      cart_discount: 0,
      lines: [{ pack_id: 1, label: 'X', price: 10, sold_by_weight: false, quantity: 2, discount: 0 }],
    };
    const { id } = (await cashier.post('/s/api/pos/held', { till, label: 'Lady in red', cart })).json();
    expect((await cashier.get(`/s/api/pos/held?till=${encodeURIComponent(till)}`)).json().data.map((h: { id: number }) => h.id)).toContain(
      id,
    );
    expect((await cashier.post(`/s/api/pos/held/${id}/recall`)).json()).toEqual(cart);
    expect((await cashier.post(`/s/api/pos/held/${id}/recall`)).statusCode).toBe(404);
  });
});

describe('closing the shift', () => {
  it('records expected against counted cash; the report splits sales by method and counts returns', async () => {
    const shift = (await cashier.get(`/s/api/pos/shift?till=${encodeURIComponent(till)}`)).json().shift;
    const report = (await cashier.get(`/s/api/pos/shifts/${shift.id}/report`)).json();
    expect(report.returns.count).toBe(2); // the two returns above, one per describe
    expect(report.cash_in_drawer).toBeCloseTo(2000 + report.by_method.cash - report.returns.cash, 2);
    expect(report.total).toBeCloseTo(report.by_method.cash + report.by_method.upi + report.by_method.card, 2);
    const closed = await cashier.post('/s/api/pos/shift/close', { till, counted: report.cash_in_drawer - 50 });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ expected: report.cash_in_drawer, difference: -50 });
    expect((await cashier.post('/s/api/pos/sales', cashSale([{ pack_id: b.shop.packs.dal1.id, quantity: 1 }], 180))).json().code).toBe(
      'SHIFT_NOT_OPEN',
    );
    expect((await cashier.post('/s/api/pos/shift/close', { till, counted: 0 })).json().code).toBe('SHIFT_NOT_OPEN');
  });
});

describe('a cashier (the point of sale only)', () => {
  it('sells and works the till, but neither changes the shop’s settings nor adds loose goods nor opens Administration', async () => {
    const c = await as({ isCashier: true });
    expect((await c.get('/s/api/pos/settings')).statusCode).toBe(200);
    expect(
      (await c.post('/s/api/pos/shift/open', { till: 'Cashier only', warehouse_id: b.shop.warehouses.blr.id, float: 0 })).statusCode,
    ).toBe(200);
    const sale = await c.post(
      '/s/api/pos/sales',
      cashSale([{ pack_id: b.shop.packs.dal1.id, quantity: 1 }], 180, 180, { till: 'Cashier only' }),
    );
    expect(sale.statusCode, sale.body).toBe(200);
    const before = (await c.get('/s/api/pos/settings')).json();
    const put = await c.put('/s/api/pos/settings', { upi_vpa: 'me@okaxis', payee_name: 'Me', max_discount_percent: 100 });
    expect([put.statusCode, put.json().code]).toEqual([403, 'FORBIDDEN']);
    expect((await c.get('/s/api/pos/settings')).json()).toEqual(before);
    const loose = await c.post('/s/api/pos/loose-goods', { name: 'Loose Jaggery', price_per_kg: 60, hsn_code: '', gst_rate: 0, grams: 0 });
    expect(loose.statusCode).toBe(403);
    expect((await c.get('/s/api/admin/orders')).statusCode).toBe(403);
    expect((await c.post('/s/api/pos/shift/close', { till: 'Cashier only', counted: 180 })).statusCode).toBe(200);
  });
});

describe('closing another cashier’s shift', () => {
  it('is refused to a cashier (403); a manager (admin) needs a reason (422 without) and is audited; a cashier closes their own without one', async () => {
    const meena = await as({ isCashier: true });
    const ravi = await as({ isCashier: true });
    const manager = await as({ hasAdminAccess: true });
    const shared = 'Shared till';
    const open = await meena.post('/s/api/pos/shift/open', { till: shared, warehouse_id: b.shop.warehouses.blr.id, float: 1000 });
    expect(open.json()).toMatchObject({ opened_by_me: true, close_reason: null });
    const shiftId = open.json().id as number;
    const row = async () => (await b.t.db.select().from(posShifts).where(eq(posShifts.id, shiftId)))[0]!;
    const audits = async () =>
      (
        await b.t.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.entity, 'pos_shift'), eq(auditLog.entityId, String(shiftId))))
      ).map((a) => a.action);
    expect((await ravi.get(`/s/api/pos/shift?till=${encodeURIComponent(shared)}`)).json().shift).toMatchObject({
      id: shiftId,
      opened_by_me: false,
    });

    const refused = await ravi.post('/s/api/pos/shift/close', { till: shared, counted: 1000, reason: 'Going home' });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'SHIFT_NOT_YOURS']);
    const noReason = await manager.post('/s/api/pos/shift/close', { till: shared, counted: 1000 });
    expect([noReason.statusCode, noReason.json().code]).toEqual([422, 'SHIFT_CLOSE_REASON_REQUIRED']);
    expect(noReason.json().errors.reason).toEqual(['Say why you are closing another cashier’s shift']);
    const blank = await manager.post('/s/api/pos/shift/close', { till: shared, counted: 1000, reason: '   ' });
    expect(blank.statusCode).toBe(422);
    expect(await row()).toMatchObject({ closedAt: null, counted: null, closeReason: null });
    expect(await audits()).toEqual(['open']);

    const closed = await manager.post('/s/api/pos/shift/close', { till: shared, counted: 990, reason: 'Meena went home ill' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({
      expected: 1000,
      counted: 990,
      difference: -10,
      close_reason: 'Meena went home ill',
      opened_by_me: false,
    });
    expect(await row()).toMatchObject({ closeReason: 'Meena went home ill', counted: 99_000 });
    const [audit] = await b.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'pos_shift'), eq(auditLog.entityId, String(shiftId)), eq(auditLog.action, 'close_for_cashier')));
    expect(audit!.after).toMatchObject({ close_reason: 'Meena went home ill', counted: 990 });
    expect(audit!.before).toMatchObject({ closed_at: null });

    // her own shift: no reason asked, none kept
    const own = await ravi.post('/s/api/pos/shift/open', { till: shared, warehouse_id: b.shop.warehouses.blr.id, float: 0 });
    const mine = await ravi.post('/s/api/pos/shift/close', { till: shared, counted: 0 });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({ close_reason: null, opened_by_me: true });
    const ownAudit = await b.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'pos_shift'), eq(auditLog.entityId, String(own.json().id))));
    expect(ownAudit.map((a) => a.action)).toEqual(['open', 'close']);
  });
});

describe('late sales (offline sales synced after their shift was closed)', () => {
  const blr = () => b.shop.warehouses.blr.id;
  const report = async (id: number) => {
    const res = await cashier.get(`/s/api/pos/shifts/${id}/report`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const shiftRow = async (id: number) => (await b.t.db.select().from(posShifts).where(eq(posShifts.id, id)))[0]!;
  const counted = (r: Record<string, unknown>) => {
    const { late_sales: _late, flags: _flags, ...rest } = r;
    return rest;
  };

  it('lands on the till’s open shift, flagged late; the closed shift’s figures and report are unchanged byte for byte', async () => {
    const t1 = 'Late till 1';
    const a = (await cashier.post('/s/api/pos/shift/open', { till: t1, warehouse_id: blr(), float: 500 })).json();
    expect(
      (await cashier.post('/s/api/pos/sales', cashSale([{ pack_id: b.shop.packs.dal1.id, quantity: 1 }], 180, 200, { till: t1 })))
        .statusCode,
    ).toBe(200);
    // rung up while the till was offline: queued with its shift, not yet synced
    const queued = cashSale([{ pack_id: b.shop.packs.dal1.id, quantity: 2 }], 360, 400, { till: t1, offline: true, shift_id: a.id });
    const before = await report(a.id);
    expect(before.cash_in_drawer).toBe(680);
    // the drawer holds the offline sale's cash too: counted ₹360 over
    const close = await cashier.post('/s/api/pos/shift/close', { till: t1, counted: 1040 });
    expect(close.json()).toMatchObject({ expected: 680, difference: 360 });
    const closedRow = await shiftRow(a.id);
    const closedReport = JSON.stringify(await report(a.id));
    const nextShift = (await cashier.post('/s/api/pos/shift/open', { till: t1, warehouse_id: blr(), float: 300 })).json();

    const synced = await cashier.post('/s/api/pos/sales', queued);
    expect(synced.statusCode, synced.body).toBe(200);
    const sale = synced.json();
    expect(sale.flags).toEqual([
      { pack_id: 0, label: `Late sale: rung up in shift ${a.id}, synced after it was closed`, quantity: 0, reason: 'late' },
    ]);
    expect((await cashier.post('/s/api/pos/sales', queued)).json()).toMatchObject({ order_id: sale.order_id, created: false });

    expect(await shiftRow(a.id)).toEqual(closedRow);
    expect(JSON.stringify(await report(a.id))).toBe(closedReport);
    const [row] = await b.t.db.select().from(posSales).where(eq(posSales.orderId, sale.order_id));
    expect(row).toMatchObject({ shiftId: nextShift.id, lateFromShiftId: a.id });

    const open = await report(nextShift.id);
    expect(open).toMatchObject({ sales: 0, total: 0, by_method: { cash: 0, upi: 0, card: 0 }, cash_in_drawer: 300 });
    expect(open.late_sales).toMatchObject({
      count: 1,
      total: 360,
      by_method: { cash: 360, upi: 0, card: 0 },
      lines: [{ receipt: sale.receipt, total: 360, cash: 360, upi: 0, card: 0, rung_up_in_shift: a.id }],
    });
    expect(open.flags).toContainEqual(expect.objectContaining({ reason: 'late', receipt: sale.receipt }));
    // its cash went into the earlier drawer: the open shift does not expect it
    expect((await cashier.post('/s/api/pos/shift/close', { till: t1, counted: 300 })).json()).toMatchObject({
      expected: 300,
      difference: 0,
    });
  });

  it('with no shift open at the till, it is a flagged late line on the closed shift’s report, its counted figures unchanged', async () => {
    const t2 = 'Late till 2';
    const n = await ordersCount();
    const a = (await cashier.post('/s/api/pos/shift/open', { till: t2, warehouse_id: blr(), float: 100 })).json();
    await cashier.post('/s/api/pos/sales', cashSale([{ pack_id: b.shop.packs.dal1.id, quantity: 1 }], 180, 180, { till: t2 }));
    const queued = cashSale([{ pack_id: b.shop.packs.dal1.id, quantity: 1 }], 180, 200, { till: t2, offline: true, shift_id: a.id });
    // queued by a till from before tills sent their shift
    const legacy = cashSale([{ pack_id: b.shop.packs.dal1.id, quantity: 1 }], 180, 180, { till: t2, offline: true });
    await cashier.post('/s/api/pos/shift/close', { till: t2, counted: 460 });
    const closedRow = await shiftRow(a.id);
    const before = await report(a.id);
    expect(before.late_sales).toEqual({ count: 0, total: 0, by_method: { cash: 0, upi: 0, card: 0 }, lines: [] });

    const first = (await cashier.post('/s/api/pos/sales', queued)).json();
    const second = (await cashier.post('/s/api/pos/sales', legacy)).json();
    expect([first.flags[0].reason, second.flags[0].reason]).toEqual(['late', 'late']);
    expect(await ordersCount()).toBe(n + 3);

    const after = await report(a.id);
    expect(await shiftRow(a.id)).toEqual(closedRow);
    expect(counted(after)).toEqual(counted(before));
    expect(after.shift).toMatchObject({ expected: 280, counted: 460, difference: 180 });
    expect(after.late_sales).toMatchObject({
      count: 2,
      total: 360,
      by_method: { cash: 360 },
      lines: [
        { receipt: first.receipt, total: 180, rung_up_in_shift: a.id },
        { receipt: second.receipt, total: 180, rung_up_in_shift: a.id },
      ],
    });
    expect(after.flags.filter((f: { reason: string }) => f.reason === 'late').map((f: { receipt: string }) => f.receipt)).toEqual([
      first.receipt,
      second.receipt,
    ]);
  });

  it('refuses a shift that is not this till’s, and changes nothing', async () => {
    const other = (
      await cashier.post('/s/api/pos/shift/open', { till: 'Late till 3', warehouse_id: b.shop.warehouses.blr.id, float: 0 })
    ).json();
    const n = await ordersCount();
    const res = await cashier.post(
      '/s/api/pos/sales',
      cashSale([{ pack_id: b.shop.packs.dal1.id, quantity: 1 }], 180, 180, { till: 'Late till 4', offline: true, shift_id: other.id }),
    );
    expect([res.statusCode, res.json().errors]).toEqual([422, { shift_id: ['Not a shift of this till'] }]);
    expect(await ordersCount()).toBe(n);
    await cashier.post('/s/api/pos/shift/close', { till: 'Late till 3', counted: 0 });
  });

  itOnPostgres(
    'offline sales syncing while the shift closes: each is in the counted figures or late, never added after the count (PostgreSQL)',
    async () => {
      for (let round = 0; round < 4; round++) {
        const till = `Race till ${round}`;
        const shift = (await cashier.post('/s/api/pos/shift/open', { till, warehouse_id: blr(), float: 1000 })).json();
        const sales = Array.from({ length: 6 }, () =>
          cashSale([{ pack_id: b.shop.packs.dal1.id, quantity: 1 }], 180, 180, { till, offline: true, shift_id: shift.id }),
        );
        const res = await Promise.all([
          ...sales.slice(0, 3).map((s) => cashier.post('/s/api/pos/sales', s)),
          cashier.post('/s/api/pos/shift/close', { till, counted: 1000 }),
          ...sales.slice(3).map((s) => cashier.post('/s/api/pos/sales', s)),
        ]);
        expect(
          res.map((r) => r.statusCode),
          res.map((r) => r.body).join('\n'),
        ).toEqual(Array(7).fill(200));
        const rows = await b.t.db.select().from(posSales).where(eq(posSales.shiftId, shift.id));
        expect(rows).toHaveLength(6);
        const inFigures = rows.filter((r) => r.lateFromShiftId === null);
        const closed = await shiftRow(shift.id);
        expect(closed.expected).toBe(100_000 + inFigures.reduce((n, r) => n + r.cash, 0));
        const r = await report(shift.id);
        expect([r.sales, r.late_sales.count]).toEqual([inFigures.length, 6 - inFigures.length]);
        expect(r.cash_in_drawer).toBe(closed.expected! / 100);
      }
    },
  );
});

describe("the customer's language (issue 46 §5)", () => {
  it('a Hindi customer’s sale keeps hi; its 80 mm receipt and A4 invoice print in Hindi with the Devanagari font, a walk-in’s in English', async () => {
    await b.t.db
      .insert(websiteSettings)
      .values({ websiteId: b.shop.websiteId, languages: ['en', 'hi'] })
      .onConflictDoUpdate({ target: websiteSettings.websiteId, set: { languages: ['en', 'hi'] } });
    invalidateWebsite(b.shop.websiteId);
    try {
      const [u] = await b.t.db.insert(users).values({ name: 'Sunita', phone: '9876500077', language: 'hi' }).returning();
      await b.t.db.insert(websiteMembers).values({ websiteId: b.shop.websiteId, userId: u!.id });
      expect((await cashier.get('/s/api/pos/customers?mobile=9876500077')).json()).toMatchObject({ found: true, language: 'hi' });
      const lang = 'Till 46';
      const open = await cashier.post('/s/api/pos/shift/open', { till: lang, warehouse_id: b.shop.warehouses.blr.id, float: 0 });
      expect(open.statusCode, open.body).toBe(200);
      const res = await cashier.post(
        '/s/api/pos/sales',
        cashSale([{ pack_id: b.shop.packs.dal1.id, quantity: 2 }], 360, 500, {
          till: lang,
          customer: { mobile: '9876500077', name: 'Sunita' },
        }),
      );
      expect(res.statusCode, res.body).toBe(200);
      const sale = res.json();
      const [o] = await b.t.db.select().from(orders).where(eq(orders.id, sale.order_id));
      expect(o!.language).toBe('hi');
      const receipt = (await cashier.get(`/s/api/pos/sales/${sale.receipt}/print`)).body;
      expect(receipt).toContain('<html lang="hi-IN">');
      for (const s of [
        'टैक्स इनवॉइस (कैश मेमो)',
        `रसीद: <strong>${sale.receipt}</strong>`,
        'दिया गया नकद',
        'लौटाए गए',
        '<td>कुल</td>',
        'धन्यवाद!',
      ])
        expect(receipt).toContain(s);
      expect(receipt).toContain("font-family:'Noto Sans Devanagari'");
      expect(receipt).toContain('₹360');
      const a4 = (await cashier.get(`/s/api/pos/sales/${sale.receipt}/print?format=a4`)).body;
      expect(a4).toContain('<h1>टैक्स इनवॉइस</h1>');
      // a return's credit note, in Hindi too
      const line = (await cashier.get(`/s/api/pos/sales/${sale.receipt}`)).json().lines[0];
      const ret = await cashier.post(`/s/api/pos/sales/${sale.receipt}/return`, {
        till: lang,
        lines: [{ line_id: line.line_id, quantity: 1 }],
        ...why,
      });
      expect(ret.statusCode, ret.body).toBe(200);
      const note = (await cashier.get(`/s/api/pos/returns/${ret.json().number}/print`)).body;
      expect(note).toContain('<html lang="hi-IN">');
      for (const s of ['क्रेडिट नोट (वापसी रसीद)', `रसीद <strong>${sale.receipt}</strong>`, 'कारण: ख़राब', 'कुल वापसी', 'नकद में वापस'])
        expect(note).toContain(s);
      // the receipt by SMS in Hindi
      expect((await cashier.post(`/s/api/pos/sales/${sale.receipt}/send`, { to: '9876500077' })).statusCode).toBe(200);
      const [sms] = await b.t.db.select().from(outbox).where(eq(outbox.to, '9876500077'));
      expect(sms!.body).toContain(`रसीद ${sale.receipt}, कुल ₹360 चुकाए (₹360 नकद से)`);
      const walkIn = await cashier.post(
        '/s/api/pos/sales',
        cashSale([{ pack_id: b.shop.packs.dal1.id, quantity: 1 }], 180, 180, { till: lang }),
      );
      const english = (await cashier.get(`/s/api/pos/sales/${walkIn.json().receipt}/print`)).body;
      expect(english).toContain('<html lang="en">');
      expect(english).toContain('TAX INVOICE (cash memo)');
      expect(english).not.toContain('@font-face');
    } finally {
      await b.t.db
        .update(websiteSettings)
        .set({ languages: ['en'] })
        .where(eq(websiteSettings.websiteId, b.shop.websiteId));
      invalidateWebsite(b.shop.websiteId);
    }
  });
});
