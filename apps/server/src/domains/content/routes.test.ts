import { BLOCK_TYPES, BLOCKS, pageComponentSchema, type BlockOf } from '@grocer/shared/blocks';
import { pageDataSchema } from '@grocer/shared/storefront';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { brands, categories, packs, pageComponents, pages, products, stock, warehouses, websiteDomains, websites } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { refreshProductIndex } from '../catalogue/search';

/** A page built from every block type, plus components no block accepts. */
async function fixture(db: Db) {
  const [site] = await db.insert(websites).values({ name: 'Blocks Shop', isDefault: true }).returning();
  const w = site!.id;
  await db.insert(websiteDomains).values({ websiteId: w, host: 'localhost' });
  const [food] = await db.insert(categories).values({ websiteId: w, name: 'Food', slug: 'food', avatar: 'c/food.svg' }).returning();
  await db.insert(categories).values([
    { websiteId: w, name: 'Rice', slug: 'rice', parentId: food!.id, avatar: 'c/rice.svg' },
    { websiteId: w, name: 'Home', slug: 'home', avatar: 'c/home.svg' },
  ]);
  const [kaveri] = await db
    .insert(brands)
    .values([
      { websiteId: w, name: 'Kaveri', slug: 'kaveri' },
      { websiteId: w, name: 'Desi', slug: 'desi' },
    ])
    .returning();
  const [wh] = await db.insert(warehouses).values({ websiteId: w, name: 'Main', code: 'M1' }).returning();
  const made = await db
    .insert(products)
    .values(
      ['alpha', 'beta', 'gamma'].map((slug, i) => ({
        websiteId: w,
        name: slug,
        slug,
        categoryId: food!.id,
        brandId: kaveri!.id,
        position: i,
      })),
    )
    .returning();
  const packRows = await db
    .insert(packs)
    .values(made.map((p) => ({ websiteId: w, productId: p.id, name: '1 kg', price: 10000, actPrice: 10000 })))
    .returning();
  await db.insert(stock).values(packRows.map((p) => ({ websiteId: w, packId: p.id, warehouseId: wh!.id, available: 5 })));
  await refreshProductIndex(db, w);
  const [pg] = await db.insert(pages).values({ websiteId: w, url: '/', seoTitle: 'Home' }).returning();
  const blocks: [string, unknown, unknown?][] = [
    [
      'hero-slider',
      { slides: [{ image: 'b/1.svg', image_sm: 'b/1-sm.svg', link: '/products' }] },
      JSON.stringify({ aspect: { sm: 'aspect-[4/3]' }, bgcolor: '#fff' }),
    ],
    ['product-carousel', { title: 'Picks', products: ['gamma', 'nope', 'alpha'] }],
    ['product-carousel', { title: 'All', limit: 2 }],
    ['category-carousel', { title: 'Aisles' }],
    ['category-carousel', { title: 'Food aisles', parent: 'food' }],
    ['brand-carousel', { title: 'Brands', limit: 1 }],
    ['supplier-carousel', { title: 'Partners', items: [{ image: 's/1.svg', link: '/about' }] }],
    ['supplier-tiles', { items: [{ image: 's/2.svg', title: 'Farm', link: 'https://farm.example', border: true }] }],
    ['rich-text', { html: '<p>Hello</p>' }],
    ['html', { html: '<b>Raw</b>' }],
    ['marquee', { text: 'no such block' }],
    ['hero-slider', { slides: 'not a list' }],
  ];
  await db.insert(pageComponents).values(
    blocks.map(([type, data, settings], i) => ({
      websiteId: w,
      pageId: pg!.id,
      position: i,
      name: `${type} ${i}`,
      type,
      data,
      settings: settings ?? null,
    })),
  );
}

let t: Awaited<ReturnType<typeof createTestApp>>;
let client: TestClient;
beforeAll(async () => {
  t = await createTestApp({ seed: fixture });
  client = new TestClient(t.app);
});
afterAll(() => t.close());

const of = <T extends (typeof BLOCK_TYPES)[number]>(data: z.infer<typeof pageDataSchema>['data'], type: T) =>
  data.filter((c): c is BlockOf<T> => c.type === type);

describe('page blocks: one table of schema, resolver and renderer', () => {
  it('answers each block with its data checked (defaults filled) and its response resolved', async () => {
    const res = await client.get('/s/api/page/data/');
    expect(res.statusCode, res.body).toBe(200);
    const page = pageDataSchema.parse(res.json());
    expect(page.data.map((c) => c.type)).toEqual([
      'hero-slider',
      'product-carousel',
      'product-carousel',
      'category-carousel',
      'category-carousel',
      'brand-carousel',
      'supplier-carousel',
      'supplier-tiles',
      'rich-text',
      'html',
    ]);

    const [hero] = of(page.data, 'hero-slider');
    // settings stored as JSON text (spec §3) arrive as the checked object
    expect(hero!.settings).toEqual({ aspect: { sm: 'aspect-[4/3]' }, bgcolor: '#fff', fullpage: false });
    expect(hero!.data.slides).toEqual([{ image: 'b/1.svg', image_sm: 'b/1-sm.svg', link: '/products' }]);
    expect(hero!.response).toBeNull();

    const [picks, all] = of(page.data, 'product-carousel');
    expect(picks!.response.map((p) => p.slug)).toEqual(['gamma', 'alpha']);
    expect(all!.data).toMatchObject({ title: 'All', limit: 2 });
    expect(all!.response).toHaveLength(2);

    const [top, foodAisles] = of(page.data, 'category-carousel');
    expect(top!.response.map((c) => c.slug)).toEqual(['food', 'home']);
    expect(foodAisles!.response).toEqual([expect.objectContaining({ slug: 'rice', avatar: 'c/rice.svg' })]);
    expect(of(page.data, 'brand-carousel')[0]!.response.map((b) => b.slug)).toEqual(['desi']);

    expect(of(page.data, 'supplier-carousel')[0]!.data.items).toEqual([{ image: 's/1.svg', link: '/about', border: false }]);
    expect(of(page.data, 'supplier-tiles')[0]!.data).toEqual({
      title: '',
      items: [{ image: 's/2.svg', title: 'Farm', link: 'https://farm.example', border: true }],
    });
    expect(of(page.data, 'rich-text')[0]!.data.html).toBe('<p>Hello</p>');
  });

  it('leaves out components of no known type or whose data does not fit their block', async () => {
    const page = pageDataSchema.parse((await client.get('/s/api/page/data/')).json());
    expect(page.data.map((c) => c.name)).not.toContain('marquee 10');
    expect(page.data.map((c) => c.name)).not.toContain('hero-slider 11');
  });

  it('offers every block with its fields to a page builder (JSON Schema of data and settings)', () => {
    expect(pageComponentSchema.options.map((o) => o.shape.type.value).sort()).toEqual([...BLOCK_TYPES].sort());
    for (const type of BLOCK_TYPES) {
      const fields = z.toJSONSchema(BLOCKS[type].data, { io: 'input' });
      expect(fields.type, type).toBe('object');
      expect(Object.keys(fields.properties ?? {}).length, type).toBeGreaterThan(0);
      expect(z.toJSONSchema(BLOCKS[type].settings, { io: 'input' }).type, type).toBe('object');
    }
    expect(Object.keys(z.toJSONSchema(BLOCKS['hero-slider'].settings, { io: 'input' }).properties ?? {})).toEqual([
      'aspect',
      'bgcolor',
      'fullpage',
    ]);
  });
});
