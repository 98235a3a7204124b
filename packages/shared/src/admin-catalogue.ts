import { z } from 'zod';
import { productFactsSchema } from './product-facts';
import { productImageSchema, productImagesSchema } from './media';
import { coercedIdSchema, idSchema, pageSchema, versionSchema } from './ids';
import { PAGE_SIZES } from './pagination';
import { SLUG_PATTERN } from './slug';
import { DEFAULT_STEP_GRAMS, MAX_STEP_GRAMS } from './weighed';

/**
 * Administration's catalogue calls (`/s/api/admin/products*`). Amounts are rupees at the API like
 * the storefront's (money.ts); GST rates are percents here and basis points in the database.
 */

/** A product's lifecycle: only active ones are on the storefront. Shared by the table's check. */
export const PRODUCT_STATUSES = ['draft', 'active', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** GST slabs a product may carry (percent), including the special gold and rough-diamond rates. */
export const GST_RATES = [0, 0.25, 1.5, 3, 5, 12, 18, 28, 40] as const;

export const ADMIN_PRODUCT_SORTS = ['name', 'price', 'stock', 'updated'] as const;

/**
 * EAN-8, UPC-A (12) and EAN-13 check digit: digits weighted 3 and 1 alternately from the right
 * (excluding the check digit), the check digit brings the sum to a multiple of 10.
 */
export function isValidBarcode(code: string): boolean {
  if (!/^(\d{8}|\d{12}|\d{13})$/.test(code)) return false;
  const digits = [...code].map(Number);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((s, d, i) => s + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

const flag = z.enum(['1', 'true', '0', 'false']).transform((v) => v === '1' || v === 'true');
const perPage = z.coerce
  .number()
  .int()
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: `Per page must be one of ${PAGE_SIZES.join(', ')}` });

/** GET /s/api/admin/products: the list's search, filters, sort and page. */
export const adminProductsQuerySchema = z.object({
  q: z.string().trim().max(100).default(''),
  category: coercedIdSchema.optional(),
  brand: coercedIdSchema.optional(),
  status: z.enum(PRODUCT_STATUSES).optional(),
  stock: z.enum(['in', 'out']).optional(),
  discounted: flag.optional(),
  sort: z.enum(ADMIN_PRODUCT_SORTS).default('updated'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  page: pageSchema,
  perPage: perPage.default(20),
});
export type AdminProductsQuery = z.infer<typeof adminProductsQuerySchema>;

export const adminProductRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  status: z.enum(PRODUCT_STATUSES),
  brand: z.string().nullable(),
  category: z.string().nullable(),
  image: z.string(),
  packs: z.number().int(),
  /** cheapest pack, rupees */
  price: z.number(),
  /** best pack discount, percent */
  discount: z.number(),
  /** units over every pack and warehouse */
  stock: z.number().int(),
  updated_at: z.string(),
});
export type AdminProductRow = z.infer<typeof adminProductRowSchema>;

export const adminProductListSchema = z.object({
  data: z.array(adminProductRowSchema),
  meta: z.object({ total: z.number().int(), page: z.number().int(), perPage: z.number().int() }),
});
export type AdminProductList = z.infer<typeof adminProductListSchema>;

/** Read-only here: stock is written through the inventory ledger. */
export const adminStockLevelSchema = z.object({ warehouse_id: z.number().int(), warehouse: z.string(), available: z.number().int() });

export const adminPackSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  barcode: z.string(),
  price: z.number(),
  act_price: z.number(),
  position: z.number().int(),
  /** loose goods: price and MRP are per kg, stock in grams (see adminPackInputSchema) */
  sold_by_weight: z.boolean(),
  plu: z.string(),
  /** a weighed pack's online step in grams (the storefront sells it in these steps) */
  step_grams: z.number().int(),
  stock: z.array(adminStockLevelSchema),
});

export const adminProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  status: z.enum(PRODUCT_STATUSES),
  brand_id: z.number().int().nullable(),
  category_id: z.number().int().nullable(),
  /** further categories (the primary one is category_id) */
  category_ids: z.array(z.number().int()),
  description: z.string(),
  seo_title: z.string(),
  seo_description: z.string(),
  hsn_code: z.string(),
  gst_rate: z.number(),
  /** FSSAI licence, ingredients, nutrition, food type (issue 39 §15) */
  facts: productFactsSchema,
  image: z.string(),
  /** in order: the first is the cover, shown on cards */
  images: z.array(productImageSchema),
  /** optimistic concurrency: send back the version you edited; a newer one on the server → 409 */
  version: z.number().int(),
  updated_at: z.string(),
  packs: z.array(adminPackSchema),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

const rupees = (label: string) =>
  z
    .number({ error: `${label} is required` })
    .positive(`${label} must be more than 0`)
    .max(10_000_000, `${label} is too large`)
    .refine(
      (n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6,
      `${label} can have at most 2 decimals`,
    );

export const adminPackInputSchema = z
  .object({
    /** an existing pack of this product; absent for a new pack */
    id: idSchema.optional(),
    name: z.string().trim().min(1, 'Pack name is required').max(60, 'Pack name is too long'),
    sku: z
      .string()
      .trim()
      .min(1, 'SKU is required')
      .max(64, 'SKU is too long')
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'SKU is not in valid format')
      .transform((s) => s.toUpperCase()),
    barcode: z
      .string()
      .trim()
      .refine((s) => s === '' || isValidBarcode(s), 'Barcode is not a valid EAN-13, EAN-8 or UPC code'),
    price: rupees('Price'),
    act_price: rupees('MRP'),
    position: z.number().int().min(0).max(1000),
    /**
     * Loose goods weighed at the counter: `price` and `act_price` are then per kg, the stock is
     * counted in grams and a sale's quantity is grams (the amount is round(price per kg × grams / 1000)).
     */
    sold_by_weight: z.boolean().default(false),
    /** the item code a label-printing scale puts on the bag (`scale-barcode.ts`): 5 digits, or '' */
    plu: z
      .string()
      .trim()
      .regex(/^(\d{5})?$/, 'PLU is 5 digits')
      .default(''),
    /** a weighed pack's online step in grams: the storefront's Add button adds this much (issue 40.5) */
    step_grams: z
      .number()
      .int('Step is whole grams')
      .min(1, 'Step is at least 1 g')
      .max(MAX_STEP_GRAMS, 'Step is at most 10 kg')
      .default(DEFAULT_STEP_GRAMS),
  })
  .refine((p) => p.act_price >= p.price, { path: ['act_price'], message: 'MRP cannot be less than the price' })
  .refine((p) => p.sold_by_weight || p.plu === '', { path: ['plu'], message: 'Only a pack sold by weight has a scale PLU' });
