/**
 * The catalogue's CSV at a shop's scale (issue 42, goal 2; prints figures, not a test). On
 * PostgreSQL: the demo shop plus N generated products (`seedLargeCatalogue`, set-based SQL: 2
 * packs each, stock in every warehouse), the real app in a process of its own, and this process as
 * the owner's browser over HTTP. The server's resident memory (VmRSS from /proc) is sampled while
 * each call runs; the rise is its peak less its level just before the call.
 *   - export: GET /s/api/admin/catalogue/export.csv, read to the end (budget: RSS rise ≤ 100 MB);
 *   - import: a file of R new rows (R/2 products, 2 packs each, stock per warehouse), the dry run
 *     then the apply (budget: both together ≤ 60 s); a re-import of the file with every price
 *     changed (R updates); and a file with one bad row at the end, refused with nothing written.
 * Checks what it reads and writes (row counts, a balanced stock ledger) and exits 1 when wrong.
 * With --compare DIR (another checkout's apps/server and packages, e.g. `git archive HEAD` unpacked
 * with node_modules linked) the same calls run on a server from DIR too, in the same run and database.
 * --keep leaves the seeded database (its URL printed) for --url on the next run (no seeding).
 * Usage: npx tsx bench/csv-scale.ts [--products 100000] [--rows 50000] [--compare DIR] [--keep | --url URL] [--export-only | --import-only] [--profile DIR: the server's CPU profile]
 */
import { serializeCatalogueCsv, type CatalogueCsvRow } from '@grocer/shared/catalogue-csv';
import { sql } from 'drizzle-orm';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type * as AppModule from '../apps/server/src/app';
import type * as ConfigModule from '../apps/server/src/config';
import type * as ClientModule from '../apps/server/src/db/client';
import { openDatabase } from '../apps/server/src/db/client';
import { ledgerMismatches } from '../apps/server/src/domains/inventory';
import { hashToken } from '../apps/server/src/http/session';
import { seedDemo } from '../apps/server/src/seed/demo';
import { seedLargeCatalogue } from '../apps/server/src/seed/large';
import { BenchShopper, openBenchDatabase, rowsOf } from './db';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    rows: { type: 'string', default: '50000' },
    compare: { type: 'string' },
    keep: { type: 'boolean', default: false },
    'export-only': { type: 'boolean', default: false },
    'import-only': { type: 'boolean', default: false },
    profile: { type: 'string' },
    url: { type: 'string' },
    child: { type: 'string' },
    root: { type: 'string' },
  },
});
const here = path.resolve(import.meta.dirname, '..');

// The server's process: the app (of checkout `--root`) on the bench's database, its address on stdout.
if (values.child) {
  const root = values.root ?? here;
  const { buildApp } = (await import(path.join(root, 'apps/server/src/app.ts'))) as typeof AppModule;
  const { parseConfig } = (await import(path.join(root, 'apps/server/src/config.ts'))) as typeof ConfigModule;
  const client = (await import(path.join(root, 'apps/server/src/db/client.ts'))) as typeof ClientModule;
  const database = await client.openDatabase({ databaseUrl: values.child, poolSize: 5 });
  const env = {
    NODE_ENV: 'production',
    SESSION_SECRET: 'bench-secret-value-123',
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(tmpdir(), 'none'),
  };
  const app = await buildApp({ config: { ...parseConfig(env), production: false }, database });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`READY ${base}\n`);
  process.on('SIGTERM', () => void app.close().then(() => database.close().then(() => process.exit(0))));
} else await main();

