import type { AdminProduct } from '@grocer/shared/admin-catalogue';
import type { AdminAuditList, AdminBrand, AdminCategory } from '@grocer/shared/admin-catalogue-edit';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, brands, categories, orderLines, orders, packs, products, users, websites } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { ROLE_STATUS, staffClients, type RoleName } from '../../test/staff-clients';
import { seedCartShop, type CartShop } from '../cart/test-fixture';
import { refreshProductIndex } from './search';

let t: Awaited<ReturnType<typeof createTestApp>>;
let shop: CartShop;
let owner: TestClient & { userId?: number };
let other: { websiteId: number; productId: number; categoryId: number; brandId: number };

beforeAll(async () => {
  t = await createTestApp({ seed: async (db) => (shop = await seedCartShop(db)) });
  for (const [key, pack] of Object.entries(shop.packs))
    await t.db.update(packs).set({ sku: key.toUpperCase() }).where(eq(packs.id, pack.id));
  const [site] = await t.db.insert(websites).values({ name: 'Other Shop' }).returning();
  const [c] = await t.db.insert(categories).values({ websiteId: site!.id, name: 'Theirs', slug: 'theirs' }).returning();
  const [b] = await t.db.insert(brands).values({ websiteId: site!.id, name: 'Their Brand', slug: 'their-brand' }).returning();
  const [p] = await t.db
    .insert(products)
    .values({ websiteId: site!.id, name: 'Other Rice', slug: 'other-rice', categoryId: c!.id, brandId: b!.id })
    .returning();
  await t.db.insert(packs).values({ websiteId: site!.id, productId: p!.id, name: '1 kg', sku: 'OTHER-1', price: 100, actPrice: 100 });
  other = { websiteId: site!.id, productId: p!.id, categoryId: c!.id, brandId: b!.id };
  await refreshProductIndex(t.db, shop.websiteId);
  owner = await staffClients(t, shop.websiteId).as({ hasAdminAccess: true });
}, 120_000);
afterAll(() => t.close());

const newProduct = (over: Record<string, unknown> = {}) => ({
  name: 'Sona Masoori Rice',
  brand_id: null,
  category_id: null,
  description: '',
  seo_title: '',
  seo_description: '',
  hsn_code: '1006',
  gst_rate: 5,
  packs: [
    { name: '1 kg', sku: `SM-${randomUUID().slice(0, 8)}`, barcode: '', price: 80, act_price: 90, position: 0 },
    { name: '5 kg', sku: `SM-${randomUUID().slice(0, 8)}`, barcode: '', price: 380, act_price: 450, position: 1 },
  ],
  ...over,
});

