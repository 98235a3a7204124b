/**
 * The owner's side at a year's scale (issue 42 goal 1; prints figures, not a test). Against the
 * database `npm run seed -- --large[=scale]` made (`grocer_large`), through the real app over
 * HTTP, signed in as the demo owner: p50 and p95 of each staff screen's call at 10 connections,
 * against the issue's budgets, then `check:stock` over every movement. With `--plans` it writes
 * `EXPLAIN (ANALYZE, BUFFERS)` of every statement each screen ran to `results/owner-scale-plans.md`.
 * Usage:
 *   npm run seed -- --large            # once (or --large=0.25)
 *   npx tsx bench/owner-scale.ts [--url postgres://…/grocer_large] [--requests 200] [--connections 10] [--label before] [--plans [--plans-file x.md]] [--only a,b] [--fold]
 *
 * The app's jobs do not run here: without `--fold` the reports read every day noted since the
 * seed live (as before their summaries); `--fold` folds every noted day first (as the `report
 * days` job would, a month of days a run) and prints how long that took.
 */
import { and, eq, sql } from 'drizzle-orm';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { parseConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { sessions, users, websites } from '../apps/server/src/db/schema';
import { ledgerMismatches } from '../apps/server/src/domains/inventory';
import { foldReportDays } from '../apps/server/src/domains/orders';
import { hashToken } from '../apps/server/src/http/session';
import { indiaToday } from '@grocer/shared/delivery-promise';
import { rowsOf } from './db';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.LARGE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/grocer_large' },
    requests: { type: 'string', default: '200' },
    connections: { type: 'string', default: '10' },
    label: { type: 'string', default: 'latest' },
    plans: { type: 'boolean', default: false },
    only: { type: 'string' },
    'plans-file': { type: 'string', default: 'owner-scale-plans.md' },
    fold: { type: 'boolean', default: false },
  },
});
const requests = Number(values.requests);
const connections = Number(values.connections);

// Every statement the app sends, while `capture` is set (for the plans): pg's Client.query, which the pool's clients use.
let capture: Array<{ text: string; values: unknown[] }> | null = null;
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (capture) {
    const a = args[0] as string | { text: string; values?: unknown[] };
    const text = typeof a === 'string' ? a : a.text;
    const vals = (Array.isArray(args[1]) ? args[1] : typeof a === 'object' ? a.values : undefined) ?? [];
    if (text) capture.push({ text, values: vals });
  }
  return (original as (...a: unknown[]) => unknown).apply(this, args);
} as typeof original;

const database = await openDatabase({ databaseUrl: values.url, poolSize: 20 });
const db = database.db;
const [site] = await db.select({ id: websites.id }).from(websites).where(eq(websites.isDefault, true)).limit(1);
const websiteId = site!.id;
const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.shop'));
const token = `bench-owner-scale-${Date.now()}`;
await db.insert(sessions).values({ id: hashToken(token), websiteId, userId: owner!.id, expiresAt: new Date(Date.now() + 86_400_000) });

// what to ask for, from the data: order ids, phones, numbers, a month, a slot with work to pick
const one = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(q))[0]!;
const sample = rowsOf<{ id: string; ordernumber: string; phone: string; name: string }>(
  await db.execute(sql`select id, ordernumber, address->>'phone' as phone, address->>'name' as name from orders
    where website_id = ${websiteId} and idempotency_key like 'year-%' order by md5(id) limit 50`),
);
if (!sample.length) throw new Error(`${values.url} holds no year of orders: run npm run seed -- --large first`);
const counts = await one<{ orders: number; customers: number; products: number; movements: number; events: number }>(sql`
  select (select count(*)::int from orders) as orders, (select count(*)::int from website_members) as customers,
    (select count(*)::int from products) as products, (select count(*)::int from stock_movements) as movements,
    (select count(*)::int from analytics_events) as events`);
const slot = await one<{ date: string; slot_id: number; warehouse_id: number }>(sql`
  select o.slot_date as date, o.slot_id, z.warehouse_id from orders o join delivery_zones z on z.id = o.zone_id
  where o.website_id = ${websiteId} and o.status in ('placed', 'confirmed', 'packed') and o.slot_id is not null
  group by 1, 2, 3 order by count(*) desc limit 1`);
const pincode = await one<{ pincode: string }>(sql`select pincode from orders where website_id = ${websiteId} limit 1`);
const today = indiaToday();
const day = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
const lastMonth = (() => {
  const d = new Date(`${today}T00:00:00Z`);
  const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 0));
  return `from=${first.toISOString().slice(0, 10)}&to=${last.toISOString().slice(0, 10)}`;
})();

