import { eq } from 'drizzle-orm';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, outbox, users, websiteMembers, websiteSettings } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { decodeMail, localSmtp, type ReceivedMail } from '../../test/local-mail';
import { invalidateWebsite } from '../../http/cache';
import { TestClient } from '../../test/client';
import { staffClients } from '../../test/staff-clients';
import { seedCartShop, signInAs, type CartShop } from '../cart/test-fixture';
import { home } from '../orders/test-fixture';
import { sendPaymentLink } from '../orders/payment-link';
import { customerLanguage } from './language';

// The customer's language in what the shop sends and prints (issue 46 §5), through the real
// delivery: email over SMTP to a local server, SMS as the templated HTTP request to a local one.
const mails: ReceivedMail[] = [];
const sms: Array<{ phone: string; text: string }> = [];
let smtp: Awaited<ReturnType<typeof localSmtp>>;
let smsServer: ReturnType<typeof createServer>;
let shop!: CartShop;
let t: Awaited<ReturnType<typeof createTestApp>>;

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let s = '';
    req.on('data', (c: Buffer) => (s += c.toString()));
    req.on('end', () => resolve(s));
  });

const mailTo = (email: string) => {
  const m = mails.filter((x) => x.to.includes(email));
  return m.map((x) => decodeMail(x.data));
};

beforeAll(async () => {
  smtp = await localSmtp(mails);
  smsServer = createServer(async (req, res) => {
    sms.push(JSON.parse(await read(req)) as { phone: string; text: string });
    res.end('{}');
  });
  await new Promise<void>((r) => smsServer.listen(0, '127.0.0.1', r));
  t = await createTestApp({
    env: {
      SMTP_URL: smtp.url,
      SMS_URL: `http://127.0.0.1:${(smsServer.address() as AddressInfo).port}/send`,
      SMS_BODY: '{"phone":"{{to}}","text":"{{message}}"}',
    },
    seed: async (db) => {
      shop = await seedCartShop(db);
      // the shop offers English (its default), Hindi and Kannada
      await db
        .insert(websiteSettings)
        .values({ websiteId: shop.websiteId, languages: ['en', 'hi', 'kn'], defaultLanguage: 'en' })
        .onConflictDoUpdate({ target: websiteSettings.websiteId, set: { languages: ['en', 'hi', 'kn'], defaultLanguage: 'en' } });
    },
  });
});
afterAll(async () => {
  await t?.close();
  await smtp.close();
  await new Promise<void>((r) => smsServer.close(() => r()));
});

