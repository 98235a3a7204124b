import {
  changePackPrice,
  type AdminPriceChange,
  type AdminPricePreview,
  type AdminProductCreate,
} from '@grocer/shared/admin-catalogue-edit';
import type { AdminProduct } from '@grocer/shared/admin-catalogue';
import { toPaise, toRupees } from '@grocer/shared/money';
import { slugify } from '@grocer/shared/slug';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { invalidateWebsite } from '../../http/cache';
import { AppError, Errors, fail } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit';
import { orderedRefs } from '../orders/ordered-products';
import { getAdminProduct, packDiscount, sanitizeDescription } from './admin-service';
import { auditProduct, checkProductRefs, saveProductCategories, slugMoved, type Refuse } from './product-records';
import { factsRow } from './product-facts';
import { refreshProductIndex } from './search';
import { categories, packs, productCategories, products, productSlugHistory } from './tables';

/**
 * The product writes beside the editor's save: create, delete, the list's bulk category and price
 * changes, further categories and old slugs. Each is one transaction with its audit rows, then the
 * website's caches are dropped so the storefront shows it at once.
 */

/** A slug from `name` that no product of the website has now or had before: 'toor-dal', 'toor-dal-2', … */
async function freeSlug(tx: Tx, websiteId: number, name: string): Promise<string> {
  const base = (slugify(name) || 'product').slice(0, 180).replace(/-$/, '');
  const like = (col: typeof products.slug | typeof productSlugHistory.slug) => sql`(${col} = ${base} or ${col} like ${`${base}-%`})`;
  const taken = new Set(
    [
      ...(await tx
        .select({ slug: products.slug })
        .from(products)
        .where(and(eq(products.websiteId, websiteId), like(products.slug)))),
      ...(await tx
        .select({ slug: productSlugHistory.slug })
        .from(productSlugHistory)
        .where(and(eq(productSlugHistory.websiteId, websiteId), like(productSlugHistory.slug)))),
    ].map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** POST /s/api/admin/products: the product, its packs and categories in one transaction, or nothing. */
export async function createProduct(db: Db, actor: AuditActor, input: AdminProductCreate): Promise<AdminProduct> {
  const websiteId = actor.websiteId;
  const errors: Record<string, string[]> = {};
  const refuse: Refuse = (field, message) => (errors[field] ??= []).push(message);
  let id = 0;
  try {
    await db.transaction(async (tx) => {
      await checkProductRefs(tx, websiteId, input, null, refuse);
      let slug = input.slug;
      if (slug) {
        const [taken] = await tx
          .select({ id: products.id })
          .from(products)
          .where(and(eq(products.websiteId, websiteId), eq(products.slug, slug)));
        if (taken) refuse('slug', 'Another product already uses this slug');
      } else slug = await freeSlug(tx, websiteId, input.name);
      if (Object.keys(errors).length) throw Errors.invalid(errors);

      await slugMoved(tx, websiteId, 0, null, slug);
      const [row] = await tx
        .insert(products)
        .values({
          websiteId,
          name: input.name,
          slug,
          status: input.status,
          brandId: input.brand_id,
          categoryId: input.category_id,
          description: sanitizeDescription(input.description),
          seoTitle: input.seo_title,
          seoDescription: input.seo_description,
          hsnCode: input.hsn_code,
          gstRate: Math.round(input.gst_rate * 100),
          ...(input.facts ? factsRow(input.facts) : {}),
        })
        .returning({ id: products.id });
      id = row!.id;
      await tx.insert(packs).values(
        input.packs.map((k, position) => ({
          websiteId,
          productId: id,
          name: k.name,
          sku: k.sku,
          barcode: k.barcode,
          price: toPaise(k.price),
          actPrice: toPaise(k.act_price),
          soldByWeight: k.sold_by_weight,
          plu: k.plu,
          stepGrams: k.step_grams,
          position,
          ...packDiscount(toPaise(k.price), toPaise(k.act_price)),
        })),
      );
      await saveProductCategories(tx, websiteId, id, input);
      await refreshProductIndex(tx, websiteId, [id]);
      await recordAudit(tx, actor, { entity: 'product', entityId: id, action: 'create', after: await auditProduct(tx, websiteId, id) });
    });
  } catch (e) {
    if (isUniqueViolation(e) && !(e instanceof AppError)) throw fail('DUPLICATE');
    throw e;
  }
  invalidateWebsite(websiteId);
  return getAdminProduct(db, websiteId, id);
}

/**
 * Deletes the website's products among `ids` (others' ids are not found: 404), only if none was
 * ever ordered; otherwise nothing is deleted and the answer names them (409: archive instead).
 */
export async function deleteProducts(db: Db, actor: AuditActor, ids: number[]): Promise<{ updated: number }> {
  const websiteId = actor.websiteId;
  const deleted = await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(and(eq(products.websiteId, websiteId), inArray(products.id, ids)))
      .for('update');
    if (rows.length < new Set(ids).size) throw Errors.notFound('Product not found');
    const packRows = await tx
      .select({ id: packs.id, productId: packs.productId })
      .from(packs)
      .where(and(eq(packs.websiteId, websiteId), inArray(packs.productId, ids)));
    const refs = await orderedRefs(
      tx,
      websiteId,
      ids,
      packRows.map((k) => k.id),
    );
    const ordered = new Set([...refs.products, ...packRows.filter((k) => refs.packs.has(k.id)).map((k) => k.productId)]);
    if (ordered.size) {
      const names = rows.filter((r) => ordered.has(r.id)).map((r) => r.name);
      throw Errors.conflict(
        'PRODUCT_ORDERED',
        `${names.slice(0, 3).join(', ')}${names.length > 3 ? ` and ${names.length - 3} more` : ''} ${names.length === 1 ? 'has' : 'have'} been ordered, so cannot be deleted: archive ${names.length === 1 ? 'it' : 'them'} instead.`,
      );
    }
    // one at a time: the transaction's connection takes one statement at a time
    const before: Array<{ id: number; snap: Awaited<ReturnType<typeof auditProduct>> }> = [];
    for (const r of rows) before.push({ id: r.id, snap: await auditProduct(tx, websiteId, r.id) });
    await tx.delete(products).where(and(eq(products.websiteId, websiteId), inArray(products.id, ids)));
    await recordAudit(
      tx,
      actor,
      before.map((b) => ({ entity: 'product', entityId: b.id, action: 'delete', before: b.snap })),
    );
    return rows.length;
  });
  invalidateWebsite(websiteId);
  return { updated: deleted };
}

