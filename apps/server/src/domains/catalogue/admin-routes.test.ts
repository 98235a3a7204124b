import { productToInput, type AdminProduct, type AdminProductInput } from '@grocer/shared/admin-catalogue';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, packs, products, users, websiteDomains, websiteMembers, websites } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { seedCartShop, signInAs, type CartShop } from '../cart/test-fixture';
import { refreshProductIndex } from './search';

let t: Awaited<ReturnType<typeof createTestApp>>;
let shop: CartShop;
let owner: TestClient;
let otherSiteProductId: number;

beforeAll(async () => {
  t = await createTestApp({ seed: async (db) => (shop = await seedCartShop(db)) });
  // Packs need SKUs to be saved from the editor; the fixture leaves them empty.
  for (const [key, pack] of Object.entries(shop.packs))
    await t.db.update(packs).set({ sku: key.toUpperCase() }).where(eq(packs.id, pack.id));
  const [site] = await t.db.insert(websites).values({ name: 'Other Shop' }).returning();
  await t.db.insert(websiteDomains).values({ websiteId: site!.id, host: 'other.test' });
  const [p] = await t.db.insert(products).values({ websiteId: site!.id, name: 'Other Rice', slug: 'other-rice' }).returning();
  await t.db.insert(packs).values({ websiteId: site!.id, productId: p!.id, name: '1 kg', sku: 'OTHER-1', price: 100, actPrice: 100 });
  otherSiteProductId = p!.id;
  await refreshProductIndex(t.db, shop.websiteId);
  await refreshProductIndex(t.db, site!.id);
  owner = await as({ hasAdminAccess: true });
}, 120_000);
afterAll(() => t.close());

let seq = 0;
/** A client signed in as a new user of the test website with the given flags (null: signed out). */
async function as(flags: { hasAdminAccess?: boolean; isSalesAgent?: boolean; superadmin?: boolean } | null): Promise<TestClient> {
  const c = new TestClient(t.app);
  if (!flags) return c;
  const n = ++seq;
  const [u] = await t.db
    .insert(users)
    .values({
      name: `Staff ${n}`,
      email: `staff${n}@example.com`,
      phone: `91000000${String(n).padStart(2, '0')}`,
      superadmin: !!flags.superadmin,
    })
    .returning();
  await t.db
    .insert(websiteMembers)
    .values({ websiteId: shop.websiteId, userId: u!.id, hasAdminAccess: !!flags.hasAdminAccess, isSalesAgent: !!flags.isSalesAgent });
  await signInAs(t.db, c, u!.id);
  return c;
}

const read = async (id: number): Promise<AdminProduct> => (await owner.get(`/s/api/admin/products/${id}`)).json();

/** The editor's payload for a product as read, with changes. */
function edit(p: AdminProduct, change: Partial<AdminProductInput> = {}): AdminProductInput {
  return { ...productToInput(p), ...change };
}

describe('roles on the catalogue staff calls', () => {
  it('401 signed out, 403 for a shopper or agent, 200 for admin and superadmin; a refused save changes nothing', async () => {
    const who = {
      anonymous: await as(null),
      shopper: await as({}),
      agent: await as({ isSalesAgent: true }),
      admin: await as({ hasAdminAccess: true }),
      superadmin: await as({ superadmin: true }),
    };
    const expected = { anonymous: 401, shopper: 403, agent: 403, admin: 200, superadmin: 200 };
    const rice = await read(shop.products.rice.id);
    for (const [name, c] of Object.entries(who) as Array<[keyof typeof who, TestClient]>) {
      for (const url of ['/s/api/admin/products', '/s/api/admin/products/options', `/s/api/admin/products/${rice.id}`]) {
        expect([url, name, (await c.get(url)).statusCode]).toEqual([url, name, expected[name]]);
      }
      if (expected[name] !== 200) {
        const res = await c.put(`/s/api/admin/products/${rice.id}`, edit(rice, { name: `Hacked by ${name}` }));
        expect([name, res.statusCode]).toEqual([name, expected[name]]);
        const bulk = await c.post('/s/api/admin/products/status', { ids: [rice.id], status: 'archived' });
        expect([name, bulk.statusCode]).toEqual([name, expected[name]]);
      }
    }
    expect(await read(rice.id)).toMatchObject({ name: 'Basmati Rice', status: 'active' });
    const saved = await who.superadmin.put(`/s/api/admin/products/${rice.id}`, edit(rice));
    expect(saved.statusCode).toBe(200);
  });
});

