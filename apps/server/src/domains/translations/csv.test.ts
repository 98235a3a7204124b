import { parseCatalogueCsv } from '@grocer/shared/catalogue-csv';
import { csvText } from '@grocer/shared/csv';
import Papa from 'papaparse';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packs, websiteSettings } from '../../db/schema';
import { invalidateWebsite } from '../../http/cache';
import { createTestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { staffClients } from '../../test/staff-clients';
import { seedCartShop, type CartShop } from '../cart/test-fixture';
import { translate, upsertTranslations } from './service';

/**
 * The catalogue CSV's translated columns (issue 46 §2): `product_name_<lang>` and
 * `description_<lang>` for each language the website offers besides its default, after the
 * other columns; an empty cell leaves the translation; export → import changes nothing.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let shop: CartShop;
let owner: TestClient;

const offer = async (languages: Array<'en' | 'hi' | 'kn'>) => {
  await t.db.update(websiteSettings).set({ languages }).where(eq(websiteSettings.websiteId, shop.websiteId));
  invalidateWebsite(shop.websiteId);
};

beforeAll(async () => {
  t = await createTestApp({
    seed: async (db) => {
      shop = await seedCartShop(db);
      await db.insert(websiteSettings).values({ websiteId: shop.websiteId }).onConflictDoNothing();
    },
  });
  for (const [key, pack] of Object.entries(shop.packs))
    await t.db.update(packs).set({ sku: key.toUpperCase() }).where(eq(packs.id, pack.id));
  await upsertTranslations(t.db, shop.websiteId, [
    { entity: 'product', entityId: String(shop.products.rice.id), field: 'name', language: 'hi', value: 'बासमती चावल' },
    { entity: 'product', entityId: String(shop.products.rice.id), field: 'description', language: 'hi', value: '<p>लंबा चावल</p>' },
  ]);
  owner = await staffClients(t, shop.websiteId).as({ hasAdminAccess: true });
});
afterAll(() => t.close());

const exportCsv = async () => {
  const res = await owner.get('/s/api/admin/catalogue/export.csv');
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
};
const apply = (csv: string) => owner.post('/s/api/admin/catalogue/import', { csv });
/** The file with `edit` applied to each record (header first), written again. */
const rewrite = (csv: string, edit: (record: Record<string, string>) => void) => {
  const [header, ...rows] = Papa.parse<string[]>(csv.trim(), { delimiter: ',' }).data;
  const records = rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])));
  records.forEach(edit);
  return csvText([header!, ...records.map((r) => header!.map((h) => r[h]!))], '\n');
};

describe('catalogue CSV with translated columns', () => {
  it('an English-only website exports the columns it always had', async () => {
    await offer(['en']);
    const header = (await exportCsv()).split('\n')[0]!;
    expect(header).not.toMatch(/_hi|_kn/);
    expect(header.split(',').slice(-3)).toEqual(['stock:BLR', 'stock:MUM', 'stock:DEL']);
  });

  it('exports a name and description column per other offered language, before the stock columns', async () => {
    await offer(['en', 'hi', 'kn']);
    const csv = await exportCsv();
    const header = csv.split('\n')[0]!.split(',');
    expect(header.slice(-7)).toEqual([
      'product_name_hi',
      'description_hi',
      'product_name_kn',
      'description_kn',
      'stock:BLR',
      'stock:MUM',
      'stock:DEL',
    ]);
    const parsed = parseCatalogueCsv(csv);
    expect(parsed.errors).toEqual([]);
    expect(parsed.languages).toEqual(['hi', 'kn']);
    const rice = parsed.rows.filter((r) => r.row.product_slug === 'basmati-rice');
    expect(rice).toHaveLength(2); // one row per pack, the translation on each
    for (const r of rice) expect(r.row.translations).toEqual({ product_name_hi: 'बासमती चावल', description_hi: '<p>लंबा चावल</p>' });
  });

  it('export → import changes nothing', async () => {
    const csv = await exportCsv();
    const res = await apply(csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().summary).toMatchObject({ products_create: 0, products_update: 0, packs_create: 0, packs_update: 0 });
    expect(await exportCsv()).toBe(csv);
  });

  it('imports new translations; an empty cell leaves the one there; the storefront speaks them', async () => {
    const csv = rewrite(await exportCsv(), (r) => {
      if (r.product_slug === 'toor-dal') r.product_name_kn = 'ತೊಗರಿ ಬೇಳೆ';
      if (r.product_slug === 'basmati-rice') r.product_name_hi = '';
    });
    const res = await apply(csv);
    expect(res.statusCode, res.body).toBe(200);
    const kn = await translate(t.db, shop.websiteId, 'kn', 'product', [shop.products.dal.id]);
    expect(kn.get(String(shop.products.dal.id))?.get('name')).toBe('ತೊಗರಿ ಬೇಳೆ');
    const hi = await translate(t.db, shop.websiteId, 'hi', 'product', [shop.products.rice.id]);
    expect(hi.get(String(shop.products.rice.id))?.get('name')).toBe('बासमती चावल');
    const list = await new TestClient(t.app).get('/s/api/products?perPage=48&lang=kn');
    expect(list.json().data.map((p: { product_name: string }) => p.product_name)).toContain('ತೊಗರಿ ಬೇಳೆ');
  });

  it('refuses translated columns of a language the website does not offer, and a row disagreeing with its product’s first', async () => {
    const csv = await exportCsv();
    await offer(['en', 'hi']);
    try {
      const res = await apply(csv);
      expect(res.statusCode).toBe(422);
      expect(res.json().report.errors).toContainEqual(
        expect.objectContaining({ line: 1, column: 'product_name_kn', message: expect.stringMatching(/does not offer kn/) }),
      );
    } finally {
      await offer(['en', 'hi', 'kn']);
    }
    let first = true;
    const differing = rewrite(csv, (r) => {
      if (r.product_slug !== 'basmati-rice') return;
      if (!first) r.product_name_hi = 'कुछ और';
      first = false;
    });
    const res = await apply(differing);
    expect(res.statusCode).toBe(422);
    expect(res.json().report.errors).toContainEqual(
      expect.objectContaining({ column: 'product_name_hi', message: expect.stringMatching(/Differs from line 2/) }),
    );
    // nothing changed
    const hi = await translate(t.db, shop.websiteId, 'hi', 'product', [shop.products.rice.id]);
    expect(hi.get(String(shop.products.rice.id))?.get('name')).toBe('बासमती चावल');
  });
});
