import type {
  AdminProduct,
  AdminProductInput,
  AdminProductList,
  AdminProductOptions,
  AdminProductsQuery,
  ProductStatus,
} from '@grocer/shared/admin-catalogue';
import type { Category } from '@grocer/shared/catalogue';
import { toPaise, toRupees } from '@grocer/shared/money';
import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import sanitizeHtml from 'sanitize-html';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { isUniqueViolation } from '../../db/errors';
import { invalidateWebsite } from '../../http/cache';
import { AppError, Errors, fail } from '../../http/errors';
import { packStockByWarehouse, productUnitsSubquery, unitsInStockSql } from '../inventory';
import { checkProductImages, productImages, replaceProductImages } from './product-images';
import { refreshProductIndex } from './search';
import { loadTaxonomy } from './service';
import { auditProduct, checkProductRefs, saveProductCategories, slugMoved, type ProductSnapshot } from './product-records';
import { brands, categories, packs, productCategories, productMedia, products } from './tables';
import { recordAudit, type AuditActor } from '../audit';
import { factsRow } from './product-facts';
import { orderedRefs } from '../orders/ordered-products';

/**
 * Administration's view of the catalogue: every status, stock summed over warehouses, and the
 * product editor's read and save. Stock is shown, never written (the inventory ledger owns it).
 */

const productPackIds = sql`select k.id from ${packs} k where k.product_id = ${products.id}`;
const unitsInStock = unitsInStockSql(productPackIds);
const coverImage = sql<
  string | null
>`(select m.src from ${productMedia} m where m.product_id = ${products.id} order by m.position, m.id limit 1)`;
const packCount = sql<number>`(select count(*) from ${packs} k where k.product_id = ${products.id})`.mapWith(Number);

function descendants(nodes: Category[], id: number): number[] | null {
  for (const n of nodes) {
    if (n.id === id) {
      const out: number[] = [];
      const walk = (c: Category) => (out.push(c.id), c.children.forEach(walk));
      walk(n);
      return out;
    }
    const found = descendants(n.children, id);
    if (found) return found;
  }
  return null;
}

