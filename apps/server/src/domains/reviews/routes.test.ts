import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  orderLines,
  orders,
  productCards,
  productReviews,
  products,
  users,
  websiteDomains,
  websiteMembers,
  websites,
} from '../../db/schema';
import { createTestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { itOnPostgres } from '../../test/on-postgres';
import { staffClients } from '../../test/staff-clients';
import { seedCartShop, signInAs, type CartShop } from '../cart/test-fixture';
import { NOT_RECEIVED } from './service';

// a stand-in for the built web app, for the product page's head (JSON-LD)
const dist = mkdtempSync(path.join(os.tmpdir(), 'grocer-dist-'));
writeFileSync(path.join(dist, 'index.html'), '<html><head><!--app-head--></head><body><div id="app"></div><!--app-data--></body></html>');

let t: Awaited<ReturnType<typeof createTestApp>>;
let shop: CartShop;
let owner: TestClient;
let n = 0;

beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST: dist }, seed: async (db) => (shop = await seedCartShop(db)) });
  owner = await staffClients(t, shop.websiteId).as({ hasAdminAccess: true });
});
afterAll(() => t.close());

/** A signed-in shopper with one order of `productId` in `status` (none when null). */
async function shopper(productId: number | null, status: 'delivered' | 'shipped' = 'delivered') {
  const k = ++n;
  const [u] = await t.db
    .insert(users)
    .values({ name: `Meera Person${k}`, email: `reviewer${k}@example.com`, phone: `96${String(k).padStart(8, '0')}` })
    .returning();
  await t.db.insert(websiteMembers).values({ websiteId: shop.websiteId, userId: u!.id });
  const c = new TestClient(t.app);
  await signInAs(t.db, c, u!.id);
  if (productId !== null) {
    const id = `rev-${k}`;
    await t.db.insert(orders).values({
      id,
      websiteId: shop.websiteId,
      ordernumber: `R${k}`,
      userId: u!.id,
      status,
      paymentMethod: 'cod',
      idempotencyKey: id,
      address: {
        name: 'Meera',
        phone: '9000000011',
        pincode: '560001',
        line1: '1',
        line2: '',
        landmark: '',
        city: 'Bengaluru',
        state: 'Karnataka',
        type: 'home',
      },
      pincode: '560001',
      itemsTotal: 18000,
      deliveryCharge: 0,
      total: 18000,
    });
    await t.db.insert(orderLines).values({
      websiteId: shop.websiteId,
      orderId: id,
      productId,
      productName: 'x',
      packName: '1 kg',
      hsnCode: '1006',
      gstRate: 500,
      price: 18000,
      actPrice: 18000,
      quantity: 1,
      amount: 18000,
    });
  }
  return { c, userId: u!.id };
}

const reviewsOf = async (slug: string) => (await new TestClient(t.app).get(`/s/api/products/${slug}/reviews`)).json();
const pending = async () => (await owner.get('/s/api/admin/reviews?status=pending')).json().data as Array<{ id: number; body: string }>;

async function summaryRow(productId: number) {
  const [p] = await t.db
    .select({ count: products.ratingCount, total: products.ratingTotal })
    .from(products)
    .where(eq(products.id, productId));
  const [r] = await t.db
    .select({ count: sql<number>`count(*)::int`, total: sql<number>`coalesce(sum(${productReviews.rating}), 0)::int` })
    .from(productReviews)
    .where(and(eq(productReviews.productId, productId), eq(productReviews.status, 'approved')));
  return { kept: p!, recount: r! };
}

