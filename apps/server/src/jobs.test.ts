import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { outbox, rateLimits, sessions, signInCodes, websites } from './db/schema';
import { purgeSignIn } from './domains/identity/purge';
import { Outbox, REDACTED } from './domains/outbox/service';
import { startJobs } from './jobs';
import { createTestApp, testConfig } from './test/app';

// Housekeeping (issue 11, item 10) on the suite's database: PGlite, and PostgreSQL in server-pg.
let t: Awaited<ReturnType<typeof createTestApp>>;
let websiteId = 0;
beforeAll(async () => {
  t = await createTestApp();
  const [w] = await t.db.insert(websites).values({ name: 'Shop', isDefault: true }).returning();
  websiteId = w!.id;
}, 120_000);
afterAll(() => t.close());

const ago = (ms: number) => new Date(Date.now() - ms);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('purging what sign-in and the outbox leave behind', () => {
  it('deletes expired sessions, old revoked ones, dead codes, old windows and old delivered messages, and keeps the rest', async () => {
    const future = new Date(Date.now() + DAY);
    await t.db.insert(sessions).values([
      { id: 'live', websiteId, expiresAt: future },
      { id: 'expired', websiteId, expiresAt: ago(1000) },
      { id: 'revoked-long-ago', websiteId, expiresAt: future, revokedAt: ago(2 * HOUR) },
      { id: 'revoked-just-now', websiteId, expiresAt: future, revokedAt: new Date() },
    ]);
    const code = { websiteId, purpose: 'login' as const, codeHash: 'x' };
    await t.db.insert(signInCodes).values([
      { ...code, identifier: 'old@example.com', expiresAt: ago(2 * DAY) },
      { ...code, identifier: 'recent@example.com', expiresAt: ago(60_000) },
    ]);
    await t.db.insert(rateLimits).values([
      { key: 'old', windowStart: ago(2 * DAY), count: 3 },
      { key: 'current', windowStart: ago(60_000), count: 3 },
    ]);
    const message = { websiteId, channel: 'email' as const, to: 'a@example.com', body: 'hello' };
    await t.db.insert(outbox).values([
      { ...message, subject: 'sent long ago', status: 'sent', sentAt: ago(8 * DAY) },
      { ...message, subject: 'logged long ago', status: 'logged', sentAt: ago(8 * DAY) },
      { ...message, subject: 'sent yesterday', status: 'sent', sentAt: ago(DAY) },
      { ...message, subject: 'failed long ago', status: 'failed', createdAt: ago(8 * DAY) },
      { ...message, subject: 'queued', status: 'queued' },
    ]);

    // two processes purging at once: each row goes once, neither fails
    const box = new Outbox(t.db, t.config, t.app.log);
    const runs = await Promise.all([0, 1].map(async () => ({ ...(await purgeSignIn(t.db, 1)), outbox: await box.purgeDelivered(1) })));
    const sum = (k: keyof (typeof runs)[number]) => runs[0]![k] + runs[1]![k];
    expect({ sessions: sum('sessions'), codes: sum('codes'), rateLimits: sum('rateLimits'), outbox: sum('outbox') }).toEqual({
      sessions: 2,
      codes: 1,
      rateLimits: 1,
      outbox: 2,
    });

    expect((await t.db.select().from(sessions)).map((s) => s.id).sort()).toEqual(['live', 'revoked-just-now']);
    expect((await t.db.select().from(signInCodes)).map((c) => c.identifier)).toEqual(['recent@example.com']);
    expect((await t.db.select().from(rateLimits)).map((r) => r.key)).toEqual(['current']);
    expect((await t.db.select().from(outbox)).map((m) => m.subject).sort()).toEqual(['failed long ago', 'queued', 'sent yesterday']);
  });
});

describe('sign-in codes in the outbox (production)', () => {
  let sms: ReturnType<typeof createServer>;
  let status = 200;
  let url = '';
  beforeAll(async () => {
    sms = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.statusCode = status;
        res.end('{}');
      });
    });
    await new Promise<void>((r) => sms.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(sms.address() as AddressInfo).port}/send`;
  });
  afterAll(() => new Promise<void>((r) => sms.close(() => r())));

  it('keeps no code in clear text once it is delivered; a failed one keeps its text for the retry', async () => {
    const box = new Outbox(
      t.db,
      testConfig({ NODE_ENV: 'production', SESSION_SECRET: 'a-production-secret-value', SMS_URL: url }),
      t.app.log,
    );
    const code = { websiteId, channel: 'sms' as const, to: '9000000011', body: 'Your Shop code is 123456.', sensitive: true };
    const sent = await box.send(code);
    expect(sent).toMatchObject({ status: 'sent', body: REDACTED });
    expect(JSON.stringify(sent)).not.toContain('123456');

    status = 500;
    const failed = await box.send(code);
    expect(failed).toMatchObject({ status: 'failed', body: code.body });
    status = 200;
    expect(await box.retryFailed()).toBe(1);
    const [retried] = (await t.db.select().from(outbox)).filter((m) => m.id === failed.id);
    expect(retried).toMatchObject({ status: 'sent', body: REDACTED });

    // an order email is kept as it was sent; a code in development stays readable in the dev outbox
    expect(await box.send({ ...code, body: 'Order GR1001 placed', sensitive: false })).toMatchObject({ body: 'Order GR1001 placed' });
    expect(await new Outbox(t.db, t.config, t.app.log).send(code)).toMatchObject({ status: 'logged', body: code.body });
  });
});

describe('the job runner', () => {
  it('runs each job on its timer, never twice at once, and stop waits for a running job', async () => {
    let runs = 0;
    let concurrent = 0;
    let most = 0;
    let finished = 0;
    const stop = startJobs(
      [
        {
          name: 'slow',
          everyMs: 5,
          run: async () => {
            runs++;
            most = Math.max(most, ++concurrent);
            await new Promise((r) => setTimeout(r, 30));
            concurrent--;
            finished++;
          },
        },
        { name: 'failing', everyMs: 5, run: () => Promise.reject(new Error('boom')) },
      ],
      t.app.log,
    );
    // however busy the machine: wait for two runs (not for a time), then stop
    await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(2), { timeout: 20_000, interval: 10 });
    await stop();
    expect(most).toBe(1);
    expect(finished).toBe(runs);
  });
});
