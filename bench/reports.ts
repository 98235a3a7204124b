/**
 * Staff screens over many orders (prints figures; not a test): the demo shop plus N generated
 * orders (seed/orders.ts, over the last 90 days), then the order list with a few filters, the
 * dashboard and the GST report, each called many times through its service (the database's and
 * the server's work, without HTTP), p50 and p95 in ms. Usage:
 *   npx tsx bench/reports.ts [--db postgres|pglite] [--orders 100000] [--runs 40]
 */
import { adminOrdersQuerySchema } from '@grocer/shared/admin-orders';
import { indiaToday } from '@grocer/shared/delivery-promise';
import { parseArgs } from 'node:util';
import { auditActor, recordAudit } from '../apps/server/src/domains/audit';
import { packNamed, packNamesSubquery } from '../apps/server/src/domains/catalogue';
import { usersByIds } from '../apps/server/src/domains/identity';
import { createInventory } from '../apps/server/src/domains/inventory';
import { committedUnits, foldReportDays } from '../apps/server/src/domains/orders';
import { listAdminOrders } from '../apps/server/src/domains/orders/admin-service';
import { dashboard, gstReport, salesReport } from '../apps/server/src/domains/reports/service';
import { seedDemo } from '../apps/server/src/seed/demo';
import { seedLargeOrders } from '../apps/server/src/seed/orders';
import { openBenchDatabase } from './db';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    orders: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '40' },
  },
});
const runs = Number(values.runs);
const { database, cleanup } = await openBenchDatabase(values.db === 'pglite' ? 'pglite' : 'postgres');
const db = database.db;
const websiteId = await seedDemo(db, { mediaDir: null });
let t0 = performance.now();
await seedLargeOrders(db, websiteId, Number(values.orders));
console.log(`seeded ${values.orders} orders in ${Math.round(performance.now() - t0)} ms (${database.kind})`);
// the reports' days as the job keeps them (without it every day is read live)
t0 = performance.now();
for (let n = await foldReportDays(db); n > 0; n = await foldReportDays(db));
console.log(`folded the reports' days in ${Math.round(performance.now() - t0)} ms`);
// the dashboard's low stock is the inventory module's, as app.ts makes it
const inventory = createInventory({ db, recordAudit, auditActor, packNamed, packNamesSubquery, usersByIds, committedUnits });
const needs = { lowStockPacks: inventory.lowStockPacks };

const today = indiaToday();
const daysAgo = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
const list = (q: Record<string, string>) => () => listAdminOrders(db, websiteId, adminOrdersQuerySchema.parse(q));
const cases: Array<[string, () => Promise<unknown>]> = [
  ['order list: newest 20', list({})],
  ['order list: status=placed', list({ status: 'placed' })],
  ['order list: cod, placed in the last 7 days', list({ payment_method: 'cod', from: daysAgo(6), to: today })],
  ['order list: pincode 400001, by total', list({ pincode: '400001', sort: 'total' })],
  ['order list: search "BN4242"', list({ q: 'BN4242' })],
  ['dashboard: 7 days', () => dashboard(db, websiteId, { from: daysAgo(6), to: today }, needs)],
  ['dashboard: 30 days', () => dashboard(db, websiteId, { from: daysAgo(29), to: today }, needs)],
  ['GST report: 30 days', () => gstReport(db, websiteId, { from: daysAgo(29), to: today })],
  ['GST report: 90 days (every order)', () => gstReport(db, websiteId, { from: daysAgo(90), to: today })],
  ['sales by product: 30 days', () => salesReport(db, websiteId, { from: daysAgo(29), to: today })],
];
console.log(`\n${values.orders} orders, ${database.kind}, ${runs} calls each (after 3 to warm up)`);
for (const [name, call] of cases) {
  for (let i = 0; i < 3; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    t0 = performance.now();
    await call();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
  console.log(`${name.padEnd(46)} p50 ${at(0.5).padStart(7)} ms   p95 ${at(0.95).padStart(7)} ms`);
}
await cleanup();
