import { productsQuerySchema } from '@grocer/shared/catalogue';
import type { Language } from '@grocer/shared/languages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { brands, categories, products, websiteSettings, websites } from '../../db/schema';
import { invalidateWebsite } from '../../http/cache';
import { createTestDatabase } from '../../test/app';
import { upsertTranslations } from '../translations/service';
import { refreshProductIndex } from './search';
import { listProducts } from './service';
import { suggest } from './suggest';
import { seedSynonyms } from './synonyms';

/**
 * Search across scripts (issue 46 §3) on a website of its own: "दूध", "doodh" and "milk" find the
 * same products; "ಹಾಲು" (and its Latin spelling "haalu") finds milk only while the website offers
 * Kannada; a website's translations are searched on that website only.
 */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function shop(name: string, languages: Language[]) {
  const db = database.db;
  const [site] = await db.insert(websites).values({ name }).returning();
  const websiteId = site!.id;
  await db.insert(websiteSettings).values({ websiteId, languages, defaultLanguage: 'en' });
  invalidateWebsite(websiteId); // (the files of a worker share caches; a website id of an earlier database)
  const [brand] = await db.insert(brands).values({ websiteId, name: 'Amrut Dairy', slug: 'amrut-dairy' }).returning();
  const [dairy] = await db.insert(categories).values({ websiteId, name: 'Dairy', slug: 'dairy' }).returning();
  const [milk] = await db.insert(categories).values({ websiteId, parentId: dairy!.id, name: 'Milk', slug: 'milk' }).returning();
  const rows = await db
    .insert(products)
    .values(
      [
        ['Full Cream Milk', milk!.id],
        ['Toned Milk', milk!.id],
        ['Milk Bread', dairy!.id],
        ['Basmati Rice', dairy!.id],
      ].map(([n, categoryId], i) => ({
        websiteId,
        brandId: brand!.id,
        categoryId: categoryId as number,
        name: n as string,
        slug: `p-${websiteId}-${i}`,
        status: 'active' as const,
      })),
    )
    .returning();
  const id = (n: string) => String(rows.find((r) => r.name === n)!.id);
  await upsertTranslations(db, websiteId, [
    { entity: 'product', entityId: id('Full Cream Milk'), field: 'name', language: 'hi', value: 'फुल क्रीम दूध' },
    { entity: 'product', entityId: id('Full Cream Milk'), field: 'name', language: 'kn', value: 'ಪೂರ್ಣ ಕೆನೆ ಹಾಲು' },
    { entity: 'product', entityId: id('Toned Milk'), field: 'name', language: 'hi', value: 'टोंड दूध' },
    { entity: 'product', entityId: id('Toned Milk'), field: 'name', language: 'kn', value: 'ಟೋನ್ಡ್ ಹಾಲು' },
    { entity: 'product', entityId: id('Milk Bread'), field: 'name', language: 'hi', value: 'मिल्क ब्रेड' },
    { entity: 'product', entityId: id('Milk Bread'), field: 'name', language: 'kn', value: 'ಮಿಲ್ಕ್ ಬ್ರೆಡ್' },
    { entity: 'product', entityId: id('Basmati Rice'), field: 'name', language: 'kn', value: 'ಬಾಸ್ಮತಿ ಅಕ್ಕಿ' },
    { entity: 'brand', entityId: String(brand!.id), field: 'name', language: 'kn', value: 'ಅಮೃತ್ ಡೈರಿ' },
    { entity: 'category', entityId: String(milk!.id), field: 'name', language: 'kn', value: 'ಹಾಲು' },
  ]);
  await seedSynonyms(db, websiteId);
  await refreshProductIndex(db, websiteId);
  return { websiteId, names: new Map(rows.map((r) => [r.id, r.name])) };
}

async function search(site: { websiteId: number; names: Map<number, string> }, q: string): Promise<string[]> {
  const ctx = { websiteId: site.websiteId, warehouseId: null, userId: null };
  const found = await listProducts(database.db, ctx, productsQuerySchema.parse({ q, perPage: '20' }));
  return found.data.map((p) => site.names.get(p.product_id) ?? `another website's ${p.product_id}`);
}

const milks = ['Full Cream Milk', 'Toned Milk'];

