import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../config';
import { auditLog, payments, paymentSettings, websites } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { ROLE_STATUS, staffClients, type RoleName } from '../../test/staff-clients';
import { checkoutBench } from '../orders/test-fixture';
import { decryptSecret, encryptSecret } from './secrets';
import { checkSecretsKey } from './settings';

// The payments settings (issue 14), over the checkout bench: "test connection" and payments go to the gateway simulator.
const { t, shop, base, shopper, place, key, simulatorOutcome } = await checkoutBench();
afterAll(() => t.close());
const { as, everyone } = staffClients(t, shop.websiteId);

let owner: TestClient;
beforeAll(async () => {
  owner = await as({ hasAdminAccess: true });
});

// A merchant account of the simulated Razorpay (its dashboard: keys and the webhook secret).
const rzp = { key_id: 'rzp_test_sim_shop42', key_secret: 'shop42-razorpay-secret-9f3k', webhook_secret: 'shop42-webhook-secret-x7q2' };
const registerSimAccount = (provider: 'razorpay' | 'cashfree', k: typeof rzp) =>
  fetch(`${base}/sim/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ provider, ...k }),
  });

describe('payment keys', () => {
  it('stores the secrets encrypted (no plaintext in any row), never answers them (last four only), and audits without them', async () => {
    const res = await owner.put('/s/api/admin/payments/razorpay', rzp);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(rzp.key_secret);
    expect(res.body).not.toContain(rzp.webhook_secret);
    const razor = res.json().providers.find((p: { provider: string }) => p.provider === 'razorpay');
    expect(razor).toMatchObject({
      configured: true,
      source: 'own',
      key_id: rzp.key_id,
      key_secret_last4: '9f3k',
      webhook_secret_last4: 'x7q2',
      webhook_url: expect.stringMatching(/\/s\/api\/payments\/razorpay\/webhook$/),
    });
    const get = await owner.get('/s/api/admin/payments');
    expect(get.body).not.toContain(rzp.key_secret);
    expect(get.body).not.toContain(rzp.webhook_secret);

    const rows = await t.db.select().from(paymentSettings).where(eq(paymentSettings.websiteId, shop.websiteId));
    expect(rows).toHaveLength(1);
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(rzp.key_secret);
    expect(dump).not.toContain(rzp.webhook_secret);
    expect(rows[0]!.keySecret).toMatch(/^v1:/);
    expect(decryptSecret(t.config.secretsKey!, rows[0]!.keySecret)).toBe(rzp.key_secret);
    // a wrong key does not decrypt (the GCM tag fails)
    expect(() => decryptSecret('another-key-of-at-least-32-characters!!', rows[0]!.keySecret)).toThrow();
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'payment_settings'));
    expect(JSON.stringify(audit)).not.toContain(rzp.key_secret);
    expect(audit.at(-1)).toMatchObject({ action: 'create', entityId: 'razorpay' });
  });

  it('tests the connection against the provider (the simulator): refused keys, then accepted ones', async () => {
    await owner.put('/s/api/admin/payments/razorpay', rzp);
    const r0 = await owner.post('/s/api/admin/payments/razorpay/test', {});
    expect(r0.statusCode, r0.body).toBe(200);
    const refused = r0.json();
    expect(refused.ok).toBe(false);
    expect((await registerSimAccount('razorpay', rzp)).status).toBe(200);
    const ok = (await owner.post('/s/api/admin/payments/razorpay/test', {})).json();
    expect(ok).toEqual({ ok: true, message: `Razorpay (the built-in test gateway) accepted the keys ${rzp.key_id}.` });
    // typed keys, not saved
    const typed = (await owner.post('/s/api/admin/payments/razorpay/test', { ...rzp, key_secret: 'wrong-secret-123' })).json();
    expect(typed.ok).toBe(false);
  });

  it('a Razorpay payment through the simulator works with the keys set in the admin (checkout signed and webhook verified with them)', async () => {
    await registerSimAccount('razorpay', rzp);
    await owner.put('/s/api/admin/payments/razorpay', rzp);
    const s = await shopper([[shop.packs.dal1.id, 1]]);
    const res = await place(s.c, {
      address_id: s.addressId,
      payment_method: 'razorpay',
      expected_total: s.cart.amount,
      idempotency_key: key(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payment.key_id).toBe(rzp.key_id);
    const back = await simulatorOutcome(res.json().payment.checkout_url, 'success');
    // the browser's return carries a signature made with the shop's own secret; the server checks it
    const verify = await s.c.post(`/s/api/payments/razorpay/verify`, {
      order_id: res.json().order.id,
      razorpay_order_id: back.searchParams.get('razorpay_order_id'),
      razorpay_payment_id: back.searchParams.get('razorpay_payment_id'),
      razorpay_signature: back.searchParams.get('razorpay_signature'),
    });
    expect(verify.statusCode, verify.body).toBe(200);
    const [p] = await t.db.select().from(payments).where(eq(payments.orderId, res.json().order.id));
    expect(p!.status).toBe('paid');
    // a webhook signed with another secret is refused
    const bad = await fetch(`${base}/s/api/payments/razorpay/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'x'.repeat(64), 'x-razorpay-event-id': 'evt_bad' },
      body: JSON.stringify({
        event: 'payment.captured',
        payload: { payment: { entity: { id: 'pay_x', order_id: p!.providerOrderId, amount: 1 } } },
      }),
    });
    expect(bad.status).toBe(400);
  });

  it('removing the keys falls back to the simulator; bad input is 422', async () => {
    expect((await owner.put('/s/api/admin/payments/razorpay', { ...rzp, key_secret: 'short' })).statusCode).toBe(422);
    expect((await owner.put('/s/api/admin/payments/paypal', rzp)).statusCode).toBe(422);
    const gone = (await owner.delete('/s/api/admin/payments/razorpay')).json();
    expect(gone.providers.find((p: { provider: string }) => p.provider === 'razorpay')).toMatchObject({
      configured: false,
      source: 'simulator',
    });
  });
});