export type AdminPackInput = z.infer<typeof adminPackInputSchema>;

const productSlug = z
  .string()
  .trim()
  .min(1, 'Slug is required')
  .max(200, 'Slug is too long')
  .regex(SLUG_PATTERN, 'Slug can have lowercase letters, digits and single hyphens');

/** The editable fields of a product, shared by create and save. */
export const adminProductFieldsSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200, 'Name is too long'),
  slug: productSlug,
  status: z.enum(PRODUCT_STATUSES),
  brand_id: idSchema.nullable(),
  category_id: idSchema.nullable(),
  category_ids: z.array(idSchema).max(10, 'At most 10 further categories').default([]),
  description: z.string().max(20_000, 'Description is too long'),
  seo_title: z.string().trim().max(70, 'SEO title can be at most 70 characters'),
  seo_description: z.string().trim().max(160, 'SEO description can be at most 160 characters'),
  hsn_code: z
    .string()
    .trim()
    .regex(/^(\d{4}|\d{6}|\d{8})?$/, 'HSN code is 4, 6 or 8 digits'),
  gst_rate: z.number().refine((n) => (GST_RATES as readonly number[]).includes(n), `GST rate must be one of ${GST_RATES.join(', ')}`),
  packs: z.array(adminPackInputSchema).min(1, 'A product needs at least one pack').max(20, 'At most 20 packs'),
  /** absent: left as they are (a save), empty (a new product) */
  facts: productFactsSchema.optional(),
});

/** Two packs of one product never share a SKU. */
export function refineUniqueSkus(p: { packs: Array<{ sku: string }> }, ctx: z.RefinementCtx) {
  const seen = new Map<string, number>();
  p.packs.forEach((pack, i) => {
    const first = seen.get(pack.sku);
    if (first !== undefined) ctx.addIssue({ code: 'custom', path: ['packs', i, 'sku'], message: `SKU is the same as pack ${first + 1}'s` });
    else seen.set(pack.sku, i);
  });
}

/**
 * Weighed packs (issue 40): sold at the counter by the gram and online in steps (`step_grams`,
 * issue 40.5), so a product with one may be active; two of its packs never share a PLU.
 */
export function refineWeighedPacks(p: { status: string; packs: Array<{ sold_by_weight?: boolean; plu?: string }> }, ctx: z.RefinementCtx) {
  const seen = new Map<string, number>();
  p.packs.forEach((k, i) => {
    if (!k.plu) return;
    const first = seen.get(k.plu);
    if (first !== undefined) ctx.addIssue({ code: 'custom', path: ['packs', i, 'plu'], message: `PLU is the same as pack ${first + 1}'s` });
    else seen.set(k.plu, i);
  });
}

/** PUT /s/api/admin/products/{id}: the whole editable product, saved at once or not at all. */
export const adminProductInputSchema = adminProductFieldsSchema
  .extend({
    version: versionSchema,
    /** the product's images in order (the first is the cover); absent: left as they are */
    images: productImagesSchema.optional(),
  })
  .superRefine(refineUniqueSkus)
  .superRefine(refineWeighedPacks);
export type AdminProductInput = z.infer<typeof adminProductInputSchema>;

/** The editable part of a product as read: what the editor starts from and sends back. */
export function productToInput(p: AdminProduct): AdminProductInput {
  return {
    version: p.version,
    name: p.name,
    slug: p.slug,
    status: p.status,
    brand_id: p.brand_id,
    category_id: p.category_id,
    category_ids: p.category_ids,
    description: p.description,
    seo_title: p.seo_title,
    seo_description: p.seo_description,
    hsn_code: p.hsn_code,
    gst_rate: p.gst_rate,
    facts: p.facts,
    images: p.images.map(({ src, alt }) => ({ src, alt })),
    packs: p.packs.map(({ id, name, sku, barcode, price, act_price, position, sold_by_weight, plu, step_grams }) => ({
      id,
      name,
      sku,
      barcode,
      price,
      act_price,
      position,
      sold_by_weight,
      plu,
      step_grams,
    })),
  };
}

export const adminProductOptionsSchema = z.object({
  categories: z.array(z.object({ id: z.number().int(), name: z.string(), depth: z.number().int() })),
  brands: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type AdminProductOptions = z.infer<typeof adminProductOptionsSchema>;

/** GET /s/api/admin/summary: the dashboard's figures. */
export const adminSummarySchema = z.object({ products: z.number(), categories: z.number(), brands: z.number(), members: z.number() });

/** POST /s/api/admin/products/status: the list's bulk status change. */
export const adminProductStatusInputSchema = z.object({
  ids: z.array(idSchema).min(1, 'Choose at least one product').max(500, 'At most 500 products at once'),
  status: z.enum(PRODUCT_STATUSES),
});
export const adminProductStatusResultSchema = z.object({ updated: z.number().int() });