describe('a shopper reviews a product they received', () => {
  it('refuses signed-out visitors (401) and shoppers who never received it (403, with why); nothing is written', async () => {
    const anon = new TestClient(t.app);
    expect((await anon.post('/s/api/products/toor-dal/reviews', { rating: 5, body: 'Good' })).statusCode).toBe(401);
    const { c } = await shopper(null);
    const res = await c.post('/s/api/products/toor-dal/reviews', { rating: 5, body: 'Good' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: NOT_RECEIVED });
    // an order not yet delivered is not received
    const { c: waiting } = await shopper(shop.products.dal.id, 'shipped');
    expect((await waiting.post('/s/api/products/toor-dal/reviews', { rating: 4, body: '' })).statusCode).toBe(403);
    expect((await waiting.get('/s/api/products/toor-dal/reviews/mine')).json()).toEqual({ can_review: false, review: null });
    expect(await t.db.select().from(productReviews)).toEqual([]);
  });

  it('refuses a rating out of 1–5 or not whole (422 with the field), and changes nothing', async () => {
    const { c } = await shopper(shop.products.dal.id);
    for (const rating of [0, 6, 3.5, '5']) {
      const res = await c.post('/s/api/products/toor-dal/reviews', { rating, body: 'x' });
      expect(res.statusCode, String(rating)).toBe(422);
      expect(res.json().errors.rating).toBeDefined();
    }
    const long = await c.post('/s/api/products/toor-dal/reviews', { rating: 5, body: 'a'.repeat(2001) });
    expect(long.json().errors.body).toEqual(['A review can be at most 2000 characters']);
    expect(await t.db.select().from(productReviews)).toEqual([]);
  });

  it("answers 404 for another website's product and for one that is not on sale", async () => {
    const [other] = await t.db.insert(websites).values({ name: 'Other shop' }).returning();
    await t.db.insert(websiteDomains).values({ websiteId: other!.id, host: 'other.example' });
    const [elsewhere] = await t.db.insert(products).values({ websiteId: other!.id, name: 'Their Dal', slug: 'their-dal' }).returning();
    const { c } = await shopper(shop.products.dal.id);
    for (const id of ['their-dal', String(elsewhere!.id), 'no-such-product']) {
      const res = await c.post(`/s/api/products/${id}/reviews`, { rating: 4, body: '' });
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message).toBe('Product not found');
      expect((await c.get(`/s/api/products/${id}/reviews`)).statusCode).toBe(404);
    }
  });

  it('writes one review per shopper and product: a second write edits it and sends it back to moderation', async () => {
    const { c, userId } = await shopper(shop.products.dal.id);
    expect((await c.get('/s/api/products/toor-dal/reviews/mine')).json()).toEqual({ can_review: true, review: null });
    const first = await c.post('/s/api/products/toor-dal/reviews', { rating: 4, body: '  Cooks evenly.  ' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ can_review: true, review: { rating: 4, body: 'Cooks evenly.', status: 'pending' } });
    const mine = (await pending()).find((r) => r.body === 'Cooks evenly.')!;
    expect((await owner.post(`/s/api/admin/reviews/${mine.id}`, { status: 'approved' })).statusCode).toBe(204);
    expect(await reviewsOf('toor-dal')).toMatchObject({
      average: 4,
      count: 1,
      data: [{ rating: 4, body: 'Cooks evenly.', author: 'Meera' }],
    });

    const again = await c.post(`/s/api/products/${shop.products.dal.id}/reviews`, { rating: 2, body: 'Stones this time.' });
    expect(again.json().review).toEqual({ rating: 2, body: 'Stones this time.', status: 'pending' });
    const rows = await t.db.select().from(productReviews).where(eq(productReviews.userId, userId));
    expect(rows).toHaveLength(1);
    // the edit waits for staff again: nothing shown, nothing counted
    expect(await reviewsOf('toor-dal')).toMatchObject({ average: 0, count: 0, data: [] });
    const { kept, recount } = await summaryRow(shop.products.dal.id);
    expect(kept).toEqual(recount);
  });

  it('shows approved reviews with their average and count on the product and its card; a rejected one is not shown', async () => {
    const a = await shopper(shop.products.vada.id);
    const b = await shopper(shop.products.vada.id);
    await a.c.post('/s/api/products/vada-pav-mix/reviews', { rating: 5, body: 'Like Mumbai' });
    await b.c.post('/s/api/products/vada-pav-mix/reviews', { rating: 2, body: 'Spam spam' });
    const list = await pending();
    const good = list.find((r) => r.body === 'Like Mumbai')!;
    const bad = list.find((r) => r.body === 'Spam spam')!;
    expect((await owner.post(`/s/api/admin/reviews/${good.id}`, { status: 'approved' })).statusCode).toBe(204);
    expect((await owner.post(`/s/api/admin/reviews/${bad.id}`, { status: 'rejected' })).statusCode).toBe(204);
    const shown = await reviewsOf('vada-pav-mix');
    expect(shown).toMatchObject({ average: 5, count: 1 });
    expect(shown.data.map((r: { body: string }) => r.body)).toEqual(['Like Mumbai']);
    const product = (await new TestClient(t.app).get('/s/api/products/vada-pav-mix')).json();
    expect(product.rating).toEqual({ average: 5, count: 1 });
    const [card] = await t.db
      .select({ tail: productCards.tail })
      .from(productCards)
      .where(eq(productCards.productId, shop.products.vada.id));
    expect(card!.tail).toContain('"rating":{"average":5.0,"count":1}');
    expect((await owner.get('/s/api/admin/reviews?status=rejected')).json().data).toMatchObject([
      { id: bad.id, rating: 2, status: 'rejected' },
    ]);
    const ldOf = async (slug: string) =>
      JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec((await t.app.inject(`/products/${slug}`)).body)![1]!);
    expect((await ldOf('vada-pav-mix')).aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 5,
      reviewCount: 1,
      bestRating: 5,
      worstRating: 1,
    });
    expect((await ldOf('cow-ghee')).aggregateRating).toBeUndefined();
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'review'), eq(auditLog.entityId, String(good.id))));
    expect(audit).toMatchObject([{ action: 'update', before: { status: 'pending' }, after: { status: 'approved' } }]);
  });

  it('lets only staff with Administration moderate: 401 signed out, 403 for shoppers and agents; a review of another website is 404', async () => {
    const everyone = await staffClients(t, shop.websiteId).everyone();
    const { c } = await shopper(shop.products.rice.id);
    await c.post('/s/api/products/basmati-rice/reviews', { rating: 3, body: 'Fine' });
    const target = (await pending()).find((r) => r.body === 'Fine')!;
    for (const [role, want] of [
      ['anonymous', 401],
      ['shopper', 403],
      ['agent', 403],
    ] as const) {
      expect((await everyone[role].get('/s/api/admin/reviews')).statusCode, role).toBe(want);
      expect((await everyone[role].post(`/s/api/admin/reviews/${target.id}`, { status: 'approved' })).statusCode, role).toBe(want);
    }
    const [row] = await t.db.select({ status: productReviews.status }).from(productReviews).where(eq(productReviews.id, target.id));
    expect(row!.status).toBe('pending');
    expect((await everyone.admin.get('/s/api/admin/reviews')).statusCode).toBe(200);
    expect((await owner.post('/s/api/admin/reviews/99999', { status: 'approved' })).statusCode).toBe(404);
    expect((await owner.post(`/s/api/admin/reviews/${target.id}`, { status: 'maybe' })).statusCode).toBe(422);
  });
});

