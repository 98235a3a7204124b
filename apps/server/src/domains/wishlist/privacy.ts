import { DEFAULT_WISHLIST_NAME } from '@grocer/shared/wishlist';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { productNames } from '../catalogue';
import { forgetSavedProductIds } from './service';
import { wishlistCategories, wishlistItems } from './tables';

/** A shopper's wishlists on one website (Default first), for their data export. */
export async function wishlistsForExport(db: DbOrTx, websiteId: number, userId: number) {
  const mine = (t: typeof wishlistItems | typeof wishlistCategories) => and(eq(t.websiteId, websiteId), eq(t.userId, userId));
  const lists = await db.select().from(wishlistCategories).where(mine(wishlistCategories)).orderBy(asc(wishlistCategories.id));
  const items = await db.select().from(wishlistItems).where(mine(wishlistItems)).orderBy(asc(wishlistItems.id));
  const names = await productNames(db, websiteId, [...new Set(items.map((i) => i.productId))]);
  const list = (categoryId: number | null, name: string) => ({
    name,
    products: items
      .filter((i) => i.categoryId === categoryId)
      .map((i) => ({ product_id: i.productId, name: names.get(i.productId) ?? '', added_at: i.createdAt.toISOString() })),
  });
  return [list(null, DEFAULT_WISHLIST_NAME), ...lists.map((l) => list(l.id, l.name))];
}

/** An erased account's wishlists, on every website. */
export async function eraseWishlists(tx: DbOrTx, userId: number): Promise<void> {
  await tx.delete(wishlistItems).where(eq(wishlistItems.userId, userId));
  await tx.delete(wishlistCategories).where(eq(wishlistCategories.userId, userId));
}

/** After erasure: this process's memo of the user's saved products (others' expire on their own). */
export const forgetErasedWishlists = forgetSavedProductIds;