describe('product list', () => {
  it('searches by name or SKU, filters, sorts and pages', async () => {
    const list = async (qs: string) => {
      const res = await owner.get(`/s/api/admin/products?${qs}`);
      expect([qs, res.statusCode]).toEqual([qs, 200]);
      return res.json() as {
        data: Array<{ name: string; stock: number; price: number; discount: number; status: string }>;
        meta: { total: number };
      };
    };
    expect((await list('q=basm')).data.map((p) => p.name)).toEqual(['Basmati Rice']);
    expect((await list('q=dal1')).data.map((p) => p.name)).toEqual(['Toor Dal']);
    expect((await list('stock=out')).data.map((p) => p.name)).toEqual(['Cow Ghee']);
    expect((await list('stock=in&perPage=100')).meta.total).toBe(3);
    expect((await list('discounted=1&sort=name&dir=asc')).data.map((p) => p.name)).toEqual(['Basmati Rice', 'Cow Ghee']);
    const byPrice = await list('sort=price&dir=asc');
    expect(byPrice.data.map((p) => p.price)).toEqual([90, 120, 180, 300]);
    const byStock = await list('sort=stock&dir=desc');
    expect(byStock.data[0]).toMatchObject({ name: 'Toor Dal', stock: 300 });
    const page2 = await list('sort=name&dir=asc&perPage=5&page=1');
    expect(page2.meta.total).toBe(4);
    const brand = (await t.db.select().from(brands).where(eq(brands.websiteId, shop.websiteId)))[0]!;
    expect((await list(`brand=${brand.id}`)).meta.total).toBe(4);
    expect((await list('status=draft')).meta.total).toBe(0);
  });

  it('refuses a page size outside 5/10/20/50/100 and an unknown sort with 422', async () => {
    for (const qs of ['perPage=7', 'sort=colour', 'page=0', 'stock=some']) {
      const res = await owner.get(`/s/api/admin/products?${qs}`);
      expect([qs, res.statusCode, res.json().code]).toEqual([qs, 422, 'VALIDATION_FAILED']);
    }
  });

  it("never shows or opens another website's products (404)", async () => {
    expect((await owner.get('/s/api/admin/products?q=other')).json().meta.total).toBe(0);
    expect((await owner.get(`/s/api/admin/products/${otherSiteProductId}`)).statusCode).toBe(404);
    const theirs = {
      ...edit(await read(shop.products.dal.id)),
      packs: [{ name: '1 kg', sku: 'OTHER-1', barcode: '', price: 1, act_price: 1, position: 0 }],
    };
    expect((await owner.put(`/s/api/admin/products/${otherSiteProductId}`, { ...theirs, version: 1 })).statusCode).toBe(404);
    const [still] = await t.db.select().from(products).where(eq(products.id, otherSiteProductId));
    expect(still!.name).toBe('Other Rice');
  });
});

