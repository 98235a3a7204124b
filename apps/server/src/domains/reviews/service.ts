import { ratingAverage } from '@grocer/shared/product-facts';
import type { AdminReviewList, AdminReviewsQuery, MyReview, ProductReviews, ReviewInput } from '@grocer/shared/reviews';
import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { invalidateWebsite } from '../../http/cache';
import { Errors } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit';
import { activeProductId, lockProductForRating, productRating, writeProductRating, productNames } from '../catalogue';
import { usersByIds } from '../identity';
import { receivedProduct } from '../orders/ordered-products';
import { productReviews } from './tables';

/**
 * Shopper reviews (issue 39, point 15). A shopper who received a product rates it once (writing
 * again edits that review); every write waits for staff; only approved reviews are shown and make
 * the product's summary (`rating_count`, `rating_total` in its row, shown on its card), which is
 * recounted in the same transaction as every change, under the product row's lock.
 */

export const REVIEWS_PER_PAGE = 20;

export const NOT_RECEIVED = 'Only shoppers who received this product can review it';

async function productOf(db: DbOrTx, websiteId: number, idOrSlug: string): Promise<number> {
  const id = await activeProductId(db, websiteId, idOrSlug);
  if (id === null) throw Errors.notFound('Product not found');
  return id;
}

/** What a person shows as on a review: their first name (never their contacts). */
const firstName = (name: string | undefined) => name?.trim().split(/\s+/)[0] || 'Shopper';

/** Counts the product's approved reviews again and writes the summary; the caller holds the product's lock. */
async function recount(tx: Tx, productId: number): Promise<void> {
  const [row] = await tx
    .select({ count: count(), total: sql<number>`coalesce(sum(${productReviews.rating}), 0)::int` })
    .from(productReviews)
    .where(and(eq(productReviews.productId, productId), eq(productReviews.status, 'approved')));
  await writeProductRating(tx, productId, { count: row?.count ?? 0, total: row?.total ?? 0 });
}

/** The shopper's review of the product (created, or their earlier one edited), back to pending. */
export async function saveReview(db: Db, websiteId: number, userId: number, idOrSlug: string, input: ReviewInput): Promise<MyReview> {
  const productId = await productOf(db, websiteId, idOrSlug);
  if (!(await receivedProduct(db, websiteId, userId, productId))) throw Errors.forbidden(NOT_RECEIVED);
  await db.transaction(async (tx) => {
    await lockProductForRating(tx, websiteId, productId);
    await tx
      .insert(productReviews)
      .values({ websiteId, productId, userId, rating: input.rating, body: input.body })
      .onConflictDoUpdate({
        target: [productReviews.productId, productReviews.userId],
        set: { rating: input.rating, body: input.body, status: 'pending', updatedAt: sql`now()` },
      });
    // an edited review that was approved leaves the summary until staff approve it again
    await recount(tx, productId);
  });
  invalidateWebsite(websiteId);
  return myReview(db, websiteId, userId, String(productId));
}

/** May this shopper review the product, and what they wrote (any status). */
export async function myReview(db: DbOrTx, websiteId: number, userId: number | null, idOrSlug: string): Promise<MyReview> {
  const productId = await productOf(db, websiteId, idOrSlug);
  if (userId === null) return { can_review: false, review: null };
  const [mine] = await db
    .select({ rating: productReviews.rating, body: productReviews.body, status: productReviews.status })
    .from(productReviews)
    .where(and(eq(productReviews.productId, productId), eq(productReviews.userId, userId)));
  return { can_review: mine !== undefined || (await receivedProduct(db, websiteId, userId, productId)), review: mine ?? null };
}

/** The product's approved reviews, newest first, with the summary kept in its row. */
export async function listProductReviews(db: DbOrTx, websiteId: number, idOrSlug: string, page = 1): Promise<ProductReviews> {
  const productId = await productOf(db, websiteId, idOrSlug);
  const [rows, summary] = await Promise.all([
    db
      .select({
        id: productReviews.id,
        userId: productReviews.userId,
        rating: productReviews.rating,
        body: productReviews.body,
        createdAt: productReviews.createdAt,
      })
      .from(productReviews)
      .where(and(eq(productReviews.productId, productId), eq(productReviews.status, 'approved')))
      .orderBy(desc(productReviews.updatedAt), desc(productReviews.id))
      .limit(REVIEWS_PER_PAGE)
      .offset((page - 1) * REVIEWS_PER_PAGE),
    productRating(db, websiteId, productId),
  ]);
  const people = new Map((await usersByIds(db, [...new Set(rows.map((r) => r.userId))])).map((u) => [u.id, u.name]));
  return {
    average: ratingAverage(summary.total, summary.count),
    count: summary.count,
    data: rows.map((r) => ({
      id: r.id,
      rating: r.rating,
      body: r.body,
      author: firstName(people.get(r.userId)),
      created_at: r.createdAt.toISOString(),
    })),
  };
}

/** Administration's Reviews screen: the website's reviews of one status, oldest waiting first for pending. */
export async function listAdminReviews(db: DbOrTx, websiteId: number, query: AdminReviewsQuery): Promise<AdminReviewList> {
  const { status, q, page, perPage } = query;
  const where = and(
    eq(productReviews.websiteId, websiteId),
    eq(productReviews.status, status),
    q ? ilike(productReviews.body, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: productReviews.id,
        productId: productReviews.productId,
        userId: productReviews.userId,
        rating: productReviews.rating,
        body: productReviews.body,
        status: productReviews.status,
        updatedAt: productReviews.updatedAt,
      })
      .from(productReviews)
      .where(where)
      .orderBy(status === 'pending' ? productReviews.updatedAt : desc(productReviews.updatedAt), productReviews.id)
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(productReviews).where(where),
  ]);
  const [names, people] = await Promise.all([
    productNames(db, websiteId, [...new Set(rows.map((r) => r.productId))]),
    usersByIds(db, [...new Set(rows.map((r) => r.userId))]),
  ]);
  const who = new Map(people.map((u) => [u.id, u.name]));
  return {
    data: rows.map((r) => ({
      id: r.id,
      product_id: r.productId,
      product_name: names.get(r.productId) ?? '',
      author: who.get(r.userId) ?? '',
      rating: r.rating,
      body: r.body,
      status: r.status,
      updated_at: r.updatedAt.toISOString(),
    })),
    meta: { total: total?.n ?? 0, page, perPage },
  };
}

/** Approves or rejects a review of the website (again, if staff change their mind), with the summary and an audit row. */
export async function moderateReview(db: Db, actor: AuditActor, id: number, status: 'approved' | 'rejected'): Promise<void> {
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ productId: productReviews.productId })
      .from(productReviews)
      .where(and(eq(productReviews.websiteId, actor.websiteId), eq(productReviews.id, id)));
    if (!found) throw Errors.notFound('Review not found');
    await lockProductForRating(tx, actor.websiteId, found.productId);
    const [before] = await tx.select({ status: productReviews.status }).from(productReviews).where(eq(productReviews.id, id)).for('update');
    if (!before) throw Errors.notFound('Review not found');
    await tx.update(productReviews).set({ status, moderatedBy: actor.actorId }).where(eq(productReviews.id, id));
    await recount(tx, found.productId);
    await recordAudit(tx, actor, { entity: 'review', entityId: id, action: 'update', before, after: { status } });
  });
  invalidateWebsite(actor.websiteId);
}
