import { errorMessage } from '@grocer/shared/errors';
import type { Language } from '@grocer/shared/languages';
import type { WishlistCategory } from '@grocer/shared/wishlist';
import { DEFAULT_WISHLIST_NAME } from '@grocer/shared/wishlist';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { wishlistCategories, wishlistItems } from './tables';
import { wishlistedProductIds, type WishlistOwner } from './saved';

// the saved products' reads (the catalogue's hearts) live in saved.ts, which imports no other domain
export {
  forgetSavedProductIds,
  savedProductIds,
  savedProductIdsNow,
  wishlistCounts,
  wishlistedProductIds,
  type WishlistOwner,
} from './saved';
import { AppError, Errors, fail, wordedIn } from '../../http/errors';
import { errorMessageIn } from '@grocer/shared/messages/catalogue';
import { addToCart, type CartContext } from '../cart/service';
import { hydrateProducts, packsWithStock, productNames } from '../catalogue/service';
import { deliveryContext } from '../delivery';

const listNotFound = () => Errors.notFound('This wishlist no longer exists');

async function assertOwnList(db: DbOrTx, owner: WishlistOwner, categoryId: number | null) {
  if (categoryId === null) return;
  const [row] = await db
    .select({ id: wishlistCategories.id })
    .from(wishlistCategories)
    .where(
      and(
        eq(wishlistCategories.id, categoryId),
        eq(wishlistCategories.websiteId, owner.websiteId),
        eq(wishlistCategories.userId, owner.userId),
      ),
    )
    .limit(1);
  if (!row) throw listNotFound();
}

const inList = (categoryId: number | null) =>
  categoryId === null ? isNull(wishlistItems.categoryId) : eq(wishlistItems.categoryId, categoryId);

/**
 * Toggles a product in one list (null = Default). Answers whether it is now in that list and
 * whether it is in any list (the product's `wishlist` flag).
 */
export async function toggleWishlist(db: Db, owner: WishlistOwner, input: { productId: number; categoryId: number | null }) {
  await assertOwnList(db, owner, input.categoryId);
  if (!(await productNames(db, owner.websiteId, [input.productId])).has(input.productId))
    throw Errors.notFound('This product is no longer available');
  const where = and(
    eq(wishlistItems.websiteId, owner.websiteId),
    eq(wishlistItems.userId, owner.userId),
    eq(wishlistItems.productId, input.productId),
    inList(input.categoryId),
  );
  const removed = await db.delete(wishlistItems).where(where).returning({ id: wishlistItems.id });
  if (removed.length === 0) {
    await db
      .insert(wishlistItems)
      .values({ websiteId: owner.websiteId, userId: owner.userId, productId: input.productId, categoryId: input.categoryId })
      .onConflictDoNothing();
  }
  const saved = await wishlistedProductIds(db, owner.websiteId, owner.userId, [input.productId]);
  return {
    product_id: input.productId,
    wishlist_category_id: input.categoryId,
    added: removed.length === 0,
    wishlist: saved.has(input.productId),
  };
}

async function listRow(db: DbOrTx, owner: WishlistOwner, id: number) {
  const [row] = await db
    .select({ id: wishlistCategories.id, name: wishlistCategories.name })
    .from(wishlistCategories)
    .where(
      and(eq(wishlistCategories.id, id), eq(wishlistCategories.websiteId, owner.websiteId), eq(wishlistCategories.userId, owner.userId)),
    )
    .limit(1);
  return row ?? null;
}

async function assertNameFree(db: DbOrTx, owner: WishlistOwner, name: string, exceptId?: number) {
  if (name.toLowerCase() === DEFAULT_WISHLIST_NAME.toLowerCase()) throw nameTaken(name);
  const rows = await db
    .select({ id: wishlistCategories.id })
    .from(wishlistCategories)
    .where(
      and(
        eq(wishlistCategories.websiteId, owner.websiteId),
        eq(wishlistCategories.userId, owner.userId),
        sql`lower(${wishlistCategories.name}) = lower(${name})`,
      ),
    );
  if (rows.some((r) => r.id !== exceptId)) throw nameTaken(name);
}
const nameTaken = (name: string) =>
  fail('WISHLIST_NAME_TAKEN', { name }).withErrors({ name: [errorMessage('WISHLIST_NAME_TAKEN', { name })] });

export async function createWishlistCategory(db: Db, owner: WishlistOwner, name: string) {
  await assertNameFree(db, owner, name);
  const [row] = await db
    .insert(wishlistCategories)
    .values({ ...owner, name })
    .returning({ id: wishlistCategories.id, name: wishlistCategories.name });
  return row!;
}

export async function renameWishlistCategory(db: Db, owner: WishlistOwner, id: number, name: string) {
  if (!(await listRow(db, owner, id))) throw listNotFound();
  await assertNameFree(db, owner, name, id);
  const [row] = await db
    .update(wishlistCategories)
    .set({ name })
    .where(eq(wishlistCategories.id, id))
    .returning({ id: wishlistCategories.id, name: wishlistCategories.name });
  return row!;
}

