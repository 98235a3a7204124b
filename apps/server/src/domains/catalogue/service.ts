import type { Brand, Category, Product, ProductsQuery } from '@grocer/shared/catalogue';
import { toRupees } from '@grocer/shared/money';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { brands, categories, packs, productMedia, products, stock, warehouses, wishlistItems } from '../../db/schema';
import { Errors } from '../../http/errors';
import { prefixTsQuery } from './search';

/** Who is asking: the website, the warehouse serving their pincode (if known), and the user. */
export interface CatalogueContext {
  websiteId: number;
  warehouseId: number | null;
  userId: number | null;
}

// ---------------------------------------------------------------------------------------------
// Categories and brands change rarely and are read on every listing: cached per website for a
// few seconds (DESIGN §1: safe to be stale for seconds; every process converges).
const TTL_MS = 5000;
const WORD_SIMILARITY = 0.4;
interface Taxonomy {
  at: number;
  tree: Category[];
  bySlug: Map<string, Category>;
  brands: Brand[];
}
const taxonomyCache = new Map<number, Taxonomy>();

export function forgetTaxonomy(websiteId?: number) {
  if (websiteId === undefined) taxonomyCache.clear();
  else taxonomyCache.delete(websiteId);
}

// Bumped by staff writes: cached storefront answers carry the generation in their key, so this
// process serves the change at once (other processes within their few seconds' TTL).
const generations = new Map<number, number>();
export const catalogueGeneration = (websiteId: number) => generations.get(websiteId) ?? 0;

/** Staff changed the website's catalogue: drop what this process cached of it. */
export function catalogueChanged(websiteId: number) {
  generations.set(websiteId, catalogueGeneration(websiteId) + 1);
  forgetTaxonomy(websiteId);
}

// Takes the pool (not a transaction): its queries run concurrently.
export async function loadTaxonomy(db: Db, websiteId: number): Promise<Taxonomy> {
  const hit = taxonomyCache.get(websiteId);
  if (hit && Date.now() - hit.at < TTL_MS) return hit;
  const [cats, brandRows] = await Promise.all([
    db.select().from(categories).where(eq(categories.websiteId, websiteId)).orderBy(asc(categories.position), asc(categories.id)),
    db.select({ id: brands.id, name: brands.name, slug: brands.slug, logo: brands.logo }).from(brands).where(eq(brands.websiteId, websiteId)).orderBy(asc(brands.name)),
  ]);
  const nodes = new Map<number, Category>();
  for (const c of cats) nodes.set(c.id, { id: c.id, name: c.name, slug: c.slug, avatar: c.avatar, children: [] });
  const tree: Category[] = [];
  for (const c of cats) {
    const node = nodes.get(c.id)!;
    const parent = c.parentId ? nodes.get(c.parentId) : undefined;
    (parent ? parent.children : tree).push(node);
  }
  const t: Taxonomy = { at: Date.now(), tree, bySlug: new Map([...nodes.values()].map((n) => [n.slug, n])), brands: brandRows };
  taxonomyCache.set(websiteId, t);
  return t;
}

/** The ids of a category and every descendant. */
function withDescendants(node: Category, out: number[] = []): number[] {
  out.push(node.id);
  for (const child of node.children) withDescendants(child, out);
  return out;
}

/** `c` accepts slugs or links such as '/products?c=rice' (spec §2). */
export function categorySlugFromParam(value: string): string {
  const m = /[?&]c=([^&]+)/.exec(value);
  return decodeURIComponent(m ? m[1]! : value).trim();
}

// ---------------------------------------------------------------------------------------------

/**
 * Answers GET /s/api/products: one query picks the page of product ids (filters, search, sort,
 * total via a window count), then the page is hydrated with a fixed number of queries.
 */
