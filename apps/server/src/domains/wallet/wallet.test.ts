import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users, websiteMembers, websites } from '../../db/schema';
import { ROLE_STATUS, staffClients } from '../../test/staff-clients';
import type { TestClient } from '../../test/client';
import { checkoutBench } from '../orders/test-fixture';
import { signInAs } from '../cart/test-fixture';
import { TestClient as Client } from '../../test/client';
import { walletMismatches } from './ledger';
import { SIMULATOR_KEYS, hmacHex } from '../payments/providers';
import { accountEntries, customerAccounts, walletTopups } from './tables';

// The wallet and khata over real HTTP: the shopper's calls, top-ups paid on the built-in gateway
// simulator (signed webhooks back to this server), and Administration's calls.
const { t, base, shop, simulatorOutcome } = await checkoutBench();
afterAll(() => t.close());

let owner: TestClient;
let n = 0;
const customer = async (websiteId = shop.websiteId) => {
  const [u] = await t.db
    .insert(users)
    .values({ name: `Regular ${++n}`, email: `regular${n}-${Date.now()}@example.com`, phone: `98${String(n).padStart(8, '0')}` })
    .returning();
  await t.db.insert(websiteMembers).values({ websiteId, userId: u!.id });
  const c = new Client(t.app);
  await signInAs(t.db, c, u!.id);
  return { c, id: u!.id };
};
const key = () => `k-${++n}-${Math.random().toString(36).slice(2, 10)}`;
const accountRows = (userId: number) => t.db.select().from(customerAccounts).where(eq(customerAccounts.userId, userId));
const entriesOf = (accountId: number) => t.db.select().from(accountEntries).where(eq(accountEntries.accountId, accountId));
const deliverHeld = async (providerOrderId: string) =>
  (await (await fetch(`${base}/sim/webhooks/${providerOrderId}/deliver`, { method: 'POST' })).json()) as { delivered: number };

let otherSite: number;
beforeAll(async () => {
  owner = await staffClients(t, shop.websiteId).as({ hasAdminAccess: true });
  const [site] = await t.db.insert(websites).values({ name: 'Other Wallet Shop' }).returning();
  otherSite = site!.id;
}, 120_000);

describe('the shopper: GET /s/api/account/wallet', () => {
  it('401 signed out; nothing opened before the first credit', async () => {
    expect((await new Client(t.app).get('/s/api/account/wallet')).statusCode).toBe(401);
    const { c } = await customer();
    const res = await c.get('/s/api/account/wallet');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ wallet: null, khata: null, topup: { min_paise: 1_000, max_paise: 1_000_000 } });
  });
});

