import { and, count, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { websiteCache } from '../../http/cache';
import { wishlistCategories, wishlistItems } from './tables';

// What the catalogue reads of the wishlists (the hearts on product cards) and the account's
// figures: queries over the wishlist's own tables only, so the catalogue can read them without a
// circle (catalogue → wishlist → catalogue, issue 41 §1).

export interface WishlistOwner {
  websiteId: number;
  userId: number;
}

/** Which of `productIds` the user has in any wishlist (the heart on product cards). */
export async function wishlistedProductIds(
  db: DbOrTx,
  websiteId: number,
  userId: number | null,
  productIds: number[],
): Promise<Set<number>> {
  if (!userId || !productIds.length) return new Set();
  const rows = await db
    .selectDistinct({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(and(eq(wishlistItems.websiteId, websiteId), eq(wishlistItems.userId, userId), inArray(wishlistItems.productId, productIds)));
  return new Set(rows.map((r) => r.productId));
}

// Every product a shopper saved, for the flags laid over shared catalogue answers: kept a few
// seconds (DESIGN §1), forgotten at once in this process when they change a list (the routes'
// writes), so their own toggle shows on their next call.
const savedCache = websiteCache<Set<number>>({ ttlMs: 3000, maxEntries: 20_000, name: 'saved' });

/** The ids of the products the user has in any wishlist of the website (one indexed query, cached briefly). */
export function savedProductIds(db: DbOrTx, websiteId: number, userId: number): Promise<Set<number>> {
  return savedCache.get(websiteId, `user:${userId}`, async () => {
    const rows = await db
      .selectDistinct({ productId: wishlistItems.productId })
      .from(wishlistItems)
      .where(and(eq(wishlistItems.websiteId, websiteId), eq(wishlistItems.userId, userId)));
    return new Set(rows.map((r) => r.productId));
  });
}

/** The same as kept by a recent request, without waiting (undefined when not at hand). */
export function savedProductIdsNow(websiteId: number, userId: number): ReadonlySet<number> | undefined {
  return savedCache.settled(websiteId, `user:${userId}`)?.value;
}

/** After a change to the user's lists: the next answer reads them again. */
export function forgetSavedProductIds(websiteId: number, userId: number): void {
  savedCache.forget(websiteId, `user:${userId}`);
}

/** The account dashboard's figures: lists (the default one always counts) and saved items. */
export async function wishlistCounts(db: DbOrTx, owner: WishlistOwner): Promise<{ lists: number; items: number }> {
  const mine = <T extends typeof wishlistCategories | typeof wishlistItems>(t: T) =>
    and(eq(t.websiteId, owner.websiteId), eq(t.userId, owner.userId));
  const [lists] = await db.select({ n: count() }).from(wishlistCategories).where(mine(wishlistCategories));
  const [items] = await db.select({ n: count() }).from(wishlistItems).where(mine(wishlistItems));
  return { lists: (lists?.n ?? 0) + 1, items: items?.n ?? 0 };
}
