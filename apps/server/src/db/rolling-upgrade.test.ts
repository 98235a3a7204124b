import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { describeOnPostgres } from '../test/on-postgres';
import { freePort } from '../test/processes';
import { createPgDatabase, databaseUrl, dropPgDatabase, scratchName } from '../test/postgres';
import { migrationsFolder, openDatabase } from './client';

// Upgrades without downtime (DESIGN §11, apps/server/docs/data.md "Upgrades without downtime"): the
// previous release (the newest `## vX.Y.Z — date (commit …)` of CHANGELOG.md, built from git into a
// temp folder) migrates a scratch database to its head, seeds the demo shop and serves shoppers
// over HTTP; while they browse, fill carts and place cash-on-delivery orders, this code's
// migrations are applied to the same database, and the old processes keep serving on the new
// schema afterwards, as they do until a rolling restart replaces them. Not one request may fail,
// and every order acknowledged must be in the database.

const run = promisify(execFile);

/**
 * Requests the previous release answers wrongly once one of this code's migrations has run: each a
 * broken rule (docs/data.md "Upgrades without downtime"), written down with the migration that breaks it,
 * until that migration is split into expand and contract, or has shipped (then it is among the
 * previous release's own and this entry stops applying; the test fails on an entry that no longer
 * happens, so the list cannot go stale). Add nothing here to make the test pass; fix the migration.
 */
const KNOWN_BREAKS: Array<{
  migration: string;
  /** the failing request (`GET /s/api/...`), given the ids of the orders the shop delivered */
  request: (call: string, delivered: ReadonlySet<string>) => boolean;
  status: number;
  why: string;
}> = [
  {
    migration: '0031_cod-states',
    request: (call, delivered) => call.startsWith('GET /s/api/orders/') && delivered.has(call.slice('GET /s/api/orders/'.length)),
    status: 500,
    why:
      "rewrites delivered cash-on-delivery payments to status 'collected', which the previous release's " +
      'order answer (PAYMENT_STATUSES) cannot serialise: a shopper opening a delivered COD order on an old process gets a 500 until it is replaced',
  },
];
const root = path.resolve(import.meta.dirname, '../../../..');
const url = process.env.TEST_DATABASE_URL!;

/** The previous release: the newest release heading of CHANGELOG.md that names its commit. */
function previousRelease(): { version: string; commit: string } {
  const changelog = readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8');
  const m = /^## (v\d+\.\d+\.\d+)\b.*\(commit ([0-9a-f]{7,40})\)/m.exec(changelog);
  if (!m) throw new Error('CHANGELOG.md names no release commit (a heading like "## v0.9.0 — 2026-11-27 (commit 6573247)")');
  return { version: m[1]!, commit: m[2]! };
}

/**
 * A dependency of the old server whose major version changed since the release, checked by hand to
 * serve the old code the way the test runs it (in production each release keeps its own
 * node_modules: this is only about the test borrowing this checkout's). Each entry names why; the
 * test fails on an entry that no longer differs, so the list cannot go stale.
 */
const CHECKED_UPGRADES: Array<{ dependency: string; why: string }> = [
  {
    dependency: 'apps/server: @sentry/node',
    why: 'v0.9.0 imports it lazily, only when a DSN is set (the test sets none), and calls init, withScope and captureException, which 11 keeps',
  },
];

interface Lock {
  packages: Record<string, { version?: string }>;
}

/**
 * The dependencies the old server imports, as its package-lock.json pinned them against what
 * node_modules holds now: the old code runs on this checkout's node_modules, so each must be the
 * same major version (minor, below 1.0) — what its caret range accepts.
 */