export async function listProducts(db: Db, ctx: CatalogueContext, query: ProductsQuery): Promise<{ data: Product[]; meta: { total: number; perPage: number; page: number } }> {
  const where: SQL[] = [eq(products.websiteId, ctx.websiteId), eq(products.status, 'active')];
  const taxonomy = await loadTaxonomy(db, ctx.websiteId);

  if (query.c.length) {
    const ids = query.c.flatMap((param) => {
      const node = taxonomy.bySlug.get(categorySlugFromParam(param));
      return node ? withDescendants(node) : [];
    });
    if (!ids.length) return { data: [], meta: { total: 0, perPage: query.perPage, page: query.page } };
    where.push(inArray(products.categoryId, ids));
  }
  if (query.b.length) {
    const ids = taxonomy.brands.filter((b) => query.b.includes(b.slug)).map((b) => b.id);
    if (!ids.length) return { data: [], meta: { total: 0, perPage: query.perPage, page: query.page } };
    where.push(inArray(products.brandId, ids));
  }

  let rank: SQL | undefined;
  if (query.q) {
    const ts = prefixTsQuery(query.q);
    const q = query.q.toLowerCase();
    // Full-text prefix match, or trigram word similarity for typos ('basmti' → basmati).
    const textMatch = ts ? sql`${products.searchDoc} @@ to_tsquery('simple', ${ts})` : sql`false`;
    where.push(sql`(${textMatch} or ${q} <% ${products.searchText})`);
    rank = sql`(${ts ? sql`ts_rank(${products.searchDoc}, to_tsquery('simple', ${ts}))` : sql`0`} + word_similarity(${q}, ${products.searchText}))`;
  }

  const sort = query.s ?? (query.q ? 'relevance' : undefined);
  const order: SQL[] = (() => {
    switch (sort) {
      case 'relevance':
        return rank ? [sql`${rank} desc`, asc(products.id)] : [asc(products.position), asc(products.id)];
      case 'price_asc':
        return [asc(products.minPrice), asc(products.id)];
      case 'price_desc':
        return [desc(products.minPrice), asc(products.id)];
      case 'newest':
        return [desc(products.createdAt), desc(products.id)];
      case 'name':
        return [asc(products.name), asc(products.id)];
      case 'discount':
        return [desc(products.maxDiscount), asc(products.id)];
      default:
        return [asc(products.position), asc(products.id)];
    }
  })();

  const pick = (tx: DbOrTx) =>
    tx
      .select({ id: products.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(products)
      .where(and(...where))
      .orderBy(...order)
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage);
  // Typos: the trigram operator `<%` uses the GIN index with a per-transaction threshold of 0.4
  // ('basmti' → 'basmati' scores 0.57, 'panner' → 'paneer' 0.43); the default 0.6 misses them.
  const rows = query.q
    ? await db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY)}, true)`);
        return pick(tx);
      })
    : await pick(db);

  let total = rows[0]?.total ?? 0;
  if (!rows.length && query.page > 1) {
    // Past the last page: still report the real total so the client can page back.
    const [c] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(products).where(and(...where));
    total = c?.n ?? 0;
  }
  const data = await hydrateProducts(db, ctx, rows.map((r) => r.id));
  return { data, meta: { total, perPage: query.perPage, page: query.page } };
}

export async function getProductBySlug(db: Db, ctx: CatalogueContext, slug: string): Promise<Product> {
  const [row] = await db.select({ id: products.id }).from(products).where(and(eq(products.websiteId, ctx.websiteId), eq(products.slug, slug), eq(products.status, 'active'))).limit(1);
  if (!row) throw Errors.notFound('Product not found');
  const [product] = await hydrateProducts(db, ctx, [row.id]);
  return product!;
}

/** Same category first, then the same brand; never the product itself. */
export async function relatedProducts(db: Db, ctx: CatalogueContext, slug: string, limit = 12): Promise<Product[]> {
  const [p] = await db
    .select({ id: products.id, categoryId: products.categoryId, brandId: products.brandId })
    .from(products)
    .where(and(eq(products.websiteId, ctx.websiteId), eq(products.slug, slug)))
    .limit(1);
  if (!p) throw Errors.notFound('Product not found');
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.websiteId, ctx.websiteId),
        eq(products.status, 'active'),
        sql`${products.id} <> ${p.id}`,
        sql`(${products.categoryId} is not distinct from ${p.categoryId} or ${products.brandId} is not distinct from ${p.brandId})`,
      ),
    )
    .orderBy(sql`case when ${products.categoryId} is not distinct from ${p.categoryId} then 0 else 1 end`, asc(products.position), asc(products.id))
    .limit(limit);
  return hydrateProducts(db, ctx, rows.map((r) => r.id));
}

/**
 * Saved products of a signed-in user among `productIds` (the wishlist flag of spec §3).
 * The wishlist domain owns the data; this is the catalogue's one question to it.
 */
export async function wishlistedProductIds(db: DbOrTx, websiteId: number, userId: number | null, productIds: number[]): Promise<Set<number>> {
  if (!userId || !productIds.length) return new Set();
  const rows = await db
    .selectDistinct({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(and(eq(wishlistItems.websiteId, websiteId), eq(wishlistItems.userId, userId), inArray(wishlistItems.productId, productIds)));
  return new Set(rows.map((r) => r.productId));
}

/**
 * Builds spec §3 products for `ids`, in that order, with a fixed number of queries whatever the
 * page size. Each pack reports the warehouse it would ship from: the one serving the visitor's
 * pincode when known, else the warehouse holding most of it. Takes the pool, not a transaction:
 * its queries run concurrently.
 */
export async function hydrateProducts(db: Db, ctx: CatalogueContext, ids: number[]): Promise<Product[]> {
  if (!ids.length) return [];
  const [base, packRows, mediaRows, wished] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        slug: products.slug,
        description: products.description,
        info: products.info,
        hsnCode: products.hsnCode,
        gstRate: products.gstRate,
        brandName: brands.name,
        brandSlug: brands.slug,
        categorySlug: categories.slug,
      })
      .from(products)
      .leftJoin(brands, eq(brands.id, products.brandId))
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(and(eq(products.websiteId, ctx.websiteId), inArray(products.id, ids))),
    db
      .select({
        id: packs.id,
        productId: packs.productId,
        name: packs.name,
        price: packs.price,
        actPrice: packs.actPrice,
        discount: packs.discount,
        discountType: packs.discountType,
        stock: sql<{ w: number; a: number }[] | null>`(select json_agg(json_build_object('w', s.warehouse_id, 'a', s.available) order by s.warehouse_id) from ${stock} s where s.pack_id = ${packs.id})`,
      })
      .from(packs)
      .where(and(eq(packs.websiteId, ctx.websiteId), inArray(packs.productId, ids)))
      .orderBy(asc(packs.productId), asc(packs.position), asc(packs.id)),
    db
      .select({ productId: productMedia.productId, src: productMedia.src })
      .from(productMedia)
      .where(and(eq(productMedia.websiteId, ctx.websiteId), inArray(productMedia.productId, ids)))
      .orderBy(asc(productMedia.productId), asc(productMedia.position), asc(productMedia.id)),
    wishlistedProductIds(db, ctx.websiteId, ctx.userId, ids),
  ]);
  const fallbackWarehouse = await firstWarehouse(db, ctx.websiteId);

  const packsBy = groupBy(packRows, (p) => p.productId);
  const mediaBy = groupBy(mediaRows, (m) => m.productId);
  const byId = new Map(base.map((b) => [b.id, b]));
  const out: Product[] = [];
  for (const id of ids) {
    const b = byId.get(id);
    if (!b) continue;
    const medias = (mediaBy.get(id) ?? []).map((m) => ({ src: m.src }));
    out.push({
      product_id: b.id,
      product_name: b.name,
      product_description: b.description,
      product_info: b.info ?? undefined,
      brand_name: b.brandName ?? '',
      slug: b.slug,
      brand_slug: b.brandSlug ?? '',
      wishlist: wished.has(b.id),
      medias,
      image: medias[0]?.src ?? '',
      packs: (packsBy.get(id) ?? []).map((p) => {
        const levels = p.stock ?? [];
        const chosen = ctx.warehouseId !== null ? (levels.find((l) => l.w === ctx.warehouseId) ?? { w: ctx.warehouseId, a: 0 }) : levels.reduce<{ w: number; a: number } | null>((best, l) => (!best || l.a > best.a ? l : best), null);
        return {
          pack_id: p.id,
          pack_name: p.name,
          price: toRupees(p.price),
          act_price: toRupees(p.actPrice),
          discount: p.discountType === 'flat' ? toRupees(p.discount) : p.discount,
          warehouse_id: chosen?.w ?? fallbackWarehouse ?? 0,
          discount_type: p.discountType,
          stock: chosen?.a ?? 0,
        };
      }),
      category_slug: b.categorySlug ?? undefined,
      hsn_code: b.hsnCode,
      gst_rate: b.gstRate / 100,
    });
  }
  return out;
}

const warehouseCache = new Map<number, { at: number; id: number | null }>();
async function firstWarehouse(db: DbOrTx, websiteId: number): Promise<number | null> {
  const hit = warehouseCache.get(websiteId);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.id;
  const [w] = await db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.websiteId, websiteId)).orderBy(asc(warehouses.id)).limit(1);
  warehouseCache.set(websiteId, { at: Date.now(), id: w?.id ?? null });
  return w?.id ?? null;
}

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const m = new Map<K, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = m.get(k);
    if (list) list.push(r);
    else m.set(k, [r]);
  }
  return m;
}
