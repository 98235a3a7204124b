import { readFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { parseConfig } from '../apps/server/src/config';
import { hashToken } from '../apps/server/src/http/session';
import { seedDemo } from '../apps/server/src/seed/demo';
import { openDatabase, type Database, type Db } from '../apps/server/src/db/client';
import { sql } from 'drizzle-orm';

/**
 * A database for one benchmark run: in-memory PGlite, or a temporary PostgreSQL database (on
 * DATABASE_URL's server, default 127.0.0.1:5432) created here and dropped by `cleanup`.
 */
export async function openBenchDatabase(
  kind: 'pglite' | 'postgres',
  poolSize = 20,
): Promise<{
  database: Database;
  cleanup: () => Promise<void>;
  /** PostgreSQL: the database's URL (another process may open it) */ url?: string;
}> {
  if (kind !== 'postgres') {
    const database = await openDatabase({ dataDir: 'memory://' });
    return { database, cleanup: () => database.close() };
  }
  const admin = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `grocer_bench_${Date.now()}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  const u = new URL(admin);
  u.pathname = `/${name}`;
  // DATABASE_PREPARED=off: the hot reads unnamed, for a pooler that cannot keep named statements (scripts/through-pgbouncer.mjs)
  const database = await openDatabase({ databaseUrl: u.toString(), poolSize, preparedStatements: process.env.DATABASE_PREPARED !== 'off' });
  return {
    database,
    url: u.toString(),
    cleanup: async () => {
      await database.close();
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      // wait for the pool's sockets to leave before the forced drop
      for (
        let i = 0;
        i < 100 && (await d.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name])).rows[0].n > 0;
        i++
      )
        await new Promise((r) => setTimeout(r, 50));
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    },
  };
}

/** Rows of a raw `db.execute` answer (both drivers). */
export const rowsOf = <T>(r: unknown) => ((r as { rows: T[] }).rows ?? []) as T[];

/**
 * The demo shop served over loopback for a write benchmark: a fresh database of `kind` with a
 * pool of `poolSize`, seeded, and the app listening on a free port (no storefront build needed).
 */
export async function startDemoShop(kind: 'pglite' | 'postgres', poolSize: number) {
  const { database, cleanup } = await openBenchDatabase(kind, poolSize);
  const websiteId = await seedDemo(database.db, { mediaDir: null });
  const config = parseConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent', SEED: 'never', WEB_DIST: path.join(tmpdir(), 'none') });
  const app = await buildApp({ config, database });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    database,
    db: database.db,
    websiteId,
    app,
    base,
    /** closes the app, then drops the database */
    close: async () => {
      await app.close();
      await cleanup();
    },
  };
}

/**
 * A V8 CPU profile of this process (the app and the client the benchmark runs in it) from now
 * until `stop`, which answers it (a `.cpuprofile` for Chrome's DevTools or speedscope).
 */
export async function startProfile() {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  return {
    stop: async () => {
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      return profile;
    },
  };
}

/**
 * CPU time (ms) of this process and of the PostgreSQL backends serving its database, from now
 * until `stop` (backends read from /proc: PostgreSQL on this machine; 0 for PGlite, whose work is
 * this process's). The backends are the pool's, so they must be open before and alive at `stop`.
 */
export async function startCpuMeter(db: Db, kind: 'pglite' | 'postgres') {
  const ticks = (pid: number) => {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(f[11]) + Number(f[12])) * 10; // utime + stime, 100 Hz clock ticks → ms
    } catch {
      return 0;
    }
  };
  const backends = async () =>
    kind === 'postgres'
      ? rowsOf<{ pid: number }>(
          await db.execute(
            sql`select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`,
          ),
        ).map((r) => r.pid)
      : [];
  // the whole machine's busy time (every process and the kernel): /proc/stat's first line, in ticks
  const machine = () => {
    const [, ...f] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
    return (f.reduce((a, b) => a + b, 0) - f[3]! - f[4]!) * 10; // all but idle and iowait
  };
  const before = new Map((await backends()).map((pid) => [pid, ticks(pid)]));
  const machineBefore = machine();
  const own = process.cpuUsage();
  return {
    stop: async () => {
      const { user, system } = process.cpuUsage(own);
      let postgres = 0;
      for (const pid of await backends()) postgres += ticks(pid) - (before.get(pid) ?? 0);
      return { processMs: (user + system) / 1000, postgresMs: postgres, machineMs: machine() - machineBefore };
    },
  };
}

/** A browser's side of the API over HTTP: its cookies, and the XSRF header on every write. */
export class BenchShopper {
  cookies = new Map<string, string>();
  constructor(private readonly base: string) {}
  /** The headers a browser sends with a `method` request: its cookies and, on a write, the XSRF token. */
  headers(method: string): Record<string, string> {
    const headers: Record<string, string> = { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (method !== 'GET') headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN') ?? '';
    return headers;
  }
  async call(method: string, url: string, body?: unknown) {
    const headers = this.headers(method);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(this.base + url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
    const text = await res.text();
    return { status: res.status, json: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
  }
}

export interface CheckoutShopper {
  s: BenchShopper;
  addressId: number;
  /** the cart's amount to pay (rupees), as checkout expects it */
  total: number;
}

/**
 * Shopper `i` of the demo shop ready to check out: signed in (a user of its own), pincode 560001,
 * one unit of `pack` in the cart, a delivery address.
 */
export async function checkoutShopper(
  shop: { db: Db; base: string },
  i: number,
  pack: { pack_id: number; warehouse_id: number },
): Promise<CheckoutShopper> {
  const s = new BenchShopper(shop.base);
  await s.call('GET', '/s/api/cookie');
  await s.call('GET', '/s/api/check/pincode/560001');
  const [u] = rowsOf<{ id: number }>(
    await shop.db.execute(sql`insert into users (name, email) values (${`Bench ${i}`}, ${`bench${i}@example.com`}) returning id`),
  );
  await shop.db.execute(sql`update sessions set user_id = ${u!.id} where id = ${hashToken(s.cookies.get('sid')!)}`);
  await s.call('POST', '/s/api/cart/add', pack);
  const a = await s.call('POST', '/s/api/addresses', {
    name: `Bench ${i}`,
    phone: '9000000099',
    pincode: '560001',
    line1: '1 Test Street',
    line2: 'MG Road',
    city: 'Bengaluru',
    state: 'Karnataka',
  });
  const cart = await s.call('GET', `/s/api/cart?address_id=${a.json.id}`);
  return { s, addressId: a.json.id as number, total: cart.json.amount as number };
}

/** The first pack in stock at the warehouse serving 560001 (what the checkout benchmarks buy), or the one `skip` packs after it. */
export async function deliverablePack(db: Db, websiteId: number, skip = 0) {
  const [target] = rowsOf<{ pack_id: number; warehouse_id: number }>(
    await db.execute(sql`select s.pack_id, s.warehouse_id from stock s
    join delivery_zones z on z.warehouse_id = s.warehouse_id join zone_pincodes zp on zp.zone_id = z.id and zp.pincode = '560001'
    where s.website_id = ${websiteId} and s.available > 0 order by s.pack_id limit 1 offset ${skip}`),
  );
  return target!;
}
