import { addShopDays, shopDayOf, shopDayStart } from '@grocer/shared/shop-time';
import { and, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  messageChoices,
  outbox,
  users,
  websiteMembers,
  websiteSettings,
  websites,
  whatsappInbound,
  whatsappOptOuts,
} from '../../db/schema';
import { invalidateWebsite } from '../../http/cache';
import { TestClient } from '../../test/client';
import { staffClients } from '../../test/staff-clients';
import { signInAs } from '../cart/test-fixture';
import { checkoutBench } from '../orders/test-fixture';
import { sendKhataNotices } from '../wallet';
import type { SimMessage } from '../whatsapp';

// The shopper's message channels (issue 46 §7) over the checkout bench: the account page's calls,
// the outbox honouring them as the order notifications and the khata notices queue, and WhatsApp
// STOP/START replies sent by the Cloud API simulator to the signed webhook.
const { t, shop, base, shopper, place, key } = await checkoutBench();
afterAll(() => t.close());

const cfg = {
  enabled: true,
  phone_number_id: '109876543299',
  access_token: 'EAAG-sim-access-token-c7c7',
  app_secret: 'sim-app-secret-choices',
  verify_token: 'sim-verify-token-choices',
  language: 'en' as const,
};
const sim = (path: string, body: unknown) =>
  fetch(`${base}/sim/whatsapp${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const simMessages = async () => (await (await fetch(`${base}/sim/whatsapp/messages`)).json()) as SimMessage[];
/** A customer writes to the shop's number (the simulator signs it as Meta does). */
const writes = async (from: string, text: string, extra: Record<string, unknown> = {}) => {
  const r = await sim('/inbound', { phone_number_id: cfg.phone_number_id, from, text, ...extra });
  return (await r.json()) as { id: string; status: number; delivered: boolean };
};

/** The website sends on WhatsApp through the simulator, whose account calls back to the shop's webhook. */
async function turnWhatsappOn() {
  const owner = await staffClients(t, shop.websiteId).as({ hasAdminAccess: true });
  expect((await owner.put('/s/api/admin/whatsapp', cfg)).statusCode).toBe(200);
  expect((await sim('/accounts', { ...cfg, callback_url: `${base}/s/api/whatsapp/webhook` })).status).toBe(200);
}

let n = 0;
/** A signed-in customer of the shop with a mobile of their own (`email` null: an account without one). */
async function customer(email: string | null = `ch${++n}-${Date.now()}@example.com`) {
  const phone = `96${String(Date.now() % 1e7).padStart(7, '0')}${++n % 10}`;
  const [u] = await t.db
    .insert(users)
    .values({ name: `Choosy ${n}`, email, phone })
    .returning();
  await t.db.insert(websiteMembers).values({ websiteId: shop.websiteId, userId: u!.id });
  const c = new TestClient(t.app);
  await signInAs(t.db, c, u!.id);
  return { c, user: u! };
}
const choice = (kind: string, whatsapp: boolean, sms: boolean, email: boolean) => ({ kind, whatsapp, sms, email });
const rowsTo = (to: string, since = 0) =>
  t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.websiteId, shop.websiteId), eq(outbox.to, to), gt(outbox.id, since)))
    .orderBy(outbox.id);
const lastId = async () => (await t.db.select({ id: outbox.id }).from(outbox).orderBy(desc(outbox.id)).limit(1))[0]?.id ?? 0;

describe('the account page’s calls', () => {
  it('without WhatsApp on the website: SMS and email, every kind on (today’s behaviour) until changed', async () => {
    const { c } = await customer();
    const res = await c.get('/s/api/account/messages');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      channels: ['sms', 'email'],
      choices: ['orders', 'payments', 'subscriptions', 'offers'].map((k) => choice(k, true, true, true)),
      whatsapp_stopped: false,
    });
    const { c: noEmail } = await customer(null);
    expect((await noEmail.get('/s/api/account/messages')).json().channels).toEqual(['sms']);
    expect((await new TestClient(t.app).get('/s/api/account/messages')).statusCode).toBe(401);
  });

  it('with WhatsApp on: saves a change, kept for the next visit, audited; other people and websites untouched', async () => {
    await turnWhatsappOn();
    const a = await customer();
    const b = await customer();
    const put = await a.c.put('/s/api/account/messages', {
      choices: [choice('offers', false, false, true), choice('orders', true, false, true)],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().channels).toEqual(['whatsapp', 'sms', 'email']);
    const again = (await a.c.get('/s/api/account/messages')).json();
    expect(again.choices).toEqual([
      choice('orders', true, false, true),
      choice('payments', true, true, true),
      choice('subscriptions', true, true, true),
      choice('offers', false, false, true),
    ]);
    expect((await b.c.get('/s/api/account/messages')).json().choices[0]).toEqual(choice('orders', true, true, true));
    const rows = await t.db.select().from(messageChoices).where(eq(messageChoices.userId, a.user.id));
    expect(rows.map((r) => [r.websiteId, r.kind]).sort()).toEqual([
      [shop.websiteId, 'offers'],
      [shop.websiteId, 'orders'],
    ]);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'message_choices'), eq(auditLog.entityId, String(a.user.id))));
    expect(audit).toMatchObject({ websiteId: shop.websiteId, actorId: a.user.id, action: 'update' });
    expect(audit!.after).toMatchObject({ offers: { whatsapp: false, sms: false, email: true } });
    // another website has its own choices: nothing of this one shows there
    const [other] = await t.db.insert(websites).values({ name: 'Another shop' }).returning();
    await t.db.insert(messageChoices).values({ websiteId: other!.id, userId: a.user.id, kind: 'orders', email: false });
    expect((await a.c.get('/s/api/account/messages')).json().choices[0]).toEqual(choice('orders', true, false, true));
  });

  it('refuses order updates with no channel left, and bad input, changing nothing', async () => {
    const { c, user } = await customer();
    const none = await c.put('/s/api/account/messages', { choices: [choice('orders', false, false, false)] });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Order updates need at least one way to reach you' });
    for (const body of [
      { choices: [] },
      { choices: [choice('codes', true, true, true)] },
      { choices: [choice('orders', true, true, true), choice('orders', true, true, true)] },
      { choices: [{ kind: 'orders', whatsapp: 'yes', sms: true, email: true }] },
      { choices: [choice('orders', true, true, true)], extra: 1 },
    ])
      expect((await c.put('/s/api/account/messages', body)).statusCode, JSON.stringify(body)).toBe(422);
    expect(await t.db.select().from(messageChoices).where(eq(messageChoices.userId, user.id))).toEqual([]);
    // without an email, the email column is kept as it was: unticking SMS and WhatsApp leaves nothing
    const { c: noEmail } = await customer(null);
    expect((await noEmail.put('/s/api/account/messages', { choices: [choice('orders', false, false, true)] })).statusCode).toBe(422);
  });
});

describe('the outbox honours them', () => {
  it('an order placed: no WhatsApp for a shopper who turned it off (the SMS instead), no email when email is off', async () => {
    const phone = `95${String(Date.now() % 1e8).padStart(8, '0')}`;
    const s = await shopper([[shop.packs.dal1.id, 1]], { phone });
    const put = await s.c.put('/s/api/account/messages', { choices: [choice('orders', false, true, false)] });
    expect(put.statusCode, put.body).toBe(200);
    const since = await lastId();
    const res = await place(s.c, { address_id: s.addressId, payment_method: 'cod', expected_total: s.cart.amount, idempotency_key: key() });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.events.drain();
    const mine = await rowsTo(phone, since);
    expect(mine.map((r) => [r.channel, r.status])).toEqual([['sms', 'logged']]);
    expect(mine[0]!.body).toContain(res.json().order.ordernumber);
    const emails = await rowsTo(s.user.email!, since);
    expect(emails.map((r) => [r.channel, r.status])).toEqual([['email', 'skipped']]);
    expect(emails[0]!.error).toBe('The customer turned email off for orders messages');
    expect((await simMessages()).some((m) => m.to === `91${phone}`)).toBe(false);
  });

  it('with every channel on, the order placed goes on WhatsApp as before', async () => {
    const s = await shopper([[shop.packs.dal1.id, 1]]);
    const since = await lastId();
    const res = await place(s.c, { address_id: s.addressId, payment_method: 'cod', expected_total: s.cart.amount, idempotency_key: key() });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.events.drain();
    expect((await rowsTo('9000000011', since)).map((r) => [r.channel, r.status])).toEqual([['whatsapp', 'sent']]);
    expect((await rowsTo(s.user.email!, since)).map((r) => r.status)).toEqual(['logged']);
  });

  it('a khata statement (payments): SMS off keeps the SMS back, the email goes', async () => {
    const owner = await staffClients(t, shop.websiteId).as({ hasAdminAccess: true });
    const { c, user } = await customer();
    expect((await c.put('/s/api/account/messages', { choices: [choice('payments', true, false, true)] })).statusCode).toBe(200);
    const opened = await owner.post(`/s/api/admin/wallets/customers/${user.id}/khata`, { credit_limit_paise: 100_000 });
    expect(opened.statusCode, opened.body).toBe(200);
    await t.db.transaction((tx) =>
      t.app.wallet.postOrFail(tx, {
        websiteId: shop.websiteId,
        accountId: opened.json().id,
        amountPaise: -12_300,
        reason: 'khata_sale',
        key: `choices-sale-${user.id}`,
        createdBy: 'system',
      }),
    );
    const today = shopDayOf();
    const nextFirst = `${addShopDays(`${today.slice(0, 7)}-28`, 7).slice(0, 7)}-01`;
    const since = await lastId();
    await sendKhataNotices(t.db, t.app.outbox, { now: new Date(shopDayStart(nextFirst).getTime() + 10 * 3_600_000) });
    expect((await rowsTo(user.phone!, since)).map((r) => [r.channel, r.status])).toEqual([['sms', 'skipped']]);
    expect((await rowsTo(user.email!, since)).map((r) => [r.channel, r.status])).toEqual([['email', 'logged']]);
  });
});

describe('STOP and START by WhatsApp reply', () => {
  // the website offers Hindi and Kannada, so a reply may be in them
  beforeAll(async () => {
    await turnWhatsappOn();
    await t.db
      .insert(websiteSettings)
      .values({ websiteId: shop.websiteId, languages: ['en', 'hi', 'kn'] })
      .onConflictDoUpdate({ target: websiteSettings.websiteId, set: { languages: ['en', 'hi', 'kn'] } });
    invalidateWebsite(shop.websiteId);
  });

  it('STOP turns WhatsApp off for the account, confirms once in its language; a retry changes and sends nothing twice', async () => {
    const { c, user } = await customer();
    await t.db.update(users).set({ language: 'hi' }).where(eq(users.id, user.id));
    const before = (await simMessages()).length;
    const sent = await writes(user.phone!, '  Stop ');
    expect(sent, JSON.stringify(sent)).toMatchObject({ delivered: true, status: 200 });
    const page = (await c.get('/s/api/account/messages')).json();
    expect(page.whatsapp_stopped).toBe(true);
    expect(page.choices.map((x: { whatsapp: boolean }) => x.whatsapp)).toEqual([false, false, false, false]);
    expect(page.choices[0]).toMatchObject({ sms: true, email: true });
    const replies = (await simMessages()).slice(before).filter((m) => m.to === `91${user.phone}`);
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ type: 'text' });
    expect(replies[0]!.text).toContain('START');
    expect(replies[0]!.text).toContain('WhatsApp पर कोई मैसेज नहीं आएगा');
    // Meta retries the same message: recorded once, answered once
    expect((await writes(user.phone!, 'STOP', { id: sent.id })).status).toBe(200);
    expect((await simMessages()).slice(before).filter((m) => m.to === `91${user.phone}`)).toHaveLength(1);
    expect(await t.db.select().from(whatsappInbound).where(eq(whatsappInbound.messageId, sent.id))).toHaveLength(1);
    // an order update to that mobile now goes by SMS, not WhatsApp
    const row = await t.app.outbox.send({
      websiteId: shop.websiteId,
      channel: 'sms',
      to: user.phone!,
      body: 'Your order W-9 has been confirmed by the shop.',
      whatsapp: { event: 'order_confirmed', values: { order_number: 'W-9' } },
      about: { kind: 'orders', userId: user.id },
    });
    expect(row).toMatchObject({ channel: 'sms', status: 'logged' });
  });

  it('START turns it back on; ticking WhatsApp on the page lifts a STOP too', async () => {
    const { c, user } = await customer();
    await writes(user.phone!, 'UNSUBSCRIBE');
    expect((await c.get('/s/api/account/messages')).json().whatsapp_stopped).toBe(true);
    const before = (await simMessages()).length;
    await writes(user.phone!, 'start');
    const page = (await c.get('/s/api/account/messages')).json();
    expect(page).toMatchObject({ whatsapp_stopped: false });
    expect(page.choices.every((x: { whatsapp: boolean }) => x.whatsapp)).toBe(true);
    const [reply] = (await simMessages()).slice(before).filter((m) => m.to === `91${user.phone}`);
    const [site] = await t.db.select().from(websites).where(eq(websites.id, shop.websiteId));
    expect(reply!.text).toBe(`WhatsApp messages from ${site!.name} are on again. Reply STOP to turn them off.`);
    await writes(user.phone!, 'ನಿಲ್ಲಿಸಿ');
    const put = await c.put('/s/api/account/messages', { choices: [choice('orders', true, true, true)] });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().whatsapp_stopped, put.body).toBe(false);
    expect(put.json().choices.slice(0, 2), put.body).toEqual([choice('orders', true, true, true), choice('payments', false, true, true)]);
  });

  it('honours a STOP from a mobile with no account yet', async () => {
    const phone = `94${String(Date.now() % 1e8).padStart(8, '0')}`;
    const before = (await simMessages()).length;
    await writes(phone, 'रोकें');
    const [opt] = await t.db
      .select()
      .from(whatsappOptOuts)
      .where(eq(whatsappOptOuts.phone, `91${phone}`));
    expect(opt).toMatchObject({ websiteId: shop.websiteId });
    const [reply] = (await simMessages()).slice(before).filter((m) => m.to === `91${phone}`);
    // no account: the command's own script chooses the language
    expect(reply!.text).toContain('WhatsApp पर कोई मैसेज नहीं आएगा');
    const row = await t.app.outbox.send({
      websiteId: shop.websiteId,
      channel: 'sms',
      to: phone,
      body: 'Your order W-10 has been confirmed by the shop.',
      whatsapp: { event: 'order_confirmed', values: { order_number: 'W-10' } },
    });
    expect(row.channel).toBe('sms');
  });

  it('any other text is only recorded; a bad signature is refused and changes nothing', async () => {
    const { user } = await customer();
    const before = (await simMessages()).length;
    const chat = await writes(user.phone!, 'Where is my order?');
    expect(chat.status).toBe(200);
    expect((await t.db.select().from(whatsappInbound).where(eq(whatsappInbound.messageId, chat.id)))[0]).toMatchObject({ command: null });
    const forged = await writes(user.phone!, 'STOP', { sign_with: 'not-the-app-secret' });
    expect(forged.status).toBe(401);
    expect(await t.db.select().from(whatsappInbound).where(eq(whatsappInbound.messageId, forged.id))).toEqual([]);
    expect(
      await t.db
        .select()
        .from(whatsappOptOuts)
        .where(eq(whatsappOptOuts.phone, `91${user.phone}`)),
    ).toEqual([]);
    expect((await simMessages()).length).toBe(before);
  });
});