/** The list's bulk "move to category": the products' primary category (null: none). */
export async function moveProductsToCategory(
  db: Db,
  actor: AuditActor,
  ids: number[],
  categoryId: number | null,
): Promise<{ updated: number }> {
  const websiteId = actor.websiteId;
  const updated = await db.transaction(async (tx) => {
    if (categoryId !== null) {
      const [c] = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(and(eq(categories.websiteId, websiteId), eq(categories.id, categoryId)));
      if (!c) throw Errors.invalid({ category_id: ['Category not found'] });
    }
    const before = await tx
      .select({ id: products.id, category_id: products.categoryId })
      .from(products)
      .where(and(eq(products.websiteId, websiteId), inArray(products.id, ids), sql`${products.categoryId} is distinct from ${categoryId}`))
      .for('update');
    if (!before.length) return 0;
    const moved = before.map((b) => b.id);
    await tx
      .update(products)
      .set({ categoryId, version: sql`${products.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(products.websiteId, websiteId), inArray(products.id, moved)));
    // the new primary category is not also a further one
    if (categoryId !== null)
      await tx
        .delete(productCategories)
        .where(and(inArray(productCategories.productId, moved), eq(productCategories.categoryId, categoryId)));
    await refreshProductIndex(tx, websiteId, moved);
    await recordAudit(
      tx,
      actor,
      before.map((b) => ({
        entity: 'product',
        entityId: b.id,
        action: 'category',
        before: { category_id: b.category_id },
        after: { category_id: categoryId },
      })),
    );
    return moved.length;
  });
  if (updated) invalidateWebsite(websiteId);
  return { updated };
}

async function pricePlan(db: DbOrTx, websiteId: number, change: AdminPriceChange, lock: boolean) {
  const q = db
    .select({
      id: packs.id,
      productId: packs.productId,
      product: products.name,
      pack: packs.name,
      price: packs.price,
      actPrice: packs.actPrice,
    })
    .from(packs)
    .innerJoin(products, eq(products.id, packs.productId))
    .where(and(eq(packs.websiteId, websiteId), inArray(packs.productId, change.ids)))
    .orderBy(asc(products.name), asc(packs.productId), asc(packs.position), asc(packs.id));
  const rows = lock ? await q.for('update', { of: packs }) : await q;
  return rows.map((k) => ({ ...k, next: changePackPrice(k, change) }));
}

/** What a price change would do, pack by pack (nothing is written). */
export async function previewPrices(db: Db, websiteId: number, change: AdminPriceChange): Promise<AdminPricePreview> {
  const plan = await pricePlan(db, websiteId, change, false);
  return {
    data: plan.map((k) => ({
      pack_id: k.id,
      product_id: k.productId,
      product: k.product,
      pack: k.pack,
      price: toRupees(k.price),
      new_price: toRupees(k.next.price),
      act_price: toRupees(k.actPrice),
      new_act_price: toRupees(k.next.actPrice),
      problem: k.next.problem,
    })),
  };
}

/** Applies a price change in one transaction (audited per product), or refuses it whole (422) if any pack cannot take it. */
export async function applyPrices(db: Db, actor: AuditActor, change: AdminPriceChange): Promise<{ updated: number }> {
  const websiteId = actor.websiteId;
  const updated = await db.transaction(async (tx) => {
    const plan = await pricePlan(tx, websiteId, change, true);
    if (!plan.length) throw Errors.notFound('Product not found');
    const bad = plan.find((k) => k.next.problem);
    if (bad) throw Errors.invalid({ value: [`${bad.product} ${bad.pack}: ${bad.next.problem}`] });
    for (const k of plan)
      await tx
        .update(packs)
        .set({ price: k.next.price, actPrice: k.next.actPrice, ...packDiscount(k.next.price, k.next.actPrice) })
        .where(and(eq(packs.websiteId, websiteId), eq(packs.id, k.id)));
    const productIds = [...new Set(plan.map((k) => k.productId))];
    await tx
      .update(products)
      .set({ version: sql`${products.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(products.websiteId, websiteId), inArray(products.id, productIds)));
    await refreshProductIndex(tx, websiteId, productIds);
    await recordAudit(
      tx,
      actor,
      productIds.map((pid) => {
        const mine = plan.filter((k) => k.productId === pid);
        return {
          entity: 'product',
          entityId: pid,
          action: 'prices',
          before: { packs: mine.map((k) => ({ id: k.id, name: k.pack, price: toRupees(k.price), act_price: toRupees(k.actPrice) })) },
          after: {
            packs: mine.map((k) => ({ id: k.id, name: k.pack, price: toRupees(k.next.price), act_price: toRupees(k.next.actPrice) })),
          },
        };
      }),
    );
    return plan.length;
  });
  invalidateWebsite(websiteId);
  return { updated };
}
