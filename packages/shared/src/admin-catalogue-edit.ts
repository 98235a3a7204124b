import { z } from 'zod';
import { adminProductFieldsSchema, PRODUCT_STATUSES, refineUniqueSkus, refineWeighedPacks } from './admin-catalogue';
import { daySchema } from './days';
import { coercedIdSchema, idSchema, pageSchema, versionSchema } from './ids';
import { PAGE_SIZES } from './pagination';
import { SLUG_PATTERN } from './slug';

/**
 * Administration's catalogue writes beyond the product editor's save: create and delete products,
 * the list's bulk actions (category, prices), categories, brands, and the audit log's read side.
 * Amounts are rupees at the API (money.ts).
 */

const ids = z.array(idSchema).min(1, 'Choose at least one product').max(500, 'At most 500 products at once');

const optionalSlug = z
  .string()
  .trim()
  .max(200, 'Slug is too long')
  .refine((s) => s === '' || SLUG_PATTERN.test(s), 'Slug can have lowercase letters, digits and single hyphens');

/** POST /s/api/admin/products: a new product; an empty slug is made from the name (made unique). */
export const adminProductCreateSchema = adminProductFieldsSchema
  .extend({ slug: optionalSlug.default(''), status: z.enum(PRODUCT_STATUSES).default('draft') })
  .superRefine(refineUniqueSkus)
  .superRefine(refineWeighedPacks);
export type AdminProductCreate = z.infer<typeof adminProductCreateSchema>;

/** POST /s/api/admin/products/delete: only products never ordered; otherwise nothing is deleted (409). */
export const adminProductDeleteSchema = z.object({ ids });
export const adminProductCountSchema = z.object({ updated: z.number().int() });

/** POST /s/api/admin/products/category: moves the products' primary category (null: none). */
export const adminProductMoveSchema = z.object({ ids, category_id: idSchema.nullable() });

export const PRICE_CHANGE_BY = ['percent', 'amount'] as const;

/**
 * POST /s/api/admin/products/prices/preview and /prices: every pack of the chosen products moves
 * by a percent (10 = up 10 %, -5 = down 5 %) or an amount in rupees (+/-). The MRP either stays
 * ('keep', raised to the new price if the price passes it) or moves by the same rule ('same').
 */
export const adminPriceChangeSchema = z.object({
  ids,
  by: z.enum(PRICE_CHANGE_BY),
  value: z
    .number({ error: 'Change is required' })
    .refine((n) => n !== 0, 'Change cannot be 0')
    .refine((n) => Math.abs(n) <= 1_000_000, 'Change is too large')
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'Change can have at most 2 decimals'),
  mrp: z.enum(['keep', 'same']).default('keep'),
});
export type AdminPriceChange = z.infer<typeof adminPriceChangeSchema>;

export const adminPriceRowSchema = z.object({
  pack_id: z.number().int(),
  product_id: z.number().int(),
  product: z.string(),
  pack: z.string(),
  price: z.number(),
  new_price: z.number(),
  act_price: z.number(),
  new_act_price: z.number(),
  /** why this pack cannot take the change; apply is refused while any row has one */
  problem: z.string().nullable(),
});
export const adminPricePreviewSchema = z.object({ data: z.array(adminPriceRowSchema) });
export type AdminPricePreview = z.infer<typeof adminPricePreviewSchema>;

/**
 * One pack's new price and MRP in paise (pure, shared by preview and apply): the price moves by a
 * percent (rounded to the paisa) or by an amount; the MRP is kept unless it would fall below the
 * price, or moves with it when asked. A price of 0 or less is a problem, never saved.
 */
export function changePackPrice(
  pack: { price: number; actPrice: number },
  change: { by: (typeof PRICE_CHANGE_BY)[number]; value: number; mrp: 'keep' | 'same' },
): { price: number; actPrice: number; problem: string | null } {
  const move = (paise: number) =>
    change.by === 'percent' ? Math.round((paise * (100 + change.value)) / 100) : paise + Math.round(change.value * 100);
  const price = move(pack.price);
  const actPrice = Math.max(change.mrp === 'same' ? move(pack.actPrice) : pack.actPrice, price);
  const problem = price <= 0 ? 'The price would be 0 or less' : price > 1_000_000_000 ? 'The price would be too large' : null;
  return { price, actPrice, problem };
}

// ---- categories -----------------------------------------------------------------------------

/** The tree is at most three levels deep (a top category, its sub-categories, theirs). */
export const MAX_CATEGORY_DEPTH = 3;

