import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { setStock } from '../domains/cart/test-fixture';
import { ledgerMismatches } from '../domains/inventory';
import { home } from '../domains/orders/test-fixture';
import { seedDemo } from '../seed/demo';
import { describeOnPostgres } from './on-postgres';
import { createPgDatabase, databaseUrl, dropPgDatabase, scratchName } from './postgres';
import {
  createShoppers,
  freePort,
  query,
  serverCommand,
  ShopClient,
  sleep,
  startServer,
  stopServers,
  waitFor,
  type Answer,
  type ServerProcess,
} from './processes';

// Production's shape (DESIGN §11): Debian's nginx in front of two server processes on one
// PostgreSQL database. A shopper's checkout and a staff order move go through it, from a client
// address that is not nginx's; then one process is killed (SIGKILL) under a load of checkouts, and
// both are restarted one after the other (SIGTERM, wait for the exit, start, wait ready) under load.
//
// Retries: nginx passes a request to the other process when the connection fails, times out, or
// answers 502/503 (`proxy_next_upstream`), and then leaves that process alone for 2 s (passive
// health, max_fails=1). GETs are passed on in all these cases. A POST is passed on only when nginx
// could not send it (connection refused: nothing ran), except the checkout, passed on even after
// it was sent (`non_idempotent`): it carries the shopper's idempotency key, so a checkout that did
// commit before its process died answers the same order again, never a second one. Other POSTs
// (cart add, …) are not: a process killed after its commit would apply them twice. The shoppers'
// client retries a failed call (a network error or a 5xx) with the same body and key, as the web
// app's checkout does; a crash shows as such retries, never as a lost or doubled order.
//
// A restart must fail nothing, which passive health alone cannot give: when a process stops
// accepting, connections the kernel had queued on its listener are reset, and a POST nginx already
// sent on one is not passed on (measured: 1 cart add in ~2000 requests per restart). So nginx must
// stop sending before the listener closes. Open-source nginx does not poll readiness; here a
// watcher does what an active health check does (HAProxy, Kubernetes, a cloud load balancer): it
// polls each process's /s/api/health/ready and marks the ones not ready `down` (a reload). On
// SIGTERM a process answers not ready at once and keeps serving for SHUTDOWN_DELAY_MS, then stops
// accepting; nothing arrives by then, and what is in flight finishes.
const url = process.env.TEST_DATABASE_URL ?? 'postgres://x/y';
const SHOPPERS = 20;
const KILL_ROUNDS = 3; // checkouts per shopper while one process is killed
const SESSION_SECRET = 'nginx-test-secret-0123456789abcdef';
const CLIENT_ADDRESS = '127.0.0.2'; // not nginx's 127.0.0.1

function findNginx(): string | null {
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout?.trim();
  if (found) return found;
  return ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'].find((p) => existsSync(p)) ?? null;
}
const nginx = findNginx();

