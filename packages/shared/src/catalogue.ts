import { z } from 'zod';
import { pageSchema } from './ids';
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

/**
 * GET /s/api/products query. page < 1 or non-numeric → 422; perPage is clamped to 1..100;
 * an unknown sort → 422 (documented in apps/server/README.md).
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
});
export type Suggestions = z.infer<typeof suggestionsSchema>;
