import { cartSchema } from '@grocer/shared/cart';
import { orderDetailSchema } from '@grocer/shared/order';
import { pageDataSchema } from '@grocer/shared/storefront';
import { translationListSchema, translationProgressSchema } from '@grocer/shared/translations';
import { wishlistResponseSchema } from '@grocer/shared/wishlist';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, pageComponents, pages, websiteSettings } from '../../db/schema';
import { invalidateWebsite } from '../../http/cache';
import { TestClient } from '../../test/client';
import { staffClients } from '../../test/staff-clients';
import { checkoutBench } from '../orders/test-fixture';
import { upsertTranslations } from './service';

/**
 * Names and page-block texts in the shopper's language (issue 46 §2): the cart, the wishlist and the
 * shopper's orders name a translated product in the request's language and an untranslated one by
 * its default name; an order keeps the default names it was placed with (staff, invoice); a hero
 * slide's heading, text, button and image description are translated like a block's title, each
 * slide on its own, the untranslated ones falling back to the default text.
 */
const { t, shop, key, shopper, place } = await checkoutBench();
afterAll(() => t.close());

const RICE_HI = 'बासमती चावल';
const RICE_KN = 'ಬಾಸ್ಮತಿ ಅಕ್ಕಿ';
let pageId: number;

beforeAll(async () => {
  const { websiteId } = shop;
  await t.db
    .insert(websiteSettings)
    .values({ websiteId, languages: ['en', 'hi', 'kn'], defaultLanguage: 'en' })
    .onConflictDoUpdate({ target: websiteSettings.websiteId, set: { languages: ['en', 'hi', 'kn'], defaultLanguage: 'en' } });
  await upsertTranslations(t.db, websiteId, [
    { entity: 'product', entityId: String(shop.products.rice.id), field: 'name', language: 'hi', value: RICE_HI },
    { entity: 'product', entityId: String(shop.products.rice.id), field: 'name', language: 'kn', value: RICE_KN },
  ]);
  const [page] = await t.db.insert(pages).values({ websiteId, url: '/deals', title: 'Deals', published: true }).returning();
  pageId = page!.id;
  await t.db.insert(pageComponents).values({
    websiteId,
    pageId,
    position: 0,
    name: 'Hero',
    type: 'hero-slider',
    data: {
      slides: [
        {
          image: 'banners/mangoes.webp',
          link: '/products',
          heading: 'Fresh mangoes',
          text: 'Picked this week',
          button: 'Shop now',
          alt: 'A basket of mangoes',
        },
        { image: 'banners/milk.webp', link: '', heading: 'Milk every morning' },
      ],
    },
    settings: {},
  });
  invalidateWebsite();
});

const names = (items: Array<{ product_id?: number; name: string }>) => new Map(items.map((i) => [i.product_id, i.name]));

describe('the cart, wishlist and orders in the shopper’s language', () => {
  it('names the cart’s translated product in Hindi or Kannada and the untranslated one by its default name', async () => {
    const { c, addressId } = await shopper([
      [shop.packs.rice1.id, 1],
      [shop.packs.dal1.id, 1],
    ]);
    const hi = cartSchema.parse((await c.get(`/s/api/cart?address_id=${addressId}&groupby_delivery&lang=hi`)).json());
    expect(names(hi.items)).toEqual(
      new Map([
        [shop.products.rice.id, RICE_HI],
        [shop.products.dal.id, 'Toor Dal'],
      ]),
    );
    expect(hi.grouped_items.flatMap((g) => g.items).map((i) => i.name)).toEqual(hi.items.map((i) => i.name));
    // the shopper's switch (the cookie) speaks Kannada everywhere the cart is answered: its calls and /s/api/init
    c.cookies.set('lang', 'kn');
    const kn = cartSchema.parse((await c.post('/s/api/cart/add', { pack_id: shop.packs.dal1.id })).json());
    expect(names(kn.items).get(shop.products.rice.id)).toBe(RICE_KN);
    expect(names((await c.get('/s/api/init')).json().cart.items).get(shop.products.rice.id)).toBe(RICE_KN);
    c.cookies.set('lang', 'en');
    const en = cartSchema.parse((await c.get('/s/api/cart')).json());
    expect(names(en.items).get(shop.products.rice.id)).toBe('Basmati Rice');
  });

  it('names the wishlist’s products in the shopper’s language, the untranslated in the default', async () => {
    const { c } = await shopper([]);
    for (const product of [shop.products.rice, shop.products.dal])
      expect((await c.post('/s/api/wishlist/update', { product_id: product.id, wishlist_category_id: null })).statusCode).toBe(200);
    const listed = async (lang: string) =>
      wishlistResponseSchema
        .parse((await c.get(`/s/api/wishlist?lang=${lang}`)).json())
        .WishlistCategories[0]!.products.map((p) => p.product_name)
        .sort();
    expect(await listed('hi')).toEqual(['Toor Dal', RICE_HI].sort());
    expect(await listed('en')).toEqual(['Basmati Rice', 'Toor Dal']);
  });

  it('shows an order’s lines in the shopper’s language while the order keeps its default names (staff, invoice)', async () => {
    const { c, addressId, cart } = await shopper([
      [shop.packs.rice1.id, 1],
      [shop.packs.dal1.id, 1],
    ]);
    c.cookies.set('lang', 'hi');
    const placed = await place(c, { address_id: addressId, payment_method: 'cod', expected_total: cart.amount, idempotency_key: key() });
    expect(placed.statusCode, placed.body).toBe(200);
    const order = orderDetailSchema.parse(placed.json().order);
    const hindi = new Map([
      [shop.products.rice.id, RICE_HI],
      [shop.products.dal.id, 'Toor Dal'],
    ]);
    expect(names(order.lines)).toEqual(hindi);
    expect(names(orderDetailSchema.parse((await c.get(`/s/api/orders/${order.id}`)).json()).lines)).toEqual(hindi);
    expect(names(orderDetailSchema.parse((await c.get(`/s/api/orders/${order.id}?lang=kn`)).json()).lines).get(shop.products.rice.id)).toBe(
      RICE_KN,
    );
    expect(names(orderDetailSchema.parse((await c.get(`/s/api/orders/${order.id}?lang=en`)).json()).lines).get(shop.products.rice.id)).toBe(
      'Basmati Rice',
    );
    // stored as placed, in the default language: what staff, receipts and invoices read
    const stored = await t.db.select({ name: orderLines.productName }).from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(stored.map((l) => l.name).sort()).toEqual(['Basmati Rice', 'Toor Dal']);
    const invoice = (await c.get(`/s/api/orders/${order.id}/invoice`)).body;
    expect(invoice).toContain('Basmati Rice');
    expect(invoice).not.toContain(RICE_HI);
  });
});