function nginxConfig(o: { dir: string; port: number; upstreams: number[]; down: ReadonlySet<number>; generation: number }) {
  const { dir } = o;
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 2048; }
http {
  log_format upstreams '$request_method $uri $status "$upstream_addr" "$upstream_status"';
  access_log ${dir}/access.log upstreams;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  proxy_max_temp_file_size 0;
  upstream grocer {
${o.upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s${o.down.has(p) ? ' down' : ''};`).join('\n')}
  }
  server {
    listen 127.0.0.1:${o.port};
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_connect_timeout 2s;
    proxy_read_timeout 60s;
    proxy_next_upstream error timeout http_502 http_503;
    proxy_next_upstream_tries 3;
    add_header X-Upstream $upstream_addr always;
    location / {
      proxy_pass http://grocer;
    }
    # the checkout carries an idempotency key: safe to send again even after it was sent
    location = /s/api/orders {
      proxy_pass http://grocer;
      proxy_next_upstream error timeout http_502 http_503 non_idempotent;
    }
    # which configuration answers new connections (after a reload)
    location = /__generation {
      return 200 "${o.generation}";
    }
  }
}
`;
}

interface Figures {
  requests: number;
  /** calls that answered 5xx or failed on the network (then retried by the client) */
  failures: number;
  failed: Record<string, number>;
  /** idempotency key → the order id the shopper was shown */
  acked: Map<string, string>;
  started: number;
}
const newFigures = (): Figures => ({ requests: 0, failures: 0, failed: {}, acked: new Map(), started: 0 });

const readyAt = (port: number) =>
  fetch(`http://127.0.0.1:${port}/s/api/health/ready`, { signal: AbortSignal.timeout(5_000) }).then(
    (r) => r.ok,
    () => false,
  );

describeOnPostgres('behind nginx: two processes, one killed, a rolling restart (PostgreSQL)', () => {
  if (!nginx) {
    console.warn('nginx.test.ts: skipped, nginx is not installed (apt-get install nginx; .ci/run installs it)');
    it.skip('needs nginx (apt-get install nginx)', () => {});
    return;
  }
  const name = scratchName('grocer_nginx');
  const dbUrl = databaseUrl(url, name);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'grocer-nginx-'));
  const conf = path.join(dir, 'nginx.conf');
  const servers: ServerProcess[] = [];
  let ports: number[] = [];
  let port = 0;
  let base = '';
  let proxy: ChildProcess | undefined;
  let proxyExited: Promise<unknown> = Promise.resolve();
  let generation = 0;
  let down: ReadonlySet<number> = new Set();
  let database: Database | undefined;
  let websiteId = 0;
  let pack = { packId: 0, warehouseId: 0 };
  let tokens: string[] = [];
  let staffToken = '';
  const addresses: number[] = [];
  // SHUTDOWN_DELAY_MS: longer than the watcher takes to see a process not ready and reload nginx
  const env = { DATABASE_URL: dbUrl, SESSION_SECRET, TRUST_PROXY: '1', SHUTDOWN_DELAY_MS: '3000' };
  const q = <T>(text: string, values: unknown[] = []) => query<T>(dbUrl, text, values);
  const shoppers: ShopClient[] = [];
  /** every order a shopper was shown in this file: idempotency key → order id */
  const acknowledged = new Map<string, string>();

  /** Writes nginx's configuration with `next` marked down and reloads it; resolves once new connections get it. */
  async function configure(next: ReadonlySet<number>) {
    generation++;
    down = next;
    writeFileSync(conf, nginxConfig({ dir, port, upstreams: ports, down, generation }));
    if (!proxy) return;
    proxy.kill('SIGHUP');
    await waitFor(
      'nginx to reload',
      () =>
        fetch(`${base}/__generation`).then(
          async (r) => (await r.text()) === String(generation),
          () => false,
        ),
      20_000,
      20,
    );
  }

  beforeAll(async () => {
    await createPgDatabase(url, name);
    database = await openDatabase({ databaseUrl: dbUrl, poolSize: 2 });
    websiteId = await seedDemo(database.db, { mediaDir: null });
    const [row] = await q<{ pack_id: number; warehouse_id: number }>(
      `select s.pack_id, s.warehouse_id from stock s join warehouses w on w.id = s.warehouse_id
       where w.code = 'BLR1' and s.website_id = $1 order by s.available desc, s.pack_id limit 1`,
      [websiteId],
    );
    pack = { packId: row!.pack_id, warehouseId: row!.warehouse_id };
    // Plenty for every checkout of the run, counted in through the stock ledger (an adjustment).
    await setStock(database.db, websiteId, pack.packId, pack.warehouseId, 1_000_000);
    // and places in every delivery slot: on a fast machine the load orders more than a week of the
    // demo's slots hold (110 a day), and a full slot is a refusal, not what this test is about
    await q(`update delivery_slots set capacity = 1000000 where website_id = $1`, [websiteId]);
    tokens = await createShoppers(dbUrl, websiteId, SHOPPERS, 'Shopper');
    staffToken = (await createShoppers(dbUrl, websiteId, 1, 'Manager', { admin: true }))[0]!;

    ports = [await freePort(), await freePort()];
    const started = Date.now();
    servers.push(...(await Promise.all(ports.map((p) => startServer(env, p)))));
    console.log(`nginx test: two servers (${serverCommand().compiled ? 'compiled build' : 'tsx'}) ready in ${Date.now() - started} ms`);

    mkdirSync(path.join(dir, 'tmp'), { mode: 0o777 });
    chmodSync(dir, 0o755); // nginx's workers may run as another user
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    await configure(new Set());
    proxy = spawn(nginx, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', conf], { stdio: 'ignore' });
    proxyExited = new Promise((r) => proxy!.once('exit', r));
    await waitFor('nginx to answer', () =>
      fetch(`${base}/s/api/health/ready`).then(
        (r) => r.ok,
        () => false,
      ),
    );
    // a new connection per request: nginx's reloads never meet a request on an idle connection
    for (let i = 0; i < SHOPPERS; i++) shoppers.push(new ShopClient(tokens[i], CLIENT_ADDRESS, false));
    for (const s of shoppers) {
      await s.send(base, 'GET', '/s/api/cookie');
      const address = await s.send(base, 'POST', '/s/api/addresses', home);
      expect(address.status, JSON.stringify(address.json)).toBe(200);
      addresses.push(Number(address.json.id));
    }
  }, 180_000);

  afterAll(async () => {
    for (const s of shoppers) s.close();
    if (proxy && proxy.exitCode === null) proxy.kill('SIGTERM');
    await proxyExited;
    await stopServers(servers);
    await database?.close();
    await dropPgDatabase(url, name).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  /** A call through nginx, retried by the client on a network error or a 5xx (same body, same key). */
  async function call(client: ShopClient, f: Figures, method: string, route: string, body?: unknown): Promise<Answer> {
    for (let attempt = 1; ; attempt++) {
      f.requests++;
      let what: string;
      try {
        const res = await client.send(base, method, route, body);
        if (res.status < 500) return res;
        what = String(res.status);
      } catch (e) {
        what = (e as NodeJS.ErrnoException).code ?? String(e);
      }
      f.failures++;
      const key = `${method} ${route.split('?')[0]} ${what}`;
      f.failed[key] = (f.failed[key] ?? 0) + 1;
      if (attempt >= 30) throw new Error(`${method} ${route} kept failing (${what})`);
      await sleep(50 * attempt);
    }
  }

  /** One checkout of shopper `i`: a unit into the cart, the cart's total, the order (its key: `key`). */
  async function checkout(i: number, key: string, f: Figures) {
    const client = shoppers[i]!;
    const added = await call(client, f, 'POST', '/s/api/cart/add', { pack_id: pack.packId });
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    const cart = await call(client, f, 'GET', `/s/api/cart?address_id=${addresses[i]}`);
    expect(cart.status, JSON.stringify(cart.json)).toBe(200);
    f.started++;
    const placed = await call(client, f, 'POST', '/s/api/orders', {
      address_id: addresses[i],
      payment_method: 'cod',
      expected_total: cart.json.amount,
      idempotency_key: key,
    });
    expect(placed.status, JSON.stringify(placed.json)).toBe(200);
    const id = String((placed.json.order as { id: string }).id);
    f.acked.set(key, id);
    acknowledged.set(key, id);
  }

  /**
   * Every order a shopper was shown exists once and whole, and no other order exists; the stock
   * ledger balances. Answers how many orders there are.
   */
  async function expectOrdersWhole() {
    const found = await q<{ id: string; idempotency_key: string }>('select id, idempotency_key from orders');
    const byKey = new Map(found.map((o) => [o.idempotency_key, o.id]));
    expect(byKey.size).toBe(found.length); // a key is one order
    expect(byKey).toEqual(acknowledged);
    // whole: lines, a payment, and stock movements that took exactly the lines' units
    expect(await q('select o.id from orders o where not exists (select 1 from order_lines l where l.order_id = o.id)')).toEqual([]);
    expect(await q('select o.id from orders o where not exists (select 1 from payments p where p.order_id = o.id)')).toEqual([]);
    expect(
      await q(`select o.id from orders o
               where (select coalesce(sum(l.quantity), 0) from order_lines l where l.order_id = o.id)
                 <> (select coalesce(-sum(m.quantity), 0) from stock_movements m where m.reference = 'order:' || o.id)`),
    ).toEqual([]);
    expect((await ledgerMismatches(database!.db)).mismatches).toEqual([]);
    return found.length;
  }

  it('serves a checkout and a staff order move through nginx, and sees the client address, not nginx', async () => {
    const f = newFigures();
    await checkout(0, 'first-checkout', f);
    const orderId = f.acked.get('first-checkout')!;
    const staff = new ShopClient(staffToken, CLIENT_ADDRESS);
    const anonymous = new ShopClient(undefined, CLIENT_ADDRESS);
    try {
      await staff.send(base, 'GET', '/s/api/cookie');
      const moved = await staff.send(base, 'POST', `/s/api/admin/orders/${orderId}/confirm`, {});
      expect(moved.status, JSON.stringify(moved.json)).toBe(200);
      expect(moved.json.status).toBe('confirmed');
      // a sign-in code asked for from 127.0.0.2 is counted against 127.0.0.2 (X-Forwarded-For, TRUST_PROXY=1)
      await anonymous.send(base, 'GET', '/s/api/cookie');
      const asked = await anonymous.send(base, 'POST', '/s/api/auth/login', { identifier: 'shopper1@example.com' });
      expect(asked.status, JSON.stringify(asked.json)).toBe(200);
      const keys = (await q<{ key: string }>('select key from rate_limits')).map((r) => r.key);
      expect(keys).toContain(`send:ip:${CLIENT_ADDRESS}`);
      expect(keys.filter((k) => k.includes('127.0.0.1'))).toEqual([]);
    } finally {
      staff.close();
      anonymous.close();
    }
    expect((await q<{ status: string }>('select status from orders where id = $1', [orderId]))[0]!.status).toBe('confirmed');
  }, 60_000);

  it('loses and doubles no order when one process is killed under a load of checkouts', async () => {
    const b = servers[1]!;
    const f = newFigures();
    let killedAt = 0;
    const started = Date.now();
    // The kill is triggered by a count of checkouts started (a third), not by a clock.
    const watcher = waitFor('a third of the checkouts to start', () => f.started >= (SHOPPERS * KILL_ROUNDS) / 3, 120_000, 5).then(() => {
      b.proc.kill('SIGKILL');
      killedAt = Date.now() - started;
    });
    await Promise.all(
      shoppers.map(async (_, i) => {
        for (let r = 0; r < KILL_ROUNDS; r++) await checkout(i, `kill-${i}-${r}`, f);
      }),
    );
    await watcher;
    await b.exited;
    const found = await expectOrdersWhole();
    console.log(
      `nginx kill: ${SHOPPERS * KILL_ROUNDS} checkouts in ${Date.now() - started} ms, one process killed at ${killedAt} ms; ` +
        `${f.requests} requests, ${f.failures} failed and retried by the client ${JSON.stringify(f.failed)}; ` +
        `${f.acked.size} orders acknowledged; ${found} orders in the database (with the first test's), each acknowledged, each once, whole`,
    );
    expect(f.acked.size).toBe(SHOPPERS * KILL_ROUNDS);
  }, 150_000);

  it('restarts both processes one after the other under load without a failed request', async () => {
    // the killed process comes back first
    servers[1] = await startServer(env, servers[1]!.port);
    // the health check nginx lacks: each process's readiness, polled; not ready → marked down
    let watching = true;
    const marks: Array<{ port: number; down: boolean; at: number }> = [];
    const watcher = (async () => {
      while (watching) {
        const ready = await Promise.all(ports.map(readyAt));
        const next = new Set(ports.filter((_, i) => !ready[i]));
        if ([...next].join() !== [...down].join()) {
          for (const p of ports) if (next.has(p) !== down.has(p)) marks.push({ port: p, down: next.has(p), at: Date.now() });
          await configure(next);
        }
        await sleep(100);
      }
    })();
    const f = newFigures();
    let running = true;
    const started = Date.now();
    const load = Promise.all(
      shoppers.map(async (_, i) => {
        for (let r = 0; running; r++) await checkout(i, `roll-${i}-${r}`, f);
      }),
    );
    const steps: string[] = [];
    try {
      await waitFor('the load to start', () => f.acked.size >= SHOPPERS, 60_000, 10);
      for (const k of [0, 1]) {
        const s = servers[k]!;
        const t0 = Date.now();
        s.proc.kill('SIGTERM');
        // readiness fails at once, while the process still serves (SHUTDOWN_DELAY_MS)
        await waitFor('readiness to fail', async () => !(await readyAt(s.port)), 10_000, 10);
        const notReady = Date.now() - t0;
        expect(s.alive).toBe(true);
        expect((await fetch(`${s.base}/s/api/health/live`)).status).toBe(200);
        await waitFor('nginx to mark it down', () => down.has(s.port), 10_000, 10);
        const markedDown = Date.now() - t0;
        expect(s.alive).toBe(true); // still serving what nginx sent before
        const { code } = await s.exited;
        expect(code, s.stderr()).toBe(0);
        const exited = Date.now() - t0;
        const t1 = Date.now();
        servers[k] = await startServer(env, s.port);
        const ready = Date.now() - t1;
        await waitFor('nginx to send to it again', () => !down.has(s.port), 30_000, 10);
        steps.push(
          `process ${k + 1}: not ready ${notReady} ms after SIGTERM, down in nginx at ${markedDown} ms, exited (0) at ${exited} ms, ` +
            `started again and ready in ${ready} ms`,
        );
      }
    } finally {
      running = false;
      await load;
      watching = false;
      await watcher;
    }
    const [{ n: found } = { n: 0 }] = await q<{ n: number }>(`select count(*)::int as n from orders where idempotency_key like 'roll-%'`);
    const passedOn = readFileSync(path.join(dir, 'access.log'), 'utf8')
      .split('\n')
      .filter((l) => /"[^"]*, [^"]*"$/.test(l)).length;
    console.log(
      `nginx rolling restart: ${Date.now() - started} ms under load; ${steps.join('; ')}; ${f.requests} requests, ` +
        `${f.failures} failed ${JSON.stringify(f.failed)}; ${f.acked.size} orders acknowledged, ${found} found; ` +
        `${passedOn} requests of the whole file passed on by nginx to the other process`,
    );
    expect(f.failures, JSON.stringify(f.failed)).toBe(0);
    expect(found).toBe(f.acked.size);
    expect(marks.map((m) => m.down)).toEqual([true, false, true, false]);
    await expectOrdersWhole();
  }, 180_000);
});
