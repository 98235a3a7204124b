import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { seedCartShop, setStock, signInAs, type CartShop } from '../cart/test-fixture';

let t: Awaited<ReturnType<typeof createTestApp>>;
let shop: CartShop;
let n = 0;

beforeAll(async () => {
  t = await createTestApp({ seed: async (db) => (shop = await seedCartShop(db)) });
});
afterAll(() => t.close());

/** A fresh signed-in shopper at 560001 (each test its own user, so lists do not leak). */
async function signedIn() {
  const [u] = await t.db
    .insert(users)
    .values({ name: `Wish ${++n}`, email: `wish${n}@example.com` })
    .returning();
  const c = new TestClient(t.app);
  await c.get('/s/api/check/pincode/560001');
  await signInAs(t.db, c, u!.id);
  return c;
}

describe('signed out', () => {
  it('answers 401 to every wishlist call', async () => {
    const c = new TestClient(t.app);
    expect((await c.get('/s/api/wishlist')).statusCode).toBe(401);
    expect((await c.post('/s/api/wishlist/update', { product_id: shop.products.rice.id, wishlist_category_id: null })).statusCode).toBe(
      401,
    );
    expect((await c.post('/s/api/wishlistCategory', { name: 'Monthly' })).statusCode).toBe(401);
    expect((await c.post('/s/api/wishlist/to-cart', { wishlist_category_id: null })).statusCode).toBe(401);
  });
});

