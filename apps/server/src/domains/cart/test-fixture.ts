import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  brands,
  coupons,
  couponRedemptions,
  packs,
  productMedia,
  products,
  sessions,
  users,
  warehouses,
  websiteDomains,
  websites,
} from '../../db/schema';
import { forgetSession, hashToken, SESSION_TTL_MS } from '../../http/session';
import { requestHost } from '../../http/website';
import { adjustStockTo, openStock } from '../inventory';
import type { TestClient } from '../../test/client';
import { seedCoupons } from '../coupons/seed';
import { seedDelivery } from '../delivery/seed';

/**
 * A small shop for cart, delivery, coupon and wishlist tests: Bengaluru/Mumbai/Delhi warehouses
 * with the demo zones and coupons, and packs chosen to hit every stock rule at Bengaluru.
 */
export async function seedCartShop(db: Db) {
  const [site] = await db.insert(websites).values({ name: 'Test Grocery', isDefault: true }).returning();
  const websiteId = site!.id;
  await db.insert(websiteDomains).values({ websiteId, host: 'localhost' });
  const whs = await db
    .insert(warehouses)
    .values([
      { websiteId, name: 'Bengaluru Central', code: 'BLR', city: 'Bengaluru', state: 'Karnataka' },
      { websiteId, name: 'Mumbai Fort', code: 'MUM', city: 'Mumbai', state: 'Maharashtra' },
      { websiteId, name: 'Delhi CP', code: 'DEL', city: 'Delhi', state: 'Delhi' },
    ])
    .returning();
  const [blr, mum, del] = whs as [typeof warehouses.$inferSelect, typeof warehouses.$inferSelect, typeof warehouses.$inferSelect];
  const [brand] = await db.insert(brands).values({ websiteId, name: 'Farm Fresh', slug: 'farm-fresh' }).returning();
  const mk = async (name: string, slug: string, packList: Array<{ name: string; price: number; actPrice: number }>) => {
    const [p] = await db.insert(products).values({ websiteId, brandId: brand!.id, name, slug, hsnCode: '1006', gstRate: 500 }).returning();
    await db.insert(productMedia).values({ websiteId, productId: p!.id, src: `products/${slug}.webp` });
    const ps = await db
      .insert(packs)
      .values(packList.map((pk, i) => ({ websiteId, productId: p!.id, position: i, ...pk })))
      .returning();
    return { product: p!, packs: ps };
  };
  const rice = await mk('Basmati Rice', 'basmati-rice', [
    { name: '1 kg', price: 12_000, actPrice: 15_000 },
    { name: '5 kg', price: 55_000, actPrice: 55_000 },
  ]);
  const dal = await mk('Toor Dal', 'toor-dal', [{ name: '1 kg', price: 18_000, actPrice: 18_000 }]);
  const ghee = await mk('Cow Ghee', 'cow-ghee', [{ name: '500 ml', price: 30_000, actPrice: 32_000 }]);
  const vada = await mk('Vada Pav Mix', 'vada-pav-mix', [{ name: '200 g', price: 9_000, actPrice: 9_000 }]);
  const [rice1, rice5] = rice.packs as [typeof packs.$inferSelect, typeof packs.$inferSelect];
  const dal1 = dal.packs[0]!;
  const ghee1 = ghee.packs[0]!;
  const vada1 = vada.packs[0]!;
  const opening = [
    { websiteId, packId: rice1.id, warehouseId: blr.id, available: 3 },
    { websiteId, packId: rice5.id, warehouseId: blr.id, available: 50 },
    { websiteId, packId: dal1.id, warehouseId: blr.id, available: 100 },
    { websiteId, packId: ghee1.id, warehouseId: blr.id, available: 0 },
    { websiteId, packId: rice1.id, warehouseId: mum.id, available: 10 },
    { websiteId, packId: vada1.id, warehouseId: mum.id, available: 5 },
    { websiteId, packId: dal1.id, warehouseId: mum.id, available: 100 },
    { websiteId, packId: dal1.id, warehouseId: del.id, available: 100 },
  ];
  await db.transaction((tx) => openStock(tx, opening, 'seed'));
  await seedDelivery(db, { websiteId, warehouses: whs });
  await seedCoupons(db, { websiteId });
  const [expired] = await db
    .insert(coupons)
    .values([
      { websiteId, code: 'OLD20', kind: 'flat', value: 2000, endsAt: new Date(Date.now() - 86_400_000) },
      { websiteId, code: 'ONCE', kind: 'flat', value: 1000, usageLimit: 1 },
      { websiteId, code: 'HALF', kind: 'percent', value: 5000, maxDiscount: 10_000 },
      { websiteId, code: 'BIG200', kind: 'flat', value: 20_000, minOrder: 10_000 },
    ])
    .returning();
  const [once] = await db.select().from(coupons).where(eq(coupons.code, 'ONCE'));
  await db.insert(couponRedemptions).values({ websiteId, couponId: once!.id, orderId: 'seed-order-1' });
  const [shopper] = await db.insert(users).values({ name: 'Asha Shopper', email: 'asha@example.com', phone: '9000000011' }).returning();
  const [other] = await db.insert(users).values({ name: 'Ravi Other', email: 'ravi@example.com', phone: '9000000012' }).returning();
  return {
    websiteId,
    warehouses: { blr, mum, del },
    products: { rice: rice.product, dal: dal.product, ghee: ghee.product, vada: vada.product },
    packs: { rice1, rice5, dal1, ghee1, vada1 },
    users: { shopper: shopper!, other: other! },
    expiredCouponId: expired!.id,
  };
}
export type CartShop = Awaited<ReturnType<typeof seedCartShop>>;

/**
 * Signs a TestClient's session in as `userId` the way sign-in would leave it (session row user).
 * The session row is written here when the client has only the pre-session cookie of
 * /s/api/cookie (rows are created at the first write), for the website its host names.
 */
export async function signInAs(db: Db, client: TestClient, userId: number) {
  if (!client.cookies.has('sid')) await client.get('/s/api/cookie');
  const host = requestHost({ headers: client.headers }).replace(/:\d+$/, '') || 'localhost';
  const [domain] = await db.select().from(websiteDomains).where(eq(websiteDomains.host, host)).limit(1);
  const [fallback] = await db.select().from(websites).where(eq(websites.isDefault, true)).limit(1);
  const id = hashToken(client.cookies.get('sid')!);
  const websiteId = (domain?.websiteId ?? fallback?.id)!;
  await db
    .insert(sessions)
    .values({ id, websiteId, userId, expiresAt: new Date(Date.now() + SESSION_TTL_MS) })
    .onConflictDoUpdate({ target: sessions.id, set: { userId } });
  // as sign-in does in the server: the session's cached copy goes
  forgetSession(websiteId, id);
}

export function sessionIdOf(client: TestClient) {
  return hashToken(client.cookies.get('sid')!);
}

/** Counts a balance to `available` (an `adjustment` in the stock ledger), as a stock take would. */
export function setStock(db: Db, websiteId: number, packId: number, warehouseId: number, available: number) {
  return db.transaction((tx) => adjustStockTo(tx, { websiteId, packId, warehouseId, available, reference: null, actor: 'test' }));
}