const create = async (over: Record<string, unknown> = {}) => {
  const res = await owner.post('/s/api/admin/products', newProduct(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as AdminProduct;
};

const productCount = async () =>
  (await t.db.select({ id: products.id }).from(products).where(eq(products.websiteId, shop.websiteId))).length;

async function placeOrderOf(productId: number | null, packId: number) {
  const [u] = await t.db.select().from(users).where(eq(users.id, shop.users.shopper.id));
  const id = randomUUID();
  await t.db.insert(orders).values({
    id,
    websiteId: shop.websiteId,
    ordernumber: `T${id.slice(0, 6)}`,
    userId: u!.id,
    status: 'placed',
    paymentMethod: 'cod',
    idempotencyKey: id,
    address: {
      name: 'X',
      phone: '9000000099',
      pincode: '560001',
      line1: 'a',
      line2: 'b',
      landmark: null,
      city: 'c',
      state: 'd',
      type: 'home',
    },
    pincode: '560001',
    itemsTotal: 100,
    total: 100,
  });
  await t.db.insert(orderLines).values({
    websiteId: shop.websiteId,
    orderId: id,
    packId,
    productId,
    productName: 'x',
    packName: 'y',
    hsnCode: '',
    gstRate: 0,
    price: 100,
    actPrice: 100,
    quantity: 1,
    amount: 100,
  });
}

describe('roles', () => {
  it('every new staff call: 401 signed out, 403 shopper and agent, allowed for admin and superadmin; refused writes change nothing', async () => {
    const who = await staffClients(t, shop.websiteId).everyone();
    const before = await productCount();
    for (const [name, c] of Object.entries(who) as Array<[RoleName, TestClient]>) {
      const expected = ROLE_STATUS[name];
      for (const url of ['/s/api/admin/categories', '/s/api/admin/brands', '/s/api/admin/audit'])
        expect([url, name, (await c.get(url)).statusCode]).toEqual([url, name, expected]);
      const preview = await c.post('/s/api/admin/products/prices/preview', { ids: [shop.products.dal.id], by: 'percent', value: 10 });
      expect([name, preview.statusCode]).toEqual([name, expected]);
      if (expected === 200) continue;
      const writes = [
        await c.post('/s/api/admin/products', newProduct()),
        await c.delete(`/s/api/admin/products/${shop.products.vada.id}`),
        await c.post('/s/api/admin/products/delete', { ids: [shop.products.vada.id] }),
        await c.post('/s/api/admin/products/category', { ids: [shop.products.vada.id], category_id: null }),
        await c.post('/s/api/admin/products/prices', { ids: [shop.products.vada.id], by: 'amount', value: 1 }),
        await c.post('/s/api/admin/categories', { name: 'Hacked' }),
        await c.post('/s/api/admin/brands', { name: 'Hacked' }),
      ];
      expect([name, writes.map((r) => r.statusCode)]).toEqual([name, writes.map(() => expected)]);
    }
    expect(await productCount()).toBe(before);
    const [vada1] = await t.db.select().from(packs).where(eq(packs.id, shop.packs.vada1.id));
    expect(vada1!.price).toBe(9_000);
  });
});

describe('create and delete products', () => {
  it('creates a draft with a slug made unique from the name, its packs and categories, and audits it', async () => {
    const a = await create();
    expect(a.status).toBe('draft');
    expect(a.slug).toBe('sona-masoori-rice');
    expect(a.packs.map((k) => [k.name, k.price, k.act_price])).toEqual([
      ['1 kg', 80, 90],
      ['5 kg', 380, 450],
    ]);
    const b = await create();
    expect(b.slug).toBe('sona-masoori-rice-2');
    const audit = (await owner.get(`/s/api/admin/audit?entity=product&entity_id=${a.id}`)).json() as AdminAuditList;
    expect(audit.data.map((r) => [r.action, r.actor?.id])).toEqual([['create', owner.userId]]);
    // a draft is not on the storefront
    expect((await new TestClient(t.app).get(`/s/api/products/${a.slug}`)).statusCode).toBe(404);
  });

  it('bad input is 422 with messages at the fields, and nothing is saved', async () => {
    const before = await productCount();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: '' }, 'name', 'Name is required'],
      [{ packs: [] }, 'packs', 'A product needs at least one pack'],
      [{ slug: 'Not A Slug' }, 'slug', 'Slug can have lowercase letters, digits and single hyphens'],
      [{ slug: 'basmati-rice' }, 'slug', 'Another product already uses this slug'],
      [{ brand_id: other.brandId }, 'brand_id', 'Brand not found'],
      [{ category_id: other.categoryId }, 'category_id', 'Category not found'],
      [
        { packs: [{ name: '1 kg', sku: 'DAL1', barcode: '', price: 10, act_price: 10, position: 0 }] },
        'packs.0.sku',
        'SKU is already used by Toor Dal',
      ],
      [
        { packs: [{ name: '1 kg', sku: 'NEW-1', barcode: '', price: 10, act_price: 5, position: 0 }] },
        'packs.0.act_price',
        'MRP cannot be less than the price',
      ],
    ];
    for (const [change, field, message] of cases) {
      const res = await owner.post('/s/api/admin/products', newProduct(change));
      expect([field, res.statusCode]).toEqual([field, 422]);
      expect(res.json().errors[field]).toContain(message);
    }
    expect(await productCount()).toBe(before);
  });

  it("deletes a product never ordered; an ordered one is refused with 409 telling to archive; another shop's is 404", async () => {
    const p = await create({ name: 'Delete Me' });
    expect((await owner.delete(`/s/api/admin/products/${p.id}`)).statusCode).toBe(204);
    expect(await t.db.select().from(products).where(eq(products.id, p.id))).toEqual([]);
    expect((await owner.get(`/s/api/admin/products/${p.id}`)).statusCode).toBe(404);

    const q = await create({ name: 'Ordered Once' });
    await placeOrderOf(q.id, q.packs[0]!.id);
    const res = await owner.delete(`/s/api/admin/products/${q.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'PRODUCT_ORDERED' });
    expect(res.json().message).toMatch(/Ordered Once has been ordered.*archive it instead/);
    // a line that names only the pack (its product id was lost) still counts
    const s = await create({ name: 'Pack Ordered' });
    await placeOrderOf(null, s.packs[1]!.id);
    expect((await owner.delete(`/s/api/admin/products/${s.id}`)).statusCode).toBe(409);
    // bulk: one ordered product keeps every other one too
    const r = await create({ name: 'Kept Too' });
    expect((await owner.post('/s/api/admin/products/delete', { ids: [r.id, q.id] })).statusCode).toBe(409);
    expect((await owner.get(`/s/api/admin/products/${r.id}`)).statusCode).toBe(200);

    expect((await owner.delete(`/s/api/admin/products/${other.productId}`)).statusCode).toBe(404);
    expect((await owner.post('/s/api/admin/products/delete', { ids: [r.id, other.productId] })).statusCode).toBe(404);
    expect(await t.db.select().from(products).where(eq(products.id, other.productId))).toHaveLength(1);
    const audit = (await owner.get(`/s/api/admin/audit?entity=product&entity_id=${p.id}`)).json() as AdminAuditList;
    expect(audit.data.map((a) => a.action)).toEqual(['delete', 'create']);
  });
});

describe('bulk actions', () => {
  it("moves products to a category (the storefront filter follows at once); another shop's category is 422", async () => {
    const [grains] = await t.db.insert(categories).values({ websiteId: shop.websiteId, name: 'Grains', slug: 'grains' }).returning();
    const store = new TestClient(t.app);
    const shelf = async () =>
      ((await store.get('/s/api/products?c=grains')).json() as { data: Array<{ slug: string }> }).data.map((p) => p.slug).sort();
    expect(await shelf()).toEqual([]);
    const res = await owner.post('/s/api/admin/products/category', {
      ids: [shop.products.rice.id, shop.products.dal.id],
      category_id: grains!.id,
    });
    expect(res.json()).toEqual({ updated: 2 });
    expect(await shelf()).toEqual(['basmati-rice', 'toor-dal']);
    const bad = await owner.post('/s/api/admin/products/category', { ids: [shop.products.rice.id], category_id: other.categoryId });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.category_id).toEqual(['Category not found']);
    // another shop's product is left alone
    await owner.post('/s/api/admin/products/category', { ids: [other.productId], category_id: grains!.id });
    const [theirs] = await t.db.select().from(products).where(eq(products.id, other.productId));
    expect(theirs!.categoryId).toBe(other.categoryId);
  });

  it('previews a price change pack by pack, applies it in one go (MRP never below the price), and the storefront shows it', async () => {
    const body = { ids: [shop.products.ghee.id, shop.products.vada.id], by: 'percent', value: 10 };
    const openInEditor = (await owner.get(`/s/api/admin/products/${shop.products.ghee.id}`)).json() as AdminProduct;
    const preview = (await owner.post('/s/api/admin/products/prices/preview', body)).json();
    expect(
      preview.data.map((r: Record<string, unknown>) => [r.product, r.price, r.new_price, r.act_price, r.new_act_price, r.problem]),
    ).toEqual([
      ['Cow Ghee', 300, 330, 320, 330, null],
      ['Vada Pav Mix', 90, 99, 90, 99, null],
    ]);
    // preview writes nothing
    expect((await t.db.select().from(packs).where(eq(packs.id, shop.packs.ghee1.id)))[0]!.price).toBe(30_000);
    const store = new TestClient(t.app);
    await store.get('/s/api/products/vada-pav-mix'); // warm the storefront's cache
    expect((await owner.post('/s/api/admin/products/prices', body)).json()).toEqual({ updated: 2 });
    // an editor opened before the change cannot save its old prices over it
    const { image: _i, id: _id, updated_at: _u, packs: ps, ...rest } = openInEditor;
    const stale = await owner.put(`/s/api/admin/products/${openInEditor.id}`, { ...rest, packs: ps.map(({ stock: _s, ...k }) => k) });
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'STALE_PRODUCT']);
    const vada = (await store.get('/s/api/products/vada-pav-mix')).json() as { packs: Array<{ price: number }> };
    expect(vada.packs[0]!.price).toBe(99);
    const audit = (await owner.get(`/s/api/admin/audit?entity=product&entity_id=${shop.products.ghee.id}`)).json() as AdminAuditList;
    expect(audit.data[0]).toMatchObject({
      action: 'prices',
      before: { packs: [{ price: 300, act_price: 320 }] },
      after: { packs: [{ price: 330, act_price: 330 }] },
    });
  });

  it('refuses a change taking any price to 0 or below, whole: nothing changes', async () => {
    const body = { ids: [shop.products.vada.id, shop.products.rice.id], by: 'amount', value: -100 };
    const preview = (await owner.post('/s/api/admin/products/prices/preview', body)).json();
    expect(preview.data.find((r: { pack: string; product: string }) => r.product === 'Vada Pav Mix').problem).toBe(
      'The price would be 0 or less',
    );
    const before = await t.db.select({ id: packs.id, price: packs.price }).from(packs).where(eq(packs.websiteId, shop.websiteId));
    const res = await owner.post('/s/api/admin/products/prices', body);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.value[0]).toMatch(/Vada Pav Mix 200 g: The price would be 0 or less/);
    expect(await t.db.select({ id: packs.id, price: packs.price }).from(packs).where(eq(packs.websiteId, shop.websiteId))).toEqual(before);
    expect((await owner.post('/s/api/admin/products/prices', { ...body, value: 0 })).statusCode).toBe(422);
    expect((await owner.post('/s/api/admin/products/prices', { ids: [other.productId], by: 'amount', value: 1 })).statusCode).toBe(404);
  });
});

describe('editor additions', () => {
  it('an old slug redirects to the current one (the API and its page), and a reused slug belongs to its new owner', async () => {
    const p = await create({ name: 'Moong Dal', status: 'active' });
    const read = (await owner.get(`/s/api/admin/products/${p.id}`)).json() as AdminProduct;
    const { image: _i, id: _id, updated_at: _u, packs: ps, ...rest } = read;
    const save = (slug: string, version: number) =>
      owner.put(`/s/api/admin/products/${p.id}`, { ...rest, slug, version, packs: ps.map(({ stock: _s, ...k }) => k) });
    expect((await save('moong-dal-yellow', read.version)).statusCode).toBe(200);
    const store = new TestClient(t.app);
    const old = await store.get('/s/api/products/moong-dal?x=1');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/s/api/products/moong-dal-yellow?x=1');
    expect((await store.get('/s/api/products/moong-dal-yellow')).json().slug).toBe('moong-dal-yellow');
    // a new product may take the old slug: it is then that product's, no longer a redirect
    const q = await create({ name: 'Moong Dal', slug: 'moong-dal', status: 'active' });
    expect(q.slug).toBe('moong-dal');
    expect((await store.get('/s/api/products/moong-dal')).json().product_name).toBe('Moong Dal');
    expect((await store.get('/s/api/products/moong-dal')).json().slug).toBe('moong-dal');
    // a generated slug never takes an old one
    const r = await create({ name: 'Moong Dal Yellow' });
    expect(r.slug).toBe('moong-dal-yellow-2');
  });

  it('keeps further categories; a storefront category filter finds a product in any of them', async () => {
    const [snacks] = await t.db.insert(categories).values({ websiteId: shop.websiteId, name: 'Snacks', slug: 'snacks' }).returning();
    const [gifts] = await t.db.insert(categories).values({ websiteId: shop.websiteId, name: 'Gifts', slug: 'gifts' }).returning();
    const p = await create({ name: 'Chakli', status: 'active', category_id: snacks!.id, category_ids: [gifts!.id] });
    expect([p.category_id, p.category_ids]).toEqual([snacks!.id, [gifts!.id]]);
    const store = new TestClient(t.app);
    for (const c of ['snacks', 'gifts'])
      expect(((await store.get(`/s/api/products?c=${c}`)).json() as { data: Array<{ slug: string }> }).data.map((x) => x.slug)).toEqual([
        'chakli',
      ]);
    const admin = (await owner.get(`/s/api/admin/products?category=${gifts!.id}`)).json() as { data: Array<{ name: string }> };
    expect(admin.data.map((x) => x.name)).toEqual(['Chakli']);
    const bad = await owner.post('/s/api/admin/products', newProduct({ category_ids: [other.categoryId] }));
    expect(bad.json().errors.category_ids).toEqual(['Category not found']);
  });

  it('a description keeps basic formatting only: no script, handler, style or javascript: link survives', async () => {
    const p = await create({
      name: 'Rich Text',
      status: 'active',
      description:
        '<h1>Title</h1><p onclick="x()" style="color:red">Long <b>grain</b> <em>aged</em></p><script>alert(1)</script>' +
        '<img src=x onerror="alert(1)"><ul><li><a href="javascript:alert(1)">bad</a></li><li><a href="https://example.com" target="_blank">good</a></li></ul>' +
        '<iframe src="https://evil"></iframe><a href="JaVaScRiPt:alert(1)">x</a><a href="data:text/html,<script>alert(1)</script>">d</a>',
    });
    expect(p.description).toBe(
      '<h3>Title</h3><p>Long <strong>grain</strong> <em>aged</em></p><ul><li><a rel="noopener nofollow">bad</a></li>' +
        '<li><a href="https://example.com" rel="noopener nofollow">good</a></li></ul><a rel="noopener nofollow">x</a><a rel="noopener nofollow">d</a>',
    );
    const shown = (await new TestClient(t.app).get(`/s/api/products/${p.slug}`)).json().product_description as string;
    expect(shown).toBe(p.description);
    expect(shown).not.toMatch(/script|onerror|onclick|javascript:|iframe|style=/i);
  });
});

describe('categories', () => {
  const list = async () => ((await owner.get('/s/api/admin/categories')).json() as { data: AdminCategory[] }).data;
  const add = async (name: string, parent_id: number | null = null) => {
    const res = await owner.post('/s/api/admin/categories', { name, parent_id });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as AdminCategory;
  };

  it('creates up to three levels, arranges by drag (order and parent), refuses cycles and a fourth level', async () => {
    const food = await add('Food');
    const staples = await add('Staples', food.id);
    const pulses = await add('Pulses', staples.id);
    expect(pulses.slug).toBe('pulses');
    const deep = await owner.post('/s/api/admin/categories', { name: 'Too Deep', parent_id: pulses.id });
    expect(deep.statusCode).toBe(422);
    expect(deep.json().errors.parent_id).toEqual(['Categories go at most 3 levels deep']);
    const oils = await add('Oils', food.id);
    // reorder Food's children
    let arranged = await owner.post('/s/api/admin/categories/arrange', { parent_id: food.id, ids: [oils.id, staples.id] });
    expect(arranged.statusCode).toBe(200);
    const kids = (await list()).filter((c) => c.parent_id === food.id).sort((a, b) => a.position - b.position);
    expect(kids.map((c) => c.name)).toEqual(['Oils', 'Staples']);
    // re-parent Pulses under Oils (still 3 levels)
    arranged = await owner.post('/s/api/admin/categories/arrange', { parent_id: oils.id, ids: [pulses.id] });
    expect(arranged.statusCode).toBe(200);
    expect((await list()).find((c) => c.id === pulses.id)!.parent_id).toBe(oils.id);
    // Food inside its own grandchild: refused; Staples (2 levels) under Oils would make 4
    expect((await owner.post('/s/api/admin/categories/arrange', { parent_id: pulses.id, ids: [food.id] })).json().errors.parent_id).toEqual(
      ['A category cannot go inside itself'],
    );
    await add('Dals', staples.id);
    expect((await owner.post('/s/api/admin/categories/arrange', { parent_id: oils.id, ids: [staples.id] })).statusCode).toBe(422);
    expect((await owner.post('/s/api/admin/categories/arrange', { parent_id: null, ids: [other.categoryId] })).statusCode).toBe(404);
  });

  it("edits name, slug and avatar; a taken slug is 422; another shop's category is 404", async () => {
    const c = await add('Bakery');
    const sub = await add('Buns', c.id);
    await create({ name: 'Pav Pack', status: 'active', category_id: sub.id });
    const search = async (q: string) =>
      ((await new TestClient(t.app).get(`/s/api/products?q=${q}`)).json() as { data: Array<{ slug: string }> }).data.map((p) => p.slug);
    expect(await search('sourdough')).toEqual([]);
    const res = await owner.put(`/s/api/admin/categories/${c.id}`, {
      name: 'Sourdough Bakery',
      slug: 'bakery-breads',
      avatar: 'categories/bakery.webp',
    });
    expect(res.json()).toMatchObject({ name: 'Sourdough Bakery', slug: 'bakery-breads', avatar: 'categories/bakery.webp' });
    // the category path is in the search document of the products below it
    expect(await search('sourdough')).toEqual(['pav-pack']);
    const taken = await owner.put(`/s/api/admin/categories/${c.id}`, { name: 'X', slug: 'food' });
    expect([taken.statusCode, taken.json().errors.slug]).toEqual([422, ['Another category already uses this slug']]);
    expect((await owner.put(`/s/api/admin/categories/${other.categoryId}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await owner.delete(`/s/api/admin/categories/${other.categoryId}`)).statusCode).toBe(404);
    expect((await owner.put(`/s/api/admin/categories/${c.id}`, { name: 'X', avatar: '../etc/passwd' })).statusCode).toBe(422);
  });

  it('deletes an empty category; a used one only after choosing where its products and children go', async () => {
    const empty = await add('Empty');
    expect((await owner.delete(`/s/api/admin/categories/${empty.id}`)).statusCode).toBe(204);
    const home = await add('Household');
    const sub = await add('Cleaning', home.id);
    const target = await add('Home Care');
    const p = await create({ name: 'Phenyl', status: 'active', category_id: home.id });
    const refused = await owner.delete(`/s/api/admin/categories/${home.id}`);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'CATEGORY_IN_USE']);
    expect(refused.json().message).toBe('Household has 1 products and 1 sub-categories: choose where they go, then delete it.');
    expect((await owner.delete(`/s/api/admin/categories/${home.id}?move_to=${sub.id}`)).statusCode).toBe(422);
    expect((await owner.delete(`/s/api/admin/categories/${home.id}?move_to=${target.id}`)).statusCode).toBe(204);
    const after = await list();
    expect(after.find((c) => c.id === home.id)).toBeUndefined();
    expect(after.find((c) => c.id === sub.id)!.parent_id).toBe(target.id);
    expect([after.find((c) => c.id === target.id)!.products, after.find((c) => c.id === sub.id)!.products]).toEqual([1, 0]);
    expect(((await owner.get(`/s/api/admin/products/${p.id}`)).json() as AdminProduct).category_id).toBe(target.id);
    const shelf = (await new TestClient(t.app).get('/s/api/products?c=home-care')).json() as { data: Array<{ slug: string }> };
    expect(shelf.data.map((x) => x.slug)).toEqual(['phenyl']);
  });
});