describe('product editor', () => {
  it('saves a new pack price; the storefront shows it at once, even its cached anonymous answer', async () => {
    const visitor = new TestClient(t.app);
    expect((await visitor.get('/s/api/products/toor-dal')).json().packs[0].price).toBe(180);
    const dal = await read(shop.products.dal.id);
    const res = await owner.put(
      `/s/api/admin/products/${dal.id}`,
      edit(dal, { packs: [{ ...edit(dal).packs[0]!, price: 165.5, act_price: 190 }] }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ version: dal.version + 1, packs: [{ price: 165.5, act_price: 190 }] });
    const page = (await visitor.get('/s/api/products/toor-dal')).json();
    expect(page.packs[0]).toMatchObject({ price: 165.5, act_price: 190, discount: 13, discount_type: 'percentage' });
    const [row] = await t.db.select().from(packs).where(eq(packs.id, shop.packs.dal1.id));
    expect(row).toMatchObject({ price: 16_550, actPrice: 19_000 });
    // the list's sort keys follow (refreshProductIndex)
    expect((await owner.get('/s/api/admin/products?q=toor')).json().data[0]).toMatchObject({ price: 165.5, discount: 13 });
  });

  it('refuses bad input with 422 at its fields and changes nothing', async () => {
    const rice = await read(shop.products.rice.id);
    const [p0, p1] = edit(rice).packs as [AdminProductInput['packs'][0], AdminProductInput['packs'][0]];
    const cases: Array<[Partial<AdminProductInput>, string]> = [
      [{ packs: [{ ...p0, barcode: '8901234567891' }, p1] }, 'packs.0.barcode'],
      [{ packs: [{ ...p0, price: 200, act_price: 150 }, p1] }, 'packs.0.act_price'],
      [{ packs: [{ ...p0, price: 10.123 }, p1] }, 'packs.0.price'],
      [{ packs: [p0, { ...p1, sku: p0.sku }] }, 'packs.1.sku'],
      [{ packs: [{ ...p0, sku: 'DAL1' }, p1] }, 'packs.0.sku'],
      [{ packs: [p0] }, 'packs'],
      [{ slug: 'toor-dal' }, 'slug'],
      [{ slug: 'Not A Slug' }, 'slug'],
      [{ gst_rate: 7 }, 'gst_rate'],
      [{ hsn_code: '12' }, 'hsn_code'],
      [{ brand_id: 999_999 }, 'brand_id'],
      [{ name: '  ' }, 'name'],
    ];
    for (const [change, field] of cases) {
      const res = await owner.put(`/s/api/admin/products/${rice.id}`, edit(rice, { name: 'Changed', ...change }));
      expect([field, res.statusCode]).toEqual([field, 422]);
      expect([field, Object.keys(res.json().errors)]).toEqual([field, [field]]);
    }
    expect(await read(rice.id)).toEqual(rice);
  });

  it('accepts a valid EAN-13, swaps SKUs between its own packs, adds a pack and sanitises the description', async () => {
    const rice = await read(shop.products.rice.id);
    const [p0, p1] = edit(rice).packs as [AdminProductInput['packs'][0], AdminProductInput['packs'][0]];
    const res = await owner.put(
      `/s/api/admin/products/${rice.id}`,
      edit(rice, {
        description: '<p onclick="x()">Long <strong>grain</strong></p><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
        packs: [
          { ...p0, sku: p1.sku, barcode: '4006381333931' },
          { ...p1, sku: p0.sku },
          {
            name: '10 kg',
            sku: 'RICE10',
            barcode: '036000291452',
            price: 1000,
            act_price: 1100,
            position: 2,
            sold_by_weight: false,
            plu: '',
            step_grams: 500,
          },
        ],
      }),
    );
    expect(res.statusCode).toBe(200);
    const saved = res.json() as AdminProduct;
    expect(saved.description).toBe('<p>Long <strong>grain</strong></p><a rel="noopener nofollow">x</a>');
    expect(saved.packs.map((k) => [k.sku, k.barcode])).toEqual([
      [p1.sku, '4006381333931'],
      [p0.sku, ''],
      ['RICE10', '036000291452'],
    ]);
  });

  it('refuses the second of two saves of the same version with 409, whichever lands first', async () => {
    const ghee = await read(shop.products.ghee.id);
    const first = await owner.put(`/s/api/admin/products/${ghee.id}`, edit(ghee, { name: 'Cow Ghee (A2)' }));
    expect(first.statusCode).toBe(200);
    const second = await owner.put(`/s/api/admin/products/${ghee.id}`, edit(ghee, { name: 'Desi Ghee' }));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'STALE_PRODUCT', message: expect.stringMatching(/Someone else saved this product/) });
    const now = await read(ghee.id);
    const both = await Promise.all([
      owner.put(`/s/api/admin/products/${ghee.id}`, edit(now, { seo_title: 'A' })),
      owner.put(`/s/api/admin/products/${ghee.id}`, edit(now, { seo_title: 'B' })),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await read(ghee.id)).version).toBe(now.version + 1);
  });

  it('a draft or archived product leaves the storefront and comes back when active', async () => {
    const vada = await read(shop.products.vada.id);
    const visitor = new TestClient(t.app);
    const draft = (await owner.put(`/s/api/admin/products/${vada.id}`, edit(vada, { status: 'draft' }))).json() as AdminProduct;
    expect((await visitor.get('/s/api/products/vada-pav-mix')).statusCode).toBe(404);
    expect((await visitor.get('/s/api/products?q=vada')).json().meta.total).toBe(0);
    expect((await owner.get('/s/api/admin/products?status=draft')).json().data.map((p: { name: string }) => p.name)).toEqual([
      'Vada Pav Mix',
    ]);
    await owner.put(`/s/api/admin/products/${vada.id}`, edit(draft, { status: 'active' }));
    expect((await visitor.get('/s/api/products/vada-pav-mix')).statusCode).toBe(200);
  });
});