/** GET /s/api/admin/products: one query picks the page (total by a window count), one fills it in. */
export async function listAdminProducts(db: Db, websiteId: number, query: AdminProductsQuery): Promise<AdminProductList> {
  const where: SQL[] = [eq(products.websiteId, websiteId)];
  if (query.q) {
    // The trigram index on search_text serves a substring match; a SKU is matched exactly.
    const like = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      sql`(${products.searchText} like ${like} or ${products.id} = any(array(select k.product_id from ${packs} k where k.website_id = ${websiteId} and k.sku = ${query.q.toUpperCase()})))`,
    );
  }
  if (query.category !== undefined) {
    const ids = descendants((await loadTaxonomy(db, websiteId)).tree, query.category);
    if (!ids) return { data: [], meta: { total: 0, page: query.page, perPage: query.perPage } };
    // the primary category or a further one: two arms an index each serves (a bitmap OR), as the
    // storefront asks it; an `exists` per product scanned the catalogue (its count: 116 → 8 ms with
    // 100,000 products, bench/scale.ts)
    where.push(
      sql`(${inArray(products.categoryId, ids)} or ${products.id} = any(array(select ${productCategories.productId} from ${productCategories}
        where ${productCategories.websiteId} = ${websiteId} and ${inArray(productCategories.categoryId, ids)})))`,
    );
  }
  if (query.brand !== undefined) where.push(eq(products.brandId, query.brand));
  if (query.status) where.push(eq(products.status, query.status));
  if (query.discounted !== undefined) where.push(query.discounted ? sql`${products.maxDiscount} > 0` : sql`${products.maxDiscount} = 0`);

  // Stock filters and sorts read inventory's one row per product (its units over every pack and
  // warehouse), joined only when asked for: 0 units is out of stock, more is in stock.
  const units = productUnitsSubquery(db, websiteId);
  const outOfStock = sql`${units.units} = 0`;
  const stockWhere = query.stock && (query.stock === 'in' ? sql`${units.units} > 0` : outOfStock);
  const withUnits = <T extends PgSelect>(q: T, join: boolean) => (join ? q.innerJoin(units, eq(units.productId, products.id)) : q);

  // The page's ids, then the rows. The total is counted apart, beside the page (a window count in
  // the page's query would visit every matching row before the first could be sent: 86 ms for the
  // unfiltered list of 100,000 products, bench/scale.ts; apart, the page walks an index and stops).
  // Sorted by stock, the page walks `product_stock`'s units index and stops as soon as it is full.
  const key = {
    name: sql`${products.name}`,
    price: sql`${products.minPrice}`,
    stock: sql`${units.units}`,
    updated: sql`${products.updatedAt}`,
  }[query.sort];
  const dir = query.dir === 'asc' ? sql`asc` : sql`desc`;
  const countOf = (stock?: SQL) =>
    withUnits(
      db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(products)
        .$dynamic(),
      stock !== undefined,
    ).where(and(...where, stock));
  const [picked, counted] = await Promise.all([
    withUnits(db.select({ id: products.id }).from(products).$dynamic(), stockWhere !== undefined || query.sort === 'stock')
      .where(and(...where, stockWhere))
      .orderBy(sql`${key} ${dir}`, sql`${products.id} ${dir}`)
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    // In stock is counted as all less those out of stock: a shop has few of those, found by the
    // units index, where counting the others would join every product (100 ms for 100,000).
    query.stock === 'in'
      ? db.execute(sql`select ((${countOf()}) - (${countOf(outOfStock)}))::int as n`).then((r) => rowsOf<{ n: number }>(r))
      : countOf(stockWhere),
  ]);
  const total = Number(counted[0]?.n ?? 0);
  const ids = picked.map((r) => r.id);
  const found = ids.length
    ? await db
        .select({
          id: products.id,
          name: products.name,
          slug: products.slug,
          status: products.status,
          brand: brands.name,
          category: categories.name,
          image: coverImage,
          packs: packCount,
          minPrice: products.minPrice,
          maxDiscount: products.maxDiscount,
          stock: unitsInStock,
          updatedAt: products.updatedAt,
        })
        .from(products)
        .leftJoin(brands, eq(brands.id, products.brandId))
        .leftJoin(categories, eq(categories.id, products.categoryId))
        .where(and(eq(products.websiteId, websiteId), inArray(products.id, ids)))
    : [];
  const byId = new Map(found.map((r) => [r.id, r]));
  const rows = ids.flatMap((id) => byId.get(id) ?? []);
  return {
    data: rows.map((r) => ({
      id: r.id,
      name: r.name,
      slug: r.slug,
      status: r.status,
      brand: r.brand,
      category: r.category,
      image: r.image ?? '',
      packs: r.packs,
      price: toRupees(r.minPrice),
      discount: Math.round(r.maxDiscount / 100),
      stock: r.stock,
      updated_at: new Date(r.updatedAt).toISOString(),
    })),
    meta: { total, page: query.page, perPage: query.perPage },
  };
}

/** The choices of the list's filters and the editor's selects. */
export async function adminProductOptions(db: Db, websiteId: number): Promise<AdminProductOptions> {
  const taxonomy = await loadTaxonomy(db, websiteId);
  const flat: AdminProductOptions['categories'] = [];
  const walk = (nodes: Category[], depth: number) =>
    nodes.forEach((n) => (flat.push({ id: n.id, name: n.name, depth }), walk(n.children, depth + 1)));
  walk(taxonomy.tree, 0);
  return { categories: flat, brands: taxonomy.brands.map((b) => ({ id: b.id, name: b.name })) };
}

