import { sql } from 'drizzle-orm';
import { boolean, check, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PRODUCT_STATUSES } from '@grocer/shared/admin-catalogue';
import { FOOD_TYPES, type NutritionRow } from '@grocer/shared/product-facts';
import { websites } from '../website/tables';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Category tree; a category filter includes its descendants. */
export const categories = pgTable(
  'categories',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    parentId: integer(),
    name: text().notNull(),
    slug: text().notNull(),
    avatar: text().notNull().default(''),
    /** optimistic concurrency for staff edits: each save bumps it; a save of an older version is refused */
    version: integer().notNull().default(1),
    position: integer().notNull().default(0),
  },
  (t) => [uniqueIndex('categories_website_slug_uq').on(t.websiteId, t.slug), index('categories_parent_idx').on(t.websiteId, t.parentId)],
);

export const brands = pgTable(
  'brands',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    slug: text().notNull(),
    logo: text().notNull().default(''),
    /** optimistic concurrency for staff edits, as categories */
    version: integer().notNull().default(1),
  },
  (t) => [uniqueIndex('brands_website_slug_uq').on(t.websiteId, t.slug)],
);

export const products = pgTable(
  'products',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    categoryId: integer().references(() => categories.id, { onDelete: 'set null' }),
    brandId: integer().references(() => brands.id, { onDelete: 'set null' }),
    name: text().notNull(),
    slug: text().notNull(),
    description: text().notNull().default(''),
    /** structured details shown under the description (ingredients, shelf life, ...) */
    info: jsonb().$type<Record<string, string> | null>(),
    hsnCode: text().notNull().default(''),
    /** GST rate in basis points (500 = 5%); prices include GST */
    gstRate: integer().notNull().default(0),
    /** weighted full-text document: name (A), brand (B), category path (C); kept by refreshProductSearch */
    searchDoc: tsvector(),
    /** lower-cased name and brand for trigram similarity (typos, prefixes) */
    searchText: text().notNull().default(''),
    /** cheapest pack price in paise and the best pack discount in basis points, kept by refreshProductIndex for sorting */
    minPrice: integer().notNull().default(0),
    maxDiscount: integer().notNull().default(0),
    position: integer().notNull().default(0),
    /** only active products are on the storefront */
    status: text({ enum: PRODUCT_STATUSES }).notNull().default('active'),
    seoTitle: text().notNull().default(''),
    seoDescription: text().notNull().default(''),
    /** the facts on the pack (shared/product-facts.ts): FSSAI licence (14 digits or ''), ingredients, nutrition per 100 g/ml */
    fssaiLicence: text().notNull().default(''),
    ingredients: text().notNull().default(''),
    nutrition: jsonb().$type<NutritionRow[]>().notNull().default([]),
    /** the veg / non-veg mark; null when not said */
    foodType: text({ enum: FOOD_TYPES }),
    /** the approved reviews' count and sum of ratings, written in the moderation's transaction (reviews domain) */
    ratingCount: integer().notNull().default(0),
    ratingTotal: integer().notNull().default(0),
    /** optimistic concurrency for staff edits: each save bumps it; a save of an older version is refused */
    version: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_website_slug_uq').on(t.websiteId, t.slug),
    // with the id: the staff list's default order (updated, then id) read straight from the index
    index('products_website_updated_idx').on(t.websiteId, t.updatedAt, t.id),
    index('products_website_name_idx').on(t.websiteId, t.name),
    check('products_status_known', sql`${t.status} in ('draft', 'active', 'archived')`),
    check('products_food_type_known', sql`${t.foodType} is null or ${t.foodType} in ('veg', 'non_veg', 'egg', 'not_food')`),
    index('products_website_category_idx').on(t.websiteId, t.categoryId),
    index('products_website_brand_idx').on(t.websiteId, t.brandId),
    index('products_website_created_idx').on(t.websiteId, t.createdAt),
    index('products_website_price_idx').on(t.websiteId, t.minPrice),
    index('products_website_position_idx').on(t.websiteId, t.position, t.id),
    index('products_search_doc_idx').using('gin', t.searchDoc),
    index('products_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * The storefront's search rows: one per active product, its website and search document, kept by
 * database triggers on `products` (migration 0025: no writer can forget it). A search for words
 * with no other filter reads this narrow table (about 40 % of a product row's pages): with
 * 100,000 products, 'rice' matches 16,000, every one of them read and ranked.
 */
export const productSearch = pgTable(
  'product_search',
  {
    productId: integer()
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    searchDoc: tsvector().notNull(),
  },
  (t) => [index('product_search_doc_idx').using('gin', t.searchDoc)],
);

/**
 * Each product's JSON for the storefront's cards and pages (spec §3), kept by the database
 * (migration 0027): written again by every statement that changes the product, its packs, its
 * images, or its brand's or category's name or slug, so a read only lays the stock of the
 * visitor's warehouse and the user's wishlist flag over it (service.ts `productJson`). The pieces,
 * joined: `head` + wishlist flag + `body` + each pack's (`packHeads[i]` + warehouse id +
 * `packMiddles[i]` + units available + `}`, comma-separated, in `packIds` order) + `tail`.
 */
export const productCards = pgTable('product_cards', {
  productId: integer()
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  websiteId: integer()
    .notNull()
    .references(() => websites.id, { onDelete: 'cascade' }),
  /** the product's fields through `"wishlist":` */
  head: text().notNull(),
  /** from `,"medias":` through `"packs":[` */
  body: text().notNull(),
  packIds: integer().array().notNull(),
  /** each pack's JSON through `"warehouse_id":` */
  packHeads: text().array().notNull(),
  /** each pack's JSON from `,"discount_type":` through `"stock":` */
  packMiddles: text().array().notNull(),
  /** from the packs' `]` to the end */
  tail: text().notNull(),
});

/** A sellable size of a product. Money is integer paise: price (selling), actPrice (MRP). */
export const packs = pgTable(
  'packs',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    sku: text().notNull().default(''),
    /** EAN-13, EAN-8 or UPC-A, check digit verified; '' when the pack has none */
    barcode: text().notNull().default(''),
    price: integer().notNull(),
    actPrice: integer().notNull(),
    /** the advertised discount: percent for 'percentage', paise for 'flat' */
    discount: integer().notNull().default(0),
    discountType: text({ enum: ['percentage', 'flat'] }),
    /**
     * Loose goods sold by weight at the counter: `price`/`actPrice` are per kg, the stock balance and
     * an order line's `quantity` are in grams, and a line's amount is round(price × grams / 1000).
     */
    soldByWeight: boolean().notNull().default(false),
    /** a weighed pack's 5-digit item code on scale labels (`@grocer/shared/scale-barcode`); '' when none */
    plu: text().notNull().default(''),
    /** a weighed pack's online step in grams: the storefront adds and removes this much (issue 40.5) */
    stepGrams: integer().notNull().default(500),
    position: integer().notNull().default(0),
  },
  (t) => [
    index('packs_product_idx').on(t.productId, t.position),
    index('packs_website_price_idx').on(t.websiteId, t.price),
    uniqueIndex('packs_website_sku_uq')
      .on(t.websiteId, t.sku)
      .where(sql`${t.sku} <> ''`),
    uniqueIndex('packs_website_plu_uq')
      .on(t.websiteId, t.plu)
      .where(sql`${t.plu} <> ''`),
    check('packs_price_positive', sql`${t.price} > 0 and ${t.actPrice} >= ${t.price}`),
    check('packs_step_grams_range', sql`${t.stepGrams} between 1 and 10000`),
  ],
);

/**
 * A product's other categories: `products.category_id` stays the primary one (breadcrumbs, the
 * search document); a category filter also finds the products listed here.
 */
export const productCategories = pgTable(
  'product_categories',
  {
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.categoryId] }), index('product_categories_category_idx').on(t.websiteId, t.categoryId)],
);

