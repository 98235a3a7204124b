import { productToInput } from '@grocer/shared/admin-catalogue';
import { parseCatalogueCsv } from '@grocer/shared/catalogue-csv';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packs, productCards, products } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { staffClients } from '../../test/staff-clients';
import { seedCartShop, type CartShop } from '../cart/test-fixture';

// Issue 39 §15: the facts on the pack, edited by staff, carried by the CSV, read by shoppers.
let t: Awaited<ReturnType<typeof createTestApp>>;
let shop: CartShop;
let owner: TestClient;

beforeAll(async () => {
  t = await createTestApp({ seed: async (db) => (shop = await seedCartShop(db)) });
  // the editor and the CSV need SKUs
  for (const [key, pack] of Object.entries(shop.packs))
    await t.db.update(packs).set({ sku: key.toUpperCase() }).where(eq(packs.id, pack.id));
  owner = await staffClients(t, shop.websiteId).as({ hasAdminAccess: true });
});
afterAll(() => t.close());

const facts = {
  fssai_licence: '10016011000789',
  ingredients: 'Toor dal (100%)',
  nutrition: [
    { nutrient: 'Energy', per_100: '343 kcal' },
    { nutrient: 'Protein', per_100: '22.3 g' },
  ],
  food_type: 'veg' as const,
};

async function save(id: number, change: Record<string, unknown>) {
  const current = (await owner.get(`/s/api/admin/products/${id}`)).json();
  return owner.put(`/s/api/admin/products/${id}`, { ...productToInput(current), ...change });
}

describe("the product's facts", () => {
  it('are saved from the editor and shown on the product page; the card carries only the veg mark', async () => {
    const res = await save(shop.products.dal.id, { facts });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().facts).toEqual(facts);
    const page = (await new TestClient(t.app).get('/s/api/products/toor-dal')).json();
    expect(page).toMatchObject(facts);
    const list = (await new TestClient(t.app).get('/s/api/products?q=toor')).json();
    const card = list.data.find((p: { slug: string }) => p.slug === 'toor-dal');
    expect(card.food_type).toBe('veg');
    expect(card.ingredients).toBeUndefined();
    expect(card.rating).toBeUndefined();
  });

  it('refuses a licence that is not 14 digits, a food type it does not know and an empty nutrient (422), changing nothing', async () => {
    for (const [change, field] of [
      [{ fssai_licence: '1234' }, 'facts.fssai_licence'],
      [{ food_type: 'vegan' }, 'facts.food_type'],
      [{ nutrition: [{ nutrient: '', per_100: '1 g' }] }, 'facts.nutrition.0.nutrient'],
    ] as const) {
      const res = await save(shop.products.dal.id, { facts: { ...facts, ...change } });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    const [row] = await t.db
      .select({ fssai: products.fssaiLicence, type: products.foodType })
      .from(products)
      .where(eq(products.id, shop.products.dal.id));
    expect(row).toEqual({ fssai: facts.fssai_licence, type: 'veg' });
  });

  it('a save without facts leaves them as they were', async () => {
    const current = productToInput((await owner.get(`/s/api/admin/products/${shop.products.dal.id}`)).json());
    const { facts: _left, ...withoutFacts } = current;
    expect((await owner.put(`/s/api/admin/products/${shop.products.dal.id}`, { ...withoutFacts, name: 'Toor Dal' })).statusCode).toBe(200);
    expect((await owner.get(`/s/api/admin/products/${shop.products.dal.id}`)).json().facts).toEqual(facts);
  });

  it('travel in the CSV: exported, imported back unchanged, changed by a file that has them, kept by one that does not', async () => {
    const exported = (await owner.get('/s/api/admin/catalogue/export.csv')).body;
    const dal = parseCatalogueCsv(exported).rows.find((r) => r.row.product_slug === 'toor-dal')!;
    expect(dal.row.facts).toEqual(facts);
    expect(exported).toContain('Energy: 343 kcal; Protein: 22.3 g');
    const again = await owner.post('/s/api/admin/catalogue/import', { csv: exported });
    expect(again.json().summary).toMatchObject({ products_update: 0, products_unchanged: 4 });

    const header = exported.split('\n')[0]!;
    const line = exported.split('\n').find((l) => l.startsWith('toor-dal,'))!;
    const changed = line.replace('10016011000789,veg', '10016011000790,non_veg');
    expect((await owner.post('/s/api/admin/catalogue/import', { csv: `${header}\n${changed}\n` })).statusCode).toBe(200);
    const [row] = await t.db
      .select({ fssai: products.fssaiLicence, type: products.foodType })
      .from(products)
      .where(eq(products.id, shop.products.dal.id));
    expect(row).toEqual({ fssai: '10016011000790', type: 'non_veg' });
    const [card] = await t.db
      .select({ tail: productCards.tail })
      .from(productCards)
      .where(eq(productCards.productId, shop.products.dal.id));
    expect(card!.tail).toContain('"food_type":"non_veg"');

    // an older file, without the facts' columns: the facts stay
    const cols = header.split(',');
    const keep = cols
      .map((c, i) => (['fssai_licence', 'food_type', 'ingredients', 'nutrition'].includes(c) ? -1 : i))
      .filter((i) => i >= 0);
    const pick = (l: string) => {
      const cells = parseCsvLine(l);
      return keep.map((i) => cells[i]!).join(',');
    };
    const old = `${pick(header)}\n${pick(changed).replace('Toor Dal', 'Toor Dal Plain')}\n`;
    const res = await owner.post('/s/api/admin/catalogue/import', { csv: old });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await owner.get(`/s/api/admin/products/${shop.products.dal.id}`)).json();
    expect(after.name).toBe('Toor Dal Plain');
    expect(after.facts).toMatchObject({ fssai_licence: '10016011000790', food_type: 'non_veg', ingredients: facts.ingredients });
  });

  it('a CSV with a bad licence is refused by line and column and writes nothing', async () => {
    const exported = (await owner.get('/s/api/admin/catalogue/export.csv')).body;
    const header = exported.split('\n')[0]!;
    const line = exported.split('\n').find((l) => l.startsWith('toor-dal,'))!;
    const res = await owner.post('/s/api/admin/catalogue/import', { csv: `${header}\n${line.replace('10016011000790', '99')}\n` });
    expect(res.statusCode).toBe(422);
    expect(res.json().report.errors).toEqual([{ line: 2, column: 'fssai_licence', message: 'FSSAI licence number is 14 digits' }]);
    const [row] = await t.db.select({ fssai: products.fssaiLicence }).from(products).where(eq(products.id, shop.products.dal.id));
    expect(row!.fssai).toBe('10016011000790');
  });
});

/** The cells of one CSV line (quotes kept as the export wrote them, for re-joining). */
function parseCsvLine(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    if (ch === ',' && !quoted) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}