export async function getAdminProduct(db: Db | Tx, websiteId: number, id: number): Promise<AdminProduct> {
  const [p] = await db
    .select({ p: products })
    .from(products)
    .where(and(eq(products.websiteId, websiteId), eq(products.id, id)))
    .limit(1);
  if (!p) throw Errors.notFound('Product not found');
  const images = await productImages(db, websiteId, id);
  const packRows = await db
    .select()
    .from(packs)
    .where(and(eq(packs.websiteId, websiteId), eq(packs.productId, id)))
    .orderBy(asc(packs.position), asc(packs.id));
  const levels = await packStockByWarehouse(
    db,
    websiteId,
    packRows.map((k) => k.id),
  );
  const { p: row } = p;
  const further = await db
    .select({ id: productCategories.categoryId })
    .from(productCategories)
    .where(and(eq(productCategories.websiteId, websiteId), eq(productCategories.productId, id)))
    .orderBy(asc(productCategories.categoryId));
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    status: row.status,
    brand_id: row.brandId,
    category_id: row.categoryId,
    category_ids: further.map((c) => c.id),
    description: row.description,
    seo_title: row.seoTitle,
    seo_description: row.seoDescription,
    hsn_code: row.hsnCode,
    gst_rate: row.gstRate / 100,
    facts: { fssai_licence: row.fssaiLicence, ingredients: row.ingredients, nutrition: row.nutrition, food_type: row.foodType },
    image: images[0]?.src ?? '',
    images,
    version: row.version,
    updated_at: new Date(row.updatedAt).toISOString(),
    packs: packRows.map((k) => ({
      id: k.id,
      name: k.name,
      sku: k.sku,
      barcode: k.barcode,
      price: toRupees(k.price),
      act_price: toRupees(k.actPrice),
      position: k.position,
      sold_by_weight: k.soldByWeight,
      plu: k.plu,
      step_grams: k.stepGrams,
      stock: levels
        .filter((l) => l.packId === k.id)
        .map(({ warehouse_id, warehouse, available }) => ({ warehouse_id, warehouse, available })),
    })),
  };
}

/** Rich text from the editor, reduced to formatting: no scripts, styles, handlers or frames. */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'h3', 'h4', 'a'],
    // rel is always ours (set by the transform below), never the author's
    allowedAttributes: { a: ['href', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowProtocolRelative: false,
    // the editor's bold and italic may arrive as b and i; headings above h3 become h3
    transformTags: {
      b: 'strong',
      i: 'em',
      h1: 'h3',
      h2: 'h3',
      a: sanitizeHtml.simpleTransform('a', { rel: 'noopener nofollow' }),
    },
    allowedSchemesAppliedToAttributes: ['href'],
  });
}

/** The advertised discount, computed from price and MRP: a whole percent, or none. */
export function packDiscount(price: number, actPrice: number): { discount: number; discountType: 'percentage' | null } {
  if (actPrice <= price) return { discount: 0, discountType: null };
  return { discount: Math.round(((actPrice - price) * 100) / actPrice), discountType: 'percentage' };
}

/**
 * A pack's stock and its sales are counted in units, or in grams when it is sold by weight, and a
 * receipt reads its lines by the pack's flag: so the flag of a pack that holds stock or was ever
 * sold never flips (the owner adds a new pack instead), or old numbers would change meaning.
 */
async function checkWeighingChanges(
  tx: Tx,
  websiteId: number,
  existing: Array<{ id: number; soldByWeight: boolean }>,
  input: AdminProductInput,
  refuse: (field: string, message: string) => void,
) {
  const flipped = input.packs.flatMap((k, i) => {
    const was = k.id === undefined ? undefined : existing.find((e) => e.id === k.id);
    return was && was.soldByWeight !== k.sold_by_weight ? [{ id: was.id, i }] : [];
  });
  if (!flipped.length) return;
  const ids = flipped.map((f) => f.id);
  const stocked = new Set((await packStockByWarehouse(tx, websiteId, ids)).filter((l) => l.available !== 0).map((l) => l.packId));
  const sold = (await orderedRefs(tx, websiteId, [], ids)).packs;
  for (const f of flipped)
    if (stocked.has(f.id) || sold.has(f.id))
      refuse(
        `packs.${f.i}.sold_by_weight`,
        'This pack has stock or sales counted in units: add a new pack sold by weight instead (or the other way round)',
      );
}

/**
 * PUT /s/api/admin/products/{id}: the product and its packs in one transaction, or nothing.
 * The product row is updated only at the version the editor read (`version = ...`), so of two
 * people saving the same product the second is refused (409) instead of overwriting the first.
 */