let n = 0;
/** A signed-in shopper (account language `language`) with dal in the cart and the Bengaluru address. */
async function shopper(language: string | null, cookieLanguage?: string) {
  const [u] = await t.db
    .insert(users)
    .values({ name: `Meera ${++n}`, email: `m${n}-${Date.now()}@example.com`, phone: null, language })
    .returning();
  await t.db.insert(websiteMembers).values({ websiteId: shop.websiteId, userId: u!.id });
  const c = new TestClient(t.app);
  if (cookieLanguage) c.cookies.set('lang', cookieLanguage);
  await c.get(`/s/api/check/pincode/${home.pincode}`);
  await signInAs(t.db, c, u!.id);
  expect((await c.post('/s/api/cart/add', { pack_id: shop.packs.dal1.id })).statusCode).toBe(200);
  const addr = (await c.post('/s/api/addresses', home)).json();
  const cart = (await c.get(`/s/api/cart?address_id=${addr.id}`)).json();
  const res = await c.post('/s/api/orders', {
    address_id: addr.id,
    payment_method: 'cod',
    expected_total: cart.amount,
    idempotency_key: `messages-${n}-${Math.random()}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { c, user: u!, order: res.json().order as { id: string; ordernumber: string } };
}

describe('which language a customer is spoken to in', () => {
  it('the account language when offered, else the order’s, else the website default', async () => {
    const [hi] = await t.db.insert(users).values({ name: 'Hindi reader', language: 'hi' }).returning();
    const [ta] = await t.db.insert(users).values({ name: 'Offered nothing', language: 'ta' }).returning();
    const [none] = await t.db.insert(users).values({ name: 'No choice' }).returning();
    const site = shop.websiteId;
    expect(await customerLanguage(t.db, site, { userId: hi!.id, orderLanguage: 'kn' })).toBe('hi');
    expect(await customerLanguage(t.db, site, { userId: none!.id, orderLanguage: 'kn' })).toBe('kn');
    expect(await customerLanguage(t.db, site, { userId: ta!.id, orderLanguage: null })).toBe('en');
    expect(await customerLanguage(t.db, site, { userId: null, orderLanguage: null })).toBe('en');
    // a language the website stopped offering: its default
    await t.db
      .update(websiteSettings)
      .set({ languages: ['en', 'kn'], defaultLanguage: 'kn' })
      .where(eq(websiteSettings.websiteId, site));
    invalidateWebsite(site);
    try {
      expect(await customerLanguage(t.db, site, { userId: hi!.id, orderLanguage: null })).toBe('kn');
      expect(await customerLanguage(t.db, site, { userId: hi!.id, orderLanguage: 'en' })).toBe('en');
    } finally {
      await t.db
        .update(websiteSettings)
        .set({ languages: ['en', 'hi', 'kn'], defaultLanguage: 'en' })
        .where(eq(websiteSettings.websiteId, site));
      invalidateWebsite(site);
    }
  });
});

describe('order messages in the customer’s language, delivered', () => {
  it('a Hindi customer’s confirmation and order update arrive in Hindi by email and SMS; the order keeps its language', async () => {
    const { user, order } = await shopper('hi');
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.language).toBe('hi');
    await t.app.events.drain();
    const [confirmation] = mailTo(user.email!);
    expect(confirmation!.subject).toBe(`ऑर्डर ${order.ordernumber} कन्फ़र्म`);
    expect(confirmation!.text).toContain(`धन्यवाद, ${user.name}। आपका ऑर्डर ${order.ordernumber} हो गया है।`);
    expect(confirmation!.text).toContain('डिलीवरी पर नकद');
    const { as } = staffClients(t, shop.websiteId);
    const owner = await as({ hasAdminAccess: true });
    expect((await owner.post(`/s/api/admin/orders/${order.id}/confirm`, {})).statusCode).toBe(200);
    await t.app.events.drain();
    const update = mailTo(user.email!)[1]!;
    expect(update.subject).toBe(`ऑर्डर ${order.ordernumber}: कन्फ़र्म`);
    expect(update.text).toBe(`आपका ऑर्डर ${order.ordernumber} दुकान ने कन्फ़र्म कर दिया है।`);
    const text = sms.filter((s) => s.phone === home.phone).at(-1)!.text;
    expect(text).toBe(`आपका ऑर्डर ${order.ordernumber} दुकान ने कन्फ़र्म कर दिया है।`);
    const rows = await t.db.select().from(outbox).where(eq(outbox.to, user.email!));
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
  });

  it('without an account language: the language the order was placed in (the lang cookie), Kannada', async () => {
    const { user, order } = await shopper(null, 'kn');
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.language).toBe('kn');
    await t.app.events.drain();
    const [confirmation] = mailTo(user.email!);
    expect(confirmation!.subject).toBe(`ಆರ್ಡರ್ ${order.ordernumber} ದೃಢೀಕರಿಸಲಾಗಿದೆ`);
  });

  it('an English customer’s messages are the texts the shop always sent', async () => {
    const { user, order } = await shopper(null);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.language).toBe('en');
    await t.app.events.drain();
    const [confirmation] = mailTo(user.email!);
    expect(confirmation!.subject).toBe(`Order ${order.ordernumber} confirmed`);
    expect(confirmation!.text).toContain(`Thank you, ${user.name}. Your order ${order.ordernumber} is placed.`);
  });
});

describe('payment links in the customer’s language', () => {
  it('a link to pay an order placed for a Hindi customer goes by SMS in Hindi', async () => {
    const { order } = await shopper('hi');
    const [o] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    await sendPaymentLink(
      t.app.outbox,
      { id: shop.websiteId, name: 'Test Grocery' },
      { ...o!, paymentMethod: 'razorpay' },
      { email: null, phone: '9000000055' },
      'Ravi',
      'https://shop.example',
    );
    const text = sms.filter((s) => s.phone === '9000000055').at(-1)!.text;
    expect(text).toMatch(new RegExp(`^Ravi ने Test Grocery पर आपके लिए ऑर्डर ${o!.ordernumber} दिया है: ₹[\\d,.]+। Razorpay से यहाँ भुगतान करें: `));
    expect(text).toContain(`https://shop.example/checkout/razorpay/${o!.id}`);
  });
});

describe('sign-in codes in the request’s language', () => {
  it('a shopper not signed in who chose Hindi gets the code in Hindi', async () => {
    const [u] = await t.db
      .insert(users)
      .values({ name: 'Ravi', email: `ravi-${Date.now()}@example.com` })
      .returning();
    await t.db.insert(websiteMembers).values({ websiteId: shop.websiteId, userId: u!.id });
    const c = new TestClient(t.app);
    c.cookies.set('lang', 'hi');
    expect((await c.post('/s/api/auth/login', { identifier: u!.email })).statusCode).toBe(200);
    const hi = mailTo(u!.email!).at(-1)!;
    expect(hi.subject).toMatch(/^\d{6} आपका Test Grocery कोड है$/);
    expect(hi.text).toMatch(/^आपका Test Grocery कोड \d{6} है। यह 10 मिनट में समाप्त हो जाएगा।/);
  });
});

describe('documents in the customer’s language', () => {
  it('a Kannada customer’s tax invoice is in Kannada with its lang and the Kannada font; an English one is unchanged', async () => {
    const { c, order } = await shopper('kn');
    const res = await c.get(`/s/api/orders/${order.id}/invoice`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="kn-IN">');
    expect(res.body).toContain('<h1>ತೆರಿಗೆ ಇನ್‌ವಾಯ್ಸ್</h1>');
    expect(res.body).toContain(`ಇನ್‌ವಾಯ್ಸ್ ಸಂಖ್ಯೆ ${order.ordernumber}`);
    expect(res.body).toContain("font-family:'Noto Sans Kannada'");
    expect(res.body).toMatch(/src:url\(data:font\/woff2;base64,[A-Za-z0-9+/]{1000,}/);
    expect(res.body).not.toContain('Tax Invoice');
    const english = await shopper(null);
    const en = await english.c.get(`/s/api/orders/${english.order.id}/invoice`);
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain('<h1>Tax Invoice</h1>');
    expect(en.body).not.toContain('@font-face');
  });
});
