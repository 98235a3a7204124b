import { couponDiscount, type CouponResult } from '@grocer/shared/coupon';
import { and, asc, count, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ordersPlacedBy } from '../orders/queries';
import { couponRedemptions, coupons } from './tables';

export type CouponRow = typeof coupons.$inferSelect;

export async function findCoupon(db: DbOrTx, websiteId: number, code: string): Promise<CouponRow | null> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.websiteId, websiteId), eq(coupons.code, code.trim().toUpperCase())))
    .limit(1);
  return row ?? null;
}

/**
 * Redemptions so far, in total and by this shopper (a guest has none of their own yet), and the
 * shopper's earlier orders (for a first-order coupon; `exceptOrder` is the order being placed).
 */
/** The coupons a website lists for shoppers that are on and not over at `now` (not-yet-started ones included). */
export async function listedCoupons(db: DbOrTx, websiteId: number, now: Date): Promise<CouponRow[]> {
  return db
    .select()
    .from(coupons)
    .where(
      and(
        eq(coupons.websiteId, websiteId),
        eq(coupons.listed, true),
        eq(coupons.active, true),
        or(isNull(coupons.endsAt), gt(coupons.endsAt, now)),
      ),
    )
    .orderBy(asc(coupons.minOrder), asc(coupons.code));
}

export async function couponUsage(db: DbOrTx, websiteId: number, couponId: number, userId: number | null, exceptOrder?: string) {
  const [row] = await db
    .select({
      total: count(),
      byCustomer: userId === null ? sql<number>`0` : sql<number>`count(*) filter (where ${couponRedemptions.userId} = ${userId})`,
    })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.websiteId, websiteId), eq(couponRedemptions.couponId, couponId)));
  const priorOrders = userId === null ? 0 : await ordersPlacedBy(db, websiteId, userId, exceptOrder);
  return { total: Number(row?.total ?? 0), byCustomer: Number(row?.byCustomer ?? 0), priorOrders };
}

/**
 * Records one use of a coupon by an order (checkout calls this inside the order's transaction),
 * if the coupon still allows it. The coupon row is locked first, so racing checkouts count the
 * redemptions one after another and the total and per-customer limits hold; a refusal says why.
 */
export async function recordRedemption(
  db: DbOrTx,
  input: { websiteId: number; couponId: number; userId: number | null; orderId: string; itemsTotalPaise: number },
): Promise<CouponResult> {
  const [coupon] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.websiteId, input.websiteId), eq(coupons.id, input.couponId)))
    .for('update');
  const result = couponDiscount(
    coupon ?? null,
    input.itemsTotalPaise,
    new Date(),
    await couponUsage(db, input.websiteId, input.couponId, input.userId, input.orderId),
  );
  if (result.ok)
    await db
      .insert(couponRedemptions)
      .values({
        websiteId: input.websiteId,
        couponId: input.couponId,
        userId: input.userId,
        orderId: input.orderId,
        discount: result.discountPaise,
      })
      .onConflictDoNothing();
  return result;
}

/** Gives an order's coupon use back (the order was cancelled or its payment never came). */
export async function releaseRedemption(db: DbOrTx, input: { couponId: number; orderId: string }) {
  await db
    .delete(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, input.couponId), eq(couponRedemptions.orderId, input.orderId)));
}