/**
 * Slugs a product had before (written when the slug changes), so an old link still finds it: the
 * storefront answers an old slug with a redirect to the current one. A slug is taken at most once
 * per website across current and old slugs' owners (a new product reusing an old slug wins).
 */
export const productSlugHistory = pgTable(
  'product_slug_history',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    slug: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('product_slug_history_website_slug_uq').on(t.websiteId, t.slug)],
);

export const productMedia = pgTable(
  'product_media',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    src: text().notNull(),
    /** what the image shows, for screen readers and search engines ('' = the product's name) */
    alt: text().notNull().default(''),
    position: integer().notNull().default(0),
  },
  (t) => [index('product_media_product_idx').on(t.productId, t.position)],
);

/**
 * Words shoppers type for what the catalogue calls otherwise (Hindi/Hinglish grocery words, brand
 * nicknames): `term` is found wherever a product's name, brand or category has one of `words`
 * ('dahi' → curd, yogurt). The owner edits them in Administration; the search index carries them,
 * so a search costs no extra query.
 */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    /** what shoppers type, lower case */
    term: text().notNull(),
    /** what the catalogue says, lower case (a phrase may have several words) */
    words: text().array().notNull(),
  },
  (t) => [uniqueIndex('search_synonyms_website_term_uq').on(t.websiteId, t.term)],
);