describe('wishlists', () => {
  it('starts with only Default (id null)', async () => {
    const c = await signedIn();
    expect((await c.get('/s/api/wishlist')).json()).toEqual({ WishlistCategories: [{ id: null, name: 'Default', products: [] }] });
  });

  it('toggles a product in Default and in a named list; the flags follow', async () => {
    const c = await signedIn();
    const created = await c.post('/s/api/wishlistCategory', { name: '  Monthly  ' });
    expect(created.statusCode).toBe(200);
    const monthly = created.json();
    expect(monthly).toMatchObject({ id: expect.any(Number), name: 'Monthly' });

    let res = await c.post('/s/api/wishlist/update', { product_id: shop.products.rice.id, wishlist_category_id: null });
    expect(res.json()).toEqual({ product_id: shop.products.rice.id, wishlist_category_id: null, added: true, wishlist: true });
    res = await c.post('/s/api/wishlist/update', { product_id: shop.products.rice.id, wishlist_category_id: monthly.id });
    expect(res.json()).toMatchObject({ added: true, wishlist: true });
    await c.post('/s/api/wishlist/update', { product_id: shop.products.dal.id, wishlist_category_id: monthly.id });

    const lists = (await c.get('/s/api/wishlist')).json().WishlistCategories;
    expect(lists.map((l: { id: number | null; name: string }) => [l.id, l.name])).toEqual([
      [null, 'Default'],
      [monthly.id, 'Monthly'],
    ]);
    expect(lists[0].products.map((p: { slug: string }) => p.slug)).toEqual(['basmati-rice']);
    expect(lists[1].products.map((p: { slug: string }) => p.slug)).toEqual(['basmati-rice', 'toor-dal']);
    expect(lists[1].products[0]).toMatchObject({ wishlist: true, image: 'products/basmati-rice.webp', brand_name: 'Farm Fresh' });
    expect(lists[1].products[0].packs[0]).toMatchObject({
      pack_name: '1 kg',
      price: 120,
      act_price: 150,
      warehouse_id: shop.warehouses.blr.id,
      stock: 3,
    });

    // Off in Default: still saved in Monthly, so the product flag stays true; off there too → false.
    res = await c.post('/s/api/wishlist/update', { product_id: shop.products.rice.id, wishlist_category_id: null });
    expect(res.json()).toMatchObject({ added: false, wishlist: true });
    res = await c.post('/s/api/wishlist/update', { product_id: shop.products.rice.id, wishlist_category_id: monthly.id });
    expect(res.json()).toMatchObject({ added: false, wishlist: false });
  });

  it("refuses a duplicate or empty name, unknown products and other people's lists", async () => {
    const a = await signedIn();
    const b = await signedIn();
    const list = (await a.post('/s/api/wishlistCategory', { name: 'Party' })).json();
    const dup = await a.post('/s/api/wishlistCategory', { name: 'party' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('You already have a wishlist named party');
    const empty = await a.post('/s/api/wishlistCategory', { name: '  ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('New Wishlist is required');
    expect((await a.post('/s/api/wishlist/update', { product_id: 999_999, wishlist_category_id: null })).statusCode).toBe(404);
    expect((await b.post('/s/api/wishlist/update', { product_id: shop.products.rice.id, wishlist_category_id: list.id })).statusCode).toBe(
      404,
    );
    expect((await b.put(`/s/api/wishlistCategory/${list.id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await b.delete(`/s/api/wishlistCategory/${list.id}`)).statusCode).toBe(404);
  });

  it('renames and deletes a list with its items', async () => {
    const c = await signedIn();
    const list = (await c.post('/s/api/wishlistCategory', { name: 'Weekly' })).json();
    await c.post('/s/api/wishlist/update', { product_id: shop.products.dal.id, wishlist_category_id: list.id });
    const renamed = await c.put(`/s/api/wishlistCategory/${list.id}`, { name: 'Sunday' });
    expect(renamed.json()).toEqual({ id: list.id, name: 'Sunday' });
    expect((await c.delete(`/s/api/wishlistCategory/${list.id}`)).json()).toEqual({ ok: true });
    expect((await c.get('/s/api/wishlist')).json().WishlistCategories).toHaveLength(1);
    const again = await c.post('/s/api/wishlist/update', { product_id: shop.products.dal.id, wishlist_category_id: null });
    expect(again.json()).toMatchObject({ added: true, wishlist: true });
  });

  it('adds a whole list to the cart and reports what could not be added', async () => {
    const c = await signedIn();
    const list = (await c.post('/s/api/wishlistCategory', { name: 'Repeat' })).json();
    for (const p of [shop.products.rice, shop.products.dal, shop.products.ghee, shop.products.vada]) {
      await c.post('/s/api/wishlist/update', { product_id: p.id, wishlist_category_id: list.id });
    }
    const res = await c.post('/s/api/wishlist/to-cart', { wishlist_category_id: list.id });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.added.map((a: { name: string }) => a.name)).toEqual(['Basmati Rice', 'Toor Dal']);
    expect(body.skipped).toEqual([
      { product_id: shop.products.ghee.id, name: 'Cow Ghee', reason: 'Cow Ghee - 500 ml is out of stock' },
      { product_id: shop.products.vada.id, name: 'Vada Pav Mix', reason: 'Vada Pav Mix - 200 g is not delivered to 560001' },
    ]);
    expect(body.cart.items.map((i: { pack_id: number; quantity: number }) => [i.pack_id, i.quantity])).toEqual([
      [shop.packs.rice1.id, 1],
      [shop.packs.dal1.id, 1],
    ]);
  });

  it('moves one item to the cart (it leaves the list)', async () => {
    const c = await signedIn();
    await c.post('/s/api/wishlist/update', { product_id: shop.products.dal.id, wishlist_category_id: null });
    const res = await c.post('/s/api/wishlist/to-cart', { wishlist_category_id: null, product_id: shop.products.dal.id, move: true });
    expect(res.json().cart.quantity).toBe(1);
    expect((await c.get('/s/api/wishlist')).json().WishlistCategories[0].products).toEqual([]);
  });

  it('picks the first pack in stock', async () => {
    const c = await signedIn();
    await setStock(t.db, shop.websiteId, shop.packs.rice1.id, shop.warehouses.blr.id, 0);
    try {
      await c.post('/s/api/wishlist/update', { product_id: shop.products.rice.id, wishlist_category_id: null });
      const res = await c.post('/s/api/wishlist/to-cart', { wishlist_category_id: null });
      expect(res.json().cart.items.map((i: { pack: string }) => i.pack)).toEqual(['5 kg']);
    } finally {
      await setStock(t.db, shop.websiteId, shop.packs.rice1.id, shop.warehouses.blr.id, 3);
    }
  });
});
