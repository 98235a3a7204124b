import { addShopDays, shopDayOf, shopDayStart } from '@grocer/shared/shop-time';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountEntries, auditLog, customerAccounts, orders, outbox, posSales, users, websiteMembers } from '../../db/schema';
import { TestClient } from '../../test/client';
import { itOnPostgres } from '../../test/on-postgres';
import { staffClients } from '../../test/staff-clients';
import { signInAs } from '../cart/test-fixture';
import { checkoutBench, curdAndBread } from '../orders/test-fixture';
import { sendKhataNotices } from '../wallet/index';

// Issue 44 §2, §7 at the server: a counter sale put on the customer's khata (in the sale's
// transaction, within the limit, once per sale key), money taken at the till for a khata or a
// wallet, and the monthly statement with its reminders through the outbox.

let b: Awaited<ReturnType<typeof checkoutBench>>;
let goods: { curd: number; bread: number };
let cashier: TestClient;
let owner: TestClient;
let seq = 0;
const till = 'Khata till';
const key = () => `khata-${++seq}-${Math.random().toString(36).slice(2)}`;

/** A customer of the shop with a mobile number and, when `limit` (paise) is given, a khata. */
async function customer(limit?: number) {
  const phone = `9${String(100_000_000 + Math.floor(Math.random() * 899_999_999)).slice(0, 9)}`;
  const [u] = await b.t.db
    .insert(users)
    .values({ name: `Regular ${++seq}`, phone, email: `regular${seq}-${Date.now()}@example.com` })
    .returning();
  await b.t.db.insert(websiteMembers).values({ websiteId: b.shop.websiteId, userId: u!.id });
  let khataId = 0;
  if (limit !== undefined) {
    const res = await owner.post(`/s/api/admin/wallets/customers/${u!.id}/khata`, { credit_limit_paise: limit });
    expect(res.statusCode, res.body).toBe(200);
    khataId = res.json().id;
  }
  return { id: u!.id, phone, khataId };
}

const sale = (
  mobile: string | null,
  payment: Record<string, number>,
  lines = [{ pack_id: goods.curd, quantity: 1 }],
  total = 32,
  k = key(),
) =>
  cashier.post('/s/api/pos/sales', {
    idempotency_key: k,
    till,
    customer: mobile ? { mobile } : null,
    lines,
    expected_total: total,
    payment,
  });

const khataOf = async (id: number) => (await b.t.db.select().from(customerAccounts).where(eq(customerAccounts.id, id)))[0]!;
const entriesOf = (id: number) => b.t.db.select().from(accountEntries).where(eq(accountEntries.accountId, id));
const shiftReport = async () => {
  const shift = (await cashier.get(`/s/api/pos/shift?till=${encodeURIComponent(till)}`)).json().shift;
  return (await cashier.get(`/s/api/pos/shifts/${shift.id}/report`)).json();
};

beforeAll(async () => {
  b = await checkoutBench();
  goods = await curdAndBread(b.t.db, b.shop);
  owner = await staffClients(b.t, b.shop.websiteId).as({ hasAdminAccess: true });
  cashier = new TestClient(b.t.app);
  const [u] = await b.t.db
    .insert(users)
    .values({ name: 'Cashier', email: `khata-cashier-${Date.now()}@example.com` })
    .returning();
  await b.t.db.insert(websiteMembers).values({ websiteId: b.shop.websiteId, userId: u!.id, isCashier: true });
  await signInAs(b.t.db, cashier, u!.id);
  const open = await cashier.post('/s/api/pos/shift/open', { till, warehouse_id: b.shop.warehouses.blr.id, float: 1000 });
  expect(open.statusCode, open.body).toBe(200);
}, 120_000);
afterAll(() => b.t.close());

