import { z } from 'zod';
import { coercedIdSchema } from './ids';
import { cartSchema } from './cart';
import { productSchema } from './catalogue';

/** The list every shopper has without creating it; its id is null (spec §7). */
export const DEFAULT_WISHLIST_NAME = 'Default';
export const WISHLIST_ADDED = 'Wishlist added successfully';

export const wishlistNameSchema = z.string().trim().min(1, 'New Wishlist is required').max(60, 'New Wishlist is too long');

/** Spec §3 wishlist category (id, name) with its products; Default first with id null. */
export const wishlistCategorySchema = z.object({
  id: z.number().int().nullable(),
  name: z.string(),
  products: z.array(productSchema),
});
export type WishlistCategory = z.infer<typeof wishlistCategorySchema>;

/** GET /s/api/wishlist */
export const wishlistResponseSchema = z.object({ WishlistCategories: z.array(wishlistCategorySchema) });
export type WishlistResponse = z.infer<typeof wishlistResponseSchema>;

/** POST /s/api/wishlist/update: toggles product_id in a list (null = Default). */
export const wishlistUpdateBodySchema = z.object({
  product_id: coercedIdSchema,
  wishlist_category_id: coercedIdSchema.nullable().optional().default(null),
});
export const wishlistUpdateResponseSchema = z.object({
  product_id: z.number().int(),
  wishlist_category_id: z.number().int().nullable(),
  /** now in that list */
  added: z.boolean(),
  /** now in any list: the product's `wishlist` flag */
  wishlist: z.boolean(),
});

export const wishlistCategoryBodySchema = z.object({ name: wishlistNameSchema });
export const wishlistCategoryRowSchema = z.object({ id: z.number().int(), name: z.string() });

/** POST /s/api/wishlist/to-cart: a whole list (or one product of it) into the cart. */
export const wishlistToCartBodySchema = z.object({
  wishlist_category_id: coercedIdSchema.nullable().optional().default(null),
  product_id: coercedIdSchema.optional(),
  /** take the added products out of the list ("move to cart") */
  move: z.boolean().optional().default(false),
});
export type WishlistToCartBody = z.input<typeof wishlistToCartBodySchema>;
export const wishlistToCartResponseSchema = z.object({
  added: z.array(z.object({ product_id: z.number().int(), name: z.string() })),
  skipped: z.array(z.object({ product_id: z.number().int(), name: z.string(), reason: z.string() })),
  cart: cartSchema,
});