/** Deletes a named list and its items (the Default list cannot be deleted). */
export async function deleteWishlistCategory(db: Db, owner: WishlistOwner, id: number) {
  if (!(await listRow(db, owner, id))) throw listNotFound();
  await db.delete(wishlistCategories).where(eq(wishlistCategories.id, id));
}

/**
 * Every list of the user, Default (id null) first, then named lists oldest first, each with its
 * products in the catalogue's spec §3 product shape (packs priced and stocked for `warehouseId`).
 */
export async function listWishlists(
  db: DbOrTx,
  owner: WishlistOwner,
  warehouseId: number | null,
  /** the shopper's language when not the website's default: products named in it where translated (issue 46) */
  language?: Language,
): Promise<WishlistCategory[]> {
  const lists = await db
    .select({ id: wishlistCategories.id, name: wishlistCategories.name })
    .from(wishlistCategories)
    .where(and(eq(wishlistCategories.websiteId, owner.websiteId), eq(wishlistCategories.userId, owner.userId)))
    .orderBy(asc(wishlistCategories.createdAt), asc(wishlistCategories.id));
  const items = await db
    .select({ categoryId: wishlistItems.categoryId, productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(and(eq(wishlistItems.websiteId, owner.websiteId), eq(wishlistItems.userId, owner.userId)))
    .orderBy(asc(wishlistItems.createdAt), asc(wishlistItems.id));
  const ids = [...new Set(items.map((i) => i.productId))];
  const byId = new Map(
    (await hydrateProducts(db, { websiteId: owner.websiteId, warehouseId, userId: owner.userId, ...(language && { language }) }, ids)).map(
      (p) => [p.product_id, p],
    ),
  );
  const productsOf = (categoryId: number | null) =>
    items.filter((i) => i.categoryId === categoryId).flatMap((i) => (byId.has(i.productId) ? [byId.get(i.productId)!] : []));
  return [
    { id: null, name: DEFAULT_WISHLIST_NAME, products: productsOf(null) },
    ...lists.map((l) => ({ ...l, products: productsOf(l.id) })),
  ];
}

export interface ToCartResult {
  added: Array<{ product_id: number; name: string }>;
  skipped: Array<{ product_id: number; name: string; reason: string }>;
}

/**
 * Repeat buying: adds one unit of each product of a list (or of one product) to the cart, using
 * the product's first pack in stock at the serving warehouse. Products that cannot be added are
 * reported with the reason; with `move` the added ones leave the list.
 */
export async function wishlistToCart(
  db: Db,
  owner: WishlistOwner,
  cart: CartContext,
  input: { categoryId: number | null; productId?: number; move: boolean },
) {
  await assertOwnList(db, owner, input.categoryId);
  const saved = await db
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(
      and(
        eq(wishlistItems.websiteId, owner.websiteId),
        eq(wishlistItems.userId, owner.userId),
        inList(input.categoryId),
        input.productId ? eq(wishlistItems.productId, input.productId) : undefined,
      ),
    )
    .orderBy(asc(wishlistItems.createdAt), asc(wishlistItems.id));
  const names = await productNames(
    db,
    owner.websiteId,
    saved.map((i) => i.productId),
  );
  const items = saved.flatMap((i) => (names.has(i.productId) ? [{ productId: i.productId, name: names.get(i.productId)! }] : []));
  if (input.productId && items.length === 0) throw Errors.notFound('This product is not in the wishlist');
  const delivery = await deliveryContext(db, owner.websiteId, cart.pincode);
  const warehouseId = delivery.zone?.warehouseId ?? null;
  const result: ToCartResult = { added: [], skipped: [] };
  for (const item of items) {
    const packRows = await packsWithStock(db, owner.websiteId, item.productId, warehouseId);
    const pack = packRows.find((p) => (p.available ?? 0) > 0) ?? packRows[0];
    if (!pack) {
      result.skipped.push({ product_id: item.productId, name: item.name, reason: errorMessageIn(cart.language ?? 'en', 'PACK_NOT_FOUND') });
      continue;
    }
    try {
      await addToCart(db, cart, { packId: pack.id, warehouseId });
      result.added.push({ product_id: item.productId, name: item.name });
      if (input.move) {
        await db
          .delete(wishlistItems)
          .where(
            and(
              eq(wishlistItems.websiteId, owner.websiteId),
              eq(wishlistItems.userId, owner.userId),
              eq(wishlistItems.productId, item.productId),
              inList(input.categoryId),
            ),
          );
      }
    } catch (err) {
      if (!(err instanceof AppError) || err.statusCode !== 409) throw err;
      result.skipped.push({ product_id: item.productId, name: item.name, reason: wordedIn(cart.language ?? 'en', err).message });
    }
  }
  return result;
}