describe('a counter sale on khata', () => {
  it('within the limit: the whole bill, then the rest after cash; the receipt says “On khata” and the balance after', async () => {
    const c = await customer(10_000);
    const one = await sale(c.phone, { khata: 32 });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ total: 32, created: true, khata: { amount_paise: 3_200, balance_after_paise: -3_200 } });
    const split = await sale(
      c.phone,
      { cash: 20, cash_tendered: 20, khata: 38 },
      [
        { pack_id: goods.curd, quantity: 1 },
        { pack_id: goods.bread, quantity: 1 },
      ],
      58,
    );
    expect(split.statusCode, split.body).toBe(200);
    expect(split.json().khata).toEqual({ amount_paise: 3_800, balance_after_paise: -7_000 });
    expect((await khataOf(c.khataId)).balancePaise).toBe(-7_000);
    const entries = await entriesOf(c.khataId);
    expect(entries.map((e) => [e.reason, e.amountPaise, e.referenceType])).toEqual([
      ['khata_sale', -3_200, 'pos_sale'],
      ['khata_sale', -3_800, 'pos_sale'],
    ]);
    const receipt = split.json().receipt as string;
    const detail = (await cashier.get(`/s/api/pos/sales/${receipt}`)).json();
    expect(detail.payment).toMatchObject({ cash: 20, khata: 38 });
    expect(detail.khata_balance_after_paise).toBe(-7_000);
    const html = (await cashier.get(`/s/api/pos/sales/${receipt}/print`)).body;
    expect(html).toContain('On khata');
    expect(html).toMatch(/Khata balance<\/td><td class="n">Owes ₹70/);
    // the shift's sales total counts the khata part; the drawer only the cash
    const report = await shiftReport();
    expect(report.by_method.khata).toBeGreaterThanOrEqual(70);
  });

  it('over the limit: refused with the credit left, and nothing changed (no order, no entry, no stock taken)', async () => {
    const c = await customer(5_000);
    expect((await sale(c.phone, { khata: 32 })).statusCode).toBe(200);
    const ordersBefore = (await b.t.db.select().from(orders).where(eq(orders.websiteId, b.shop.websiteId))).length;
    const stockBefore = await b.stockOf(goods.curd, b.shop.warehouses.blr.id);
    const refused = await sale(
      c.phone,
      { khata: 58 },
      [
        { pack_id: goods.curd, quantity: 1 },
        { pack_id: goods.bread, quantity: 1 },
      ],
      58,
    );
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'KHATA_LIMIT_REACHED',
      message: 'This would take the khata past its credit limit: ₹18 of credit is left',
    });
    expect((await khataOf(c.khataId)).balancePaise).toBe(-3_200);
    expect(await entriesOf(c.khataId)).toHaveLength(1);
    expect((await b.t.db.select().from(orders).where(eq(orders.websiteId, b.shop.websiteId))).length).toBe(ordersBefore);
    expect(await b.stockOf(goods.curd, b.shop.warehouses.blr.id)).toBe(stockBefore);
  });

  it('a replayed sale (a retry, the offline queue, two at once) posts once and answers the same receipt and balance', async () => {
    const c = await customer(10_000);
    const k = key();
    const first = await sale(c.phone, { khata: 32 }, undefined, 32, k);
    expect(first.statusCode, first.body).toBe(200);
    const [again, offline] = await Promise.all([
      sale(c.phone, { khata: 32 }, undefined, 32, k),
      cashier.post('/s/api/pos/sales', {
        idempotency_key: k,
        till,
        customer: { mobile: c.phone },
        lines: [{ pack_id: goods.curd, quantity: 1 }],
        expected_total: 32,
        payment: { khata: 32 },
        offline: true,
      }),
    ]);
    for (const r of [again, offline]) {
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toMatchObject({
        receipt: first.json().receipt,
        created: false,
        khata: { amount_paise: 3_200, balance_after_paise: -3_200 },
      });
    }
    expect(await entriesOf(c.khataId)).toHaveLength(1);
    expect((await khataOf(c.khataId)).balancePaise).toBe(-3_200);
  });

  it('needs a chosen customer with an open khata', async () => {
    const none = await sale(null, { khata: 32 });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors['payment.khata'][0]).toMatch(/customer’s mobile/);
    const noKhata = await customer();
    const refused = await sale(noKhata.phone, { khata: 32 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('KHATA_NOT_OPEN');
  });
});