if (values.fold) {
  const t0 = performance.now();
  let days = 0;
  for (let n = await foldReportDays(db); n > 0; n = await foldReportDays(db)) days += n;
  console.log(`folded ${days} noted days into the reports' summaries in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
const noted = await one<{ n: number }>(sql`select count(distinct (website_id, day))::int as n from report_day_changes`);
console.log(`days noted and not folded (read live by the reports): ${noted.n}`);

const s = (i: number) => sample[i % sample.length]!;
const cases: Array<{ name: string; budget: number; urls: string[] }> = [
  {
    name: 'order list, filters',
    budget: 100,
    urls: [
      '',
      'status=placed',
      'status=delivered&payment_method=cod',
      'payment_status=collected',
      `from=${day(6)}&to=${today}`,
      `from=${day(60)}&to=${day(30)}&status=cancelled`,
      `pincode=${pincode.pincode}&sort=total`,
      `delivery_date=${slot.date}&slot_id=${slot.slot_id}`,
      'payment_method=razorpay&status=delivered&sort=total&dir=asc',
      'page=200',
      'sort=ordernumber&dir=asc',
      'status=payment_failed',
    ].map((q) => `/admin/orders?${q}`),
  },
  {
    name: 'order list, search number/phone',
    budget: 100,
    urls: [0, 1, 2, 3, 4, 5].flatMap((i) => [
      `/admin/orders?q=${s(i).ordernumber}`,
      `/admin/orders?q=${s(i).phone}`,
      `/admin/orders?q=${s(i).phone.slice(-6)}`,
    ]),
  },
  { name: 'order screen', budget: 50, urls: sample.map((o) => `/admin/orders/${o.id}`) },
  {
    name: 'customers search',
    budget: 100,
    urls: [0, 1, 2, 3].flatMap((i) => [
      `/admin/customers?q=${encodeURIComponent(s(i).name)}`,
      `/admin/customers?q=${s(i).phone}`,
      `/admin/customers?q=${encodeURIComponent(s(i).name.split(' ')[1]!)}`,
    ]),
  },
  {
    name: 'customers list, by last order',
    budget: 100,
    urls: ['', 'sort=spent', 'sort=orders&page=50'].map((q) => `/admin/customers?${q}`),
  },
  { name: 'GST report, a month', budget: 1000, urls: [`/admin/reports/gst?${lastMonth}`] },
  { name: 'GST report CSV, a month', budget: 1000, urls: [`/admin/reports/gst.csv?${lastMonth}`] },
  { name: 'sales report, a month', budget: 1000, urls: [`/admin/reports/sales?${lastMonth}`] },
  { name: 'sales report CSV, a month', budget: 1000, urls: [`/admin/reports/sales.csv?${lastMonth}&by=product`] },
  {
    name: 'dashboard',
    budget: 300,
    urls: [`/admin/reports/dashboard?from=${day(6)}&to=${today}`, `/admin/reports/dashboard?from=${day(29)}&to=${today}`],
  },
  { name: 'analytics, 30 days', budget: 500, urls: ['/admin/analytics?days=30'] },
  {
    name: 'pick list, a slot',
    budget: 200,
    urls: [
      `/admin/orders/pick-list?date=${slot.date}&slot_id=${slot.slot_id}`,
      `/admin/orders/pick-list?date=${slot.date}&slot_id=${slot.slot_id}&warehouse_id=${slot.warehouse_id}`,
    ],
  },
  {
    name: 'stock list, low stock',
    budget: 100,
    urls: ['low=true', 'low=true&sort=available', 'low=true&q=rice', 'low=true&page=30'].map((q) => `/admin/stock?${q}`),
  },
].filter((c) => !values.only || values.only.split(',').some((o) => c.name.includes(o)));

const env = { NODE_ENV: 'production', SESSION_SECRET: 'bench-secret-value-123', LOG_LEVEL: 'silent', CATALOGUE_CACHE: 'off' };
const app = await buildApp({ config: { ...parseConfig(env), production: false }, database });
const base = `${await app.listen({ port: 0, host: '127.0.0.1' })}/s/api`;
const headers = { cookie: `sid=${token}`, accept: 'application/json' };
const call = async (u: string) => {
  const res = await fetch(base + u, { headers });
  const body = await res.arrayBuffer();
  if (!res.ok) throw new Error(`${u}: ${res.status} ${Buffer.from(body).toString().slice(0, 300)}`);
};

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;
const r1 = (x: number) => Math.round(x * 10) / 10;
const rows: Array<{ name: string; calls: number; p50: number; p95: number; budget: number }> = [];
const started = new Date().toISOString();
const load = loadavg()
  .map((x) => x.toFixed(2))
  .join(' ');
console.log(
  `\nThe owner's side at scale — ${counts.orders} orders, ${counts.customers} customers, ${counts.products} products, ${counts.movements} stock movements, ${counts.events} events`,
);
console.log(`${connections} connections, ${requests} calls per case (fewer for reports), load average ${load}\n`);
console.log('case'.padEnd(34), 'calls'.padStart(6), 'p50'.padStart(10), 'p95'.padStart(10), 'budget'.padStart(10));
for (const c of cases) {
  for (const u of c.urls) await call(u); // warm: plans, code
  const n = c.budget >= 1000 ? Math.max(20, Math.round(requests / 5)) : requests;
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(connections, n) }, async () => {
      while (next < n) {
        const u = c.urls[next++ % c.urls.length]!;
        const t0 = performance.now();
        await call(u);
        times.push(performance.now() - t0);
      }
    }),
  );
  const row = { name: c.name, calls: n, p50: r1(pct(times, 50)), p95: r1(pct(times, 95)), budget: c.budget };
  rows.push(row);
  console.log(
    c.name.padEnd(34),
    String(n).padStart(6),
    `${row.p50} ms`.padStart(10),
    `${row.p95} ms`.padStart(10),
    `≤ ${c.budget} ms`.padStart(10),
    row.p95 <= c.budget ? '' : ' OVER',
  );
}
if (!values.only || values.only.split(',').some((o) => 'check:stock'.includes(o))) {
  const t0 = performance.now();
  const { checked, mismatches } = await ledgerMismatches(db);
  const ms = performance.now() - t0;
  rows.push({ name: 'check:stock (every movement)', calls: 1, p50: r1(ms), p95: r1(ms), budget: 60_000 });
  console.log(
    'check:stock (every movement)'.padEnd(34),
    '1'.padStart(6),
    `${Math.round(ms)} ms`.padStart(10),
    `${Math.round(ms)} ms`.padStart(10),
    '≤ 60 s'.padStart(10),
    mismatches.length ? ` ${mismatches.length} of ${checked} MISMATCHED` : ` (${checked} balances, all equal)`,
  );
}
console.log(
  `load average after: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);

const out = path.join(import.meta.dirname, 'results');
mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, `owner-scale-${values.label}.json`), JSON.stringify({ started, load, counts, connections, rows }, null, 2));

if (values.plans) {
  // one call of each screen with its statements captured, then each read statement explained with its values
  const clip = (text: string, n: number) => (text.length > n ? `${text.slice(0, n)}…` : text);
  const explain = new pg.Client({ connectionString: values.url });
  await explain.connect();
  let md = `# EXPLAIN (ANALYZE, BUFFERS) of the owner's screens at scale\n\nWritten by \`bench/owner-scale.ts --plans\` (${started}, label ${values.label}): ${counts.orders} orders, ${counts.customers} customers, ${counts.products} products, ${counts.movements} stock movements, ${counts.events} events. Each screen's statements in the order the app sent them; statements that took under 1 ms are listed without their plan.\n`;
  for (const c of cases) {
    capture = [];
    await call(c.urls[0]!);
    const statements = capture;
    capture = null;
    md += `\n## ${c.name}: \`GET ${c.urls[0]}\`\n`;
    const quick: string[] = [];
    for (const st of statements) {
      if (!/^\s*(select|with)\b/i.test(st.text) || /\b(insert|update|delete)\b/i.test(st.text)) continue;
      const { rows: plan } = await explain.query(`explain (analyze, buffers) ${st.text}`, st.values as unknown[]);
      const lines = plan.map((r: Record<string, string>) => clip(r['QUERY PLAN']!, 400));
      const ms = Number(/Execution Time: ([\d.]+)/.exec(lines.at(-1) ?? '')?.[1] ?? 0);
      const short = st.text.replace(/\s+/g, ' ').trim();
      if (ms < 1) quick.push(`- ${ms.toFixed(2)} ms: \`${short.slice(0, 160)}${short.length > 160 ? '…' : ''}\``);
      else
        md += `\n### ${ms.toFixed(1)} ms\n\n\`\`\`sql\n${clip(short, 2000)}\n\`\`\`\n${st.values.length ? `values: \`${JSON.stringify(st.values).slice(0, 300)}\`\n` : ''}\n\`\`\`\n${lines.join('\n')}\n\`\`\`\n`;
    }
    if (quick.length) md += `\nUnder 1 ms:\n\n${quick.join('\n')}\n`;
  }
  {
    capture = [];
    await ledgerMismatches(db);
    const [ledger] = capture;
    capture = null;
    const { rows: plan } = await explain.query(`explain (analyze, buffers) ${ledger!.text}`, ledger!.values);
    md += `\n## check:stock (ledgerMismatches)\n\n\`\`\`sql\n${ledger!.text.replace(/\s+/g, ' ').trim()}\n\`\`\`\n\n\`\`\`\n${plan.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')}\n\`\`\`\n`;
  }
  await explain.end();
  writeFileSync(path.join(out, values['plans-file']), md);
  console.log(`plans: ${path.join(out, values['plans-file'])}`);
}

await db.delete(sessions).where(and(eq(sessions.id, hashToken(token)), eq(sessions.websiteId, websiteId)));
await app.close();
await database.close();
