import { productListSchema, productSchema } from '@grocer/shared/catalogue';
import { initSchema, pageDataSchema } from '@grocer/shared/storefront';
import { translationListSchema, translationProgressSchema } from '@grocer/shared/translations';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  brands,
  categories,
  navItems,
  packs,
  pageComponents,
  pages,
  products,
  translations,
  websiteDomains,
  websiteSettings,
  websites,
} from '../../db/schema';
import { invalidateWebsite } from '../../http/cache';
import { createTestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { staffClients } from '../../test/staff-clients';
import { seedCartShop, type CartShop } from '../cart/test-fixture';
import { saveTranslations } from './admin-service';
import { translate, upsertTranslations } from './service';

/**
 * Translated catalogue and content (issue 46 §2): the storefront answers in the request's
 * language with the default text where nothing is translated, never another website's
 * translations, one cached answer per language; Administration → Translations lists, saves
 * (audited, all or nothing) and counts progress.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let shop: CartShop;
let categoryId: number;
let navId: number;
let pageId: number;
let otherSite: number;

beforeAll(async () => {
  t = await createTestApp({
    seed: async (db) => {
      shop = await seedCartShop(db);
      const { websiteId } = shop;
      await db
        .insert(websiteSettings)
        .values({ websiteId, languages: ['en', 'hi', 'kn'], defaultLanguage: 'en' })
        .onConflictDoUpdate({ target: websiteSettings.websiteId, set: { languages: ['en', 'hi', 'kn'], defaultLanguage: 'en' } });
      const [cat] = await db.insert(categories).values({ websiteId, name: 'Rice', slug: 'rice' }).returning();
      categoryId = cat!.id;
      await db.update(products).set({ categoryId, description: 'Long grain rice' }).where(eq(products.id, shop.products.rice.id));
      const [nav] = await db.insert(navItems).values({ websiteId, kind: 'nav', name: 'Offers', link: '/offers', position: 0 }).returning();
      navId = nav!.id;
      const [page] = await db.insert(pages).values({ websiteId, url: '/offers', title: 'Offers', published: true }).returning();
      pageId = page!.id;
      await db.insert(pageComponents).values([
        {
          websiteId,
          pageId,
          position: 0,
          name: 'Deals',
          type: 'product-carousel',
          data: { title: 'Today’s deals', limit: 8 },
          settings: {},
        },
        { websiteId, pageId, position: 1, name: 'Note', type: 'rich-text', data: { html: '<p>Fresh every day</p>' }, settings: {} },
      ]);
      // another website, with a translation under the same product id: never shown here
      const [other] = await db.insert(websites).values({ name: 'Elsewhere' }).returning();
      otherSite = other!.id;
    },
  });
  await upsertTranslations(t.db, shop.websiteId, [
    { entity: 'product', entityId: String(shop.products.rice.id), field: 'name', language: 'hi', value: 'बासमती चावल' },
    { entity: 'product', entityId: String(shop.products.rice.id), field: 'description', language: 'hi', value: 'लंबे दाने वाला चावल' },
    { entity: 'brand', entityId: String(shop.products.rice.brandId), field: 'name', language: 'hi', value: 'फ़ार्म फ़्रेश' },
    { entity: 'category', entityId: String(categoryId), field: 'name', language: 'hi', value: 'चावल' },
    { entity: 'nav_item', entityId: String(navId), field: 'name', language: 'hi', value: 'ऑफ़र' },
    { entity: 'block', entityId: `${pageId}:Deals`, field: 'title', language: 'hi', value: 'आज के सौदे' },
    { entity: 'block', entityId: `${pageId}:Note`, field: 'html', language: 'hi', value: '<p>रोज़ ताज़ा</p><script>x()</script>' },
    { entity: 'product', entityId: String(shop.products.rice.id), field: 'name', language: 'kn', value: 'ಬಾಸ್ಮತಿ ಅಕ್ಕಿ' },
  ]);
  await upsertTranslations(t.db, otherSite, [
    { entity: 'product', entityId: String(shop.products.dal.id), field: 'name', language: 'hi', value: 'दूसरी दुकान की दाल' },
  ]);
  invalidateWebsite();
});
afterAll(() => t.close());

const names = async (c: TestClient, query: string) => {
  const res = await c.get(`/s/api/products${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return productListSchema.parse(res.json()).data.map((p) => p.product_name);
};

describe('the storefront in the request language', () => {
  it('lists products translated, the untranslated in the default text, never another website’s', async () => {
    const c = new TestClient(t.app);
    const hi = await names(c, '?perPage=48&lang=hi');
    expect(hi).toContain('बासमती चावल');
    expect(hi).toContain('Toor Dal'); // untranslated here (the other website's Hindi name is not ours)
    expect(hi).not.toContain('दूसरी दुकान की दाल');
    expect(await names(c, '?perPage=48&lang=kn')).toContain('ಬಾಸ್ಮತಿ ಅಕ್ಕಿ');
    expect(await names(c, '?perPage=48')).toContain('Basmati Rice');
  });

  it('keeps one cached answer per language: English, Hindi and English again in a row', async () => {
    const c = new TestClient(t.app);
    for (const [q, want] of [
      ['', 'Basmati Rice'],
      ['&lang=hi', 'बासमती चावल'],
      ['', 'Basmati Rice'],
      ['&lang=hi', 'बासमती चावल'],
    ] as const)
      expect(await names(c, `?perPage=24${q}`)).toContain(want);
    // the cookie alone (the switch) picks the language too
    const hiCookie = new TestClient(t.app);
    hiCookie.cookies.set('lang', 'hi');
    expect(await names(hiCookie, '?perPage=24')).toContain('बासमती चावल');
    expect(await names(new TestClient(t.app), '?perPage=24')).toContain('Basmati Rice');
  });

  it('answers a product page with its name, description and brand translated', async () => {
    const res = await new TestClient(t.app).get(`/s/api/products/basmati-rice?lang=hi`);
    expect(res.statusCode, res.body).toBe(200);
    const p = productSchema.parse(res.json());
    expect(p).toMatchObject({ product_name: 'बासमती चावल', product_description: 'लंबे दाने वाला चावल', brand_name: 'फ़ार्म फ़्रेश' });
    // in Kannada only the name is translated: the rest falls back to English
    const kn = productSchema.parse((await new TestClient(t.app).get(`/s/api/products/basmati-rice?lang=kn`)).json());
    expect(kn).toMatchObject({ product_name: 'ಬಾಸ್ಮತಿ ಅಕ್ಕಿ', product_description: 'Long grain rice', brand_name: 'Farm Fresh' });
    const en = productSchema.parse((await new TestClient(t.app).get(`/s/api/products/basmati-rice`)).json());
    expect(en).toMatchObject({ product_name: 'Basmati Rice', product_description: 'Long grain rice', brand_name: 'Farm Fresh' });
  });

  it('answers /s/api/init with categories, brands and navigation translated', async () => {
    const hi = initSchema.parse((await new TestClient(t.app).get('/s/api/init?lang=hi')).json());
    expect(hi.categories.find((c) => c.slug === 'rice')?.name).toBe('चावल');
    expect(hi.brands.find((b) => b.slug === 'farm-fresh')?.name).toBe('फ़ार्म फ़्रेश');
    expect(hi.navs.map((n) => n.name)).toContain('ऑफ़र');
    const en = initSchema.parse((await new TestClient(t.app).get('/s/api/init')).json());
    expect(en.categories.find((c) => c.slug === 'rice')?.name).toBe('Rice');
    expect(en.navs.map((n) => n.name)).toContain('Offers');
  });

  it('answers a page with its blocks’ texts translated, HTML sanitised like the default', async () => {
    const hi = pageDataSchema.parse((await new TestClient(t.app).get('/s/api/page/data/offers?lang=hi')).json());
    const deals = hi.data.find((b) => b.name === 'Deals')!;
    expect(deals.data).toMatchObject({ title: 'आज के सौदे' });
    const note = hi.data.find((b) => b.name === 'Note')!;
    expect((note.data as { html: string }).html).toContain('रोज़ ताज़ा');
    expect((note.data as { html: string }).html).not.toContain('<script');
    // the carousel's products are translated too
    expect(JSON.stringify(deals.response)).toContain('बासमती चावल');
    const en = pageDataSchema.parse((await new TestClient(t.app).get('/s/api/page/data/offers')).json());
    expect(en.data.find((b) => b.name === 'Deals')!.data).toMatchObject({ title: 'Today’s deals' });
  });

  it('a language the website does not offer answers the default', async () => {
    await t.db
      .update(websiteSettings)
      .set({ languages: ['en', 'hi'] })
      .where(eq(websiteSettings.websiteId, shop.websiteId));
    invalidateWebsite(shop.websiteId);
    try {
      expect(await names(new TestClient(t.app), '?perPage=24&lang=kn')).toContain('Basmati Rice');
    } finally {
      await t.db
        .update(websiteSettings)
        .set({ languages: ['en', 'hi', 'kn'] })
        .where(eq(websiteSettings.websiteId, shop.websiteId));
      invalidateWebsite(shop.websiteId);
    }
  });
});

describe('a website whose default language is Hindi', () => {
  it('answers its own (Hindi) text by default and English from translations when asked', async () => {
    const [site] = await t.db.insert(websites).values({ name: 'हिंदी किराना' }).returning();
    const websiteId = site!.id;
    await t.db.insert(websiteDomains).values({ websiteId, host: 'hindi.test' });
    await t.db.insert(websiteSettings).values({ websiteId, languages: ['hi', 'en'], defaultLanguage: 'hi' });
    const [p] = await t.db.insert(products).values({ websiteId, name: 'अरहर दाल', slug: 'arhar-dal' }).returning();
    await t.db.insert(packs).values({ websiteId, productId: p!.id, name: '1 kg', price: 15_000, actPrice: 15_000 });
    await upsertTranslations(t.db, websiteId, [
      { entity: 'product', entityId: String(p!.id), field: 'name', language: 'en', value: 'Toor Dal' },
    ]);
    const there = (q: string) => new TestClient(t.app, { 'x-origin': 'http://hindi.test' }).get(`/s/api/products/arhar-dal${q}`);
    expect(productSchema.parse((await there('')).json()).product_name).toBe('अरहर दाल');
    expect(productSchema.parse((await there('?lang=en')).json()).product_name).toBe('Toor Dal');
    // a Hindi translation there is meaningless (the row is Hindi): the editor refuses it
    await expect(
      saveTranslations(
        t.db,
        { websiteId, actorId: null },
        {
          language: 'hi',
          entity: 'product',
          items: [{ id: String(p!.id), field: 'name', value: 'x' }],
        },
      ),
    ).rejects.toMatchObject({ statusCode: 422, message: expect.stringMatching(/default language/) });
  });
});

describe('Administration → Translations', () => {
  const url = (q: string) => `/s/api/admin/translations?${q}`;

  it('lists a kind beside its translations, missing ones null, searchable, paged, only this website’s', async () => {
    const owner = await staffClients(t, shop.websiteId).as({ hasAdminAccess: true });
    const res = await owner.get(url('language=hi&entity=product&perPage=2'));
    expect(res.statusCode, res.body).toBe(200);
    const list = translationListSchema.parse(res.json());
    expect(list.meta).toMatchObject({ total: 4, page: 1, perPage: 2 });
    expect(list.data).toHaveLength(2);
    const rice = translationListSchema.parse((await owner.get(url('language=hi&entity=product&q=basmati'))).json()).data;
    expect(rice).toEqual([
      {
        id: String(shop.products.rice.id),
        context: 'Farm Fresh',
        fields: [
          { field: 'name', source: 'Basmati Rice', value: 'बासमती चावल' },
          { field: 'description', source: 'Long grain rice', value: 'लंबे दाने वाला चावल' },
        ],
      },
    ]);
    // found by its translation too
    expect(
      translationListSchema.parse((await owner.get(url(`language=hi&entity=product&q=${encodeURIComponent('बासमती')}`))).json()).data,
    ).toHaveLength(1);
    const missing = translationListSchema.parse((await owner.get(url('language=hi&entity=product&missing=true&perPage=50'))).json());
    expect(missing.data.map((r) => r.fields[0]!.source).sort()).toEqual(['Cow Ghee', 'Toor Dal', 'Vada Pav Mix']);
    expect(missing.data.every((r) => r.fields[0]!.value === null)).toBe(true);
    const blocks = translationListSchema.parse((await owner.get(url('language=hi&entity=block'))).json()).data;
    expect(blocks.map((b) => b.id)).toEqual([`${pageId}:Deals`, `${pageId}:Note`]);
    const navs = translationListSchema.parse((await owner.get(url('language=kn&entity=nav_item'))).json()).data;
    expect(navs).toEqual([{ id: String(navId), context: 'Navigation', fields: [{ field: 'name', source: 'Offers', value: null }] }]);
  });

  it('counts progress per language and kind', async () => {
    const owner = await staffClients(t, shop.websiteId).as({ hasAdminAccess: true });
    const res = await owner.get('/s/api/admin/translations/progress');
    expect(res.statusCode, res.body).toBe(200);
    const p = translationProgressSchema.parse(res.json());
    expect(p.defaultLanguage).toBe('en');
    expect(p.languages.map((l) => l.language)).toEqual(['hi', 'kn']);
    const hi = p.languages[0]!.kinds;
    expect(hi).toContainEqual({ entity: 'product', field: 'name', done: 1, total: 4 });
    expect(hi).toContainEqual({ entity: 'product', field: 'description', done: 1, total: 1 });
    expect(hi).toContainEqual({ entity: 'category', field: 'name', done: 1, total: 1 });
    expect(hi).toContainEqual({ entity: 'block', field: 'title', done: 1, total: 1 });
    expect(p.languages[1]!.kinds).toContainEqual({ entity: 'product', field: 'name', done: 1, total: 4 });
  });

  it('saves translations (blank removes one), audited, shown to shoppers at once', async () => {
    const owner = await staffClients(t, shop.websiteId).as({ hasAdminAccess: true });
    const dal = String(shop.products.dal.id);
    const res = await owner.put('/s/api/admin/translations', {
      language: 'hi',
      entity: 'product',
      items: [
        { id: dal, field: 'name', value: '  तूर दाल ' },
        { id: String(shop.products.rice.id), field: 'description', value: '' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ saved: 1, removed: 1 });
    const found = await translate(t.db, shop.websiteId, 'hi', 'product', [dal, shop.products.rice.id]);
    expect(found.get(dal)?.get('name')).toBe('तूर दाल');
    expect(found.get(String(shop.products.rice.id))?.has('description')).toBe(false);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.websiteId, shop.websiteId), eq(auditLog.entity, 'translation')));
    expect(audit.map((a) => a.entityId).sort()).toEqual([`product:${dal}:hi`, `product:${shop.products.rice.id}:hi`].sort());
    expect(audit.find((a) => a.entityId === `product:${dal}:hi`)).toMatchObject({
      before: {},
      after: { name: 'तूर दाल' },
      label: 'Toor Dal (हिन्दी)',
    });
    expect(await names(new TestClient(t.app), '?perPage=48&lang=hi')).toContain('तूर दाल');
  });

  it('refuses bad input with a clear 4xx and changes nothing', async () => {
    const owner = await staffClients(t, shop.websiteId).as({ hasAdminAccess: true });
    const before = await t.db.select().from(translations).orderBy(translations.entityId, translations.field, translations.language);
    const dal = String(shop.products.dal.id);
    const ok = { id: dal, field: 'name', value: 'ठीक' };
    const cases: Array<[unknown, number, RegExp]> = [
      [{ language: 'hi', entity: 'product', items: [ok, { id: '999999', field: 'name', value: 'x' }] }, 422, /No such product/],
      [{ language: 'hi', entity: 'product', items: [ok, { id: 'abc', field: 'name', value: 'x' }] }, 422, /No such product/],
      [{ language: 'en', entity: 'product', items: [ok] }, 422, /default language/],
      [{ language: 'fr', entity: 'product', items: [ok] }, 422, /expected one of/],
      [{ language: 'hi', entity: 'product', items: [ok, { id: dal, field: 'slug', value: 'x' }] }, 422, /Nothing to translate/],
      [{ language: 'hi', entity: 'product', items: [{ ...ok, value: 'x'.repeat(201) }] }, 422, /Too long/],
      [{ language: 'hi', entity: 'product', items: [ok, ok] }, 422, /twice/],
      [{ language: 'hi', entity: 'brand', items: [{ id: '99999', field: 'name', value: 'x' }] }, 422, /No such brand/],
      [{ language: 'hi', entity: 'product', items: [] }, 422, /Nothing to save/],
    ];
    for (const [body, status, message] of cases) {
      const res = await owner.put('/s/api/admin/translations', body);
      expect(res.statusCode, `${JSON.stringify(body)} → ${res.body}`).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    // Kannada while the website does not offer it
    await t.db
      .update(websiteSettings)
      .set({ languages: ['en', 'hi'] })
      .where(eq(websiteSettings.websiteId, shop.websiteId));
    invalidateWebsite(shop.websiteId);
    try {
      const res = await owner.put('/s/api/admin/translations', { language: 'kn', entity: 'product', items: [ok] });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toMatch(/does not offer/);
      expect((await owner.get(url('language=kn&entity=product'))).statusCode).toBe(422);
    } finally {
      await t.db
        .update(websiteSettings)
        .set({ languages: ['en', 'hi', 'kn'] })
        .where(eq(websiteSettings.websiteId, shop.websiteId));
      invalidateWebsite(shop.websiteId);
    }
    expect(await t.db.select().from(translations).orderBy(translations.entityId, translations.field, translations.language)).toEqual(
      before,
    );
  });

  it('needs the translations permission: the catalogue editor has it, a cashier does not', async () => {
    const { as } = staffClients(t, shop.websiteId);
    expect((await (await as({ isCatalogueEditor: true })).get(url('language=hi&entity=brand'))).statusCode).toBe(200);
    expect((await (await as({ isCashier: true })).get(url('language=hi&entity=brand'))).statusCode).toBe(403);
    expect((await (await as({})).get(url('language=hi&entity=brand'))).statusCode).toBe(403);
    expect((await new TestClient(t.app).get(url('language=hi&entity=brand'))).statusCode).toBe(401);
  });

  it('never reads or writes another website’s rows', async () => {
    const [brand] = await t.db.insert(brands).values({ websiteId: otherSite, name: 'Their Brand', slug: 'theirs' }).returning();
    const owner = await staffClients(t, shop.websiteId).as({ hasAdminAccess: true });
    const list = translationListSchema.parse((await owner.get(url('language=hi&entity=brand'))).json());
    expect(list.data.map((r) => r.fields[0]!.source)).toEqual(['Farm Fresh']);
    const res = await owner.put('/s/api/admin/translations', {
      language: 'hi',
      entity: 'brand',
      items: [{ id: String(brand!.id), field: 'name', value: 'x' }],
    });
    expect(res.statusCode).toBe(422);
  });
});