describe('a return of a sale on khata (issue 44 §5)', () => {
  it('credits the khata first, not cash; only what was paid otherwise goes out by the tender; the credit note says so', async () => {
    const c = await customer(10_000);
    // ₹58: ₹20 cash, ₹38 on khata
    const sold = await sale(
      c.phone,
      { cash: 20, cash_tendered: 20, khata: 38 },
      [
        { pack_id: goods.curd, quantity: 1 },
        { pack_id: goods.bread, quantity: 1 },
      ],
      58,
    );
    expect(sold.statusCode, sold.body).toBe(200);
    const receipt = sold.json().receipt as string;
    const detail = (await cashier.get(`/s/api/pos/sales/${receipt}`)).json();
    const curdLine = detail.lines.find((l: { amount: number }) => l.amount === 32).line_id as number;
    const breadLine = detail.lines.find((l: { amount: number }) => l.amount === 26).line_id as number;
    const before = await shiftReport();
    // the curd (₹32) comes back: all of it to the khata, nothing from the drawer
    const first = await cashier.post(`/s/api/pos/sales/${receipt}/return`, {
      till,
      lines: [{ line_id: curdLine, quantity: 1 }],
      reason: 'damaged',
      tender: 'cash',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      refund: { cash: 0, upi: 0, card: 0, khata: 32 },
      khata_balance_after_paise: -600,
      total: 32,
    });
    expect((await khataOf(c.khataId)).balancePaise).toBe(-600);
    expect((await cashier.get(`/s/api/pos/sales/${receipt}`)).json().payment).toMatchObject({ khata: 38, khata_returned: 32 });
    // the bread (₹26): ₹6 of khata left to credit, the other ₹20 in cash
    const second = await cashier.post(`/s/api/pos/sales/${receipt}/return`, {
      till,
      lines: [{ line_id: breadLine, quantity: 1 }],
      reason: 'changed_mind',
      tender: 'cash',
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ refund: { cash: 20, khata: 6 }, khata_balance_after_paise: 0 });
    const entries = await entriesOf(c.khataId);
    expect(entries.map((e) => [e.reason, e.amountPaise, e.referenceType, e.referenceId])).toEqual([
      ['khata_sale', -3_800, 'pos_sale', expect.any(String)],
      ['refund', 3_200, 'pos_return', first.json().number],
      ['refund', 600, 'pos_return', second.json().number],
    ]);
    expect((await khataOf(c.khataId)).balancePaise).toBe(0);
    // the drawer paid out only the ₹20 that was paid in cash
    const after = await shiftReport();
    expect(after.cash_in_drawer - before.cash_in_drawer).toBe(-20);
    const note = (await cashier.get(`/s/api/pos/returns/${first.json().number}/print`)).body;
    expect(note).toContain('Back to your khata');
  });
});

