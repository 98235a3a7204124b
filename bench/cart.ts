/**
 * Add-to-cart throughput (prints figures; not a test): S guest shoppers, each with its own session
 * and XSRF token as a browser gets them (`GET /s/api/cookie`, a pincode), add packs in stock to
 * their carts over HTTP under autocannon at C connections; every request is the next shopper's
 * `POST /s/api/cart/add` of the next pack, answered with the whole cart as the storefront shows it.
 * Then the database is checked: the cart lines hold every successful add once. (autocannon stops
 * with up to one request per connection in flight, which the server may still complete: those may
 * add units it never counted, so the check allows at most that many more.)
 *   npx tsx bench/cart.ts [--db postgres|pglite] [--shoppers 200] [--packs 20] [--seconds 6] [--connections 10]
 */
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { rowsOf, startDemoShop } from './db';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    shoppers: { type: 'string', default: '200' },
    packs: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '6' },
    connections: { type: 'string', default: '10' },
  },
});
const connections = Number(values.connections);
const shop = await startDemoShop(values.db === 'pglite' ? 'pglite' : 'postgres', connections + 5);
const { database, db, websiteId, base } = shop;
const rows = rowsOf;

// Packs with plenty in stock at the warehouse serving 560001.
const packs = rows<{ pack_id: number; warehouse_id: number }>(
  await db.execute(sql`select s.pack_id, s.warehouse_id from stock s
    join delivery_zones z on z.warehouse_id = s.warehouse_id join zone_pincodes zp on zp.zone_id = z.id and zp.pincode = '560001'
    where s.website_id = ${websiteId} and s.available >= 20 order by s.pack_id limit ${Number(values.packs)}`),
);

/** A guest as a browser: its cookies from the cookie call, its pincode chosen. */
async function guest() {
  const cookies = new Map<string, string>();
  for (const url of ['/s/api/cookie', '/s/api/check/pincode/560001']) {
    const res = await fetch(base + url, { headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      cookies.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
  }
  return { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '), token: cookies.get('XSRF-TOKEN')! };
}
const shoppers: Array<{ cookie: string; token: string }> = [];
for (let i = 0; i < Number(values.shoppers); i++) shoppers.push(await guest());

console.log(
  `\nAdd-to-cart benchmark — ${database.kind}: ${shoppers.length} guest shoppers, ${packs.length} packs, ${connections} connections, ${values.seconds}s\n`,
);
let n = 0;
const request = () => {
  const s = shoppers[n % shoppers.length]!;
  const p = packs[Math.floor(n / shoppers.length) % packs.length]!;
  n++;
  return {
    method: 'POST' as const,
    path: '/s/api/cart/add',
    headers: { cookie: s.cookie, 'x-xsrf-token': s.token, 'content-type': 'application/json' },
    body: JSON.stringify({ pack_id: p.pack_id, warehouse_id: p.warehouse_id }),
  };
};
// warm-up (code compiled), then the measured run; the adds of both count in the check below
const warm = await autocannon({ url: base, connections, duration: 1, requests: [{ setupRequest: (r) => ({ ...r, ...request() }) }] });
const r = await autocannon({
  url: base,
  connections,
  duration: Number(values.seconds),
  requests: [{ setupRequest: (req) => ({ ...req, ...request() }) }],
});
const [units] = rows<{ units: number }>(
  await db.execute(sql`select coalesce(sum(quantity), 0)::int as units from cart_lines where website_id = ${websiteId}`),
);
const ok = warm['2xx'] + r['2xx'];
const result = {
  db: database.kind,
  shoppers: shoppers.length,
  connections,
  addsPerSecond: Math.round(r.requests.average),
  p50ms: r.latency.p50,
  p95ms: r.latency.p97_5,
  p99ms: r.latency.p99,
  errors: r.errors + r.non2xx + warm.errors + warm.non2xx,
  unitsInCarts: units!.units,
  successfulAdds: ok,
};
console.log(
  `adds/s ${result.addsPerSecond}   p50 ${result.p50ms} ms   p97.5 ${result.p95ms} ms   p99 ${result.p99ms} ms   errors ${result.errors}`,
);
// two runs (warm-up and measured), each ending with at most one uncounted request per connection
const kept = result.unitsInCarts >= ok && result.unitsInCarts <= ok + 2 * connections;
console.log(
  `units in carts ${result.unitsInCarts}, successful adds ${ok} (+ at most ${2 * connections} in flight at the end): ${kept ? 'every add kept once' : 'MISMATCH'}`,
);
console.log('budget: ≥ 200 adds/s, p95 ≤ 100 ms (issue 20)');
mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
writeFileSync(path.join(import.meta.dirname, 'results', `cart-${database.kind}.json`), JSON.stringify(result, null, 2));
await shop.close();
if (!kept) process.exit(1);