describe('search across scripts', () => {
  it('"दूध", "doodh" and "milk" find the same milk first; "ಹಾಲು" and "haalu" find it where Kannada is offered', async () => {
    const site = await shop('Scripts, en hi kn', ['en', 'hi', 'kn']);
    const milk = await search(site, 'milk');
    expect(milk.slice(0, 2).sort()).toEqual(milks);
    for (const q of ['दूध', 'doodh', 'dudh', 'ಹಾಲು', 'haalu', 'halu']) {
      const found = await search(site, q);
      expect(found.slice(0, 2).sort(), q).toEqual(milks);
      expect(found, q).not.toContain('Basmati Rice');
    }
    // a translated brand and a Kannada name typed in Latin letters
    expect(await search(site, 'ಅಮೃತ್')).toHaveLength(4);
    expect(await search(site, 'akki')).toEqual(['Basmati Rice']);
    // the search box: the same first products, and the category by its Kannada name and spelling
    for (const q of ['ಹಾಲು', 'haalu']) {
      invalidateWebsite(site.websiteId);
      const box = await suggest(database.db, site.websiteId, q);
      expect(
        box.products
          .slice(0, 2)
          .map((p) => p.name)
          .sort(),
        q,
      ).toEqual(milks);
      expect(
        box.categories.map((c) => c.name),
        q,
      ).toContain('Milk');
    }
    // …named in the shopper's language when asked
    const kn = await suggest(database.db, site.websiteId, 'ಹಾಲು', null, 'kn');
    expect(kn.products.map((p) => p.name)).toEqual(expect.arrayContaining(['ಪೂರ್ಣ ಕೆನೆ ಹಾಲು', 'ಟೋನ್ಡ್ ಹಾಲು']));
    expect(kn.products[0]!.brand).toBe('ಅಮೃತ್ ಡೈರಿ');
    expect(kn.categories.map((c) => c.name)).toContain('ಹಾಲು');
  });

  it('finds nothing by Kannada where Kannada is not offered, and does once it is (after the index is refreshed)', async () => {
    const site = await shop('Scripts, en hi', ['en', 'hi']);
    for (const q of ['ಹಾಲು', 'haalu', 'ಅಮೃತ್', 'akki']) expect(await search(site, q), q).toEqual([]);
    invalidateWebsite(site.websiteId);
    expect((await suggest(database.db, site.websiteId, 'ಹಾಲು')).categories).toEqual([]);
    expect((await search(site, 'दूध')).slice(0, 2).sort()).toEqual(milks);

    await database.db
      .update(websiteSettings)
      .set({ languages: ['en', 'hi', 'kn'] })
      .where(eq(websiteSettings.websiteId, site.websiteId));
    invalidateWebsite(site.websiteId); // as the settings' save does
    await refreshProductIndex(database.db, site.websiteId);
    expect((await search(site, 'ಹಾಲು')).slice(0, 2).sort()).toEqual(milks);
  });

  it("searches a website's translations on that website only", async () => {
    const a = await shop('Scripts A', ['en', 'kn']);
    const [bSite] = await database.db.insert(websites).values({ name: 'Scripts B' }).returning();
    await database.db.insert(websiteSettings).values({ websiteId: bSite!.id, languages: ['en', 'kn'] });
    invalidateWebsite(bSite!.id);
    await database.db
      .insert(products)
      .values({ websiteId: bSite!.id, name: 'Plain Product', slug: 'plain', status: 'active' as const })
      .returning();
    await refreshProductIndex(database.db, bSite!.id);
    const b = { websiteId: bSite!.id, names: new Map<number, string>() };
    expect(await search(b, 'ಹಾಲು')).toEqual([]);
    expect(await search(b, 'haalu')).toEqual([]);
    expect((await search(a, 'ಹಾಲು')).every((n) => !n.startsWith('another'))).toBe(true);
  });

  it('refreshes one product: its new translation is found, its old one no more', async () => {
    const site = await shop('Scripts, one product', ['en', 'kn']);
    const [bread] = await database.db
      .select()
      .from(products)
      .where(eq(products.slug, `p-${site.websiteId}-2`));
    expect(await search(site, 'ಮಿಲ್ಕ್')).toEqual(['Milk Bread']);
    await upsertTranslations(database.db, site.websiteId, [
      { entity: 'product', entityId: String(bread!.id), field: 'name', language: 'kn', value: 'ಹಾಲಿನ ರೊಟ್ಟಿ' },
    ]);
    await refreshProductIndex(database.db, site.websiteId, [bread!.id]);
    expect(await search(site, 'ರೊಟ್ಟಿ')).toEqual(['Milk Bread']);
    expect(await search(site, 'rotti')).toEqual(['Milk Bread']);
    expect(await search(site, 'ಮಿಲ್ಕ್')).toEqual([]);
  });
});