describe('the customer’s account at the till', () => {
  it('balances; cash against the khata settles it; a UPI top-up opens the wallet; once per key; audited; in the shift', async () => {
    const c = await customer(10_000);
    expect((await sale(c.phone, { khata: 32 })).statusCode).toBe(200);
    const seen = (await cashier.get(`/s/api/pos/accounts?mobile=${c.phone}`)).json();
    expect(seen).toMatchObject({
      found: true,
      user_id: c.id,
      wallet: null,
      khata: { balance_paise: -3_200, credit_limit_paise: 10_000, available_paise: 6_800 },
    });
    const before = await shiftReport();
    const pay = { till, mobile: c.phone, purpose: 'khata', method: 'cash', amount_paise: 3_200, idempotency_key: key() };
    const paid = await cashier.post('/s/api/pos/accounts/payments', pay);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ purpose: 'khata', method: 'cash', amount_paise: 3_200, balance_after_paise: 0, created: true });
    const again = await cashier.post('/s/api/pos/accounts/payments', pay);
    expect(again.json()).toMatchObject({ id: paid.json().id, created: false, balance_after_paise: 0 });
    expect((await entriesOf(c.khataId)).map((e) => e.reason)).toEqual(['khata_sale', 'khata_payment']);
    const tooMuch = await cashier.post('/s/api/pos/accounts/payments', { ...pay, amount_paise: 100, idempotency_key: key() });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({ code: 'KHATA_PAYMENT_TOO_MUCH' });

    const topup = { till, mobile: c.phone, purpose: 'wallet', method: 'upi', amount_paise: 50_000, idempotency_key: key() };
    const up = await cashier.post('/s/api/pos/accounts/payments', topup);
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({ purpose: 'wallet', balance_after_paise: 50_000 });
    const wallet = (await cashier.get(`/s/api/pos/accounts?mobile=${c.phone}`)).json().wallet;
    expect(wallet).toEqual({ balance_paise: 50_000 });

    const audits = await b.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.websiteId, b.shop.websiteId)));
    expect(audits.filter((a) => a.action === 'counter_payment' || a.action === 'counter_topup')).toHaveLength(2);
    const after = await shiftReport();
    expect(after.account_payments.count - (before.account_payments?.count ?? 0)).toBe(2);
    expect(after.cash_in_drawer - before.cash_in_drawer).toBe(32);
    // a customer the shop does not know, or no money
    expect(
      (await cashier.post('/s/api/pos/accounts/payments', { ...topup, mobile: '9000000001', idempotency_key: key() })).statusCode,
    ).toBe(404);
    expect((await cashier.post('/s/api/pos/accounts/payments', { ...topup, amount_paise: 0, idempotency_key: key() })).statusCode).toBe(
      422,
    );
  });
});

describe('the minimum top-up (issue 44 §3)', () => {
  it('the till refuses a wallet top-up below the website’s minimum, with the minimum, and writes nothing; a khata payment is not a top-up', async () => {
    const saved = await owner.put('/s/api/admin/subscriptions/settings', {
      cutoff_time: '22:00',
      subscribable_pack_ids: [],
      min_topup_paise: 20_000,
      cashback_percent: 0,
      cashback_cap_paise: 0,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const c = await customer(10_000);
      const small = { till, mobile: c.phone, purpose: 'wallet', method: 'cash', amount_paise: 10_000, idempotency_key: key() };
      const refused = await cashier.post('/s/api/pos/accounts/payments', small);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ code: 'WALLET_TOPUP_TOO_SMALL', message: 'The smallest top-up is ₹200' });
      expect((await cashier.get(`/s/api/pos/accounts?mobile=${c.phone}`)).json().wallet).toBeNull();
      const ok = await cashier.post('/s/api/pos/accounts/payments', { ...small, amount_paise: 20_000, idempotency_key: key() });
      expect(ok.statusCode, ok.body).toBe(200);
      // ₹32 owed on the khata may be paid whatever the minimum top-up
      expect((await sale(c.phone, { khata: 32 })).statusCode).toBe(200);
      const paid = await cashier.post('/s/api/pos/accounts/payments', {
        ...small,
        purpose: 'khata',
        amount_paise: 3_200,
        idempotency_key: key(),
      });
      expect(paid.statusCode, paid.body).toBe(200);
    } finally {
      await owner.put('/s/api/admin/subscriptions/settings', {
        cutoff_time: '22:00',
        subscribable_pack_ids: [],
        min_topup_paise: 0,
        cashback_percent: 0,
        cashback_cap_paise: 0,
      });
    }
  });
});

