import http from 'node:http';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { openDatabase } from '../db/client';
import { seedCartShop } from '../domains/cart/test-fixture';
import { describeOnPostgres } from './on-postgres';
import { createPgDatabase, databaseUrl, dropPgDatabase, scratchName } from './postgres';
import { serverCommand, ShopClient, startServer, stopServers, waitFor, type ServerProcess } from './processes';

// SIGTERM on a real process (main.ts), in order: readiness fails at once while requests are still
// served (SHUTDOWN_DELAY_MS), then new connections are refused while a request in flight is still
// being answered, then that request gets its answer, and the process exits 0.
const url = process.env.TEST_DATABASE_URL ?? 'postgres://x/y';
const DELAY_MS = 4_000;

/** Whether a new connection to `port` is refused. */
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/s/api/health/live', agent: false }, (res) => {
      res.resume();
      resolve(false);
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code === 'ECONNREFUSED'));
  });

describeOnPostgres('SIGTERM: not ready first, then no new connections, in-flight requests answered, exit 0 (PostgreSQL)', () => {
  const name = scratchName('grocer_drain');
  const dbUrl = databaseUrl(url, name);
  let server: ServerProcess | undefined;
  let packId = 0;

  beforeAll(async () => {
    await createPgDatabase(url, name, inject('pgTemplate'));
    const database = await openDatabase({ databaseUrl: dbUrl, poolSize: 1 });
    packId = (await seedCartShop(database.db)).packs.dal1.id;
    await database.close();
    server = await startServer({
      DATABASE_URL: dbUrl,
      SESSION_SECRET: 'drain-test-secret-0123456789abcdef',
      SHUTDOWN_DELAY_MS: String(DELAY_MS),
    });
  }, 120_000);

  afterAll(async () => {
    if (server) await stopServers([server]);
    await dropPgDatabase(url, name).catch(() => undefined);
  });

  it('drains in order', async () => {
    const s = server!;
    const client = new ShopClient();
    await client.send(s.base, 'GET', '/s/api/cookie');
    // A request in flight: its headers sent, half its body; the rest comes after the listener closed.
    const body = JSON.stringify({ pack_id: packId });
    const slow = http.request({
      host: '127.0.0.1',
      port: s.port,
      method: 'POST',
      path: '/s/api/cart/add',
      agent: false,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-xsrf-token': client.cookies.get('XSRF-TOKEN')!,
      },
    });
    const answered = new Promise<{ status: number; connection?: string; json: { quantity?: number } }>((resolve, reject) => {
      slow.on('response', (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, json: JSON.parse(text) }));
      });
      slow.on('error', reject);
    });
    slow.write(body.slice(0, 5));
    await new Promise<void>((r) => slow.once('socket', (sock) => (sock.connecting ? sock.once('connect', () => r()) : r())));
    // its connection is accepted before the signal (another request round-trips after it)
    expect((await client.send(s.base, 'GET', '/s/api/health/ready')).status).toBe(200);

    const t0 = Date.now();
    s.proc.kill('SIGTERM');
    await waitFor('readiness to fail', async () => (await client.send(s.base, 'GET', '/s/api/health/ready')).status === 503, 10_000, 10);
    const notReadyAfter = Date.now() - t0;
    // still serving meanwhile, on new connections too
    const during = await new ShopClient().send(s.base, 'GET', '/s/api/products?limit=1');
    expect(Date.now() - t0).toBeLessThan(DELAY_MS); // (the delay is long enough for these checks)
    expect(during.status).toBe(200);

    await waitFor('new connections to be refused', () => refused(s.port), 20_000, 10);
    const refusedAfter = Date.now() - t0;
    expect(refusedAfter).toBeGreaterThanOrEqual(DELAY_MS - 50);
    expect(s.alive).toBe(true); // the request in flight holds it

    slow.end(body.slice(5));
    const res = await answered;
    expect(res.status).toBe(200);
    expect(res.json.quantity).toBe(1);
    expect(res.connection).toBe('close');
    const { code } = await s.exited;
    expect(code).toBe(0);
    console.log(
      `drain (${serverCommand().compiled ? 'compiled build' : 'tsx'}): not ready ${notReadyAfter} ms after SIGTERM, new connections refused after ${refusedAfter} ms, ` +
        `the request in flight answered and the process exited after ${Date.now() - t0} ms`,
    );
    client.close();
  }, 60_000);
});
