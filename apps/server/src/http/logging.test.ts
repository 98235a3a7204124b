import { eq } from 'drizzle-orm';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import type { Database } from '../db/client';
import { payments, users, websiteDomains, websiteMembers } from '../db/schema';
import { seedCartShop, type CartShop } from '../domains/cart/test-fixture';
import { Outbox } from '../domains/outbox/service';
import { createTestDatabase, testConfig } from '../test/app';
import { TestClient } from '../test/client';
import { DEV_OUTBOX_LINE, loggerOptions, maskText } from './logging';

// Logs an operator can keep (DESIGN §11): a whole journey with the production log settings, its
// log read back: no email, mobile, code, cookie, token or payment secret in it, and a request id
// on every request's line.
const shopper = { name: 'Kavya Rao', email: 'kavya.rao@example.com', phone: '9123498765' };
const staffEmail = 'owner.priya@example.com';
const address = {
  name: 'Kavya Rao',
  phone: '9988776655',
  pincode: '560001',
  line1: 'Flat 7C, Palm Grove',
  line2: '4 Residency Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  type: 'home',
};
const rzp = { key_id: 'rzp_test_sim_logshop', key_secret: 'logshop-razorpay-secret-4h8w', webhook_secret: 'logshop-webhook-secret-z2m9' };
const SMS_KEY = 'sms-provider-key-77aa';
const METRICS_TOKEN = 'metrics-token-for-logs-3141';

const mails: string[] = [];
const texts: string[] = [];
let smtp: SMTPServer;
let smsServer: Server;
let database: Database;
let shop: CartShop;
let app: App;
let base: string;
const lines: string[] = [];

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let s = '';
    req.on('data', (c: Buffer) => (s += c.toString()));
    req.on('end', () => resolve(s));
  });

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let data = '';
      stream.on('data', (c: Buffer) => (data += c.toString()));
      stream.on('end', () => {
        mails.push(data);
        callback();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  smsServer = createServer(async (req, res) => {
    texts.push(await read(req));
    res.end('{}');
  });
  await new Promise<void>((r) => smsServer.listen(0, '127.0.0.1', r));

  database = await createTestDatabase();
  shop = await seedCartShop(database.db);
  // production serves known hosts only: the simulator calls this server back at 127.0.0.1
  await database.db.insert(websiteDomains).values({ websiteId: shop.websiteId, host: '127.0.0.1' });
  const production = testConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    SESSION_SECRET: 'log-test-session-secret-0123456789',
    SECRETS_KEY: 'log-test-secrets-key-0123456789abcdef',
    SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    SMS_URL: `http://127.0.0.1:${(smsServer.address() as AddressInfo).port}/send`,
    SMS_AUTH_HEADER: `Bearer ${SMS_KEY}`,
    METRICS_TOKEN,
  });
  // production's settings and log, with the payment simulator (which production refuses) to pay through
  app = await buildApp({
    config: { ...production, gatewaySimulator: true },
    database,
    logStream: { write: (l: string) => void lines.push(l) },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  smtp?.close();
  smsServer?.close();
});

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)![1]!;
const lastMailTo = (to: string) => mails.filter((m) => m.includes(to)).at(-1)!;