describe('the monthly statement and its reminders', () => {
  it('queued once per (account, month): the statement on the 1st, a reminder before and after the due date while owed', async () => {
    const c = await customer(10_000);
    const paidUp = await customer(10_000);
    expect((await sale(c.phone, { khata: 32 })).statusCode).toBe(200);
    expect((await sale(paidUp.phone, { khata: 32 })).statusCode).toBe(200);
    const settled = await cashier.post('/s/api/pos/accounts/payments', {
      till,
      mobile: paidUp.phone,
      purpose: 'khata',
      method: 'cash',
      amount_paise: 3_200,
      idempotency_key: key(),
    });
    expect(settled.statusCode).toBe(200);
    const settings = await owner.put('/s/api/admin/wallets/settings', { due_days: 10 });
    expect(settings.json()).toEqual({ due_days: 10 });
    expect((await owner.get('/s/api/admin/wallets/settings')).json()).toEqual({ due_days: 10 });

    // the 1st of next month (shop time), 10 am
    const today = shopDayOf();
    const nextFirst = `${addShopDays(`${today.slice(0, 7)}-28`, 7).slice(0, 7)}-01`;
    const at = (day: string) => new Date(shopDayStart(day).getTime() + 10 * 3_600_000);
    const messagesTo = async (phone: string) => (await b.t.db.select().from(outbox).where(eq(outbox.to, phone))).map((m) => m.body);
    const first = await sendKhataNotices(b.t.db, b.t.app.outbox, { now: at(nextFirst) });
    const twice = await sendKhataNotices(b.t.db, b.t.app.outbox, { now: at(nextFirst) });
    expect(first.queued).toBeGreaterThanOrEqual(1);
    expect(twice.queued).toBe(0);
    const statement = await messagesTo(c.phone);
    expect(statement).toHaveLength(1);
    expect(statement[0]).toMatch(/^Your khata statement for \w+ \d{4}: ₹32 owed\. Please pay by \d+ \w+ at the counter\.$/);
    expect(await messagesTo(paidUp.phone)).toHaveLength(0);
    // two days before the due date (the 11th): a reminder, once
    await sendKhataNotices(b.t.db, b.t.app.outbox, { now: at(addShopDays(nextFirst, 8)) });
    await sendKhataNotices(b.t.db, b.t.app.outbox, { now: at(addShopDays(nextFirst, 9)) });
    expect((await messagesTo(c.phone)).slice(1)).toEqual([expect.stringMatching(/^Reminder: ₹32 on your khata is due on/)]);
    // after the due date: one more, unless paid by then
    await sendKhataNotices(b.t.db, b.t.app.outbox, { now: at(addShopDays(nextFirst, 11)) });
    await sendKhataNotices(b.t.db, b.t.app.outbox, { now: at(addShopDays(nextFirst, 12)) });
    expect(await messagesTo(c.phone)).toHaveLength(3);
    expect((await messagesTo(c.phone))[2]).toMatch(/^Your khata payment of ₹32 was due on/);
  });
});

describe('the limit under concurrency', () => {
  itOnPostgres('20 concurrent counter sales on one khata never pass its limit (PostgreSQL)', async () => {
    const c = await customer(10_000);
    const results = await Promise.all(Array.from({ length: 20 }, () => sale(c.phone, { khata: 32 })));
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(ok).toHaveLength(3);
    expect(refused).toHaveLength(17);
    for (const r of refused) expect(r.json().code).toBe('KHATA_LIMIT_REACHED');
    const account = await khataOf(c.khataId);
    expect(account.balancePaise).toBe(-9_600);
    const entries = await entriesOf(c.khataId);
    expect(entries).toHaveLength(3);
    expect(entries.reduce((n, e) => n + e.amountPaise, 0)).toBe(-9_600);
    const sales = await b.t.db.select().from(posSales).where(eq(posSales.khata, 3_200));
    expect(sales.filter((s) => ok.some((r) => r.json().order_id === s.orderId))).toHaveLength(3);
  });
});
