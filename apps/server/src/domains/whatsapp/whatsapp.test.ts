import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, deliveryCodes, outbox, users, websiteSettings, websites, whatsappSettings } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { staffClients } from '../../test/staff-clients';
import { invalidateWebsite } from '../../http/cache';
import { checkoutBench } from '../orders/test-fixture';
import { emitOrderEvent } from '../outbox';
import { signatureOf } from './cloud-api';
import { templateLanguage } from './service';
import type { SimMessage } from './sim';

// WhatsApp order updates (issue 46 §6) over the checkout bench: messages go over real HTTP to the
// built-in Cloud API simulator, whose signed status callbacks come back to the shop's webhook.
const { t, shop, base, shopper, place, key } = await checkoutBench();
afterAll(() => t.close());
const { as } = staffClients(t, shop.websiteId);

const cfg = {
  enabled: true,
  phone_number_id: '109876543210',
  access_token: 'EAAG-sim-access-token-7q2w',
  app_secret: 'sim-app-secret-k3j9',
  verify_token: 'sim-verify-token-x1y2',
  language: 'en' as const,
};
const sim = (path: string, body: unknown) =>
  fetch(`${base}/sim/whatsapp${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const simMessages = async () => (await (await fetch(`${base}/sim/whatsapp/messages`)).json()) as SimMessage[];
const rowOf = async (id: number) => (await t.db.select().from(outbox).where(eq(outbox.id, id)))[0]!;
const fallbacksOf = (id: number) => t.db.select().from(outbox).where(eq(outbox.fallbackOf, id));

let owner: TestClient;
beforeAll(async () => {
  owner = await as({ hasAdminAccess: true });
  const res = await owner.put('/s/api/admin/whatsapp', cfg);
  expect(res.statusCode, res.body).toBe(200);
  expect(
    (await sim('/accounts', { ...cfg, phone_number_id: cfg.phone_number_id, callback_url: `${base}/s/api/whatsapp/webhook` })).status,
  ).toBe(200);
});

/** A message queued as an SMS with a template hint (the way the order notifications do), delivered. */
const sendHinted = (to: string, body = 'Your order W-1 has been confirmed by the shop.') =>
  t.app.outbox.send({
    websiteId: shop.websiteId,
    channel: 'sms',
    to,
    body,
    whatsapp: { event: 'order_confirmed', values: { order_number: 'W-1' } },
  });

describe('settings', () => {
  it('stores the token and app secret encrypted, never answers a secret, audits without them', async () => {
    const get = await owner.get('/s/api/admin/whatsapp');
    expect(get.statusCode).toBe(200);
    for (const s of [cfg.access_token, cfg.app_secret, cfg.verify_token]) expect(get.body).not.toContain(s);
    expect(get.json()).toMatchObject({
      configured: true,
      enabled: true,
      phone_number_id: cfg.phone_number_id,
      access_token_last4: '7q2w',
      app_secret_last4: 'k3j9',
      webhook_url: expect.stringMatching(/\/s\/api\/whatsapp\/webhook$/),
    });
    const [row] = await t.db.select().from(whatsappSettings).where(eq(whatsappSettings.websiteId, shop.websiteId));
    expect(JSON.stringify(row)).not.toContain(cfg.access_token);
    expect(JSON.stringify(row)).not.toContain(cfg.app_secret);
    expect(row!.accessToken).toMatch(/^v1:/);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'whatsapp_settings'));
    expect(audit.at(-1)).toMatchObject({ action: 'create' });
    expect(JSON.stringify(audit)).not.toContain(cfg.access_token);
    expect(JSON.stringify(audit)).not.toContain(cfg.app_secret);
  });

  it('keeps the stored secrets when a save leaves them empty; the first save needs them', async () => {
    const res = await owner.put('/s/api/admin/whatsapp', { ...cfg, access_token: '', app_secret: '', verify_token: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().access_token_last4).toBe('7q2w');
    const [site] = await t.db.insert(websites).values({ name: 'No WhatsApp yet' }).returning();
    const other = await staffClients(t, site!.id).as({ hasAdminAccess: true });
    // the other website's staff reach their own website only by its host; here the default host is the shop's
    expect((await other.put('/s/api/admin/whatsapp', cfg)).statusCode).toBe(403);
  });

  it('needs the payments permission, and a signed-in staff member', async () => {
    const packer = await as({ isPacker: true });
    expect((await packer.get('/s/api/admin/whatsapp')).statusCode).toBe(403);
    expect((await packer.put('/s/api/admin/whatsapp', cfg)).statusCode).toBe(403);
    const anonymous = await as(null);
    expect([401, 403]).toContain((await anonymous.get('/s/api/admin/whatsapp')).statusCode);
  });

  it('answers the webhook verification handshake only with the verify token', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: `/s/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${cfg.verify_token}&hub.challenge=1158201444`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const bad = await t.app.inject({
      method: 'GET',
      url: '/s/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1158201444',
    });
    expect(bad.statusCode).toBe(403);
  });
});

describe('sending', () => {
  it('an order placed goes on WhatsApp through the simulator over HTTP: the template, its parameters, the message id on the row', async () => {
    const s = await shopper([[shop.packs.dal1.id, 1]]);
    const res = await place(s.c, { address_id: s.addressId, payment_method: 'cod', expected_total: s.cart.amount, idempotency_key: key() });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.events.drain();
    const [row] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'whatsapp'), eq(outbox.websiteId, shop.websiteId)));
    expect(row).toMatchObject({ status: 'sent', to: '9000000011', providerMessageId: expect.stringMatching(/^wamid\./) });
    const sent = (await simMessages()).find((m) => m.id === row!.providerMessageId)!;
    expect(sent).toMatchObject({ template: 'order_placed', to: '919000000011', language: 'en', phone_number_id: cfg.phone_number_id });
    expect(sent.params).toEqual([s.user.name, expect.stringMatching(/^GR\d+$/), expect.stringContaining('₹')]);
    // no SMS while WhatsApp carries it
    expect(await fallbacksOf(row!.id)).toHaveLength(0);
  });
});

describe('order updates', () => {
  it('confirmed, out for delivery (with who brings it), delivered and refunded go on WhatsApp with their templates', async () => {
    const s = await shopper([[shop.packs.dal1.id, 1]]);
    const res = await place(s.c, { address_id: s.addressId, payment_method: 'cod', expected_total: s.cart.amount, idempotency_key: key() });
    expect(res.statusCode, res.body).toBe(200);
    const orderId = res.json().order.id as string;
    const before = (await simMessages()).length;
    const staff = async (path: string, body: unknown = {}) => {
      const r = await owner.post(`/s/api/admin/orders/${orderId}/${path}`, body);
      expect(r.statusCode, `${path}: ${r.body}`).toBe(200);
    };
    await staff('confirm');
    await staff('pack');
    await staff('ship', { delivery: { person: 'Ravi', phone: '9876500000' } });
    await staff('deliver', { cash_collected: res.json().order.total as number });
    await emitOrderEvent(t.db, { websiteId: shop.websiteId, orderId, topic: 'order.refunded', payload: { amount: 5_000 } });
    await t.app.events.drain();
    const sent = (await simMessages()).slice(before).filter((m) => m.template !== 'order_placed');
    expect(sent.map((m) => [m.template, m.params.slice(1)])).toEqual([
      ['order_confirmed', []],
      ['order_out_for_delivery', ['Ravi']],
      ['order_delivered', []],
      ['order_refunded', ['₹50']],
    ]);
    expect(new Set(sent.map((m) => m.params[0])).size).toBe(1);
  });
});

describe('out for delivery with a delivery code', () => {
  it('sends the code template (the row sensitive) when the order has a code', async () => {
    const s = await shopper([[shop.packs.dal1.id, 1]]);
    const res = await place(s.c, { address_id: s.addressId, payment_method: 'cod', expected_total: s.cart.amount, idempotency_key: key() });
    const orderId = res.json().order.id as string;
    for (const move of ['confirm', 'pack']) expect((await owner.post(`/s/api/admin/orders/${orderId}/${move}`, {})).statusCode).toBe(200);
    // the code a trip's start issues (delivery-trips): its nonce and hash
    await t.db.insert(deliveryCodes).values({ orderId, websiteId: shop.websiteId, nonce: 'test-nonce-1', codeHash: 'x' });
    await owner.post(`/s/api/admin/orders/${orderId}/ship`, { delivery: { person: 'Ravi', phone: '9876500000' } });
    await t.app.events.drain();
    const m = (await simMessages()).find((x) => x.template === 'order_out_for_delivery_code')!;
    expect(m.params).toEqual([expect.stringMatching(/^GR\d+$/), expect.stringMatching(/^\d{4}$/)]);
    const [row] = await t.db.select().from(outbox).where(eq(outbox.providerMessageId, m.id));
    expect(row!.sensitive).toBe(true);
  });
});

describe('status callbacks', () => {
  it('records delivered then read; a retried or late callback changes nothing; a wrong signature is refused (401) and changes nothing', async () => {
    const row = await sendHinted('9000000101');
    expect(row.status).toBe('sent');
    const id = row.providerMessageId!;
    expect(await (await sim(`/messages/${id}/status`, { status: 'delivered' })).json()).toEqual({ delivered: true, status: 200 });
    expect((await rowOf(row.id)).providerStatus).toBe('delivered');
    const at = (await rowOf(row.id)).providerStatusAt;
    await sim(`/messages/${id}/status`, { status: 'delivered' });
    await sim(`/messages/${id}/status`, { status: 'sent' });
    expect((await rowOf(row.id)).providerStatus).toBe('delivered');
    expect((await rowOf(row.id)).providerStatusAt).toEqual(at);
    // signed with another secret: refused, the row as it was
    expect(await (await sim(`/messages/${id}/status`, { status: 'read', sign_with: 'not-the-app-secret' })).json()).toEqual({
      delivered: false,
      status: 401,
    });
    expect((await rowOf(row.id)).providerStatus).toBe('delivered');
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/s/api/whatsapp/webhook',
      payload: { object: 'whatsapp_business_account' },
    });
    expect(unsigned.statusCode).toBe(401);
    await sim(`/messages/${id}/status`, { status: 'read' });
    expect((await rowOf(row.id)).providerStatus).toBe('read');
  });

  it("a website's callback cannot touch another website's rows", async () => {
    const [site] = await t.db.insert(websites).values({ name: 'Other WhatsApp Shop' }).returning();
    const [theirs] = await t.db
      .insert(outbox)
      .values({
        websiteId: site!.id,
        channel: 'whatsapp',
        to: '9000000999',
        body: '{}',
        status: 'sent',
        providerMessageId: 'wamid.other-site',
      })
      .returning();
    const raw = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [{ changes: [{ field: 'messages', value: { statuses: [{ id: 'wamid.other-site', status: 'failed' }] } }] }],
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/s/api/whatsapp/webhook',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signatureOf(cfg.app_secret, raw) },
      payload: raw,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, moved: 0 });
    expect((await rowOf(theirs!.id)).providerStatus).toBeNull();
  });
});

describe('fallback to SMS', () => {
  it('a failed status, reported twice, queues the SMS version once', async () => {
    const row = await sendHinted('9000000202', 'Your order W-2 has been confirmed by the shop.');
    const id = row.providerMessageId!;
    await sim(`/messages/${id}/status`, { status: 'failed' });
    await sim(`/messages/${id}/status`, { status: 'failed' });
    const w = await rowOf(row.id);
    expect(w).toMatchObject({ providerStatus: 'failed', error: 'Message undeliverable' });
    expect(w.fallbackAt).not.toBeNull();
    const sms = await fallbacksOf(row.id);
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ channel: 'sms', to: '9000000202', body: 'Your order W-2 has been confirmed by the shop.' });
    // and again from the outbox itself: nothing more
    expect(await t.app.outbox.fallBack(row.id)).toBeNull();
    expect(await fallbacksOf(row.id)).toHaveLength(1);
  });

  it('a send the API refuses queues the SMS version once, and is not retried on WhatsApp', async () => {
    expect((await sim('/fail', { to: '9000000303' })).status).toBe(200);
    const row = await sendHinted('9000000303');
    expect(row).toMatchObject({ channel: 'whatsapp', status: 'failed', providerMessageId: null });
    expect(row.error).toContain('Message undeliverable');
    expect(await fallbacksOf(row.id)).toHaveLength(1);
    await t.app.outbox.retryFailed();
    expect((await rowOf(row.id)).attempts).toBe(1);
    expect(await fallbacksOf(row.id)).toHaveLength(1);
  });

  it('with WhatsApp off the hinted message stays an SMS', async () => {
    await owner.put('/s/api/admin/whatsapp', { ...cfg, enabled: false, access_token: '', app_secret: '', verify_token: '' });
    const row = await sendHinted('9000000404');
    expect(row.channel).toBe('sms');
    await owner.put('/s/api/admin/whatsapp', { ...cfg, access_token: '', app_secret: '', verify_token: '' });
  });
});

describe("in the customer's language (issue 46 §5)", () => {
  it('a Hindi customer’s order update goes with the template language hi, its SMS fallback in Hindi', async () => {
    await t.db
      .insert(websiteSettings)
      .values({ websiteId: shop.websiteId, languages: ['en', 'hi'] })
      .onConflictDoUpdate({ target: websiteSettings.websiteId, set: { languages: ['en', 'hi'] } });
    invalidateWebsite(shop.websiteId);
    try {
      const s = await shopper([[shop.packs.dal1.id, 1]]);
      await t.db.update(users).set({ language: 'hi' }).where(eq(users.id, s.user.id));
      const res = await place(s.c, {
        address_id: s.addressId,
        payment_method: 'cod',
        expected_total: s.cart.amount,
        idempotency_key: key(),
      });
      expect(res.statusCode, res.body).toBe(200);
      const order = res.json().order as { id: string; ordernumber: string };
      await t.app.events.drain();
      expect((await owner.post(`/s/api/admin/orders/${order.id}/confirm`, {})).statusCode).toBe(200);
      await t.app.events.drain();
      const rows = await t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.channel, 'whatsapp'), eq(outbox.websiteId, shop.websiteId)));
      const sent = await simMessages();
      const confirmed = rows.find((r) => r.fallbackBody?.includes(order.ordernumber) && r.fallbackBody.includes('कन्फ़र्म'))!;
      expect(confirmed.fallbackBody).toBe(`आपका ऑर्डर ${order.ordernumber} दुकान ने कन्फ़र्म कर दिया है।`);
      expect(sent.find((m) => m.id === confirmed.providerMessageId)).toMatchObject({
        template: 'order_confirmed',
        language: 'hi',
        params: [order.ordernumber],
      });
      // an English customer keeps the website's own English template language
      const placedEn = rows.filter((r) => r.fallbackBody?.startsWith('Thank you'));
      for (const r of placedEn) expect(sent.find((m) => m.id === r.providerMessageId)?.language).toBe('en');
    } finally {
      await t.db
        .update(websiteSettings)
        .set({ languages: ['en'] })
        .where(eq(websiteSettings.websiteId, shop.websiteId));
      invalidateWebsite(shop.websiteId);
    }
  });

  it('the template language: the customer’s; English in the website’s English code; none given, the website’s', () => {
    expect(templateLanguage('en_US', 'hi')).toBe('hi');
    expect(templateLanguage('en_US', 'en')).toBe('en_US');
    expect(templateLanguage('kn', 'en')).toBe('en');
    expect(templateLanguage('kn', undefined)).toBe('kn');
  });
});
