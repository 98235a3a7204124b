import { couponDiscount, type CouponResult, type CouponRule } from '@grocer/shared/coupon';
import { and, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { couponRedemptions, coupons } from '../../db/schema';

export type CouponRow = typeof coupons.$inferSelect;

export async function findCoupon(db: DbOrTx, websiteId: number, code: string): Promise<CouponRow | null> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.websiteId, websiteId), eq(coupons.code, code.trim().toUpperCase())))
    .limit(1);
  return row ?? null;
}

/** Redemptions so far, in total and by this shopper (a guest has none of their own yet). */
export async function couponUsage(db: DbOrTx, websiteId: number, couponId: number, userId: number | null) {
  const [row] = await db
    .select({
      total: count(),
      byCustomer: userId === null ? sql<number>`0` : sql<number>`count(*) filter (where ${couponRedemptions.userId} = ${userId})`,
    })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.websiteId, websiteId), eq(couponRedemptions.couponId, couponId)));
  return { total: Number(row?.total ?? 0), byCustomer: Number(row?.byCustomer ?? 0) };
}

export interface CouponCheck {
  coupon: CouponRow | null;
  result: CouponResult;
}

/** Looks up `code` and runs the shared coupon rule against an items total in paise. */
export async function checkCoupon(
  db: DbOrTx,
  input: { websiteId: number; userId: number | null; code: string; itemsTotalPaise: number; now: Date },
): Promise<CouponCheck> {
  const coupon = await findCoupon(db, input.websiteId, input.code);
  const usage = coupon ? await couponUsage(db, input.websiteId, coupon.id, input.userId) : { total: 0, byCustomer: 0 };
  const rule: CouponRule | null = coupon;
  return { coupon, result: couponDiscount(rule, input.itemsTotalPaise, input.now, usage) };
}

/**
 * Records one use of a coupon by an order (checkout calls this inside the order's transaction),
 * if the coupon still allows it. The coupon row is locked first, so racing checkouts count the
 * redemptions one after another and the total and per-customer limits hold; a refusal says why.
 */
export async function recordRedemption(db: DbOrTx, input: { websiteId: number; couponId: number; userId: number | null; orderId: string; itemsTotalPaise: number }): Promise<CouponResult> {
  const [coupon] = await db.select().from(coupons).where(and(eq(coupons.websiteId, input.websiteId), eq(coupons.id, input.couponId))).for('update');
  const result = couponDiscount(coupon ?? null, input.itemsTotalPaise, new Date(), await couponUsage(db, input.websiteId, input.couponId, input.userId));
  if (result.ok) await db.insert(couponRedemptions).values({ websiteId: input.websiteId, couponId: input.couponId, userId: input.userId, orderId: input.orderId }).onConflictDoNothing();
  return result;
}
