import { productListSchema, productSchema, type Product } from '@grocer/shared/catalogue';
import { initSchema, pageDataSchema } from '@grocer/shared/storefront';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { openStock } from '../inventory';
import {
  brands,
  categories,
  navItems,
  packs,
  pageComponents,
  pages,
  productMedia,
  products,
  warehouses,
  websiteDomains,
  websiteSettings,
  websites,
} from '../../db/schema';
import { invalidateWebsite } from '../../http/cache';
import { createTestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { refreshProductIndex } from './search';

/**
 * A small shop built here (not the demo seed): Food > Grains > Rice (3 levels), Food > Pulses,
 * Home; three brands; 30 products with known prices; plus a second website whose products must
 * never show up.
 */
async function fixture(db: Db) {
  const [site] = await db.insert(websites).values({ name: 'Fixture Shop', isDefault: true }).returning();
  const [other] = await db.insert(websites).values({ name: 'Other Shop' }).returning();
  const w = site!.id;
  await db.insert(websiteDomains).values([
    { websiteId: w, host: 'localhost' },
    { websiteId: other!.id, host: 'other.example' },
  ]);
  await db
    .insert(websiteSettings)
    .values({ websiteId: w, navSetting: { logo_settings: '{"image_height": 40}', navbar_template: 2 }, seo: { og_title: 'Fixture' } });
  const cat = async (name: string, slug: string, parentId: number | null, websiteId = w) =>
    (
      await db
        .insert(categories)
        .values({ websiteId, name, slug, parentId, avatar: `c/${slug}.svg` })
        .returning()
    )[0]!.id;
  const food = await cat('Food', 'food', null);
  const grains = await cat('Grains', 'grains', food);
  const rice = await cat('Rice', 'rice', grains);
  const pulses = await cat('Pulses', 'pulses', food);
  const home = await cat('Home', 'home', null);
  const [b1, b2, b3] = await db
    .insert(brands)
    .values([
      { websiteId: w, name: 'Kaveri', slug: 'kaveri' },
      { websiteId: w, name: 'Desi', slug: 'desi' },
      { websiteId: w, name: 'Shine', slug: 'shine' },
    ])
    .returning();
  const [wh] = await db.insert(warehouses).values({ websiteId: w, name: 'Main', code: 'M1' }).returning();
  const rows: (typeof products.$inferInsert)[] = [
    { websiteId: w, name: 'Basmati Rice', slug: 'basmati-rice', categoryId: rice, brandId: b1!.id },
    { websiteId: w, name: 'Sona Masoori Rice', slug: 'sona-masoori-rice', categoryId: rice, brandId: b2!.id },
    { websiteId: w, name: 'Wheat Atta', slug: 'wheat-atta', categoryId: grains, brandId: b2!.id },
    { websiteId: w, name: 'Toor Dal', slug: 'toor-dal', categoryId: pulses, brandId: b1!.id },
    { websiteId: w, name: 'Floor Cleaner', slug: 'floor-cleaner', categoryId: home, brandId: b3!.id },
  ];
  for (let i = 0; i < 25; i++)
    rows.push({ websiteId: w, name: `Detergent Pack ${i}`, slug: `detergent-${i}`, categoryId: home, brandId: b3!.id });
  const inserted = await db
    .insert(products)
    .values(rows.map((r, i) => ({ ...r, position: i, createdAt: new Date(Date.UTC(2026, 0, 1 + i)) })))
    .returning();
  const packRows = await db
    .insert(packs)
    .values(
      inserted.map((p, i) => ({
        websiteId: w,
        productId: p.id,
        name: '1 kg',
        price: (100 + i * 10) * 100,
        actPrice: (100 + i * 10 + (i % 3 === 0 ? 30 : 0)) * 100,
        discount: i % 3 === 0 ? 3000 : 0,
        discountType: i % 3 === 0 ? ('flat' as const) : null,
      })),
    )
    .returning();
  await db.transaction((tx) =>
    openStock(
      tx,
      packRows.map((p, i) => ({ websiteId: w, packId: p.id, warehouseId: wh!.id, available: i === 1 ? 0 : 10 })),
      'test',
    ),
  );
  await db.insert(productMedia).values(inserted.slice(0, 3).map((p) => ({ websiteId: w, productId: p.id, src: `products/${p.slug}.svg` })));
  await refreshProductIndex(db, w);
  // The other website: a product that matches every search and filter but must never appear.
  const otherCat = await cat('Rice', 'rice', null, other!.id);
  const [op] = await db
    .insert(products)
    .values({ websiteId: other!.id, name: 'Basmati Rice Other', slug: 'basmati-rice', categoryId: otherCat })
    .returning();
  await db.insert(packs).values({ websiteId: other!.id, productId: op!.id, name: '1 kg', price: 100, actPrice: 100 });
  await refreshProductIndex(db, other!.id);
  // Pages, navs, footers.
  const [pg] = await db.insert(pages).values({ websiteId: w, url: '/', css: '.x{}', seoTitle: 'Home' }).returning();
  await db.insert(pageComponents).values([
    {
      websiteId: w,
      pageId: pg!.id,
      position: 1,
      name: 'Deals',
      type: 'product-carousel',
      data: { title: 'Deals', category: 'food', limit: 3 },
    },
    { websiteId: w, pageId: pg!.id, position: 0, name: 'Hero', type: 'hero-slider', data: { slides: [] } },
    { websiteId: w, pageId: pg!.id, position: 2, name: 'Cats', type: 'category-carousel', data: { title: 'Cats' } },
  ]);
  await db.insert(pages).values({ websiteId: w, url: '/draft', published: false });
  await db.insert(navItems).values([
    { websiteId: w, kind: 'nav', name: 'Home', link: '/', position: 0 },
    { websiteId: w, kind: 'nav', name: 'Categories', value: '/categories', link: '/categories', position: 1 },
    { websiteId: w, kind: 'footer', name: 'Help', position: 0 },
  ]);
  return { websiteId: w, otherId: other!.id };
}

let t: Awaited<ReturnType<typeof createTestApp>>;
let client: TestClient;
beforeAll(async () => {
  t = await createTestApp({ seed: fixture });
  client = new TestClient(t.app);
});
afterAll(() => t.close());

const list = async (qs: string) => {
  const res = await client.get(`/s/api/products${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return productListSchema.parse(res.json());
};

describe('GET /s/api/products', () => {
  it('answers the spec shape, 24 per page by default, with the total', async () => {
    const r = await list('');
    expect(r.meta.total).toBe(30);
    expect(r.data).toHaveLength(24);
    const p = r.data[0]!;
    expect(p).toMatchObject({
      product_name: 'Basmati Rice',
      brand_name: 'Kaveri',
      brand_slug: 'kaveri',
      slug: 'basmati-rice',
      wishlist: false,
      image: 'products/basmati-rice.svg',
    });
    expect(p.packs[0]).toMatchObject({ pack_name: '1 kg', price: 100, act_price: 130, discount: 30, discount_type: 'flat' });
    expect((await list('?page=2')).data).toHaveLength(6);
    expect((await list('?page=9')).data).toHaveLength(0);
    expect((await list('?page=9')).meta.total).toBe(30);
  });

  it('filters by category including descendants, by slug or link, and by brand', async () => {
    expect((await list('?c=food')).meta.total).toBe(4);
    expect((await list('?c=grains')).meta.total).toBe(3);
    expect((await list(`?c=${encodeURIComponent('/products?c=rice')}`)).meta.total).toBe(2);
    expect((await list('?c=rice,pulses')).meta.total).toBe(3);
    expect((await list('?b=desi')).data.map((p) => p.slug).sort()).toEqual(['sona-masoori-rice', 'wheat-atta']);
    expect((await list('?c=food&b=kaveri')).meta.total).toBe(2);
    expect((await list('?c=nope')).meta.total).toBe(0);
  });

  it('narrows to a subcategory ticked under its ticked parent (the more specific choice wins)', async () => {
    expect((await list('?c=food,rice')).data.map((p) => p.slug).sort()).toEqual(['basmati-rice', 'sona-masoori-rice']);
    expect((await list('?c=grains,rice')).meta.total).toBe(2);
    expect((await list('?c=food,grains,pulses')).meta.total).toBe(4); // grains and pulses: all of food's products
    expect((await list('?c=rice,home')).meta.total).toBe(28); // unrelated choices still add up
  });

  it('sorts by price, name, newest and discount, in stock first (issue 39)', async () => {
    // Sona Masoori Rice (₹110) is out of stock: last, after every product that can be bought
    const buyable = (p: Product) => p.packs.some((k) => (k.stock ?? 0) > 0);
    const grouped = <T>(data: Product[], key: (p: Product) => T, order: (a: T, b: T) => number) => {
      expect(data.map(buyable)).toEqual([...data.map(buyable)].sort((a, b) => Number(b) - Number(a)));
      for (const group of [data.filter(buyable), data.filter((p) => !buyable(p))])
        expect(group.map(key)).toEqual(group.map(key).sort(order));
    };
    const asc = (await list('?s=price_asc&perPage=100')).data;
    expect(asc.map((p) => p.slug).at(-1)).toBe('sona-masoori-rice');
    grouped(
      asc,
      (p) => p.packs[0]!.price,
      (a, b) => a - b,
    );
    const desc = (await list('?s=price_desc&perPage=100')).data;
    expect(desc.map((p) => p.slug).at(-1)).toBe('sona-masoori-rice');
    grouped(
      desc,
      (p) => p.packs[0]!.price,
      (a, b) => b - a,
    );
    const names = (await list('?s=name&perPage=100')).data;
    grouped(
      names,
      (p) => p.product_name,
      (a, b) => (a < b ? -1 : a > b ? 1 : 0),
    );
    expect((await list('?perPage=100')).data.map((p) => p.slug).at(-1)).toBe('sona-masoori-rice');
    expect((await list('?s=newest')).data[0]!.slug).toBe('detergent-24');
    const top = (await list('?s=discount')).data[0]!.packs[0]!;
    expect(top.act_price).toBeGreaterThan(top.price);
  });

  it("filters by price range, least discount and in stock only (issue 39's added parameters)", async () => {
    const all = (await list('?perPage=100')).data;
    const price = (p: Product) => Math.min(...p.packs.map((k) => k.price));
    const ranged = await list('?min_price=120&max_price=150&perPage=100');
    expect(ranged.data.map((p) => p.slug).sort()).toEqual(
      all
        .filter((p) => price(p) >= 120 && price(p) <= 150)
        .map((p) => p.slug)
        .sort(),
    );
    expect(ranged.meta.total).toBe(4);
    const saving = (p: Product) => Math.max(...p.packs.map((k) => (k.act_price - k.price) / k.act_price));
    const deals = await list('?discount=20&perPage=100');
    expect(deals.meta.total).toBeGreaterThan(0);
    expect(deals.data.every((p) => saving(p) >= 0.2)).toBe(true);
    expect(deals.meta.total).toBe(all.filter((p) => saving(p) >= 0.2).length);
    const inStock = await list('?in_stock=1&perPage=100');
    expect(inStock.meta.total).toBe(all.length - 1);
    expect(inStock.data.map((p) => p.slug)).not.toContain('sona-masoori-rice');
    expect((await list('?q=rice&in_stock=1')).data.map((p) => p.slug)).toEqual(['basmati-rice']);
    // combined with a search and a sort; off means off
    expect((await list('?in_stock=0&perPage=100')).meta.total).toBe(all.length);
    // bad values: a clear message, nothing listed
    for (const bad of ['min_price=-1', 'max_price=abc', 'discount=150', 'discount=2.5', 'in_stock=yes']) {
      const res = await client.get(`/s/api/products?${bad}`);
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().message).toBeTruthy();
    }
  });

  it('searches in stock first: an out-of-stock match comes after every match that can be bought', async () => {
    const rice = (await list('?q=rice')).data;
    expect(rice.map((p) => p.slug)).toEqual(['basmati-rice', 'sona-masoori-rice']);
  });

  it('lists only discounted products when sorted by discount ("Offers"), biggest saving first', async () => {
    const offers = await list('?s=discount&perPage=100');
    const all = await list('?perPage=100');
    const saving = (p: (typeof offers.data)[number]) => Math.max(...p.packs.map((k) => (k.act_price - k.price) / k.act_price));
    expect(offers.meta.total).toBe(all.data.filter((p) => saving(p) > 0).length);
    expect(offers.meta.total).toBeLessThan(all.meta.total);
    const savings = offers.data.map(saving);
    expect(savings.every((s) => s > 0)).toBe(true);
    expect(savings).toEqual([...savings].sort((a, b) => b - a));
  });

  it('finds typos and prefixes, ranked by relevance', async () => {
    expect((await list('?q=basmti')).data[0]?.slug).toBe('basmati-rice');
    expect((await list('?q=bas')).data[0]?.slug).toBe('basmati-rice');
    expect((await list('?q=rice')).data.map((p) => p.slug).sort()).toEqual(['basmati-rice', 'sona-masoori-rice']);
    expect((await list('?q=kaveri')).meta.total).toBe(2); // brand names are searched too
    // pack names too: a size is words found, ranked below the name's words
    expect((await list('?q=kg')).meta.total).toBe(30);
    const sized = await list(`?q=${encodeURIComponent('atta 1 kg')}`);
    expect(sized.data.map((p) => p.slug)).toEqual(['wheat-atta']);
    expect((await list('?q=%20%20')).meta.total).toBe(30); // blank search is no search
    expect((await list(`?q=${encodeURIComponent("'); drop table products; --")}`)).meta.total).toBe(0);
  });

  it('ranks a word found whole in a name above a longer word it begins', async () => {
    const [site] = await t.db.select({ id: websites.id }).from(websites).where(eq(websites.name, 'Fixture Shop'));
    const websiteId = site!.id;
    const [rice] = await t.db
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.websiteId, websiteId), eq(categories.slug, 'rice')));
    const [longer] = await t.db
      .insert(products)
      .values({ websiteId: websiteId, name: 'Ricebran Crunch', slug: 'ricebran-crunch', categoryId: rice!.id, position: 99 })
      .returning();
    try {
      await t.db.insert(packs).values({ websiteId: websiteId, productId: longer!.id, name: '1 kg', price: 100, actPrice: 100 });
      await refreshProductIndex(t.db, websiteId, [longer!.id]);
      invalidateWebsite(websiteId);
      // 'rice' as typed is a whole word of the first two names; the third's first word only begins
      // with it (by the prefix alone it would rank first, as ts_rank weighs its longer word)
      const found = (await list('?q=rice')).data.map((p) => p.slug);
      expect(found).toEqual(['basmati-rice', 'sona-masoori-rice', 'ricebran-crunch']);
    } finally {
      await t.db.delete(packs).where(eq(packs.productId, longer!.id));
      await t.db.delete(products).where(eq(products.id, longer!.id));
      invalidateWebsite(websiteId);
    }
  });

  it('answers bad query values with 422 or clamps them, as documented', async () => {
    const neg = await client.get('/s/api/products?page=-1');
    expect(neg.statusCode).toBe(422);
    expect(neg.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { page: ['page must be 1 or more'] } });
    const big = await list('?perPage=10000');
    expect(big.data).toHaveLength(30);
    expect(big.meta.perPage).toBe(100);
    const sort = await client.get('/s/api/products?s=bogus');
    expect(sort.statusCode).toBe(422);
    expect(sort.json().errors.s).toBeDefined();
    expect((await client.get('/s/api/products?page=abc')).statusCode).toBe(422);
  });

  it("never shows another website's products", async () => {
    const other = new TestClient(t.app, { host: 'other.example' });
    const r = productListSchema.parse((await other.get('/s/api/products')).json());
    expect(r.data.map((p) => p.product_name)).toEqual(['Basmati Rice Other']);
    expect((await list('?q=other')).meta.total).toBe(0);
  });
});

describe('GET /s/api/products/:slug', () => {
  it('answers one product in the spec shape, and 404 when absent', async () => {
    const res = await client.get('/s/api/products/sona-masoori-rice');
    const p = productSchema.parse(res.json());
    expect(p.packs[0]!.stock).toBe(0);
    expect(p.medias).toEqual([{ src: 'products/sona-masoori-rice.svg' }]);
    const missing = await client.get('/s/api/products/nope');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Product not found', code: 'NOT_FOUND' });
  });

  it('takes a numeric product_id as well as a slug (spec §3, §7), only within the website', async () => {
    const bySlug = productSchema.parse((await client.get('/s/api/products/toor-dal')).json());
    const byId = await client.get(`/s/api/products/${bySlug.product_id}`);
    expect(byId.statusCode).toBe(200);
    expect(productSchema.parse(byId.json())).toEqual(bySlug);
    const related = await client.get(`/s/api/products/${bySlug.product_id}/related`);
    expect(related.json().data.map((p: { slug: string }) => p.slug)).toEqual(
      (await client.get('/s/api/products/toor-dal/related')).json().data.map((p: { slug: string }) => p.slug),
    );
    const other = new TestClient(t.app, { host: 'other.example' });
    const otherId = productSchema.parse((await other.get('/s/api/products/basmati-rice')).json()).product_id;
    expect((await client.get(`/s/api/products/${otherId}`)).statusCode).toBe(404);
    expect((await client.get('/s/api/products/99999999999')).statusCode).toBe(404);
  });

  it('lists related products in stock first, then from the same category first', async () => {
    const res = await client.get('/s/api/products/basmati-rice/related');
    // Sona Masoori Rice shares the category but is out of stock; Toor Dal shares the brand
    expect(res.json().data.map((p: { slug: string }) => p.slug)).toEqual(['toor-dal', 'sona-masoori-rice']);
    expect(res.json().data.map((p: { slug: string }) => p.slug)).not.toContain('basmati-rice');
  });
});

describe('GET /s/api/page/data{url}', () => {
  it('answers the ordered components with carousel data resolved', async () => {
    const res = await client.get('/s/api/page/data/');
    const page = pageDataSchema.parse(res.json());
    expect(page.data.map((c) => c.type)).toEqual(['hero-slider', 'product-carousel', 'category-carousel']);
    expect((page.data[1]!.response as unknown[]).length).toBe(3);
    expect((page.data[2]!.response as { slug: string }[]).map((c) => c.slug)).toEqual(['food', 'home']);
    // the page's CSS is served scoped to its content (page-css.ts)
    expect(page).toMatchObject({ css: '.grocer-page .x{}', show_footer: true, show_navbar: true, seo_title: 'Home', schema_script: null });
  });

  it('answers 404 for unknown and unpublished pages', async () => {
    expect((await client.get('/s/api/page/data/nope')).statusCode).toBe(404);
    expect((await client.get('/s/api/page/data/draft')).statusCode).toBe(404);
  });
});

describe('GET /s/api/init', () => {
  it('answers every key of the spec with the nav setting defaults', async () => {
    const res = await client.get('/s/api/init');
    const init = initSchema.parse(res.json());
    expect(Object.keys(res.json()).sort()).toEqual(
      [
        'activetheme',
        'brands',
        'cart',
        'categories',
        // beyond the spec: the earliest delivery slot (issue 19's delivery promise), documented in docs/storefront.md
        'earliest_slot',
        'footers',
        // beyond the spec: the request's language and the website's languages (issue 46), docs/storefront.md
        'language',
        'languages',
        'navSetting',
        'navs',
        'pincode',
        'popup',
        'user',
        'web',
        'webAddress',
        'webPages',
        'webSeo',
      ].sort(),
    );
    expect(init.user).toBeNull();
    expect(init.navSetting).toMatchObject({
      logo_settings: { image_size: 'object-contain', image_height: 40, image_width: 56 },
      search_setting: { width: 100 },
      navbar_height: 56,
      sub_navbar_height: 40,
      navbar_template: 2,
    });
    expect(init.categories.map((c) => c.slug)).toEqual(['food', 'home']);
    expect(init.categories[0]!.children[0]!.children[0]!.slug).toBe('rice');
    const cats = init.navs.find((n) => n.value === '/categories')!;
    expect(cats.children.map((c) => c.link)).toEqual(['/products?c=food', '/products?c=home']);
    expect(cats.children[0]!.image).toBe('c/food.svg');
    expect(cats.children[0]!.children[0]!.link).toBe('/products?c=grains');
    expect(init.cart).toMatchObject({ quantity: 0, items: [] });
    expect(init.webPages.map((p) => p.url)).toEqual(['/']);
    expect(JSON.stringify(res.json())).not.toContain('pageScripts');
  });
});