describe('a journey with the production log settings', () => {
  const secrets: string[] = [];
  const client = () => new TestClient(app);

  it('registers, signs in staff, sets payment keys, orders, pays through the simulator', async () => {
    // staff: an admin of the shop signs in with a code by email, sets the shop's Razorpay keys
    const [owner] = await database.db.insert(users).values({ name: 'Priya', email: staffEmail, phone: '9000011122' }).returning();
    await database.db.insert(websiteMembers).values({ websiteId: shop.websiteId, userId: owner!.id, hasAdminAccess: true });
    const staff = client();
    expect((await staff.post('/s/api/auth/login', { identifier: staffEmail })).statusCode).toBe(200);
    const staffCode = codeIn(lastMailTo(staffEmail));
    expect((await staff.post('/s/api/auth/verify', { identifier: staffEmail, code: staffCode })).statusCode).toBe(200);
    expect((await staff.put('/s/api/admin/payments/razorpay', rzp)).statusCode).toBe(200);
    // an address in a URL (the customers search)
    expect((await staff.get(`/s/api/admin/customers?q=${encodeURIComponent(shopper.email)}`)).statusCode).toBe(200);
    expect((await staff.get(`/s/api/admin/customers?q=${shopper.phone}`)).statusCode).toBe(200);
    const sim = await fetch(`${base}/sim/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ provider: 'razorpay', ...rzp }),
    });
    expect(sim.status).toBe(200);

    // a shopper registers with an email and a mobile: a code to each
    const c = client();
    expect((await c.get(`/s/api/check/pincode/${address.pincode}`)).statusCode).toBe(200);
    expect((await c.post('/s/api/auth/register', shopper)).statusCode).toBe(200);
    const emailCode = codeIn(lastMailTo(shopper.email));
    const smsCode = codeIn(texts.filter((t) => t.includes(shopper.phone)).at(-1)!);
    const verified = await c.post('/s/api/auth/verify', { identifier: shopper.email, code: emailCode, also_code: smsCode });
    expect(verified.statusCode, verified.body).toBe(200);

    // the cart, an address with a mobile, a Razorpay order paid through the simulator
    expect((await c.post('/s/api/cart/add', { pack_id: shop.packs.dal1.id })).statusCode).toBe(200);
    const addressId = (await c.post('/s/api/addresses', address)).json().id as number;
    const cart = (await c.get(`/s/api/cart?address_id=${addressId}`)).json();
    const placed = await c.post('/s/api/orders', {
      address_id: addressId,
      payment_method: 'razorpay',
      expected_total: cart.amount,
      idempotency_key: 'log-journey-1',
      notes: `Call ${address.phone} or mail ${shopper.email}`,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const checkoutUrl: string = placed.json().payment.checkout_url;
    expect((await fetch(base + checkoutUrl)).status).toBe(200);
    const back = await fetch(base + checkoutUrl.split('?')[0], {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=success',
      redirect: 'manual',
    });
    expect(back.status).toBe(303);
    const returned = new URL(back.headers.get('location')!, base).searchParams;
    const signature = returned.get('razorpay_signature')!;
    const verify = await c.post('/s/api/payments/razorpay/verify', {
      order_id: placed.json().order.id,
      razorpay_order_id: returned.get('razorpay_order_id'),
      razorpay_payment_id: returned.get('razorpay_payment_id'),
      razorpay_signature: signature,
    });
    expect(verify.statusCode, verify.body).toBe(200);
    const [paid] = await database.db.select().from(payments).where(eq(payments.orderId, placed.json().order.id));
    expect(paid!.status).toBe('paid');
    // a wrong code and a webhook with a bad signature: errors in the log too
    expect((await client().post('/s/api/auth/verify', { identifier: shopper.email, code: '000111' })).statusCode).toBeGreaterThanOrEqual(
      400,
    );
    expect((await app.inject({ url: '/s/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).statusCode).toBe(200);
    expect((await staff.get('/s/api/auth/logout')).statusCode).toBe(200);

    secrets.push(
      shopper.email,
      encodeURIComponent(shopper.email),
      shopper.phone,
      address.phone,
      staffEmail,
      address.line1,
      staffCode,
      emailCode,
      smsCode,
      signature,
      rzp.key_secret,
      rzp.webhook_secret,
      SMS_KEY,
      METRICS_TOKEN,
      ...[staff, c].flatMap((x) => [x.cookies.get('sid')!, x.cookies.get('XSRF-TOKEN')!]).filter(Boolean),
    );
    expect(secrets.filter((s) => !s)).toEqual([]);
    // (a session that signed out has no cookie left: the shopper's stays)
    expect(c.cookies.get('sid')).toBeTruthy();
  });

  it('the log holds none of it', () => {
    expect(lines.length).toBeGreaterThan(40);
    const log = lines.join('');
    for (const s of secrets) expect(log.includes(s), `the log holds ${s}`).toBe(false);
    // not even in another spelling of a mobile number
    expect(log).not.toMatch(/\+?91[\s-]?9123498765|91234\s98765/);
  });

  it('every line is JSON, and every request line carries the request id', () => {
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const requestLines = parsed.filter((l) => l.req || l.res);
    expect(requestLines.length).toBeGreaterThan(40);
    expect(requestLines.filter((l) => typeof l.reqId !== 'string' || !l.reqId)).toEqual([]);
    // both ends of a request: the same id on "incoming request" and "request completed"
    const ids = new Set(parsed.filter((l) => l.msg === 'incoming request').map((l) => l.reqId));
    expect(parsed.filter((l) => l.msg === 'request completed').every((l) => ids.has(l.reqId))).toBe(true);
    // a request is its method, URL and host: no headers, no client address
    const incoming = parsed.find((l) => l.msg === 'incoming request')!;
    expect(Object.keys(incoming.req as object).sort()).toEqual(['host', 'method', 'url']);
    // the masked URL says what was asked
    expect(parsed.some((l) => (l.req as { url?: string } | undefined)?.url === '/s/api/admin/customers?q=[email]')).toBe(true);
    expect(parsed.some((l) => (l.req as { url?: string } | undefined)?.url === '/s/api/admin/customers?q=[phone]')).toBe(true);
  });
});

describe('the development outbox', () => {
  const outboxLog = async (env: 'development' | 'test') => {
    const out: string[] = [];
    const config = { ...testConfig({ NODE_ENV: env, LOG_LEVEL: 'info' }) };
    const log = pino(loggerOptions(config) || {}, { write: (l: string) => void out.push(l) });
    await new Outbox(database.db, config, log).send({
      websiteId: shop.websiteId,
      channel: 'sms',
      to: '9876501234',
      body: 'Your Test Grocery code is 482913.',
      sensitive: true,
    });
    return out.join('');
  };

  it('prints a code and its recipient only with NODE_ENV development and no SMS or SMTP (read the code from the server log)', async () => {
    const dev = await outboxLog('development');
    expect(dev).toContain('482913');
    expect(dev).toContain('9876501234');
    const test = await outboxLog('test');
    expect(test).toContain('kept for the development outbox');
    expect(test).not.toContain('482913');
    expect(test).not.toContain('9876501234');
  });

  it('in production without a transport nothing is printed but the failure', async () => {
    const out: string[] = [];
    const config = testConfig({ NODE_ENV: 'production', SESSION_SECRET: 'log-test-session-secret-0123456789', LOG_LEVEL: 'info' });
    const log = pino(loggerOptions(config) || {}, { write: (l: string) => void out.push(l) });
    const row = await new Outbox(database.db, config, log).send({
      websiteId: shop.websiteId,
      channel: 'sms',
      to: '9876501234',
      body: 'Your Test Grocery code is 482913.',
      sensitive: true,
    });
    expect(row.status).toBe('failed');
    expect(out.join('')).toContain('No SMS_URL configured');
    expect(out.join('')).not.toContain('482913');
  });

  it('the exemption is the outbox’s alone: the same mark outside development is masked', () => {
    const out: string[] = [];
    const log = pino(loggerOptions({ env: 'production', logLevel: 'info' }) || {}, { write: (l: string) => void out.push(l) });
    log.info({ [DEV_OUTBOX_LINE]: true }, 'code 482913 for kavya@example.com');
    expect(out.join('')).toContain('code [code] for [email]');
  });
});

describe('what else is logged', () => {
  const capture = () => {
    const out: string[] = [];
    return { out, log: pino(loggerOptions({ env: 'production', logLevel: 'info' }) || {}, { write: (l: string) => void out.push(l) }) };
  };

  it('an error: its message, stack and a database’s detail are masked; its code stays', () => {
    const { out, log } = capture();
    const err = Object.assign(new Error('duplicate key for kavya@example.com'), {
      code: '23505',
      detail: 'Key (phone)=(9123498765) already exists.',
    });
    log.error({ err }, 'unhandled error');
    const line = JSON.parse(out[0]!);
    expect(out[0]).not.toMatch(/kavya@example\.com|9123498765/);
    expect(line.err).toMatchObject({
      message: 'duplicate key for [email]',
      code: '23505',
      detail: 'Key (phone)=([phone]) already exists.',
    });
  });

  it('known keys anywhere in a logged object are redacted, other values masked', () => {
    const { out, log } = capture();
    log.warn(
      {
        order: 'ord_1',
        customer: { email: 'kavya@example.com', note: 'ring 9123498765' },
        headers: { cookie: 'sid=abc', authorization: 'Bearer x' },
      },
      'checking %s',
      'kavya@example.com',
    );
    const line = JSON.parse(out[0]!);
    expect(line).toMatchObject({
      order: 'ord_1',
      customer: { email: '[redacted]', note: 'ring [phone]' },
      headers: { cookie: '[redacted]', authorization: '[redacted]' },
      msg: 'checking [email]',
    });
  });
});

describe('maskText', () => {
  it.each([
    ['mail kavya.rao+shop@example.co.in now', 'mail [email] now'],
    ['q=kavya%40example.com', 'q=[email]'],
    ['call 9123498765, +91 91234 98765, +91-9123498765 or 09123498765', 'call [phone], [phone], [phone] or [phone]'],
    ['Your code is 482913. @shop.example #482913', 'Your code is [code]. @shop.example #[code]'],
    ['Authorization: Bearer abc.def-ghi and Basic dXNlcjpwYXNz', 'Authorization: Bearer [redacted] and Basic [redacted]'],
    ['sid=kT3x9Qm2Lr8vWz4yHn6pJc1sAe7uBd5fGo0iYtXwVbN', 'sid=[token]'],
    // left as they are: request ids, order numbers, amounts, times, ids
    ['request 3f2b8c1e-9d4a-4b7e-8f6a-2c1d0e9b8a7f', 'request 3f2b8c1e-9d4a-4b7e-8f6a-2c1d0e9b8a7f'],
    [
      'order GR-000123 of ₹1,250.00 at 2025-01-31T10:15:00Z took 12.5 ms (id 48213)',
      'order GR-000123 of ₹1,250.00 at 2025-01-31T10:15:00Z took 12.5 ms (id 48213)',
    ],
  ])('%s', (text, masked) => expect(maskText(text)).toBe(masked));
});
