import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, posReturns, users, websiteMembers } from '../../db/schema';
import { TestClient } from '../../test/client';
import { itOnPostgres } from '../../test/on-postgres';
import { signInAs } from '../cart/test-fixture';
import { checkoutBench, curdAndBread } from '../orders/test-fixture';

// Issue 40, points 6–8 at the server: returns refunded by a chosen tender (cash in whole rupees,
// the rounding kept), credit notes in their own series, offline receipt numbers, the Z report.

let b: Awaited<ReturnType<typeof checkoutBench>>;
let goods: { curd: number; bread: number };
let cashier: TestClient;
let seq = 0;
const till = 'Returns till';

async function staff(): Promise<TestClient> {
  const c = new TestClient(b.t.app);
  const [u] = await b.t.db
    .insert(users)
    .values({ name: `Cashier ${++seq}`, email: `ret${seq}-${Date.now()}@example.com` })
    .returning();
  await b.t.db.insert(websiteMembers).values({ websiteId: b.shop.websiteId, userId: u!.id, isCashier: true });
  await signInAs(b.t.db, c, u!.id);
  return c;
}
const key = () => `ret-${++seq}-${Math.random().toString(36).slice(2)}`;

/** Curd (₹32) and bread (₹26): ₹58, paid ₹34.53 in cash and ₹23.47 by UPI. */
async function splitSale(c = cashier, t = till) {
  const res = await c.post('/s/api/pos/sales', {
    idempotency_key: key(),
    till: t,
    lines: [
      { pack_id: goods.curd, quantity: 1 },
      { pack_id: goods.bread, quantity: 1 },
    ],
    expected_total: 58,
    payment: { cash: 34.53, cash_tendered: 40, upi: 23.47 },
  });
  expect(res.statusCode, res.body).toBe(200);
  const receipt = res.json().receipt as string;
  const detail = (await c.get(`/s/api/pos/sales/${receipt}`)).json() as { lines: Array<{ line_id: number; label: string }> };
  return { receipt, lines: detail.lines.map((l) => ({ line_id: l.line_id, quantity: 1 })) };
}

const returnsOf = async (receipt: string) => {
  const [o] = await b.t.db.select().from(orders).where(eq(orders.ordernumber, receipt));
  return b.t.db.select().from(posReturns).where(eq(posReturns.orderId, o!.id));
};

beforeAll(async () => {
  b = await checkoutBench();
  goods = await curdAndBread(b.t.db, b.shop);
  cashier = await staff();
  const open = await cashier.post('/s/api/pos/shift/open', { till, warehouse_id: b.shop.warehouses.blr.id, float: 1000 });
  expect(open.statusCode, open.body).toBe(200);
}, 120_000);
afterAll(() => b.t.close());