async function main() {
  const opened = values.url
    ? { database: await openDatabase({ databaseUrl: values.url, poolSize: 5 }), url: values.url, cleanup: async () => {} }
    : await openBenchDatabase('postgres', 5);
  const { database, url } = opened;
  const db = database.db;
  let failed = false;
  const check = (ok: boolean, what: string) => {
    if (!ok) {
      console.error(`WRONG: ${what}`);
      failed = true;
    }
  };
  let websiteId: number;
  if (values.url) {
    websiteId = rowsOf<{ id: number }>(await db.execute(sql`select website_id as id from products where slug = 'bulk-1'`))[0]!.id;
    console.log(`the seeded database ${url}`);
  } else {
    websiteId = await seedDemo(db, { mediaDir: null });
    const t0 = performance.now();
    await seedLargeCatalogue(db, websiteId, Number(values.products));
    await db.execute(sql`analyze`);
    console.log(`seeded ${values.products} products (2 packs each) in ${((performance.now() - t0) / 1000).toFixed(1)} s (postgres)`);
    if (values.keep) console.log(`kept for --url: ${url}`);
  }
  const [{ id: adminId } = { id: 0 }] = rowsOf<{ id: number }>(await db.execute(sql`select id from users where email = 'admin@demo.shop'`));
  const run = Date.now().toString(36);

  const servers = [
    { label: 'this tree', root: here },
    ...(values.compare ? [{ label: path.basename(values.compare), root: path.resolve(values.compare) }] : []),
  ];
  try {
    for (const server of servers) {
      console.log(`\n== server: ${server.label} (${server.root})`);
      await oneServer(server.root, `${run}-${servers.indexOf(server)}`);
    }
  } finally {
    if (values.keep || values.url) await database.close();
    else await opened.cleanup();
  }
  if (failed) process.exitCode = 1;

  async function oneServer(root: string, tag: string) {
    const prof = values.profile ? ['--cpu-prof', '--cpu-prof-dir', values.profile] : [];
    const child = spawn(process.execPath, [...prof, '--import', 'tsx', import.meta.filename, '--child', url!, '--root', root], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const base = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (b: Buffer) => {
          out += b.toString();
          const m = /READY (.*)\n/.exec(out);
          if (m) resolve(m[1]!);
        });
        child.on('exit', (code) => reject(new Error(`the server exited (${code})`)));
      });
      await exercise(base, child.pid!, tag);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  }

  async function exercise(base: string, pid: number, tag: string) {
    const rssMb = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
    const figures = new Map<string, { seconds: number; riseMb: number }>();
    /** `f` timed, with the server's resident memory before it and its peak while it runs (sampled every 10 ms). */
    const measure = async <T>(label: string, f: () => Promise<T>): Promise<T> => {
      const before = rssMb();
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 10);
      const start = performance.now();
      try {
        return await f();
      } finally {
        clearInterval(sampler);
        peak = Math.max(peak, rssMb());
        const seconds = (performance.now() - start) / 1000;
        figures.set(label, { seconds, riseMb: peak - before });
        console.log(
          `${label.padEnd(36)} ${seconds.toFixed(2).padStart(7)} s   server RSS ${before.toFixed(0)} → peak ${peak.toFixed(0)} MB (rise ${(peak - before).toFixed(0)} MB)`,
        );
      }
    };

    // the owner, signed in on this browser's session (its XSRF cookie belongs to the session)
    const owner = new BenchShopper(base);
    await owner.call('GET', '/s/api/cookie');
    await owner.call('GET', '/s/api/check/pincode/560001'); // a session row to sign in
    await db.execute(sql`update sessions set user_id = ${adminId} where id = ${hashToken(owner.cookies.get('sid')!)}`);
    const warm = await owner.call('GET', '/s/api/admin/products');
    check(warm.status === 200, `the owner's product list: ${warm.status}`);
    async function exportCase() {
      // export
      const [{ packs: packCount } = { packs: 0 }] = rowsOf<{ packs: number }>(
        await db.execute(sql`select count(*)::int as packs from packs where website_id = ${websiteId}`),
      );
      const exported = await measure('export', async () => {
        const res = await fetch(`${base}/s/api/admin/catalogue/export.csv`, { headers: owner.headers('GET') });
        const reader = res.body!.getReader();
        let bytes = 0;
        let lines = 0;
        let tail = '';
        const text = new TextDecoder();
        for (let r = await reader.read(); !r.done; r = await reader.read()) {
          bytes += r.value.length;
          for (const b of r.value) if (b === 10) lines++;
          tail = (tail + text.decode(r.value, { stream: true })).slice(-200);
        }
        return { status: res.status, bytes, lines, tail };
      });
      const exportRise = figures.get('export')!.riseMb;
      console.log(
        `  ${(exported.bytes / 1e6).toFixed(1)} MB, ${exported.lines - 1} rows; RSS rise ${exportRise.toFixed(0)} MB (budget 100): ${exportRise <= 100 ? 'within' : 'OVER'}`,
      );
      check(exported.status === 200, `export status ${exported.status}`);
      check(exported.lines - 1 === packCount, `export has ${exported.lines - 1} rows for ${packCount} packs`);
    }
    if (!values['import-only']) await exportCase();
    if (values['export-only']) return;

    // import
    const rowCount = Number(values.rows);
    const whs = rowsOf<{ code: string }>(
      await db.execute(sql`select code from warehouses where website_id = ${websiteId} order by id`),
    ).map((w) => w.code);
    const [cat] = rowsOf<{ name: string }>(
      await db.execute(
        sql`select name from categories where website_id = ${websiteId} group by name having count(*) = 1 order by name limit 1`,
      ),
    );
    const rows = (bump: number, bad = false): CatalogueCsvRow[] =>
      Array.from({ length: rowCount }, (_, i) => {
        const p = Math.floor(i / 2);
        const last = bad && i === rowCount - 1;
        return {
          product_slug: `csv-${tag}-${p}`,
          product_name: `CSV Bench Product ${p}`,
          brand: `CSV Brand ${p % 40}`,
          category: cat!.name,
          status: 'active',
          description: `<p>Product ${p}, stone-cleaned, "farm" fresh, = not a formula</p>`,
          pack_name: i % 2 ? '1 kg' : '500 g',
          sku: `CSV-${tag}-${p}-${i % 2}`.toUpperCase(),
          barcode: '',
          price: (40 + (p % 300)) * 100 * (1 + (i % 2)) + bump,
          // the bad row: MRP below the price
          mrp: last ? 100 : (50 + (p % 300)) * 100 * (1 + (i % 2)) + bump,
          hsn: '1006',
          gst_rate: 5,
          position: i % 2,
          sold_by_weight: false,
          plu: '',
          step_grams: null,
          stock: Object.fromEntries(whs.map((w, j) => [w, (p * (j + 3)) % 90])),
          facts: { fssai_licence: '', food_type: 'veg', ingredients: 'Rice', nutrition: [] },
        };
      });
    const counts = async () =>
      rowsOf<{ products: number; packs: number; movements: number }>(
        await db.execute(
          sql`select (select count(*)::int from products where website_id = ${websiteId}) as products,
                     (select count(*)::int from packs where website_id = ${websiteId}) as packs,
                     (select count(*)::int from stock_movements where website_id = ${websiteId}) as movements`,
        ),
      )[0]!;
    const file = serializeCatalogueCsv(whs, rows(0));
    console.log(`\nimport: ${rowCount} rows (${rowCount / 2} new products), ${(file.length / 1e6).toFixed(1)} MB of CSV`);
    const empty = await counts();
    const dry = await measure('dry run', () => owner.call('POST', '/s/api/admin/catalogue/import?dry_run=1', { csv: file }));
    const drySummary = dry.json.summary as Record<string, number>;
    check(dry.status === 200 && dry.json.ok === true, `dry run: ${dry.status} ${JSON.stringify(dry.json).slice(0, 300)}`);
    check(drySummary?.packs_create === rowCount, `dry run plans ${drySummary?.packs_create} new packs`);
    const applied = await measure('apply (one transaction)', () => owner.call('POST', '/s/api/admin/catalogue/import', { csv: file }));
    check(applied.status === 200, `apply: ${applied.status} ${JSON.stringify(applied.json).slice(0, 300)}`);
    const after = await counts();
    check(after.products - empty.products === rowCount / 2, `apply made ${after.products - empty.products} products`);
    check(after.packs - empty.packs === rowCount, `apply made ${after.packs - empty.packs} packs`);
    const repriced = await measure('re-import, every price changed', () =>
      owner.call('POST', '/s/api/admin/catalogue/import', { csv: serializeCatalogueCsv(whs, rows(100)) }),
    );
    check(
      repriced.status === 200 && (repriced.json.summary as Record<string, number>)?.packs_update === rowCount,
      `repricing: ${repriced.status} ${JSON.stringify(repriced.json.summary)}`,
    );
    const before = await counts();
    const refused = await measure('a bad last row: refused', () =>
      owner.call('POST', '/s/api/admin/catalogue/import', { csv: serializeCatalogueCsv(whs, rows(200, true)) }),
    );
    check(refused.status === 422, `the bad file: ${refused.status}`);
    check(JSON.stringify(await counts()) === JSON.stringify(before), 'the refused file wrote something');
    const ledger = await ledgerMismatches(db);
    check(ledger.mismatches.length === 0, `stock ledger: ${ledger.mismatches.length} mismatches`);
    const both = figures.get('dry run')!.seconds + figures.get('apply (one transaction)')!.seconds;
    console.log(
      `\n${rowCount} rows: dry run + apply ${both.toFixed(1)} s (budget 60): ${both <= 60 ? 'within' : 'OVER'}; stock ledger ${ledger.mismatches.length ? 'BROKEN' : 'balanced'}`,
    );
  }
}