describe('brands', () => {
  it("lists, creates, edits; deletes only an unused brand; another shop's brand is 404", async () => {
    const created = await owner.post('/s/api/admin/brands', { name: 'Aashirvaad', logo: 'brands/aashirvaad.png' });
    expect(created.statusCode).toBe(201);
    const b = created.json() as AdminBrand;
    expect(b).toMatchObject({ slug: 'aashirvaad', products: 0 });
    expect((await owner.post('/s/api/admin/brands', { name: '' })).json().errors.name).toEqual(['Name is required']);
    expect((await owner.post('/s/api/admin/brands', { name: 'X', slug: 'farm-fresh' })).json().errors.slug).toEqual([
      'Another brand already uses this slug',
    ]);
    const edited = (await owner.put(`/s/api/admin/brands/${b.id}`, { name: 'Aashirvaad Atta', slug: 'aashirvaad' })).json() as AdminBrand;
    expect(edited.name).toBe('Aashirvaad Atta');
    const page = (await owner.get('/s/api/admin/brands?q=farm')).json() as { data: AdminBrand[] };
    expect(page.data.map((x) => [x.name, x.products > 0])).toEqual([['Farm Fresh', true]]);
    const farm = page.data[0]!;
    const refused = await owner.delete(`/s/api/admin/brands/${farm.id}`);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'BRAND_IN_USE']);
    expect(refused.json().message).toBe('4 products use Farm Fresh: move them to another brand (or none) before deleting it.');
    expect((await owner.delete(`/s/api/admin/brands/${b.id}`)).statusCode).toBe(204);
    expect((await owner.put(`/s/api/admin/brands/${other.brandId}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await owner.delete(`/s/api/admin/brands/${other.brandId}`)).statusCode).toBe(404);
    expect((await t.db.select().from(brands).where(eq(brands.id, other.brandId)))[0]!.name).toBe('Their Brand');
  });
});

describe('two people editing the same category or brand', () => {
  it('the second save from the same version is refused with 409 and changes nothing; concurrent saves: one wins', async () => {
    const cat = (await owner.post('/s/api/admin/categories', { name: 'Millets' })).json() as AdminCategory;
    expect(cat.version).toBe(1);
    const first = await owner.put(`/s/api/admin/categories/${cat.id}`, { name: 'Millets & Grains', version: 1 });
    expect([first.statusCode, first.json().version]).toEqual([200, 2]);
    const second = await owner.put(`/s/api/admin/categories/${cat.id}`, { name: 'Siridhanya', version: 1 });
    expect([second.statusCode, second.json().code]).toEqual([409, 'STALE_CATEGORY']);
    expect(second.json().message).toBe(
      'Someone else saved this category after you opened it. Reload to see their changes, then make yours again.',
    );
    const race = await Promise.all(['Ragi', 'Jowar'].map((name) => owner.put(`/s/api/admin/categories/${cat.id}`, { name, version: 2 })));
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [row] = await t.db.select().from(categories).where(eq(categories.id, cat.id));
    expect(row!.version).toBe(3);
    expect(['Ragi', 'Jowar']).toContain(row!.name);

    const brand = (await owner.post('/s/api/admin/brands', { name: 'Two Editors' })).json() as AdminBrand;
    expect((await owner.put(`/s/api/admin/brands/${brand.id}`, { name: 'Two Editors Co', version: brand.version })).statusCode).toBe(200);
    const stale = await owner.put(`/s/api/admin/brands/${brand.id}`, { name: 'Lost Edit', version: brand.version });
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'STALE_BRAND']);
    expect((await t.db.select().from(brands).where(eq(brands.id, brand.id)))[0]!.name).toBe('Two Editors Co');
  });
});

describe('audit log', () => {
  it("lists the website's rows newest first with the person, filtered by entity, person and day; never another shop's", async () => {
    await t.db
      .insert(auditLog)
      .values({ websiteId: other.websiteId, entity: 'product', entityId: String(other.productId), action: 'update' });
    await owner.post('/s/api/admin/products/status', { ids: [shop.products.dal.id], status: 'draft' });
    const all = (await owner.get('/s/api/admin/audit?perPage=100')).json() as AdminAuditList;
    expect(all.data.some((r) => r.entity === 'product' && r.entity_id === String(other.productId))).toBe(false);
    expect(all.entities).toEqual(expect.arrayContaining(['brand', 'category', 'product']));
    expect(all.people).toContainEqual({ id: owner.userId, name: expect.any(String) });
    const dal = (await owner.get(`/s/api/admin/audit?entity=product&entity_id=${shop.products.dal.id}`)).json() as AdminAuditList;
    expect(dal.data[0]).toMatchObject({ action: 'status', after: { status: 'draft' }, actor: { id: owner.userId } });
    const brandsOnly = (await owner.get('/s/api/admin/audit?entity=brand')).json() as AdminAuditList;
    expect(brandsOnly.data.every((r) => r.entity === 'brand') && brandsOnly.data.length > 0).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect(((await owner.get(`/s/api/admin/audit?from=${today}&to=${today}`)).json() as AdminAuditList).meta.total).toBe(all.meta.total);
    expect(((await owner.get('/s/api/admin/audit?to=2000-01-01')).json() as AdminAuditList).meta.total).toBe(0);
    expect((await owner.get('/s/api/admin/audit?from=yesterday')).statusCode).toBe(422);
    const mine = (await owner.get(`/s/api/admin/audit?actor=${owner.userId}&perPage=100`)).json() as AdminAuditList;
    expect(mine.data.every((r) => r.actor?.id === owner.userId)).toBe(true);
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.websiteId, shop.websiteId), eq(auditLog.entity, 'product')));
    expect(row).toBeDefined();
  });
});