describe('top-ups through the gateways', () => {
  it('Razorpay: the webhook credits the wallet once; a retried webhook and the verification change nothing', async () => {
    const { c, id } = await customer();
    const started = await c.post('/s/api/account/wallet/topups', { amount_paise: 50_000, provider: 'razorpay' });
    expect(started.statusCode, started.body).toBe(200);
    const { topup, handoff } = started.json();
    expect(topup).toMatchObject({ status: 'pending', amount_paise: 50_000, balance_paise: 0 });
    expect(handoff).toMatchObject({ provider: 'razorpay', amount: 50_000, currency: 'INR' });
    const back = await simulatorOutcome(handoff.checkout_url, 'success_late');
    expect(back.pathname).toBe('/account/wallet');
    // the webhook held back by the simulator, delivered twice (a provider's retry)
    expect((await c.get('/s/api/account/wallet')).json().wallet.balance_paise).toBe(0);
    const held = await fetch(`${base}/sim/webhooks/${handoff.order_id}/deliver`, { method: 'POST' });
    expect(await held.json()).toEqual({ delivered: 1 });
    const [row] = await t.db.select().from(walletTopups).where(eq(walletTopups.id, topup.id));
    expect(row!.status).toBe('paid');
    // a provider retry of the same signed webhook, replayed by hand
    const verify = await c.post(`/s/api/account/wallet/topups/${topup.id}/verify`, {
      razorpay_order_id: back.searchParams.get('razorpay_order_id'),
      razorpay_payment_id: back.searchParams.get('razorpay_payment_id'),
      razorpay_signature: back.searchParams.get('razorpay_signature'),
    });
    expect(verify.statusCode, verify.body).toBe(200);
    expect(verify.json()).toMatchObject({ status: 'paid', balance_paise: 50_000 });
    const wallet = (await c.get('/s/api/account/wallet')).json().wallet;
    expect(wallet.balance_paise).toBe(50_000);
    expect(wallet.entries).toMatchObject([{ amount_paise: 50_000, balance_after_paise: 50_000, reason: 'topup', reference_type: 'topup' }]);
    const [account] = await accountRows(id);
    expect(await entriesOf(account!.id)).toHaveLength(1);
  });

  it('a retried webhook (the same signed body, again and at once) credits once; a forged one nothing', async () => {
    const { c } = await customer();
    const { topup, handoff } = (await c.post('/s/api/account/wallet/topups', { amount_paise: 20_000, provider: 'razorpay' })).json();
    const back = await simulatorOutcome(handoff.checkout_url, 'success_late');
    // the provider's webhook, signed as Razorpay signs it, sent as a provider retries: twice at once, then again
    const raw = JSON.stringify({
      entity: 'event',
      event: 'payment.captured',
      payload: { payment: { entity: { id: back.searchParams.get('razorpay_payment_id'), order_id: handoff.order_id, amount: 20_000 } } },
    });
    const send = (signature: string) =>
      fetch(`${base}/s/api/payments/razorpay/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, 'x-razorpay-event-id': 'evt_retry_1' },
        body: raw,
      });
    const forged = await send(hmacHex('not-the-secret', raw));
    expect(forged.status).toBe(400);
    expect((await c.get('/s/api/account/wallet')).json().wallet.balance_paise).toBe(0);
    const signature = hmacHex(SIMULATOR_KEYS.razorpay.webhookSecret, raw);
    expect((await Promise.all([send(signature), send(signature)])).map((r) => r.status)).toEqual([200, 200]);
    expect((await send(signature)).status).toBe(200);
    // and the simulator's own (held) webhook, and the return page asking the provider: still once
    expect(await deliverHeld(handoff.order_id)).toEqual({ delivered: 1 });
    expect((await c.get(`/s/api/account/wallet/topups/${topup.id}`)).json()).toMatchObject({ status: 'paid', balance_paise: 20_000 });
    expect((await c.get('/s/api/account/wallet')).json().wallet.entries).toHaveLength(1);
  });

  it('Cashfree: the webhook credits the wallet; the return page shows it paid', async () => {
    const { c } = await customer();
    const res = await c.post('/s/api/account/wallet/topups', { amount_paise: 12_345, provider: 'cashfree' });
    expect(res.statusCode, res.body).toBe(200);
    const { topup, handoff } = res.json();
    expect(handoff.provider).toBe('cashfree');
    await simulatorOutcome(handoff.checkout_url, 'success');
    expect((await c.get(`/s/api/account/wallet/topups/${topup.id}`)).json()).toMatchObject({ status: 'paid', balance_paise: 12_345 });
  });

  it('the return page reconciles with the provider when the webhook never came; the late webhook then changes nothing', async () => {
    const { c } = await customer();
    const { topup, handoff } = (await c.post('/s/api/account/wallet/topups', { amount_paise: 30_000, provider: 'razorpay' })).json();
    await simulatorOutcome(handoff.checkout_url, 'success_late');
    expect((await c.get(`/s/api/account/wallet/topups/${topup.id}`)).json()).toMatchObject({ status: 'paid', balance_paise: 30_000 });
    expect(await deliverHeld(handoff.order_id)).toEqual({ delivered: 1 });
    expect((await c.get('/s/api/account/wallet')).json().wallet).toMatchObject({
      balance_paise: 30_000,
      entries: [{ amount_paise: 30_000 }],
    });
  });

  it('a failed payment credits nothing', async () => {
    const { c } = await customer();
    const { topup, handoff } = (await c.post('/s/api/account/wallet/topups', { amount_paise: 10_000, provider: 'razorpay' })).json();
    await simulatorOutcome(handoff.checkout_url, 'failure');
    expect((await c.get(`/s/api/account/wallet/topups/${topup.id}`)).json()).toMatchObject({ status: 'pending', balance_paise: 0 });
  });

  it('bad input: a clear message and nothing made', async () => {
    const { c, id } = await customer();
    for (const [body, message] of [
      [{ amount_paise: 500, provider: 'razorpay' }, 'The amount must be at least 1000 paise'],
      [{ amount_paise: 10.5, provider: 'razorpay' }, 'The amount must be a whole number of paise'],
      [{ amount_paise: 5_000, provider: 'paytm' }, 'provider must be razorpay or cashfree'],
      [{ amount_paise: 2_000_000, provider: 'cashfree' }, 'The amount must be at most 1000000 paise'],
    ] as const) {
      const res = await c.post('/s/api/account/wallet/topups', body);
      expect([res.statusCode, res.json().message]).toEqual([422, message]);
    }
    expect(await t.db.select().from(walletTopups).where(eq(walletTopups.userId, id))).toEqual([]);
    expect(await accountRows(id)).toEqual([]);
    // a forged verification is refused and credits nothing
    const { topup } = (await c.post('/s/api/account/wallet/topups', { amount_paise: 5_000, provider: 'razorpay' })).json();
    const forged = await c.post(`/s/api/account/wallet/topups/${topup.id}/verify`, {
      razorpay_order_id: 'order_x',
      razorpay_payment_id: 'pay_x',
      razorpay_signature: 'nope',
    });
    expect(forged.statusCode).toBe(400);
    expect((await c.get('/s/api/account/wallet')).json().wallet.balance_paise).toBe(0);
  });

  it("another shopper's top-up is 404", async () => {
    const a = await customer();
    const b = await customer();
    const { topup } = (await a.c.post('/s/api/account/wallet/topups', { amount_paise: 5_000, provider: 'razorpay' })).json();
    expect((await b.c.get(`/s/api/account/wallet/topups/${topup.id}`)).statusCode).toBe(404);
  });
});

describe('Administration: /s/api/admin/wallets', () => {
  it('roles: 401 signed out, 403 shopper and agent, 200 admin and superadmin; a refused call changes nothing', async () => {
    const who = await staffClients(t, shop.websiteId).everyone();
    const { id } = await customer();
    for (const [name, c] of Object.entries(who) as Array<[keyof typeof ROLE_STATUS, TestClient]>) {
      expect([name, (await c.get('/s/api/admin/wallets')).statusCode]).toEqual([name, ROLE_STATUS[name]]);
      expect([name, (await c.get(`/s/api/admin/wallets/customers/${id}`)).statusCode]).toEqual([name, ROLE_STATUS[name]]);
      if (ROLE_STATUS[name] !== 200) {
        const res = await c.post(`/s/api/admin/wallets/customers/${id}/goodwill`, {
          amount_paise: 100,
          reason: 'sorry',
          idempotency_key: key(),
        });
        expect(res.statusCode).toBe(ROLE_STATUS[name]);
        expect(await accountRows(id)).toEqual([]);
      }
    }
  });

  it('a khata: opened with a limit, sales up to it, a cash payment settles it, the statement shows it', async () => {
    const { c, id } = await customer();
    const opened = await owner.post(`/s/api/admin/wallets/customers/${id}/khata`, { credit_limit_paise: 100_000 });
    expect(opened.statusCode, opened.body).toBe(200);
    const khata = opened.json();
    expect(khata).toMatchObject({ kind: 'khata', balance_paise: 0, credit_limit_paise: 100_000, status: 'open' });
    expect((await owner.post(`/s/api/admin/wallets/customers/${id}/khata`, { credit_limit_paise: 5_000 })).json()).toMatchObject({
      code: 'KHATA_EXISTS',
    });
    // a sale on khata (the POS will post these): through the module's ledger
    await t.db.transaction((tx) =>
      t.app.wallet.postOrFail(tx, {
        websiteId: shop.websiteId,
        accountId: khata.id,
        amountPaise: -80_000,
        reason: 'khata_sale',
        reference: { type: 'pos_sale', id: 'B-1' },
        key: 'pos:B-1',
        createdBy: 'user:1',
      }),
    );
    await expect(
      t.db.transaction((tx) =>
        t.app.wallet.postOrFail(tx, {
          websiteId: shop.websiteId,
          accountId: khata.id,
          amountPaise: -30_000,
          reason: 'khata_sale',
          key: 'pos:B-2',
          createdBy: 'user:1',
        }),
      ),
    ).rejects.toMatchObject({
      code: 'KHATA_LIMIT_REACHED',
      message: 'This would take the khata past its credit limit: ₹200 of credit is left',
    });
    // the limit cannot go below what is owed
    const low = await owner.put(`/s/api/admin/wallets/accounts/${khata.id}/limit`, { credit_limit_paise: 50_000 });
    expect([low.statusCode, low.json().message]).toEqual([409, 'The customer owes ₹800: the credit limit cannot be lower than that']);
    const raised = await owner.put(`/s/api/admin/wallets/accounts/${khata.id}/limit`, { credit_limit_paise: 150_000 });
    expect(raised.json()).toMatchObject({ credit_limit_paise: 150_000, balance_paise: -80_000 });
    // a cash payment, sent twice (a double tap): recorded once
    const payment = { amount_paise: 80_000, note: 'cash at the counter', idempotency_key: key() };
    const paid = await owner.post(`/s/api/admin/wallets/accounts/${khata.id}/payments`, payment);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ account: { balance_paise: 0 }, entry: { amount_paise: 80_000, reason: 'khata_payment' } });
    const again = await owner.post(`/s/api/admin/wallets/accounts/${khata.id}/payments`, payment);
    expect(again.json()).toEqual(paid.json());
    expect(await entriesOf(khata.id)).toHaveLength(2);
    // the same key for another amount is refused
    const reused = await owner.post(`/s/api/admin/wallets/accounts/${khata.id}/payments`, { ...payment, amount_paise: 1 });
    expect([reused.statusCode, reused.json().code]).toEqual([409, 'WALLET_KEY_REUSED']);
    // the statement: this month opens at 0, −₹800 then +₹800, closes at 0
    const statement = await owner.get(`/s/api/admin/wallets/accounts/${khata.id}/statement`);
    expect(statement.statusCode, statement.body).toBe(200);
    const month = statement.json().months.at(-1);
    expect(month).toMatchObject({ opening_paise: 0, credits_paise: 80_000, debits_paise: 80_000, closing_paise: 0 });
    expect(month.entries.map((e: { reason: string }) => e.reason)).toEqual(['khata_sale', 'khata_payment']);
    expect(statement.json().months).toHaveLength(3);
    // the customer sees the same
    const mine = (await c.get('/s/api/account/wallet')).json();
    expect(mine.khata).toMatchObject({ balance_paise: 0, credit_limit_paise: 150_000 });
    expect((await c.get('/s/api/account/wallet/statement?kind=khata')).json().months.at(-1).closing_paise).toBe(0);
    expect((await c.get('/s/api/account/wallet/statement?kind=wallet')).statusCode).toBe(404);
    // audited: opened, limit changed, one payment
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'khata'), eq(auditLog.entityId, String(khata.id))));
    expect(audit.map((a) => a.action).sort()).toEqual(['create', 'payment', 'update']);
  });

  it('goodwill: reason required, audited, once per key; the wallet opened for it', async () => {
    const { id } = await customer();
    const body = { amount_paise: 5_000, reason: 'Late delivery on Sunday', idempotency_key: key() };
    const granted = await owner.post(`/s/api/admin/wallets/customers/${id}/goodwill`, body);
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toMatchObject({
      account: { kind: 'wallet', balance_paise: 5_000 },
      entry: { reason: 'goodwill', note: 'Late delivery on Sunday' },
    });
    expect((await owner.post(`/s/api/admin/wallets/customers/${id}/goodwill`, body)).json()).toEqual(granted.json());
    const card = (await owner.get(`/s/api/admin/wallets/customers/${id}`)).json();
    expect(card).toMatchObject({ user_id: id, wallet: { balance_paise: 5_000 }, khata: null });
    expect(card.wallet.entries).toHaveLength(1);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'wallet'), eq(auditLog.action, 'goodwill')));
    expect(audit.filter((a) => (a.after as { user_id: number }).user_id === id)).toHaveLength(1);
    const list = (await owner.get('/s/api/admin/wallets?kind=wallet')).json();
    expect(list.data.find((r: { user_id: number }) => r.user_id === id)).toMatchObject({
      balance_paise: 5_000,
      customer_name: expect.any(String),
    });
  });

  it('bad input: a clear message and nothing changed', async () => {
    const { id } = await customer();
    const cases: Array<[string, string, unknown, number, string]> = [
      [
        'POST',
        `/s/api/admin/wallets/customers/${id}/goodwill`,
        { amount_paise: 5_000, reason: ' ', idempotency_key: key() },
        422,
        'Say why the credit is given (at least 3 letters)',
      ],
      [
        'POST',
        `/s/api/admin/wallets/customers/${id}/goodwill`,
        { amount_paise: -5, reason: 'sorry', idempotency_key: key() },
        422,
        'The amount must be at least 1 paise',
      ],
      [
        'POST',
        `/s/api/admin/wallets/customers/${id}/goodwill`,
        { amount_paise: 5_000, reason: 'sorry' },
        422,
        'idempotency_key is needed (any 8 to 100 letters, digits, - or _)',
      ],
      ['POST', `/s/api/admin/wallets/customers/${id}/khata`, { credit_limit_paise: 0 }, 422, 'The credit limit must be at least 1 paise'],
      ['POST', `/s/api/admin/wallets/customers/${id}/khata`, {}, 422, 'The credit limit must be a whole number of paise'],
      ['POST', `/s/api/admin/wallets/customers/999999/khata`, { credit_limit_paise: 100 }, 404, 'Customer not found'],
      ['GET', `/s/api/admin/wallets/customers/abc`, undefined, 422, ''],
    ];
    for (const [method, url, payload, status, message] of cases) {
      const res = await owner.request({ method, url, payload: payload as object });
      expect([url, res.statusCode]).toEqual([url, status]);
      if (message) expect(res.json().message).toBe(message);
    }
    expect(await accountRows(id)).toEqual([]);
    // a payment or limit on a wallet is refused
    await owner.post(`/s/api/admin/wallets/customers/${id}/goodwill`, { amount_paise: 100, reason: 'welcome', idempotency_key: key() });
    const [wallet] = await accountRows(id);
    const pay = await owner.post(`/s/api/admin/wallets/accounts/${wallet!.id}/payments`, { amount_paise: 100, idempotency_key: key() });
    expect([pay.statusCode, pay.json().code]).toEqual([409, 'NOT_A_KHATA']);
    expect((await owner.put(`/s/api/admin/wallets/accounts/${wallet!.id}/limit`, { credit_limit_paise: 100 })).json().code).toBe(
      'NOT_A_KHATA',
    );
    expect(await entriesOf(wallet!.id)).toHaveLength(1);
    const month = await owner.get(`/s/api/admin/wallets/accounts/${wallet!.id}/statement?from=2026-13`);
    expect([month.statusCode, month.json().message]).toEqual([422, 'month must be YYYY-MM']);
  });

  it("another website's customers and accounts are invisible: 404 and nothing changed", async () => {
    const other = await customer(otherSite);
    const [khata] = await t.db
      .insert(customerAccounts)
      .values({ websiteId: otherSite, userId: other.id, kind: 'khata', creditLimitPaise: 10_000, openedBy: 'test' })
      .returning();
    for (const [method, url, payload] of [
      ['GET', `/s/api/admin/wallets/customers/${other.id}`, undefined],
      ['POST', `/s/api/admin/wallets/customers/${other.id}/khata`, { credit_limit_paise: 100 }],
      ['POST', `/s/api/admin/wallets/customers/${other.id}/goodwill`, { amount_paise: 100, reason: 'sorry', idempotency_key: key() }],
      ['PUT', `/s/api/admin/wallets/accounts/${khata!.id}/limit`, { credit_limit_paise: 100 }],
      ['POST', `/s/api/admin/wallets/accounts/${khata!.id}/payments`, { amount_paise: 100, idempotency_key: key() }],
      ['GET', `/s/api/admin/wallets/accounts/${khata!.id}/statement`, undefined],
    ] as const) {
      const res = await owner.request({ method, url, payload: payload as object | undefined });
      expect([url, res.statusCode]).toEqual([url, 404]);
    }
    const list = (await owner.get('/s/api/admin/wallets')).json();
    expect(list.data.some((r: { user_id: number }) => r.user_id === other.id)).toBe(false);
    expect(await accountRows(other.id)).toMatchObject([{ balancePaise: 0, creditLimitPaise: 10_000 }]);
    expect(await entriesOf(khata!.id)).toEqual([]);
  });

  it('check:wallets finds every balance equal to its entries, and names one that is not', async () => {
    expect((await walletMismatches(t.db)).mismatches).toEqual([]);
    const { id } = await customer();
    await owner.post(`/s/api/admin/wallets/customers/${id}/goodwill`, { amount_paise: 700, reason: 'welcome', idempotency_key: key() });
    const [wallet] = await accountRows(id);
    // a balance changed behind the ledger's back
    await t.db.update(customerAccounts).set({ balancePaise: 900 }).where(eq(customerAccounts.id, wallet!.id));
    const { mismatches } = await walletMismatches(t.db);
    expect(mismatches).toMatchObject([
      { account_id: wallet!.id, problem: 'balance differs from the sum of its entries', entries_sum: 700 },
    ]);
    await t.db.update(customerAccounts).set({ balancePaise: 700 }).where(eq(customerAccounts.id, wallet!.id));
    // and the ledger refuses to be edited
    await expect(t.db.update(accountEntries).set({ amountPaise: 1 }).where(eq(accountEntries.accountId, wallet!.id))).rejects.toThrow();
  });
});
