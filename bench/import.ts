/**
 * Catalogue import (prints figures; not a test): a CSV of P products with two packs each and the
 * stock of three warehouses, into an empty shop: the dry run, the import (one transaction), a
 * re-import of the same file (nothing to change), and a re-import with every price changed.
 * Checks the result (products, packs, a balanced stock ledger) and exits 1 when it is wrong.
 *   npx tsx bench/import.ts [--db postgres|pglite] [--products 5000]
 */
import { serializeCatalogueCsv, type CatalogueCsvRow } from '@grocer/shared/catalogue-csv';
import { sql } from 'drizzle-orm';
import { parseArgs } from 'node:util';
import { categories, warehouses, websites } from '../apps/server/src/db/schema';
import { systemActor } from '../apps/server/src/domains/audit/service';
import { applyImport, dryRunImport } from '../apps/server/src/domains/catalogue/csv-service';
import { ledgerMismatches } from '../apps/server/src/domains/inventory';
import { openBenchDatabase } from './db';

const { values } = parseArgs({
  options: { db: { type: 'string', default: 'postgres' }, products: { type: 'string', default: '5000' } },
});
const count = Number(values.products);
const kind = values.db === 'pglite' ? 'pglite' : 'postgres';
const { database, cleanup } = await openBenchDatabase(kind, 5);
const db = database.db;

const [site] = await db.insert(websites).values({ name: 'Import Bench' }).returning();
const websiteId = site!.id;
await db.insert(warehouses).values([
  { websiteId, name: 'Bengaluru', code: 'BLR' },
  { websiteId, name: 'Mumbai', code: 'BOM' },
  { websiteId, name: 'Delhi', code: 'DEL' },
]);
await db.insert(categories).values([
  { websiteId, name: 'Staples', slug: 'staples' },
  { websiteId, name: 'Snacks', slug: 'snacks' },
]);

function rows(priceBump: number): CatalogueCsvRow[] {
  const out: CatalogueCsvRow[] = [];
  for (let p = 1; p <= count; p++)
    for (const [i, pack] of ['500 g', '1 kg'].entries())
      out.push({
        product_slug: `bench-product-${p}`,
        facts: {},
        product_name: `Bench Product ${p}`,
        brand: `Brand ${p % 50}`,
        category: p % 2 ? 'Staples' : 'Snacks',
        status: 'active',
        description: `<p>Product ${p}, stone-cleaned, "farm" fresh</p>`,
        pack_name: pack,
        sku: `BENCH-${p}-${i + 1}`,
        barcode: '',
        sold_by_weight: false,
        plu: '',
        step_grams: null,
        price: (40 + (p % 300)) * 100 * (i + 1) + priceBump,
        mrp: (50 + (p % 300)) * 100 * (i + 1) + priceBump,
        hsn: '1006',
        gst_rate: 5,
        position: i,
        stock: { BLR: (p * 7) % 100, BOM: (p * 3) % 50, DEL: null },
      });
  return out;
}

const time = async <T>(label: string, f: () => Promise<T>): Promise<T> => {
  const t0 = performance.now();
  const r = await f();
  console.log(`${label.padEnd(44)} ${((performance.now() - t0) / 1000).toFixed(2)} s`);
  return r;
};

const actor = systemActor(websiteId);
const csv = serializeCatalogueCsv(['BLR', 'BOM', 'DEL'], rows(0));
console.log(`catalogue import on ${kind}: ${count} products, ${count * 2} packs, ${(csv.length / 1e6).toFixed(1)} MB of CSV`);
try {
  const dry = await time('dry run (parse, check, plan)', () => dryRunImport(db, websiteId, csv));
  if (!dry.ok || dry.summary.packs_create !== count * 2)
    throw new Error(`dry run: ${JSON.stringify(dry.summary)} ${dry.errors[0]?.message}`);
  const applied = await time('import into an empty shop (one transaction)', () => applyImport(db, actor, csv));
  const again = await time('re-import, nothing changed', () => applyImport(db, actor, csv));
  const repriced = await time('re-import, every price changed', () =>
    applyImport(db, actor, serializeCatalogueCsv(['BLR', 'BOM', 'DEL'], rows(100))),
  );
  const [made] = (
    (await db.execute(
      sql`select (select count(*)::int from products where website_id = ${websiteId}) as products, (select count(*)::int from packs where website_id = ${websiteId}) as packs`,
    )) as unknown as { rows: Array<{ products: number; packs: number }> }
  ).rows;
  const ledger = await ledgerMismatches(db);
  console.log(
    `created ${applied.summary.products_create} products, ${applied.summary.packs_create} packs, ${applied.summary.stock_changes} stock counts; re-import changed ${again.summary.packs_update} packs; repricing updated ${repriced.summary.packs_update} packs`,
  );
  console.log(
    `in the database: ${made!.products} products, ${made!.packs} packs; stock ledger ${ledger.mismatches.length ? 'BROKEN' : 'balanced'} (${ledger.checked} balances)`,
  );
  const failed =
    made!.products !== count ||
    made!.packs !== count * 2 ||
    ledger.mismatches.length > 0 ||
    again.summary.packs_update !== 0 ||
    repriced.summary.packs_update !== count * 2;
  if (failed) {
    console.error('import bench: the result is wrong');
    process.exitCode = 1;
  }
} finally {
  await cleanup();
}