async function incompatibleDependencies(commit: string): Promise<string[]> {
  const show = async (file: string) => (await run('git', ['-C', root, 'show', `${commit}:${file}`], { maxBuffer: 64 << 20 })).stdout;
  const lock = JSON.parse(await show('package-lock.json')) as Lock;
  const problems: string[] = [];
  for (const ws of ['apps/server', 'packages/shared', 'packages/blocks']) {
    const manifest = JSON.parse(await show(`${ws}/package.json`)) as { dependencies?: Record<string, string> };
    for (const name of Object.keys(manifest.dependencies ?? {})) {
      if (name.startsWith('@grocer/')) continue;
      const then = (lock.packages[`${ws}/node_modules/${name}`] ?? lock.packages[`node_modules/${name}`])?.version;
      const file = [path.join(root, ws, 'node_modules', name, 'package.json'), path.join(root, 'node_modules', name, 'package.json')].find(
        existsSync,
      );
      const now = file ? (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version : undefined;
      const [a, b] = [then, now].map((v) => (v ?? '').split('.').map(Number));
      if (!then || !now || a![0] !== b![0] || (a![0] === 0 && a![1] !== b![1]))
        problems.push(`${ws}: ${name} ${then ?? '?'} then, ${now ?? 'missing'} now`);
    }
  }
  return problems;
}

/**
 * The release's sources in `dir` (git archive: works in any clone holding the commit, no worktree
 * to clean up), on this checkout's node_modules: every package linked, except the workspace's
 * own (`@grocer/*`), which must be the release's.
 */
async function buildRelease(commit: string, dir: string) {
  const tar = path.join(dir, 'release.tar');
  await run('git', [
    '-C',
    root,
    'archive',
    '--format=tar',
    '-o',
    tar,
    commit,
    'package.json',
    'tsconfig.base.json',
    'apps/server',
    'packages',
  ]);
  await run('tar', ['-xf', tar, '-C', dir]);
  rmSync(tar);
  mkdirSync(path.join(dir, 'node_modules/@grocer'), { recursive: true });
  for (const entry of readdirSync(path.join(root, 'node_modules')))
    if (entry !== '@grocer' && !entry.startsWith('.'))
      symlinkSync(path.join(root, 'node_modules', entry), path.join(dir, 'node_modules', entry));
  for (const [name, ws] of [
    ['server', 'apps/server'],
    ['shared', 'packages/shared'],
    ['blocks', 'packages/blocks'],
  ] as const) {
    if (existsSync(path.join(dir, ws))) symlinkSync(path.join(dir, ws), path.join(dir, 'node_modules/@grocer', name));
    if (existsSync(path.join(root, ws, 'node_modules')))
      symlinkSync(path.join(root, ws, 'node_modules'), path.join(dir, ws, 'node_modules'));
  }
}

const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');

/** Runs the release's `tsx <script>` to its end; its output is kept for the failure message. */
function runRelease(dir: string, script: string, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [tsx, script], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else reject(new Error(`${script} exited with ${code}:\n${output}`));
    });
  });
}

/** A browser's side of the API: its cookies, and the XSRF header on every write (spec §7). */
class Shopper {
  cookies = new Map<string, string>();
  constructor(readonly base: string) {}
  async call(method: string, url: string, body?: unknown) {
    const headers: Record<string, string> = { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (method !== 'GET') headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN') ?? '';
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(this.base + url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
    const text = await res.text();
    let json: Record<string, unknown> = {};
    try {
      json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      // not JSON: the status says what happened
    }
    return { status: res.status, json, text };
  }
}

// made by the test itself: a file whose tests are all skipped runs no hooks
let tmp = '';
const dbName = scratchName('grocer_rolling');
let server: ChildProcess | null = null;
let created = false;
afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    const force = setTimeout(() => server?.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(force);
  }
  if (created) await dropPgDatabase(url, dbName);
  if (tmp) rmSync(tmp, { recursive: true, force: true });
}, 60_000);