describe('bulk status', () => {
  it("archives and reactivates the website's chosen products, never another website's", async () => {
    const ids = [shop.products.rice.id, shop.products.dal.id];
    const before = await read(shop.products.rice.id);
    const res = await owner.post('/s/api/admin/products/status', { ids: [...ids, otherSiteProductId], status: 'archived' });
    expect(res.json()).toEqual({ updated: 2 });
    expect(
      (await owner.get('/s/api/admin/products?status=archived&sort=name&dir=asc')).json().data.map((p: { name: string }) => p.name),
    ).toEqual(['Basmati Rice', 'Toor Dal']);
    expect((await new TestClient(t.app).get('/s/api/products/toor-dal')).statusCode).toBe(404);
    const [theirs] = await t.db.select().from(products).where(eq(products.id, otherSiteProductId));
    expect(theirs!.status).toBe('active');
    // an editor opened before the bulk change cannot undo it silently
    expect((await owner.put(`/s/api/admin/products/${before.id}`, edit(before))).statusCode).toBe(409);
    expect((await owner.post('/s/api/admin/products/status', { ids, status: 'active' })).json()).toEqual({ updated: 2 });
    for (const body of [
      { ids: [], status: 'active' },
      { ids, status: 'gone' },
    ])
      expect((await owner.post('/s/api/admin/products/status', body)).statusCode).toBe(422);
  });
});

describe('search synonyms (the owner teaches search the words shoppers type)', () => {
  const search = async (q: string) =>
    ((await new TestClient(t.app).get(`/s/api/products?q=${encodeURIComponent(q)}`)).json() as { data: Array<{ slug: string }> }).data.map(
      (p) => p.slug,
    );

  it('only staff with admin access read or replace them', async () => {
    expect((await (await as(null)).get('/s/api/admin/search/synonyms')).statusCode).toBe(401);
    expect((await (await as({})).put('/s/api/admin/search/synonyms', { data: [] })).statusCode).toBe(403);
    expect((await (await as({ isSalesAgent: true })).get('/s/api/admin/search/synonyms')).statusCode).toBe(403);
    expect((await (await as({ superadmin: true })).get('/s/api/admin/search/synonyms')).statusCode).toBe(200);
  });

  it('a new word finds what the catalogue calls otherwise at once; removing it stops that; bad lists change nothing', async () => {
    // a product whose name ends in a plain word (a synonym is letters, digits and spaces)
    const target = (await t.db.select().from(products).where(eq(products.websiteId, shop.websiteId)).orderBy(asc(products.id))).find((p) =>
      /^[a-z]+$/i.test(p.name.split(' ').at(-1)!),
    )!;
    const word = target.name.split(' ').at(-1)!.toLowerCase();
    expect(await search('khazana')).toEqual([]);
    const saved = await owner.put('/s/api/admin/search/synonyms', { data: [{ term: 'Khazana', words: [word] }] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ data: [{ term: 'khazana', words: [word] }] });
    expect(await search('khazana')).toContain(target.slug);
    // twice the same term, or a bad word: refused at its field, the saved list stays
    const dup = await owner.put('/s/api/admin/search/synonyms', {
      data: [
        { term: 'aa bb', words: ['x1'] },
        { term: 'aa bb', words: ['x2'] },
      ],
    });
    expect(dup.statusCode).toBe(422);
    expect((await owner.put('/s/api/admin/search/synonyms', { data: [{ term: '<b>', words: ['rice'] }] })).statusCode).toBe(422);
    expect((await owner.get('/s/api/admin/search/synonyms')).json().data).toHaveLength(1);
    expect((await owner.put('/s/api/admin/search/synonyms', { data: [] })).statusCode).toBe(200);
    expect(await search('khazana')).toEqual([]);
  });

  it('a short word never lands on an unrelated product by a typo match; a long typo still finds its product', async () => {
    expect(await search('dahi')).toEqual([]); // shares 'da' with 'Toor Dal': no curd here, so nothing
    expect(await search('gheee')).toEqual(['cow-ghee']);
  });
});
