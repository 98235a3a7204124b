/**
 * The catalogue at scale (issue 20, goal 6; prints figures, not a test): the demo shop plus N
 * generated products (`npm run seed -- --large N` does the same), served by the real app over
 * HTTP with the answer cache off (CATALOGUE_CACHE=off: every call reaches the database, the
 * worst case a cache miss meets). One caller at a time, each case round-robin over a few
 * variants so no single plan or row stays hot; p50 and p95 in ms.
 *   - search: shoppers' words (one word, two words, a brand, a Hinglish synonym, no result);
 *   - category list: every leaf category, first page and a deep page, by popularity and by price;
 *   - staff product list: Administration's list with its filters and sorts, as the owner.
 *   - search in other scripts (issue 46): Hindi and Kannada words, and Kannada typed in Latin letters;
 *     with --translated every generated product also gets a Hindi and a Kannada name (so the index
 *     carries 2 translations and their spellings per product), the index refresh timed.
 * Budgets (PostgreSQL): search p95 ≤ 50 ms, category list p95 ≤ 30 ms, staff list p95 ≤ 100 ms.
 * Usage: npx tsx bench/scale.ts [--db postgres|pglite] [--large 100000] [--runs 60] [--translated]
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/src/app';
import { parseConfig } from '../apps/server/src/config';
import { brands, categories, sessions, users } from '../apps/server/src/db/schema';
import { hashToken } from '../apps/server/src/http/session';
import { seedDemo } from '../apps/server/src/seed/demo';
import { seedLargeCatalogue } from '../apps/server/src/seed/large';
import { refreshProductIndex } from '../apps/server/src/domains/catalogue/search';
import { openBenchDatabase } from './db';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    large: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '60' },
    translated: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
const { database, cleanup } = await openBenchDatabase(values.db === 'pglite' ? 'pglite' : 'postgres');
const db = database.db;
const websiteId = await seedDemo(db, { mediaDir: null });
let t0 = performance.now();
await seedLargeCatalogue(db, websiteId, Number(values.large));
if (database.kind === 'postgres') await db.execute(sql`analyze`);
console.log(`seeded ${values.large} extra products in ${Math.round(performance.now() - t0)} ms (${database.kind})`);
if (values.translated) {
  // a Hindi and a Kannada name for every generated product, from its English words' places
  await db.execute(sql`
    insert into translations (website_id, entity, entity_id, field, language, value)
    select p.website_id, 'product', p.id::text, 'name', l.language,
           (case l.language when 'hi' then array['प्रीमियम','जैविक','क्लासिक','चुनिंदा','फ़ार्म','रॉयल','रोज़ाना','गोल्ड']
                            else array['ಪ್ರೀಮಿಯಂ','ಸಾವಯವ','ಕ್ಲಾಸಿಕ್','ಆಯ್ದ','ಫಾರ್ಮ್','ರಾಯಲ್','ದಿನನಿತ್ಯ','ಗೋಲ್ಡ್'] end)[1 + p.id % 8] || ' ' ||
           (case l.language when 'hi' then array['बासमती चावल','अरहर दाल','गेहूं का आटा','सूरजमुखी तेल','ग्रीन टी','मसाला ओट्स','मूंगफली मक्खन','शहद','गुड़','सेंधा नमक','रागी आटा','नारियल तेल']
                            else array['ಬಾಸ್ಮತಿ ಅಕ್ಕಿ','ತೊಗರಿ ಬೇಳೆ','ಗೋಧಿ ಹಿಟ್ಟು','ಸೂರ್ಯಕಾಂತಿ ಎಣ್ಣೆ','ಗ್ರೀನ್ ಟೀ','ಮಸಾಲಾ ಓಟ್ಸ್','ಕಡಲೆಕಾಯಿ ಬೆಣ್ಣೆ','ಜೇನುತುಪ್ಪ','ಬೆಲ್ಲ','ಕಲ್ಲುಪ್ಪು','ರಾಗಿ ಹಿಟ್ಟು','ತೆಂಗಿನ ಎಣ್ಣೆ'] end)[1 + (p.id / 8) % 12]
    from products p cross join (values ('hi'), ('kn')) l(language)
    where p.website_id = ${websiteId} and p.slug like 'bulk-%'`);
  t0 = performance.now();
  await refreshProductIndex(db, websiteId);
  if (database.kind === 'postgres') await db.execute(sql`analyze`);
  console.log(`translated them (hi, kn) and refreshed the index in ${Math.round(performance.now() - t0)} ms`);
}

const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.shop'));
const staffToken = 'bench-scale-owner';
await db.insert(sessions).values({ id: hashToken(staffToken), websiteId, userId: owner!.id, expiresAt: new Date(Date.now() + 86_400_000) });

const env = { NODE_ENV: 'production', SESSION_SECRET: 'bench-secret-value-123', LOG_LEVEL: 'silent', CATALOGUE_CACHE: 'off' };
const app = await buildApp({ config: { ...parseConfig(env), production: false }, database });
const base = await app.listen({ port: 0, host: '127.0.0.1' });

const leaves = await db
  .select({ id: categories.id, slug: categories.slug })
  .from(categories)
  .where(and(eq(categories.websiteId, websiteId), sql`not exists (select 1 from ${categories} k where k.parent_id = ${categories.id})`));
const [brand] = await db.select({ id: brands.id }).from(brands).where(eq(brands.websiteId, websiteId)).limit(1);
const [top] = await db
  .select({ id: categories.id })
  .from(categories)
  .where(and(eq(categories.websiteId, websiteId), isNull(categories.parentId)))
  .limit(1);

const searches = ['rice', 'basmati rice', 'toor dal', 'honey', 'organic oil', 'chawal', 'atta 1 kg', 'tata', 'premium green tea', 'xyzzy'];
const otherScripts = ['दूध', 'चावल', 'हल्दी', 'ಹಾಲು', 'ಅಕ್ಕಿ', 'ತೊಗರಿ ಬೇಳೆ', 'haalu', 'akki', 'basmati chawal', 'ಜೇನು'];
const categoryLists = leaves.flatMap((c) => [`c=${c.slug}`, `c=${c.slug}&s=price_asc`, `c=${c.slug}&page=20`]);
const staffLists = [
  '',
  'q=rice',
  `category=${top!.id}`,
  `brand=${brand!.id}`,
  'status=active&sort=price&dir=asc',
  'stock=out',
  'discounted=true&sort=stock',
  `category=${leaves[0]!.id}&status=active&sort=name&dir=asc`,
  'sort=updated&page=200',
];

const cases: Array<{ name: string; budget: number; urls: string[]; cookie?: string }> = [
  { name: 'search', budget: 50, urls: searches.map((q) => `/s/api/products?q=${encodeURIComponent(q)}`) },
  { name: 'search, other scripts', budget: 50, urls: otherScripts.map((q) => `/s/api/products?q=${encodeURIComponent(q)}`) },
  { name: 'category list', budget: 30, urls: categoryLists.map((q) => `/s/api/products?${q}`) },
  {
    name: 'staff product list, filtered',
    budget: 100,
    urls: staffLists.map((q) => `/s/api/admin/products?${q}`),
    cookie: `sid=${staffToken}`,
  },
];

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;
const rows: Array<{ name: string; p50: number; p95: number; budget: number; calls: number }> = [];
console.log(`\nCatalogue at scale — ${database.kind}, demo + ${values.large} products, answer cache off, one caller\n`);
console.log('case'.padEnd(32), 'calls'.padStart(6), 'p50'.padStart(8), 'p95'.padStart(8), 'budget'.padStart(9));
for (const c of cases) {
  const headers: Record<string, string> = { accept: 'application/json', ...(c.cookie ? { cookie: c.cookie } : {}) };
  const call = async (u: string) => {
    const res = await fetch(base + u, { headers });
    if (!res.ok) throw new Error(`${u}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  for (const u of c.urls) await call(u); // warm: plans, code
  const times: number[] = [];
  const n = Math.max(runs, c.urls.length);
  for (let i = 0; i < n; i++) {
    const u = c.urls[i % c.urls.length]!;
    t0 = performance.now();
    await call(u);
    times.push(performance.now() - t0);
  }
  const row = {
    name: c.name,
    p50: Math.round(pct(times, 50) * 10) / 10,
    p95: Math.round(pct(times, 95) * 10) / 10,
    budget: c.budget,
    calls: n,
  };
  rows.push(row);
  console.log(
    c.name.padEnd(32),
    String(n).padStart(6),
    `${row.p50} ms`.padStart(8),
    `${row.p95} ms`.padStart(8),
    `≤ ${c.budget} ms`.padStart(9),
    row.p95 <= c.budget ? '' : ' OVER',
  );
}
const out = path.join(import.meta.dirname, 'results');
mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, `scale-${database.kind}.json`), JSON.stringify({ products: Number(values.large), rows }, null, 2));
await app.close();
await cleanup();
