import type { AdminCoupon, adminCouponInputSchema } from '@grocer/shared/admin-coupons';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { invalidateWebsite } from '../../http/cache';
import { AppError, Errors, fail } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit';
import { couponRedemptions, coupons } from './tables';

type CouponInput = z.output<typeof adminCouponInputSchema>;
type CouponRow = typeof coupons.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Uses and discount given per coupon: the redemptions orders hold (cancelling gives a use back,
 * so it is no longer counted) and the discount each took off its order.
 */
function usageQuery(db: DbOrTx, websiteId: number) {
  return db
    .select({
      couponId: couponRedemptions.couponId,
      uses: sql<number>`count(*)::int`,
      discountGiven: sql<number>`coalesce(sum(${couponRedemptions.discount}), 0)::int`,
    })
    .from(couponRedemptions)
    .where(eq(couponRedemptions.websiteId, websiteId))
    .groupBy(couponRedemptions.couponId);
}

function toAdmin(row: CouponRow, usage?: { uses: number; discountGiven: number }): AdminCoupon {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    kind: row.kind,
    value: row.value,
    maxDiscount: row.maxDiscount,
    minOrder: row.minOrder,
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    firstOrderOnly: row.firstOrderOnly,
    active: row.active,
    listed: row.listed,
    uses: Number(usage?.uses ?? 0),
    discountGiven: Number(usage?.discountGiven ?? 0),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listAdminCoupons(db: Db, websiteId: number): Promise<AdminCoupon[]> {
  const [rows, usage] = await Promise.all([
    db.select().from(coupons).where(eq(coupons.websiteId, websiteId)).orderBy(asc(coupons.code)),
    usageQuery(db, websiteId),
  ]);
  const byId = new Map(usage.map((u) => [u.couponId, u]));
  return rows.map((r) => toAdmin(r, byId.get(r.id)));
}

export async function getAdminCoupon(db: DbOrTx, websiteId: number, id: number): Promise<AdminCoupon> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.websiteId, websiteId), eq(coupons.id, id)));
  if (!row) throw Errors.notFound('Coupon not found');
  const [usage] = await usageQuery(db, websiteId).having(eq(couponRedemptions.couponId, id));
  return toAdmin(row, usage);
}

const columns = (c: CouponInput) => ({
  code: c.code,
  description: c.description,
  kind: c.kind,
  value: c.value,
  // A flat coupon is capped by its own value: a cap there would be a second, confusing number.
  maxDiscount: c.kind === 'percent' ? c.maxDiscount : null,
  minOrder: c.minOrder,
  startsAt: c.startsAt ? new Date(c.startsAt) : null,
  endsAt: c.endsAt ? new Date(c.endsAt) : null,
  usageLimit: c.usageLimit,
  perCustomerLimit: c.perCustomerLimit,
  firstOrderOnly: c.firstOrderOnly,
  active: c.active,
  listed: c.listed,
});

const codeTaken = (code: string) => fail('COUPON_CODE_TAKEN', { code }).withErrors({ code: [`${code} is already used by another coupon`] });

async function assertCodeFree(tx: DbOrTx, websiteId: number, code: string, exceptId?: number) {
  const [other] = await tx
    .select({ id: coupons.id })
    .from(coupons)
    .where(and(eq(coupons.websiteId, websiteId), eq(coupons.code, code)));
  if (other && other.id !== exceptId) throw codeTaken(code);
}

/** Runs a coupon write; a code taken by a racing save is the same clear refusal as one taken before. */
async function saving<T>(code: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e) && !(e instanceof AppError)) throw codeTaken(code);
    throw e;
  }
}

export async function createCoupon(db: Db, actor: AuditActor, input: CouponInput): Promise<AdminCoupon> {
  const saved = await saving(input.code, () =>
    db.transaction(async (tx) => {
      await assertCodeFree(tx, actor.websiteId, input.code);
      const [row] = await tx
        .insert(coupons)
        .values({ websiteId: actor.websiteId, ...columns(input) })
        .returning();
      const created = toAdmin(row!);
      await recordAudit(tx, actor, { entity: 'coupon', entityId: created.id, action: 'create', after: created });
      return created;
    }),
  );
  invalidateWebsite(actor.websiteId);
  return saved;
}

export async function updateCoupon(db: Db, actor: AuditActor, id: number, input: CouponInput): Promise<AdminCoupon> {
  const saved = await saving(input.code, () =>
    db.transaction(async (tx) => {
      const before = await getAdminCoupon(tx, actor.websiteId, id);
      await assertCodeFree(tx, actor.websiteId, input.code, id);
      await tx
        .update(coupons)
        .set(columns(input))
        .where(and(eq(coupons.websiteId, actor.websiteId), eq(coupons.id, id)));
      const after = await getAdminCoupon(tx, actor.websiteId, id);
      await recordAudit(tx, actor, { entity: 'coupon', entityId: id, action: 'update', before, after });
      return after;
    }),
  );
  invalidateWebsite(actor.websiteId);
  return saved;
}

/** Pause (shoppers are told the code is not valid) or resume a coupon. */
export async function setCouponActive(db: Db, actor: AuditActor, id: number, active: boolean): Promise<AdminCoupon> {
  const saved = await db.transaction(async (tx) => {
    const before = await getAdminCoupon(tx, actor.websiteId, id);
    await tx
      .update(coupons)
      .set({ active })
      .where(and(eq(coupons.websiteId, actor.websiteId), eq(coupons.id, id)));
    const after = { ...before, active };
    await recordAudit(tx, actor, { entity: 'coupon', entityId: id, action: active ? 'resume' : 'pause', before, after });
    return after;
  });
  invalidateWebsite(actor.websiteId);
  return saved;
}
