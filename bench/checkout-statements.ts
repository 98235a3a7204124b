/**
 * The SQL statements of one cash-on-delivery checkout (POST /s/api/orders) of a signed-in shopper
 * with one line, in the order they are sent, counted: what each checkout costs in round trips
 * (prints them; not a test). Every statement costs CPU in the server (drizzle building it, the
 * driver) and in PostgreSQL (bench/orders.ts), so fewer statements make checkouts cheaper.
 *   npx tsx bench/checkout-statements.ts [--width 160]
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { checkoutShopper, deliverablePack, startDemoShop } from './db';

const { values } = parseArgs({ options: { width: { type: 'string', default: '160' } } });
const shop = await startDemoShop('postgres', 5);
const p = await checkoutShopper(shop, 1, await deliverablePack(shop.db, shop.websiteId));

const sent: string[] = [];
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const q = args[0] as string | { text: string };
  sent.push((typeof q === 'string' ? q : q.text).replace(/\s+/g, ' ').trim().slice(0, Number(values.width)));
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;
const r = await p.s.call('POST', '/s/api/orders', {
  address_id: p.addressId,
  payment_method: 'cod',
  expected_total: p.total,
  idempotency_key: 'bench-statements-1',
});
pg.Client.prototype.query = query;

sent.forEach((text, i) => console.log(String(i + 1).padStart(3), text));
console.log(`\nPOST /s/api/orders answered ${r.status}: ${sent.length} statements (begin and commit included)`);
await shop.close();
if (r.status !== 200) process.exitCode = 1;
