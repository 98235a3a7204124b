import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, brands, packs, products, stock, stockMovements } from '../../db/schema';
import { createTestApp } from '../../test/app';
import type { TestClient } from '../../test/client';
import { staffClients } from '../../test/staff-clients';
import { seedCartShop, type CartShop } from '../cart/test-fixture';
import { exportCatalogue } from './csv-service';

let t: Awaited<ReturnType<typeof createTestApp>>;
let shop: CartShop;
let owner: TestClient;

beforeAll(async () => {
  t = await createTestApp({ seed: async (db) => (shop = await seedCartShop(db)) });
  owner = await staffClients(t, shop.websiteId).as({ hasAdminAccess: true });
}, 120_000);
afterAll(() => t.close());

const HEADER =
  'product_slug,product_name,brand,category,status,description,pack_name,sku,barcode,price,mrp,hsn,gst_rate,position,stock:BLR';
const tally = async () => {
  const n = async (table: typeof products | typeof packs | typeof brands | typeof stock | typeof stockMovements | typeof auditLog) =>
    (await t.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
  return {
    products: await n(products),
    packs: await n(packs),
    brands: await n(brands),
    stock: await n(stock),
    movements: await n(stockMovements),
    audit: await n(auditLog),
  };
};

describe('an import that fails while it writes', () => {
  it('leaves nothing written when the database refuses its last row, after whole batches were written', async () => {
    // 1,500 rows: the packs go in more than one batch; the database refuses the last one (a
    // trigger stands for what the plan cannot foresee: a constraint, a lost connection)
    const rows = Array.from({ length: 1500 }, (_, i) => {
      const sku = i === 1499 ? 'BOOM-1' : `AON-${i}`;
      return `aon-${Math.floor(i / 2)},All Or Nothing ${Math.floor(i / 2)},AON Brand,,active,,pack ${i % 2},${sku},,${10 + (i % 7)},,,5,${i % 2},${i % 9}`;
    });
    const csv = [HEADER, ...rows].join('\n');
    expect((await owner.post('/s/api/admin/catalogue/import?dry_run=1', { csv })).json()).toMatchObject({
      ok: true,
      summary: { products_create: 750, packs_create: 1500, brands_create: 1 },
    });
    await t.db.execute(
      sql.raw(`create function csv_test_refuse() returns trigger language plpgsql as $$
        begin if new.sku = 'BOOM-1' then raise exception 'refused by the test'; end if; return new; end $$`),
    );
    await t.db.execute(sql.raw('create trigger csv_test_refuse before insert on packs for each row execute function csv_test_refuse()'));
    try {
      const before = await tally();
      const res = await owner.post('/s/api/admin/catalogue/import', { csv });
      expect(res.statusCode).toBe(500);
      expect(await tally()).toEqual(before);
      expect(await t.db.select().from(brands).where(eq(brands.name, 'AON Brand'))).toEqual([]);
    } finally {
      await t.db.execute(sql.raw('drop trigger csv_test_refuse on packs'));
      await t.db.execute(sql.raw('drop function csv_test_refuse()'));
    }
    // the same file, nothing refusing it: every row is written
    const before = await tally();
    const res = await owner.post('/s/api/admin/catalogue/import', { csv: csv.replace('BOOM-1', 'AON-1499') });
    expect(res.statusCode, res.body).toBe(200);
    const after = await tally();
    expect([after.products - before.products, after.packs - before.packs, after.brands - before.brands]).toEqual([750, 1500, 1]);
  });
});

describe('the export, page by page', () => {
  it("is the same text in pages of 7 products as in one page: every pack once, a product's packs together", async () => {
    const res = await owner.get('/s/api/admin/catalogue/export.csv');
    expect(res.statusCode).toBe(200);
    let paged = '';
    for await (const chunk of await exportCatalogue(t.db, shop.websiteId, 7)) paged += String(chunk);
    expect(paged).toBe(res.body);
    const lines = res.body.trimEnd().split('\n');
    const all = await t.db.select({ sku: packs.sku }).from(packs).where(eq(packs.websiteId, shop.websiteId));
    expect(all.length).toBeGreaterThan(1500);
    expect(lines).toHaveLength(all.length + 1);
    // (the fixture's own packs have no SKU)
    const skus = lines.slice(1).map((l) => l.split(',')[7]!);
    expect(skus.filter(Boolean).sort()).toEqual(
      all
        .map((k) => k.sku)
        .filter(Boolean)
        .sort(),
    );
    expect(skus.indexOf('AON-0')).toBeLessThan(skus.indexOf('AON-2'));
    expect(Math.abs(skus.indexOf('AON-1498') - skus.indexOf('AON-1499'))).toBe(1);
  });
});