describe('a hero slider’s texts in the shopper’s language', () => {
  const slidesOf = async (lang: string) => {
    const res = await new TestClient(t.app).get(`/s/api/page/data/deals?lang=${lang}`);
    expect(res.statusCode, res.body).toBe(200);
    const hero = pageDataSchema.parse(res.json()).data.find((b) => b.name === 'Hero')!;
    return (hero.data as { slides: Array<Record<string, string>> }).slides;
  };

  it('lists each slide’s texts for translation, saves them and serves them in Hindi, the rest in the default', async () => {
    const owner = await staffClients(t, shop.websiteId).as({ hasAdminAccess: true });
    const listed = translationListSchema.parse((await owner.get('/s/api/admin/translations?language=hi&entity=block')).json()).data;
    expect(listed.find((r) => r.id === `${pageId}:Hero`)?.fields).toEqual([
      { field: 'slides.0.heading', source: 'Fresh mangoes', value: null },
      { field: 'slides.0.text', source: 'Picked this week', value: null },
      { field: 'slides.0.button', source: 'Shop now', value: null },
      { field: 'slides.0.alt', source: 'A basket of mangoes', value: null },
      { field: 'slides.1.heading', source: 'Milk every morning', value: null },
    ]);
    const saved = await owner.put('/s/api/admin/translations', {
      language: 'hi',
      entity: 'block',
      items: [
        { id: `${pageId}:Hero`, field: 'slides.0.heading', value: 'ताज़े आम' },
        { id: `${pageId}:Hero`, field: 'slides.0.button', value: 'अभी खरीदें' },
        { id: `${pageId}:Hero`, field: 'slides.0.alt', value: 'आमों की टोकरी' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const hi = await slidesOf('hi');
    expect(hi[0]).toMatchObject({
      heading: 'ताज़े आम',
      text: 'Picked this week',
      button: 'अभी खरीदें',
      alt: 'आमों की टोकरी',
      link: '/products',
    });
    expect(hi[1]).toMatchObject({ heading: 'Milk every morning' });
    const en = await slidesOf('en');
    expect(en[0]).toMatchObject({ heading: 'Fresh mangoes', text: 'Picked this week', button: 'Shop now', alt: 'A basket of mangoes' });

    const progress = translationProgressSchema.parse((await owner.get('/s/api/admin/translations/progress')).json());
    const kinds = progress.languages.find((l) => l.language === 'hi')!.kinds;
    expect(kinds).toContainEqual({ entity: 'block', field: 'slides.*.heading', done: 1, total: 2 });
    expect(kinds).toContainEqual({ entity: 'block', field: 'slides.*.text', done: 0, total: 1 });
  });

  it('refuses a slide that is not there and a field that is not a text, changing nothing', async () => {
    const owner = await staffClients(t, shop.websiteId).as({ hasAdminAccess: true });
    const res = await owner.put('/s/api/admin/translations', {
      language: 'hi',
      entity: 'block',
      items: [
        { id: `${pageId}:Hero`, field: 'slides.1.text', value: 'हर सुबह' },
        { id: `${pageId}:Hero`, field: 'slides.0.image', value: 'x.webp' },
        { id: `${pageId}:Hero`, field: 'slides.0.text', value: 'इस हफ़्ते तोड़े गए' },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'items.0.field': ['Nothing to translate in “slides.1.text”'],
      'items.1.field': ['Nothing to translate in “slides.0.image”'],
    });
    expect((await slidesOf('hi'))[0]!.text).toBe('Picked this week');
  });
});