describe("the product's rating summary", () => {
  it('equals a recount of the approved reviews after any sequence of writes, edits, approvals and rejections', async () => {
    const people = await Promise.all([0, 1, 2, 3].map(() => shopper(shop.products.ghee.id)));
    const op = fc.oneof(
      fc.record({ kind: fc.constant('write' as const), who: fc.nat(3), rating: fc.integer({ min: 1, max: 5 }) }),
      fc.record({
        kind: fc.constant('decide' as const),
        who: fc.nat(3),
        status: fc.constantFrom('approved' as const, 'rejected' as const),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        await t.db.delete(productReviews).where(eq(productReviews.productId, shop.products.ghee.id));
        await t.db.update(products).set({ ratingCount: 0, ratingTotal: 0 }).where(eq(products.id, shop.products.ghee.id));
        for (const o of ops) {
          const p = people[o.who]!;
          if (o.kind === 'write') {
            expect((await p.c.post('/s/api/products/cow-ghee/reviews', { rating: o.rating, body: '' })).statusCode).toBe(200);
          } else {
            const [r] = await t.db
              .select({ id: productReviews.id })
              .from(productReviews)
              .where(and(eq(productReviews.productId, shop.products.ghee.id), eq(productReviews.userId, p.userId)));
            if (r) expect((await owner.post(`/s/api/admin/reviews/${r.id}`, { status: o.status })).statusCode).toBe(204);
          }
          const { kept, recount } = await summaryRow(shop.products.ghee.id);
          expect(kept).toEqual(recount);
        }
        const shown = await reviewsOf('cow-ghee');
        const { recount } = await summaryRow(shop.products.ghee.id);
        expect(shown.count).toBe(recount.count);
        expect(shown.data).toHaveLength(recount.count);
      }),
      { numRuns: 25 },
    );
  });

  itOnPostgres('counts every approval when staff approve reviews of one product at once (PostgreSQL)', async () => {
    const people = await Promise.all(Array.from({ length: 8 }, () => shopper(shop.products.rice.id)));
    for (const p of people) await p.c.post('/s/api/products/basmati-rice/reviews', { rating: 4, body: 'race' });
    const ids = (await t.db.select({ id: productReviews.id }).from(productReviews).where(eq(productReviews.body, 'race'))).map((r) => r.id);
    const res = await Promise.all(ids.map((id) => owner.post(`/s/api/admin/reviews/${id}`, { status: 'approved' })));
    expect(res.map((r) => r.statusCode)).toEqual(ids.map(() => 204));
    const { kept, recount } = await summaryRow(shop.products.rice.id);
    expect(kept).toEqual(recount);
    expect(kept.count).toBeGreaterThanOrEqual(8);
  });
});
