import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, websiteDomains, websiteSettings, websites } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { localSmtp, type ReceivedMail } from '../../test/local-mail';
import { TestClient } from '../../test/client';
import { seedCartShop } from '../cart/test-fixture';
import { renderSmsBody } from './service';

// Real delivery: codes go over SMTP to a local SMTP server and as HTTP requests to a local SMS
// endpoint, through the same sign-in calls a shopper makes.
const mails: ReceivedMail[] = [];
const sms: Array<{ body: unknown; auth: string | undefined }> = [];
let smtp: Awaited<ReturnType<typeof localSmtp>>;
let smsServer: ReturnType<typeof createServer>;
let smsStatus = 200;
let t: Awaited<ReturnType<typeof createTestApp>>;

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let s = '';
    req.on('data', (c: Buffer) => (s += c.toString()));
    req.on('end', () => resolve(s));
  });

beforeAll(async () => {
  smtp = await localSmtp(mails);
  smsServer = createServer(async (req, res) => {
    sms.push({ body: JSON.parse(await read(req)), auth: req.headers.authorization });
    res.statusCode = smsStatus;
    res.end('{}');
  });
  await new Promise<void>((r) => smsServer.listen(0, '127.0.0.1', r));
  const smsPort = (smsServer.address() as AddressInfo).port;
  t = await createTestApp({
    env: {
      SMTP_URL: smtp.url,
      SMS_URL: `http://127.0.0.1:${smsPort}/send`,
      SMS_AUTH_HEADER: 'Bearer sms-key',
      SMS_BODY: '{"phone":"91{{to}}","text":"{{message}}"}',
    },
    seed: seedCartShop,
  });
});
afterAll(async () => {
  await t?.close();
  await smtp.close();
  await new Promise<void>((r) => smsServer.close(() => r()));
});

describe('delivery of codes', () => {
  it('sends the login code by email over SMTP and signs in with it', async () => {
    const c = new TestClient(t.app);
    expect((await c.post('/s/api/auth/login', { identifier: 'asha@example.com' })).statusCode).toBe(200);
    const mail = mails.at(-1)!;
    expect(mail.to).toEqual(['asha@example.com']);
    expect(mail.data).toMatch(/Subject: \d{6} is your Test Grocery code/);
    const code = mail.data.match(/code is (\d{6})/)![1]!;
    expect((await c.post('/s/api/auth/verify', { identifier: 'asha@example.com', code })).statusCode).toBe(200);
    const outbox = (await c.get('/s/api/dev/outbox')).json().data;
    expect(outbox[0]).toMatchObject({ channel: 'email', to: 'asha@example.com', status: 'sent' });
  });

  it('sends the login code by SMS as the templated HTTP request', async () => {
    const c = new TestClient(t.app);
    expect((await c.post('/s/api/auth/login', { identifier: '9000000012' })).statusCode).toBe(200);
    const last = sms.at(-1)!;
    expect(last.auth).toBe('Bearer sms-key');
    expect(last.body).toMatchObject({ phone: '919000000012' });
    expect((last.body as { text: string }).text).toMatch(/^Your Test Grocery code is \d{6}\./);
  });

  it('keeps a failed delivery as failed with the error, and retries it later', async () => {
    smsStatus = 500;
    const c = new TestClient(t.app);
    await c.post('/s/api/auth/register', { name: 'Kiran Rao', email: 'kiran@example.com', phone: '9876501234' });
    let row = (await c.get('/s/api/dev/outbox')).json().data.find((m: { to: string }) => m.to === '9876501234');
    expect(row.status).toBe('failed');
    smsStatus = 200;
    const { Outbox } = await import('./service');
    const outbox = new Outbox(t.db, t.config, t.app.log);
    expect(await outbox.retryFailed()).toBeGreaterThanOrEqual(1);
    row = (await c.get('/s/api/dev/outbox')).json().data.find((m: { to: string }) => m.to === '9876501234');
    expect(row.status).toBe('sent');
  });

  it('escapes values into the JSON template', () => {
    expect(JSON.parse(renderSmsBody('{"m":"{{message}}"}', { message: 'a "quoted"\nline' }))).toEqual({ m: 'a "quoted"\nline' });
  });
});

describe('many websites', () => {
  it("sends each website's email under its own name, replying to its own address (issue 16)", async () => {
    const [site] = await t.db.insert(websites).values({ name: 'Fresh Basket' }).returning();
    await t.db.insert(websiteDomains).values({ websiteId: site!.id, host: 'fresh.localhost' });
    await t.db.insert(websiteSettings).values({ websiteId: site!.id, webAddress: { email: 'hello@fresh.example' } });
    await t.db.insert(users).values([
      { name: 'Meena', email: 'meena@example.com' },
      { name: 'Kiran', email: 'kiran@example.com' },
    ]);
    const c = new TestClient(t.app, { 'x-origin': 'http://fresh.localhost' });
    expect((await c.post('/s/api/auth/login', { identifier: 'meena@example.com' })).statusCode).toBe(200);
    const fresh = mails.at(-1)!.data;
    expect(fresh).toMatch(/From: Fresh Basket <no-reply@demo\.shop>/);
    expect(fresh).toMatch(/Reply-To: hello@fresh\.example/);
    expect(fresh).toMatch(/Subject: \d{6} is your Fresh Basket code/);
    const other = new TestClient(t.app);
    expect((await other.post('/s/api/auth/login', { identifier: 'kiran@example.com' })).statusCode).toBe(200);
    const test = mails.at(-1)!.data;
    expect(test).toMatch(/From: Test Grocery <no-reply@demo\.shop>/);
    expect(test).not.toMatch(/Fresh Basket|fresh\.example/);
  });
});