describe('a return refunded by the tender the cashier chooses', () => {
  it('to the original tenders: UPI to the paisa, cash in whole rupees, the rounding recorded; the total is refund + rounding', async () => {
    const { receipt, lines } = await splitSale();
    const res = await cashier.post(`/s/api/pos/sales/${receipt}/return`, { till, lines, reason: 'damaged', tender: 'original' });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({ total: 58, refund: { cash: 35, upi: 23.47, card: 0 }, rounding: -0.47, tender: 'original', receipt });
    expect(r.number).toMatch(/^CN\d+$/);
    const [row] = await returnsOf(receipt);
    expect(row).toMatchObject({ number: r.number, cash: 3500, upi: 2347, card: 0, rounding: -47, reason: 'damaged', tender: 'original' });
    expect(row!.lines.reduce((n, l) => n + l.amount, 0)).toBe(row!.cash + row!.upi + row!.card + row!.rounding);
  });

  it('all in cash (rounded, with a note for “other”), all by UPI (exact); credit notes number on in their own series', async () => {
    const one = await splitSale();
    const cash = (
      await cashier.post(`/s/api/pos/sales/${one.receipt}/return`, {
        till,
        lines: [one.lines[0]],
        reason: 'other',
        note: 'Bought two by mistake',
        tender: 'cash',
      })
    ).json();
    expect(cash).toMatchObject({ total: 32, refund: { cash: 32, upi: 0, card: 0 }, rounding: 0, reason: 'other' });
    const upi = (
      await cashier.post(`/s/api/pos/sales/${one.receipt}/return`, { till, lines: [one.lines[1]], reason: 'expired', tender: 'upi' })
    ).json();
    expect(upi).toMatchObject({ total: 26, refund: { cash: 0, upi: 26, card: 0 }, rounding: 0 });
    expect(Number(upi.number.slice(2))).toBe(Number(cash.number.slice(2)) + 1);
    expect((await returnsOf(one.receipt)).map((r) => r.note)).toEqual(expect.arrayContaining(['Bought two by mistake', '']));
  });

  it('refuses no reason, “other” without a note, no tender, more than sold and a second return of the same units: nothing changes', async () => {
    const { receipt, lines } = await splitSale();
    const curdBefore = await b.stockOf(goods.curd, b.shop.warehouses.blr.id);
    const post = (body: Record<string, unknown>) => cashier.post(`/s/api/pos/sales/${receipt}/return`, { till, lines, ...body });
    const noReason = await post({ tender: 'cash' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toEqual(['Choose why the goods are coming back']);
    const noNote = await post({ tender: 'cash', reason: 'other', note: '  ' });
    expect(noNote.statusCode).toBe(422);
    expect(noNote.json().errors.note).toEqual(['Say why the goods are coming back']);
    expect((await post({ reason: 'damaged' })).json().errors.tender).toEqual(['Choose how the refund is paid']);
    const tooMany = await post({ reason: 'damaged', tender: 'cash', lines: [{ ...lines[0], quantity: 2 }] });
    expect([tooMany.statusCode, tooMany.json().code]).toEqual([409, 'RETURN_TOO_MANY']);
    expect(await returnsOf(receipt)).toEqual([]);
    expect(await b.stockOf(goods.curd, b.shop.warehouses.blr.id)).toBe(curdBefore);

    expect((await post({ reason: 'wrong_item', tender: 'cash' })).statusCode).toBe(200);
    const again = await post({ reason: 'wrong_item', tender: 'cash' });
    expect([again.statusCode, again.json().code]).toEqual([409, 'RETURN_TOO_MANY']);
    expect(await returnsOf(receipt)).toHaveLength(1);
    expect(await b.stockOf(goods.curd, b.shop.warehouses.blr.id)).toBe(curdBefore + 1);
  });

  it('prints the credit note at 80 mm: its number, the receipt it is against, the reason, GST reversed per line, refund and rounding', async () => {
    const { receipt, lines } = await splitSale();
    const r = (await cashier.post(`/s/api/pos/sales/${receipt}/return`, { till, lines, reason: 'damaged', tender: 'cash' })).json();
    const page = await cashier.get(`/s/api/pos/returns/${r.number}/print`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const html = page.body;
    for (const text of [
      'CREDIT NOTE',
      `Credit note: <strong>${r.number}</strong>`,
      `Against receipt: <strong>${receipt}</strong>`,
      'Reason: Damaged',
      'Refunded in cash</td><td class="n">₹58',
      'size:80mm',
    ])
      expect(html).toContain(text);
    // curd ₹32 at 5 %: GST round(3200 × 500 / 10500) = ₹1.52, CGST ₹0.76 + SGST ₹0.76
    expect(html).toContain('CGST ₹0.76 · SGST ₹0.76');
    expect((await cashier.get('/s/api/pos/returns/CN999999/print')).statusCode).toBe(404);
  });

  itOnPostgres('two returns of the same receipt at once take each unit once and number two credit notes (PostgreSQL)', async () => {
    const { receipt, lines } = await splitSale();
    const other = await staff();
    const [x, y] = await Promise.all(
      [cashier, other].map((c) => c.post(`/s/api/pos/sales/${receipt}/return`, { till, lines, reason: 'damaged', tender: 'cash' })),
    );
    expect([x!.statusCode, y!.statusCode].sort()).toEqual([200, 409]);
    expect(await returnsOf(receipt)).toHaveLength(1);
  });
});

describe('offline receipt numbers', () => {
  const offlineSale = (c: TestClient, t: string, receipt: string | undefined, k = key()) =>
    c.post('/s/api/pos/sales', {
      idempotency_key: k,
      till: t,
      lines: [{ pack_id: goods.curd, quantity: 1 }],
      expected_total: 32,
      payment: { cash: 32 },
      offline: true,
      ...(receipt ? { receipt } : {}),
    });

  it('each till device gets its own series; a synced sale keeps the number the till gave it, never colliding', async () => {
    const other = await staff();
    expect(
      (await other.post('/s/api/pos/shift/open', { till: 'Till B', warehouse_id: b.shop.warehouses.blr.id, float: 0 })).statusCode,
    ).toBe(200);
    const a = (await cashier.post('/s/api/pos/offline-series', { till })).json();
    const bb = (await other.post('/s/api/pos/offline-series', { till: 'Till B' })).json();
    expect(a.prefix).toMatch(/^OFF\d+$/);
    expect(bb.prefix).not.toBe(a.prefix);
    expect(a.website_id).toBe(b.shop.websiteId);

    const k = key();
    const first = await offlineSale(cashier, till, `${a.prefix}-1`, k);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().receipt).toBe(`${a.prefix}-1`);
    // the replayed queue answers the same sale
    expect((await offlineSale(cashier, till, `${a.prefix}-1`, k)).json()).toMatchObject({ receipt: `${a.prefix}-1`, created: false });
    // the other till's first number is its own
    expect((await offlineSale(other, 'Till B', `${bb.prefix}-1`)).json().receipt).toBe(`${bb.prefix}-1`);
    expect((await cashier.get(`/s/api/pos/sales/${a.prefix}-1`)).json().receipt).toBe(`${a.prefix}-1`);
    // online sales go on in the website's own series
    const online = await cashier.post('/s/api/pos/sales', {
      idempotency_key: key(),
      till,
      lines: [{ pack_id: goods.curd, quantity: 1 }],
      expected_total: 32,
      payment: { cash: 32 },
    });
    expect(online.json().receipt).toMatch(/^GR\d+$/);

    const count = async () => (await b.t.db.select().from(orders)).length;
    const n = await count();
    const taken = await offlineSale(cashier, till, `${a.prefix}-1`);
    expect([taken.statusCode, taken.json().errors.receipt]).toEqual([422, ['This receipt number is already used']]);
    const unknown = await offlineSale(cashier, till, 'OFF999999-1');
    expect(unknown.json().errors.receipt).toEqual(['Not an offline receipt series of this shop']);
    const bad = await offlineSale(cashier, till, 'GR1001');
    expect(bad.statusCode).toBe(422);
    const notOffline = await cashier.post('/s/api/pos/sales', {
      idempotency_key: key(),
      till,
      lines: [{ pack_id: goods.curd, quantity: 1 }],
      expected_total: 32,
      payment: { cash: 32 },
      receipt: `${a.prefix}-2`,
    });
    expect(notOffline.json().errors.receipt).toEqual(['Only a sale rung up offline brings its own number']);
    expect(await count()).toBe(n);
  });
});

describe('the Z report', () => {
  it('the shift report counts refunds by tender, and the Z report prints float, sales and refunds by tender, expected, counted, difference', async () => {
    const shift = (await cashier.get(`/s/api/pos/shift?till=${encodeURIComponent(till)}`)).json().shift;
    const report = (await cashier.get(`/s/api/pos/shifts/${shift.id}/report`)).json();
    // refunds above: ₹35 + ₹32 + ₹58 + ₹58 (+ ₹58 on PostgreSQL) in cash, ₹23.47 + ₹26 by UPI
    expect(report.returns.upi).toBeCloseTo(49.47, 2);
    expect([183, 241]).toContain(report.returns.cash);
    const open = await cashier.get(`/s/api/pos/shifts/${shift.id}/z-report`);
    expect(open.body).toContain('X REPORT (shift still open)');
    const closed = await cashier.post('/s/api/pos/shift/close', { till, counted: report.cash_in_drawer - 5 });
    expect(closed.statusCode, closed.body).toBe(200);
    const z = (await cashier.get(`/s/api/pos/shifts/${shift.id}/z-report`)).body;
    for (const text of [
      'Z REPORT (shift closed)',
      'Opening float</td><td class="n">₹1,000',
      `Refunds (${report.returns.count} returns)`,
      'Difference</td><td class="n">-₹5',
    ])
      expect(z).toContain(text);
    expect(z).toContain(`Sales ${report.sales} · Returns ${report.returns.count}`);
  });
});