describeOnPostgres('upgrades without downtime (PostgreSQL)', () => {
  it("applies this release's migrations while the previous release serves shoppers: no failed request, no lost order (PostgreSQL)", async () => {
    const started = performance.now();
    tmp = mkdtempSync(path.join(os.tmpdir(), 'grocer-rolling-'));
    const { version, commit } = previousRelease();
    const present = await run('git', ['-C', root, 'cat-file', '-e', `${commit}^{commit}`]).then(
      () => true,
      () => false,
    );
    expect(
      present,
      `the previous release's commit ${commit} (${version}) is not in this clone: fetch its history (git fetch --unshallow)`,
    ).toBe(true);
    const changed = await incompatibleDependencies(commit);
    const checked = (problem: string) => CHECKED_UPGRADES.some((u) => problem.startsWith(`${u.dependency} `));
    expect(
      changed.filter((p) => !checked(p)),
      `node_modules no longer fits ${version}'s dependencies`,
    ).toEqual([]);
    expect(
      CHECKED_UPGRADES.filter((u) => !changed.some((p) => p.startsWith(`${u.dependency} `))).map((u) => u.dependency),
      'listed in CHECKED_UPGRADES but the same major as the release: remove them',
    ).toEqual([]);
    const release = path.join(tmp, 'release');
    mkdirSync(release);
    await buildRelease(commit, release);
    const journal = (folder: string) =>
      (JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> }).entries.map(
        (e) => e.tag,
      );
    const oldTags = journal(path.join(release, 'apps/server/src/db/migrations'));
    const newTags = journal(migrationsFolder);
    expect(newTags.slice(0, oldTags.length), 'migrations are append-only: the release’s are this code’s first').toEqual(oldTags);

    await createPgDatabase(url, dbName);
    created = true;
    const dbUrl = databaseUrl(url, dbName);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: dbUrl,
      DATA_DIR: path.join(tmp, 'data'),
      SEED: 'never',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      STAFF_DIST: '/nonexistent',
      // no error reporting: see CHECKED_UPGRADES
      SENTRY_DSN: '',
    };
    // the release migrates the database to its head and seeds the demo shop, as `npm run seed` does
    await runRelease(release, 'apps/server/src/seed/cli.ts', env, 120_000);
    const admin = new pg.Client({ connectionString: dbUrl });
    await admin.connect();
    try {
      const applied = async () =>
        (await admin.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0]!.n;
      expect(await applied()).toBe(oldTags.length);

      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      let serverOutput = '';
      server = spawn(process.execPath, [tsx, 'apps/server/src/main.ts'], {
        cwd: release,
        env: { ...env, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      server.stdout!.on('data', (d) => (serverOutput += d));
      server.stderr!.on('data', (d) => (serverOutput += d));
      const deadline = Date.now() + 90_000;
      for (;;) {
        const ok = await fetch(`${base}/s/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) break;
        if (server.exitCode !== null) throw new Error(`the ${version} server exited with ${server.exitCode}:\n${serverOutput}`);
        if (Date.now() > deadline) throw new Error(`the ${version} server was not healthy in 90 s:\n${serverOutput}`);
        await new Promise((r) => setTimeout(r, 250));
      }

      // packs in stock at the warehouse delivering to 560001, one unit an order, round robin
      const { rows: packs } = await admin.query<{ pack_id: number; available: number }>(
        `select s.pack_id, s.available from stock s
         join delivery_zones z on z.warehouse_id = s.warehouse_id join zone_pincodes zp on zp.zone_id = z.id and zp.pincode = '560001'
         where s.available >= 20 order by s.available desc, s.pack_id limit 20`,
      );
      expect(packs.length).toBeGreaterThan(5);
      const orderCap = packs.reduce((a, p) => a + p.available, 0) / 2;

      // signed-in shoppers with an address, as bench/db.ts makes them: the session row gets a user
      const LANES = 4;
      const shoppers: Array<{ s: Shopper; addressId: number }> = [];
      for (let i = 0; i < LANES; i++) {
        const s = new Shopper(base);
        expect((await s.call('GET', '/s/api/cookie')).status).toBeLessThan(300);
        expect((await s.call('GET', '/s/api/check/pincode/560001')).status).toBeLessThan(300);
        const { rows } = await admin.query<{ id: number }>(`insert into users (name, email) values ($1, $2) returning id`, [
          `Rolling ${i}`,
          `rolling${i}@example.com`,
        ]);
        const sid = createHash('sha256').update(s.cookies.get('sid')!).digest('base64url');
        await admin.query('update sessions set user_id = $1 where id = $2', [rows[0]!.id, sid]);
        // the server may hold the session row it read for a few seconds: wait until it knows her
        const known = Date.now() + 15_000;
        while ((await s.call('GET', '/s/api/account')).status !== 200) {
          if (Date.now() > known) throw new Error('the signed-in session was never seen by the server');
          await new Promise((r) => setTimeout(r, 200));
        }
        const a = await s.call('POST', '/s/api/addresses', {
          name: `Rolling ${i}`,
          phone: '9000000099',
          pincode: '560001',
          line1: '1 Test Street',
          line2: 'MG Road',
          city: 'Bengaluru',
          state: 'Karnataka',
        });
        expect(a.status, a.text).toBeLessThan(300);
        shoppers.push({ s, addressId: a.json.id as number });
      }

      // the shoppers' loop, in three phases: before, during and after the migrations
      type Phase = 'before' | 'during' | 'after';
      let phase: Phase = 'before';
      let stop = false;
      const served: Record<Phase, number> = { before: 0, during: 0, after: 0 };
      const failures: string[] = [];
      const excused = new Map<(typeof KNOWN_BREAKS)[number], number>();
      const applies = KNOWN_BREAKS.filter((b) => newTags.slice(oldTags.length).includes(b.migration));
      const acknowledged: string[] = [];
      const iterations: Record<Phase, number[]> = {
        before: Array(LANES).fill(0),
        during: Array(LANES).fill(0),
        after: Array(LANES).fill(0),
      };
      let next = 0;
      // each shopper's orders, and the one the shop has delivered to her (marked before the migrations)
      const mine: string[][] = shoppers.map(() => []);
      const delivered: Array<string | undefined> = shoppers.map(() => undefined);
      const call = async (s: Shopper, method: string, route: string, body?: unknown) => {
        const at = phase;
        try {
          const res = await s.call(method, route, body);
          served[at]++;
          const known =
            at !== 'before' &&
            applies.find(
              (b) => b.status === res.status && b.request(`${method} ${route}`, new Set(delivered.filter((d) => d !== undefined))),
            );
          if (known) excused.set(known, (excused.get(known) ?? 0) + 1);
          else if (res.status >= 400) failures.push(`${at}: ${method} ${route} → ${res.status} ${res.text.slice(0, 300)}`);
          return res;
        } catch (e) {
          served[at]++;
          failures.push(`${at}: ${method} ${route} → ${(e as Error).message}`);
          return null;
        }
      };
      const lanes = shoppers.map(async ({ s, addressId }, lane) => {
        while (!stop && failures.length === 0 && acknowledged.length < orderCap) {
          const at = phase;
          const pack = packs[next++ % packs.length]!;
          if (!(await call(s, 'GET', '/s/api/products'))) continue;
          await call(s, 'POST', '/s/api/cart/add', { pack_id: pack.pack_id });
          const cart = await call(s, 'GET', `/s/api/cart?address_id=${addressId}`);
          if (!cart || cart.status !== 200) continue;
          const placed = await call(s, 'POST', '/s/api/orders', {
            address_id: addressId,
            payment_method: 'cod',
            expected_total: cart.json.amount,
            idempotency_key: randomUUID(),
          });
          const order = placed?.status === 200 ? (placed.json.order as { id: string } | undefined) : undefined;
          if (order) {
            acknowledged.push(order.id);
            mine[lane]!.push(order.id);
            // she reads it, her orders, and the order she has had delivered
            await call(s, 'GET', `/s/api/orders/${order.id}`);
            await call(s, 'GET', '/s/api/orders');
            if (delivered[lane]) await call(s, 'GET', `/s/api/orders/${delivered[lane]}`);
          }
          iterations[at][lane] = (iterations[at][lane] ?? 0) + 1;
        }
      });
      const until = async (done: () => boolean, what: string, ms = 60_000) => {
        const end = Date.now() + ms;
        while (!done()) {
          if (failures.length) return;
          if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
          await new Promise((r) => setTimeout(r, 50));
        }
      };
      const everyLane = (p: Phase, n: number) => () => iterations[p].every((k) => k >= n);

      let migrationMs = 0;
      try {
        await until(everyLane('before', 2), 'two orders per shopper before the migrations');
        // the shop delivers each shopper's first order and collects the cash (what the staff's
        // status change writes to the order), and she looks at it once before the migrations
        for (let lane = 0; lane < LANES; lane++) {
          const id = mine[lane]![0]!;
          await admin.query(`update orders set status = 'delivered', cash_collected = total, updated_at = now() where id = $1`, [id]);
          delivered[lane] = id;
        }
        await until(everyLane('before', 3), 'a third order per shopper before the migrations');
        // this release's migrations, as its first process to start applies them (openDatabase)
        phase = 'during';
        const t0 = performance.now();
        const upgraded = await openDatabase({ databaseUrl: dbUrl, poolSize: 2 });
        migrationMs = performance.now() - t0;
        await upgraded.close();
        phase = 'after';
        // the previous release keeps serving on the new schema until a rolling restart replaces it
        await until(everyLane('after', 3), 'three orders per shopper after the migrations');
      } finally {
        stop = true;
        await Promise.all(lanes);
      }
      expect(await applied()).toBe(newTags.length);

      const { rows: found } = await admin.query<{ id: string; lines: number }>(
        `select o.id, (select count(*)::int from order_lines l where l.order_id = o.id) as lines from orders o where o.id = any($1)`,
        [acknowledged],
      );
      console.log(
        `rolling upgrade ${version} (${commit}, ${oldTags.length} migrations) → this code (${newTags.length}: ${newTags.slice(oldTags.length).join(', ') || 'none new'}): ` +
          `migrations applied in ${migrationMs.toFixed(0)} ms; requests served before/during/after ${served.before}/${served.during}/${served.after}, ` +
          `${failures.length} failed, ${[...excused.values()].reduce((a, b) => a + b, 0)} known breaks (${[...excused.keys()].map((b) => b.migration).join(', ') || 'none'}); orders acknowledged ${acknowledged.length}, found ${found.length}; ${((performance.now() - started) / 1000).toFixed(0)} s in all`,
      );
      // the old server's own words for what failed: its error log lines, shortened
      const logged = serverOutput
        .split('\n')
        .filter((l) => l.includes('"level":50'))
        .map((l) => /caused by: ([^\\]+)/.exec(l)?.[1] ?? l.slice(0, 300));
      expect(failures, `the ${version} server logged: ${logged.slice(0, 5).join(' | ')}`).toEqual([]);
      expect(
        applies.filter((b) => !excused.has(b)).map((b) => b.migration),
        'listed in KNOWN_BREAKS but no longer breaking the previous release: remove them',
      ).toEqual([]);
      expect(found.length).toBe(acknowledged.length);
      expect(found.filter((o) => o.lines < 1)).toEqual([]);
      expect(new Set(acknowledged).size).toBe(acknowledged.length);
    } finally {
      await admin.end();
    }
  }, 180_000);
});