export const adminCategorySchema = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  name: z.string(),
  slug: z.string(),
  avatar: z.string(),
  position: z.number().int(),
  /** the version an editor opened; saving sends it back (an older one is refused: someone else saved) */
  version: z.number().int(),
  /** products whose primary or further category this is */
  products: z.number().int(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;
export const adminCategoryListSchema = z.object({ data: z.array(adminCategorySchema) });

const name = z.string().trim().min(1, 'Name is required').max(100, 'Name is too long');
const imagePath = z
  .string()
  .trim()
  .max(500, 'Image path is too long')
  .refine((s) => s === '' || /^[A-Za-z0-9/_.-]+$/.test(s), 'Image path can have letters, digits, / _ . and -')
  .refine((s) => !s.includes('..'), 'Image path cannot contain ..');

export const adminCategoryInputSchema = z.object({
  name,
  slug: optionalSlug.default(''),
  avatar: imagePath.default(''),
  parent_id: idSchema.nullable().default(null),
  /** an edit: the version the editor opened (absent: no check) */
  version: versionSchema.optional(),
});
export type AdminCategoryInput = z.infer<typeof adminCategoryInputSchema>;

/** POST /s/api/admin/categories/arrange: a parent's children in their new order (a drag's result). */
export const adminCategoryArrangeSchema = z.object({
  parent_id: idSchema.nullable(),
  ids: z.array(idSchema).min(1).max(500),
});

/** DELETE /s/api/admin/categories/{id}?move_to=: where its products and sub-categories go ('' = none / top level). */
export const adminCategoryDeleteQuerySchema = z.object({
  move_to: z
    .union([z.literal(''), coercedIdSchema])
    .optional()
    .transform((v) => (v === '' ? null : v)),
});

// ---- brands ---------------------------------------------------------------------------------

export const adminBrandSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  logo: z.string(),
  products: z.number().int(),
  version: z.number().int(),
});
export type AdminBrand = z.infer<typeof adminBrandSchema>;

const perPage = z.coerce
  .number()
  .int()
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: `Per page must be one of ${PAGE_SIZES.join(', ')}` });

export const adminBrandsQuerySchema = z.object({
  q: z.string().trim().max(100).default(''),
  sort: z.enum(['name', 'products']).default('name'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  page: pageSchema,
  perPage: perPage.default(20),
});
export const adminBrandListSchema = z.object({
  data: z.array(adminBrandSchema),
  meta: z.object({ total: z.number().int(), page: z.number().int(), perPage: z.number().int() }),
});
export const adminBrandInputSchema = z.object({
  name,
  slug: optionalSlug.default(''),
  logo: imagePath.default(''),
  /** an edit: the version the editor opened (absent: no check) */
  version: versionSchema.optional(),
});
export type AdminBrandInput = z.infer<typeof adminBrandInputSchema>;

// ---- audit ----------------------------------------------------------------------------------

/** GET /s/api/admin/audit: newest first, searched by text, filtered by entity (and its id), person and days (inclusive, UTC). */
export const adminAuditQuerySchema = z.object({
  /** the list's search box: any part of a record's name ("toor dal", "#1042"), a person's name, a kind ("coupon") or a record's id */
  q: z.string().trim().max(100).default(''),
  entity: z.string().trim().max(40).optional(),
  entity_id: z.string().trim().max(100).optional(),
  actor: coercedIdSchema.optional(),
  from: daySchema.optional(),
  to: daySchema.optional(),
  page: pageSchema,
  perPage: perPage.default(20),
  /** keyset paging: the rows older than this id (then `page` is not used) */
  before: coercedIdSchema.optional(),
});
export type AdminAuditQuery = z.infer<typeof adminAuditQuerySchema>;

export const adminAuditEntrySchema = z.object({
  id: z.number().int(),
  entity: z.string(),
  entity_id: z.string(),
  /** the record, one style for every kind: "Product · Toor Dal", "Order · #1042" (`auditThing`) */
  label: z.string(),
  action: z.string(),
  /** the action in words: "Changed price", "Added image" (`auditActionText`) */
  action_text: z.string(),
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;
export const adminAuditListSchema = z.object({
  data: z.array(adminAuditEntrySchema),
  /** `next_before`: the keyset cursor of the next (older) page, null on the last */
  meta: z.object({ total: z.number().int(), page: z.number().int(), perPage: z.number().int(), next_before: z.number().int().nullable() }),
  /** the filters' choices: every entity kind and person in this website's log */
  entities: z.array(z.string()),
  people: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type AdminAuditList = z.infer<typeof adminAuditListSchema>;

/** The fields that differ between an audit row's before and after (top level), for "what changed". */
export function changedFields(before: unknown, after: unknown): string[] {
  const b = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  const a = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>;
  return [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]));
}