describe('cash on delivery on or off', () => {
  it('off: the storefront does not offer it and refuses a COD order; on again: it does', async () => {
    const off = await owner.put('/s/api/admin/payments/cod', { cod_enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().cod_enabled).toBe(false);
    const s = await shopper([[shop.packs.dal1.id, 1]]);
    const cart = (await s.c.get(`/s/api/cart?address_id=${s.addressId}`)).json();
    expect(JSON.stringify(cart)).not.toContain('"code":"cod"');
    const refused = await place(s.c, {
      address_id: s.addressId,
      payment_method: 'cod',
      expected_total: cart.amount,
      idempotency_key: key(),
    });
    expect([refused.statusCode, refused.json().code]).toEqual([422, 'PAYMENT_METHOD_UNAVAILABLE']);
    await owner.put('/s/api/admin/payments/cod', { cod_enabled: true });
    const again = (await s.c.get(`/s/api/cart?address_id=${s.addressId}`)).json();
    expect(JSON.stringify(again)).toContain('"code":"cod"');
  });
});

describe('who may see and change payments settings', () => {
  it('the role matrix; another website’s keys are its own', async () => {
    const clients = await everyone();
    for (const [name, c] of Object.entries(clients) as Array<[RoleName, TestClient]>) {
      expect([name, (await c.get('/s/api/admin/payments')).statusCode]).toEqual([name, ROLE_STATUS[name]]);
      if (ROLE_STATUS[name] !== 200)
        expect([name, (await c.put('/s/api/admin/payments/cashfree', rzp)).statusCode]).toEqual([name, ROLE_STATUS[name]]);
    }
    const [site] = await t.db.insert(websites).values({ name: 'Other Payments Shop' }).returning();
    await t.db.insert(paymentSettings).values({
      websiteId: site!.id,
      provider: 'cashfree',
      keyId: 'cf_other',
      keySecret: encryptSecret(t.config.secretsKey!, 'other-secret-1234'),
      webhookSecret: encryptSecret(t.config.secretsKey!, 'other-webhook-1234'),
    });
    const mine = (await owner.get('/s/api/admin/payments')).json();
    expect(mine.providers.find((p: { provider: string }) => p.provider === 'cashfree')).toMatchObject({ configured: false, key_id: null });
  });

  it('production without SECRETS_KEY: no derived key, and the server refuses to start when keys are stored', async () => {
    const prod = parseConfig({ NODE_ENV: 'production', SESSION_SECRET: 'a-production-session-secret-0123456789' });
    expect(prod.secretsKey).toBeNull();
    expect(await checkSecretsKey(t.db, prod)).toMatch(/SECRETS_KEY: required in production/);
    expect(
      parseConfig({ NODE_ENV: 'production', SESSION_SECRET: 'a-production-session-secret-0123456789', SECRETS_KEY: 'k'.repeat(32) })
        .secretsKey,
    ).toBe('k'.repeat(32));
    expect(() => parseConfig({ SECRETS_KEY: 'short' })).toThrow(/SECRETS_KEY/);
    expect(await checkSecretsKey(t.db, t.config)).toBeNull();
  });
});
