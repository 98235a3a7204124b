import { z } from 'zod';
import { pageSchema } from './ids';
import { FOOD_TYPES, nutritionRowSchema, ratingSummarySchema } from './product-facts';
import { MAX_PER_PAGE, PRODUCTS_PER_PAGE, SORTS } from './list-params';

/** Spec §3 pack. Amounts are rupees at the API edge (see money.ts). */
export const packSchema = z.object({
  pack_id: z.number().int(),
  pack_name: z.string(),
  price: z.number(),
  act_price: z.number(),
  discount: z.number(),
  warehouse_id: z.number().int(),
  discount_type: z.string().nullable(),
  /** units available at warehouse_id (0 = out of stock); an addition the spec leaves open */
  stock: z.number().int().optional(),
  /**
   * Loose goods (issue 40.5; beyond spec §3, only on such packs): `price`/`act_price` are per kg,
   * `stock` is grams, and the shopper buys in steps of `step_grams` (`weighed.ts`).
   */
  sold_by_weight: z.boolean().optional(),
  step_grams: z.number().int().optional(),
});
export type Pack = z.infer<typeof packSchema>;

/** Spec §3 product. `image` is the first media's src, '' when there is none. */
export const productSchema = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  product_description: z.any().optional(),
  product_info: z.any().optional(),
  brand_name: z.string(),
  slug: z.string(),
  brand_slug: z.string(),
  wishlist: z.boolean().default(false),
  /** `alt` (beyond spec §3) when staff wrote one; else the product's name describes it */
  medias: z.array(z.object({ src: z.string(), alt: z.string().optional() })),
  image: z.string().default(''),
  packs: z.array(packSchema),
  category_slug: z.string().optional(),
  hsn_code: z.string().optional(),
  gst_rate: z.number().optional(),
  /** beyond spec §3 (issue 39 §15; docs/spec-deviations.md): the veg / non-veg mark, on cards and the page */
  food_type: z.enum(FOOD_TYPES).nullable().optional(),
  /** the approved reviews' average and count, when there are any */
  rating: ratingSummarySchema.optional(),
  /** the product page only: the pack's facts */
  fssai_licence: z.string().optional(),
  ingredients: z.string().optional(),
  nutrition: z.array(nutritionRowSchema).optional(),
});
export type Product = z.infer<typeof productSchema>;

export interface Category {
  id: number;
  name: string;
  slug: string;
  avatar: string;
  children: Category[];
}
export const categorySchema: z.ZodType<Category> = z.lazy(() =>
  z.object({ id: z.number().int(), name: z.string(), slug: z.string(), avatar: z.string(), children: z.array(categorySchema) }),
);

export const brandSchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string(), logo: z.string().optional() });
export type Brand = z.infer<typeof brandSchema>;

// The list's sorts and page sizes live in the zod-free list-params module (the list page needs
// them without the contracts); re-exported here for the server's schemas.
export { MAX_PER_PAGE, PRODUCTS_PER_PAGE, SORTS, SORT_LABELS, type Sort } from './list-params';

const csv = z
  .string()
  .optional()
  .transform((v) =>
    v
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [],
  );

const rupeeFilter = z.coerce
  .number({ error: 'Give a price in rupees' })
  .min(0, 'A price cannot be below 0')
  .max(10_000_000, 'Give a price in rupees')
  .optional();

/**
 * GET /s/api/products query. page < 1 or non-numeric → 422; perPage is clamped to 1..100;
 * an unknown sort → 422 (documented in apps/server/docs/storefront.md, "Catalogue").
 */
export const productsQuerySchema = z.object({
  page: pageSchema,
  perPage: z.coerce
    .number()
    .int()
    .default(PRODUCTS_PER_PAGE)
    .transform((n) => Math.min(MAX_PER_PAGE, Math.max(1, n))),
  q: z
    .string()
    .max(200)
    .optional()
    .transform((v) => v?.trim() || undefined),
  c: csv,
  b: csv,
  s: z.enum(SORTS).optional(),
  // Beyond spec §7 (issue 39; docs/spec-deviations.md): the shopper's filters. Prices in rupees
  // (the cheapest pack's), `discount` the least saving in percent, `in_stock=1` only what can be bought.
  min_price: rupeeFilter,
  max_price: rupeeFilter,
  discount: z.coerce
    .number({ error: 'discount is a percentage' })
    .int('discount is a whole percentage')
    .min(0, 'discount is a percentage')
    .max(100, 'discount is a percentage')
    .optional(),
  in_stock: z
    .enum(['1', 'true', '0', 'false'], { error: 'in_stock is 1 or 0' })
    .transform((v) => v === '1' || v === 'true')
    .optional(),
});
export type ProductsQuery = z.infer<typeof productsQuerySchema>;

export const productListSchema = z.object({
  data: z.array(productSchema),
  meta: z.object({ total: z.number().int(), perPage: z.number().int().optional(), page: z.number().int().optional() }),
});
export type ProductList = z.infer<typeof productListSchema>;

/** GET /s/api/products/{slug}/related */
export const relatedProductsSchema = z.object({ data: z.array(productSchema) });

/** GET /s/api/search/suggest?q= : what the search box offers while the shopper types. */
export const suggestQuerySchema = z.object({
  q: z
    .string()
    .max(100)
    .transform((v) => v.trim().replace(/\s+/g, ' ')),
});
export const suggestionsSchema = z.object({
  q: z.string(),
  products: z.array(
    /** price: the cheapest pack's, in rupees like every amount of the catalogue calls */
    z.object({ name: z.string(), slug: z.string(), brand: z.string().nullable(), image: z.string(), price: z.number() }),
  ),
  categories: z.array(z.object({ name: z.string(), slug: z.string() })),
  brands: z.array(z.object({ name: z.string(), slug: z.string() })),
  /** the words with their slips corrected, when the words as typed find nothing */
  did_you_mean: z.string().nullable(),
  /** beyond spec §7 (issue 39): when nothing is found, the category closest to the words, for the results page to offer */
  closest_category: z.object({ name: z.string(), slug: z.string() }).nullable().optional(),
});
export type Suggestions = z.infer<typeof suggestionsSchema>;