export async function updateAdminProduct(db: Db, actor: AuditActor, id: number, input: AdminProductInput): Promise<AdminProduct> {
  const websiteId = actor.websiteId;
  const errors: Record<string, string[]> = {};
  const refuse = (field: string, message: string) => (errors[field] ??= []).push(message);
  try {
    await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ version: products.version, slug: products.slug })
        .from(products)
        .where(and(eq(products.websiteId, websiteId), eq(products.id, id)))
        .for('update');
      if (!current) throw Errors.notFound('Product not found');
      if (current.version !== input.version) throw fail('STALE_PRODUCT');
      const before: ProductSnapshot = await auditProduct(tx, websiteId, id);

      await checkProductRefs(tx, websiteId, input, id, refuse);
      const [slugTaken] = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.websiteId, websiteId), eq(products.slug, input.slug), ne(products.id, id)));
      if (slugTaken) refuse('slug', 'Another product already uses this slug');

      const existing = await tx
        .select({ id: packs.id, soldByWeight: packs.soldByWeight })
        .from(packs)
        .where(and(eq(packs.websiteId, websiteId), eq(packs.productId, id)));
      const existingIds = new Set(existing.map((k) => k.id));
      await checkWeighingChanges(tx, websiteId, existing, input, refuse);
      input.packs.forEach(
        (k, i) => k.id !== undefined && !existingIds.has(k.id) && refuse(`packs.${i}.id`, 'This pack is not part of the product'),
      );
      const kept = new Set(input.packs.flatMap((k) => (k.id === undefined ? [] : [k.id])));
      if ([...existingIds].some((k) => !kept.has(k))) refuse('packs', 'Packs cannot be removed here: keep every existing pack');
      if (input.images) await checkProductImages(tx, websiteId, id, input.images, refuse);
      if (Object.keys(errors).length) throw Errors.invalid(errors);

      if (current.slug !== input.slug) await slugMoved(tx, websiteId, id, current.slug, input.slug);
      await tx
        .update(products)
        .set({
          name: input.name,
          slug: input.slug,
          status: input.status,
          brandId: input.brand_id,
          categoryId: input.category_id,
          description: sanitizeDescription(input.description),
          seoTitle: input.seo_title,
          seoDescription: input.seo_description,
          hsnCode: input.hsn_code,
          gstRate: Math.round(input.gst_rate * 100),
          ...(input.facts ? factsRow(input.facts) : {}),
          version: sql`${products.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(products.websiteId, websiteId), eq(products.id, id)));

      // SKUs may move between this product's packs: park them first so the unique index never
      // sees two packs holding one SKU halfway through.
      if (existingIds.size)
        await tx
          .update(packs)
          .set({ sku: sql`'~' || ${packs.id}` })
          .where(and(eq(packs.websiteId, websiteId), eq(packs.productId, id)));
      for (const k of input.packs) {
        const values = {
          name: k.name,
          sku: k.sku,
          barcode: k.barcode,
          price: toPaise(k.price),
          actPrice: toPaise(k.act_price),
          soldByWeight: k.sold_by_weight,
          plu: k.plu,
          stepGrams: k.step_grams,
          position: k.position,
          ...packDiscount(toPaise(k.price), toPaise(k.act_price)),
        };
        if (k.id === undefined) await tx.insert(packs).values({ websiteId, productId: id, ...values });
        else
          await tx
            .update(packs)
            .set(values)
            .where(and(eq(packs.websiteId, websiteId), eq(packs.id, k.id)));
      }
      await saveProductCategories(tx, websiteId, id, input);
      if (input.images) await replaceProductImages(tx, websiteId, id, input.images);
      await refreshProductIndex(tx, websiteId, [id]);
      await recordAudit(tx, actor, {
        entity: 'product',
        entityId: id,
        action: 'update',
        before,
        after: await auditProduct(tx, websiteId, id),
      });
    });
  } catch (e) {
    // Lost a race for a slug or SKU against another save that committed first.
    if (isUniqueViolation(e) && !(e instanceof AppError)) throw fail('DUPLICATE');
    throw e;
  }
  invalidateWebsite(websiteId);
  return getAdminProduct(db, websiteId, id);
}

/**
 * The list's bulk action: sets the status of the website's products among `ids` (others' ids are
 * ignored, so a mixed list cannot touch another shop) and bumps their version, so an editor open
 * on one of them cannot silently undo it.
 */
export async function setProductsStatus(db: Db, actor: AuditActor, ids: number[], status: ProductStatus): Promise<{ updated: number }> {
  const websiteId = actor.websiteId;
  const rows = await db.transaction(async (tx) => {
    const changed = await tx
      .update(products)
      .set({ status, version: sql`${products.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(products.websiteId, websiteId), inArray(products.id, ids), ne(products.status, status)))
      .returning({ id: products.id });
    await recordAudit(
      tx,
      actor,
      changed.map((r) => ({ entity: 'product', entityId: r.id, action: 'status', after: { status } })),
    );
    return changed;
  });
  if (rows.length) invalidateWebsite(websiteId);
  return { updated: rows.length };
}
