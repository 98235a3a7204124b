import { parseCatalogueCsv } from '@grocer/shared/catalogue-csv';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  brands,
  categories,
  packs,
  products,
  stock,
  stockMovements,
  warehouses,
  websiteDomains,
  websites,
} from '../../db/schema';
import { createTestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { ROLE_STATUS, staffClients, type RoleName } from '../../test/staff-clients';
import { seedCartShop, type CartShop } from '../cart/test-fixture';
import { ledgerMismatches } from '../inventory';
import { refreshProductIndex } from './search';

let t: Awaited<ReturnType<typeof createTestApp>>;
let shop: CartShop;
let owner: TestClient;
let otherSite: number;

const HEADER =
  'product_slug,product_name,brand,category,status,description,pack_name,sku,barcode,price,mrp,hsn,gst_rate,position,stock:BLR,stock:MUM';

beforeAll(async () => {
  t = await createTestApp({ seed: async (db) => (shop = await seedCartShop(db)) });
  for (const [key, pack] of Object.entries(shop.packs))
    await t.db.update(packs).set({ sku: key.toUpperCase() }).where(eq(packs.id, pack.id));
  const [staples] = await t.db.insert(categories).values({ websiteId: shop.websiteId, name: 'Staples', slug: 'staples' }).returning();
  await t.db.insert(categories).values({ websiteId: shop.websiteId, name: 'Rice', slug: 'rice', parentId: staples!.id });
  const [site] = await t.db.insert(websites).values({ name: 'Other Shop' }).returning();
  otherSite = site!.id;
  await t.db.insert(websiteDomains).values({ websiteId: site!.id, host: 'other-csv.test' });
  const [p] = await t.db.insert(products).values({ websiteId: site!.id, name: 'Other Rice', slug: 'other-rice' }).returning();
  await t.db.insert(packs).values({ websiteId: site!.id, productId: p!.id, name: '1 kg', sku: 'OTHER-1', price: 100, actPrice: 100 });
  await t.db.insert(warehouses).values({ websiteId: site!.id, name: 'Other WH', code: 'OTH' });
  await refreshProductIndex(t.db, shop.websiteId);
  owner = await staffClients(t, shop.websiteId).as({ hasAdminAccess: true });
}, 120_000);
afterAll(() => t.close());

const dryRun = (c: TestClient, csv: string) => c.post('/s/api/admin/catalogue/import?dry_run=1', { csv });
const apply = (c: TestClient, csv: string) => c.post('/s/api/admin/catalogue/import', { csv });
const exportCsv = async (c: TestClient = owner) => (await c.get('/s/api/admin/catalogue/export.csv')).body;
const count = async (table: typeof products | typeof packs | typeof stockMovements) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

describe('roles on the import and export calls', () => {
  it('401 signed out, 403 shopper and agent; a refused import writes nothing', async () => {
    const who = await staffClients(t, shop.websiteId).everyone();
    const csv = `${HEADER}\nnew-thing,New Thing,,,active,,1 pc,NEW-1,,10,,,0,0,,\n`;
    for (const [name, c] of Object.entries(who) as Array<[RoleName, TestClient]>) {
      expect([name, (await c.get('/s/api/admin/catalogue/export.csv')).statusCode]).toEqual([name, ROLE_STATUS[name]]);
      expect([name, (await dryRun(c, csv)).statusCode]).toEqual([name, ROLE_STATUS[name]]);
      if (ROLE_STATUS[name] !== 200) expect([name, (await apply(c, csv)).statusCode]).toEqual([name, ROLE_STATUS[name]]);
    }
    expect(await t.db.select().from(products).where(eq(products.slug, 'new-thing'))).toEqual([]);
  });
});

describe('export', () => {
  it('writes one row per pack with prices in rupees and stock per warehouse code, only this website', async () => {
    const res = await owner.get('/s/api/admin/catalogue/export.csv');
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const { rows, warehouses: codes, errors } = parseCatalogueCsv(res.body);
    expect(errors).toEqual([]);
    expect(codes).toEqual(['BLR', 'MUM', 'DEL']);
    expect(rows.map((r) => r.row.sku).sort()).toEqual(
      Object.keys(shop.packs)
        .map((k) => k.toUpperCase())
        .sort(),
    );
    expect(res.body).not.toContain('OTHER-1');
    const rice1 = rows.find((r) => r.row.sku === 'RICE1')!.row;
    expect(rice1).toMatchObject({
      product_slug: 'basmati-rice',
      brand: 'Farm Fresh',
      price: 12_000,
      mrp: 15_000,
      gst_rate: 5,
      hsn: '1006',
    });
    expect(res.body).toContain('basmati-rice,Basmati Rice,Farm Fresh,,active,,1 kg,RICE1,,120,150,1006,5,0,,,,,no,,,,3,10,0');
  });
});

describe('import', () => {
  it('export → import is a no-op: nothing to create or update, nothing written, the export unchanged', async () => {
    const before = await exportCsv();
    const counts = [await count(products), await count(packs), await count(stockMovements)];
    const dry = (await dryRun(owner, before)).json();
    expect(dry).toMatchObject({ ok: true, errors: [] });
    expect(dry.summary).toMatchObject({
      products_create: 0,
      products_update: 0,
      packs_create: 0,
      packs_update: 0,
      stock_changes: 0,
      brands_create: 0,
    });
    const applied = await apply(owner, before);
    expect(applied.statusCode, applied.body).toBe(200);
    expect([await count(products), await count(packs), await count(stockMovements)]).toEqual(counts);
    expect(await exportCsv()).toBe(before);
  });

  it('the dry run names every bad row by line and column, and apply refuses the file while any row has an error', async () => {
    const csv = [
      HEADER,
      'masoor-dal,Masoor Dal,Tata Sampann,Staples,active,<p>Red lentils</p>,1 kg,MASOOR-1,,12.345,140,0713,5,0,20,',
      'masoor-dal,Masoor Dal,Tata Sampann,Staples,active,<p>Red lentils</p>,500 g,MASOOR-05,,60,55,0713,5,1,,',
      'rice-flour,Rice Flour,,Nowhere,active,,1 kg,RICE1,,80,,,5,0,,',
    ].join('\n');
    const res = await dryRun(owner, csv);
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report.ok).toBe(false);
    expect(report.errors.map((e: { line: number; column: string }) => `${e.line}:${e.column}`)).toEqual([
      '2:price',
      '3:mrp',
      '4:category',
      '4:sku',
    ]);
    expect(report.errors[3].message).toBe('SKU RICE1 belongs to another product (basmati-rice)');
    const refused = await apply(owner, csv);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'IMPORT_HAS_ERRORS', message: 'Fix the 3 rows with errors before importing' });
    expect(refused.json().report.errors).toHaveLength(4);
    expect(await t.db.select().from(products).where(eq(products.slug, 'masoor-dal'))).toEqual([]);
  });

  it('applies in one go: creates products, packs and brands, updates by SKU, counts stock through the ledger, one audit entry', async () => {
    const csv = [
      HEADER,
      'masoor-dal,Masoor Dal,Tata Sampann,Staples > Rice,active,<p>Red lentils</p><script>x</script>,1 kg,masoor-1,4006381333931,"₹1,10.50",Rs. 140/-,0713,5%,0,20,',
      'masoor-dal,Masoor Dal,Tata Sampann,Staples > Rice,active,<p>Red lentils</p><script>x</script>,500 g,MASOOR-05,,60,,0713,5%,1,,4',
      'basmati-rice,Basmati Rice Premium,Farm Fresh,Rice,active,,1 kg,RICE1,,125,150,1006,5,0,8,',
    ].join('\n');
    const dry = (await dryRun(owner, csv)).json();
    expect(dry.summary).toMatchObject({
      rows: 3,
      products_create: 1,
      products_update: 1,
      packs_create: 2,
      packs_update: 1,
      stock_changes: 3,
      brands_create: 1,
    });
    const res = await apply(owner, csv);
    expect(res.statusCode, res.body).toBe(200);
    const [masoor] = await t.db
      .select()
      .from(products)
      .where(and(eq(products.websiteId, shop.websiteId), eq(products.slug, 'masoor-dal')));
    expect(masoor).toMatchObject({ name: 'Masoor Dal', hsnCode: '0713', gstRate: 500, description: '<p>Red lentils</p>' });
    const [brand] = await t.db.select().from(brands).where(eq(brands.id, masoor!.brandId!));
    expect(brand).toMatchObject({ name: 'Tata Sampann', slug: 'tata-sampann', websiteId: shop.websiteId });
    const [rice] = await t.db.select().from(categories).where(eq(categories.id, masoor!.categoryId!));
    expect(rice!.name).toBe('Rice');
    const masoorPacks = await t.db.select().from(packs).where(eq(packs.productId, masoor!.id)).orderBy(packs.position);
    expect(masoorPacks.map((k) => [k.sku, k.price, k.actPrice, k.barcode, k.discount])).toEqual([
      ['MASOOR-1', 11_050, 14_000, '4006381333931', 21],
      ['MASOOR-05', 6000, 6000, '', 0],
    ]);
    const [rice1] = await t.db.select().from(packs).where(eq(packs.id, shop.packs.rice1.id));
    expect(rice1).toMatchObject({ price: 12_500, actPrice: 15_000 });
    const [basmati] = await t.db.select().from(products).where(eq(products.id, shop.products.rice.id));
    expect(basmati).toMatchObject({ name: 'Basmati Rice Premium' });
    expect(basmati!.version).toBeGreaterThan(1);

    const moves = await t.db.select().from(stockMovements).where(eq(stockMovements.reason, 'import'));
    expect(moves.map((m) => [m.packId, m.warehouseId, m.quantity, m.balance]).sort()).toEqual(
      [
        [masoorPacks[0]!.id, shop.warehouses.blr.id, 20, 20],
        [masoorPacks[1]!.id, shop.warehouses.mum.id, 4, 4],
        [shop.packs.rice1.id, shop.warehouses.blr.id, 5, 8],
      ].sort(),
    );
    expect((await ledgerMismatches(t.db)).mismatches).toEqual([]);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'catalogue')).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ action: 'import', after: { products_create: 1, packs_create: 2, packs_update: 1, stock_changes: 3 } });

    // found by the storefront's search
    const visitor = new TestClient(t.app);
    const found = (await visitor.get('/s/api/products?q=masoor')).json();
    expect(found.data.map((p: { slug: string }) => p.slug)).toContain('masoor-dal');

    // a second import of the same file changes nothing and duplicates nothing
    const again = (await dryRun(owner, csv)).json();
    expect(again.summary).toMatchObject({
      products_create: 0,
      products_update: 0,
      packs_create: 0,
      packs_update: 0,
      stock_changes: 0,
      brands_create: 0,
    });
    const n = await count(packs);
    expect((await apply(owner, csv)).statusCode).toBe(200);
    expect(await count(packs)).toBe(n);
  });

  it('lists every problem of a file in one pass: a row with a bad cell still has its category and SKU checked', async () => {
    const csv = [
      `${HEADER.replace('stock:MUM', 'stock:NOPE')},colour`,
      'chana-dal,Chana Dal,,Nowhere,active,,1 kg,RICE1,,abc,,,5,0,,,',
      'chana-dal,Chana Dal,,Nowhere,gone,,2 kg,CHANA-2,,90,,,5,1,,,',
      'moong-dal,Moong Dal,,Staples,active,,1 kg,MOONG-1,,70,,,5,0,,,',
    ].join('\n');
    const report = (await dryRun(owner, csv)).json();
    expect(report.errors.map((e: { line: number; column: string }) => `${e.line}:${e.column}`)).toEqual([
      '1:colour',
      '1:stock:NOPE',
      '2:category',
      '2:sku',
      '2:price',
      '3:category',
      '3:status',
    ]);
    expect(report.errors[2].message).toBe('No category is called Nowhere');
    expect(report.errors[3].message).toBe('SKU RICE1 belongs to another product (basmati-rice)');
    expect(report.summary.rows).toBe(3);
    const refused = await apply(owner, csv);
    expect(refused.json()).toMatchObject({ code: 'IMPORT_HAS_ERRORS', message: 'Fix the 3 rows with errors before importing' });
    expect(await t.db.select().from(products).where(eq(products.slug, 'moong-dal'))).toEqual([]);
    const one = await apply(owner, `${HEADER}\nmoong-dal,Moong Dal,,Nowhere,active,,1 kg,MOONG-1,,70,,,5,0,,`);
    expect(one.json()).toMatchObject({ message: 'Fix the 1 row with errors before importing' });
  });

  it('refuses a warehouse code of another website, bad input, and never touches another website’s SKU', async () => {
    const res = (await dryRun(owner, `${HEADER.replace('stock:MUM', 'stock:OTH')}\nx,X,,,active,,1,OTHER-1,,10,,,0,0,,\n`)).json();
    expect(res.errors.map((e: { line: number; column: string }) => `${e.line}:${e.column}`)).toEqual(['1:stock:OTH']);
    // OTHER-1 is another website's SKU: here it is a new pack of this website
    const ok = (await dryRun(owner, `${HEADER}\nx-thing,X,,,active,,1,OTHER-1,,10,,,0,0,,\n`)).json();
    expect(ok).toMatchObject({ ok: true, summary: { packs_create: 1 } });
    expect((await owner.post('/s/api/admin/catalogue/import', { csv: '' })).statusCode).toBe(422);
    expect((await owner.post('/s/api/admin/catalogue/import', { nope: 1 })).statusCode).toBe(422);
    const [theirs] = await t.db
      .select()
      .from(packs)
      .where(and(eq(packs.websiteId, otherSite), eq(packs.sku, 'OTHER-1')));
    expect(theirs).toMatchObject({ price: 100 });
    const [none] = await t.db.select().from(stock).where(eq(stock.websiteId, otherSite));
    expect(none).toBeUndefined();
  });
});
