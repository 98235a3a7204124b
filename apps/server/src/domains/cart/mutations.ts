import { couponDiscount } from '@grocer/shared/coupon';
import { and, count, eq, isNull, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { reusable, type Db, type DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { isWholeSteps } from '@grocer/shared/weighed';
import { findPackStep, packStepSql } from '../catalogue/service';
import { couponUsage, findCoupon } from '../coupons';
import { deliveryContext } from '../delivery';
import { availableSql, stockLevel } from '../inventory';
import { cartErrors, type CartContext } from './model';
import { findCart, loadPricedCart } from './queries';
import { cartLines, carts } from './tables';

// ---------------------------------------------------------------------------------------------
// Finding and creating the cart row

/** The caller's cart, created on first need. Safe under concurrent first calls (upsert). */
export async function ensureCart(db: DbOrTx, ctx: CartContext) {
  const existing = await findCart(db, ctx);
  if (existing) return existing;
  if (ctx.userId !== null) {
    await db.execute(sql`insert into carts (website_id, user_id) values (${ctx.websiteId}, ${ctx.userId})
      on conflict (website_id, user_id) where user_id is not null do nothing`);
  } else if (ctx.sessionId) {
    await db.execute(sql`insert into carts (website_id, session_id) values (${ctx.websiteId}, ${ctx.sessionId})
      on conflict (website_id, session_id) where session_id is not null do nothing`);
  } else {
    throw new Error('ensureCart needs a user or a session');
  }
  const row = await findCart(db, ctx);
  if (!row) throw new Error('cart row vanished after upsert');
  return row;
}

// ---------------------------------------------------------------------------------------------
// Changing the cart. Each change is one guarded SQL statement, so concurrent calls on one cart
// add up exactly and never break the stock rule.

/**
 * Adds one unit of a pack, or one step (grams) of a pack sold by weight. 409 (cart unchanged) when
 * it cannot be delivered or stock runs short.
 */
export async function addToCart(db: Db, ctx: CartContext, input: { packId: number; warehouseId: number | null }) {
  const pack = await findPackStep(db, ctx.websiteId, input.packId);
  if (!pack) throw cartErrors.packNotFound();
  const { label, step } = pack;
  const delivery = await deliveryContext(db, ctx.websiteId, ctx.pincode);
  if (!delivery.serviceable) throw cartErrors.notDelivered(ctx.pincode!);
  // The zone's warehouse is authoritative; the client's warehouse_id only counts without a zone.
  const warehouseId = delivery.zone?.warehouseId ?? input.warehouseId;
  if (warehouseId === null) throw cartErrors.notAtLocation(label, ctx.pincode);
  const cart = await ensureCart(db, ctx);
  const added = rowsOf(
    await db.execute(sql`
      insert into cart_lines (website_id, cart_id, pack_id, warehouse_id, quantity)
      select ${ctx.websiteId}, ${cart.id}, ${input.packId}, ${warehouseId}, ${step}::int
      where ${availableSql(ctx.websiteId, input.packId, warehouseId)} >= ${step}::int
      on conflict (cart_id, pack_id) do update set quantity = cart_lines.quantity + excluded.quantity, warehouse_id = excluded.warehouse_id
      where cart_lines.quantity + excluded.quantity <= ${availableSql(sql`excluded.website_id`, sql`excluded.pack_id`, sql`excluded.warehouse_id`)}
      returning quantity`),
  );
  if (added.length === 0) {
    const available = await stockLevel(db, ctx.websiteId, input.packId, warehouseId);
    if (available === null) throw cartErrors.notAtLocation(label, ctx.pincode);
    if (available < step) throw cartErrors.outOfStock(label);
    throw cartErrors.notEnough(available, pack.soldByWeight);
  }
  await touch(db, cart.id);
}

/**
 * Removes one unit, or one step of a pack sold by weight (the line goes at zero), or, with
 * `whole`, the line. A step is taken by a guarded UPDATE (quantity > step) or a guarded DELETE
 * (quantity <= step); when a concurrent call moved the line between the two, the pair is
 * retried, so no removal is lost.
 */
export async function removeFromCart(db: Db, ctx: CartContext, input: { packId: number; whole: boolean }) {
  const cart = await findCart(db, ctx);
  if (!cart) return;
  const step = (await findPackStep(db, ctx.websiteId, input.packId))?.step ?? 1;
  const where = and(eq(cartLines.cartId, cart.id), eq(cartLines.packId, input.packId));
  if (input.whole) {
    await db.delete(cartLines).where(where);
  } else {
    for (let attempt = 0; attempt < 20; attempt++) {
      const updated = await db
        .update(cartLines)
        .set({ quantity: sql`${cartLines.quantity} - ${step}::int` })
        .where(and(where, sql`${cartLines.quantity} > ${step}::int`))
        .returning({ id: cartLines.id });
      if (updated.length) break;
      const deleted = await db
        .delete(cartLines)
        .where(and(where, sql`${cartLines.quantity} <= ${step}::int`))
        .returning({ id: cartLines.id });
      if (deleted.length) break;
      const [still] = await db.select({ id: cartLines.id }).from(cartLines).where(where).limit(1);
      if (!still) break;
    }
  }
  await touch(db, cart.id);
}

async function touch(db: DbOrTx, cartId: number) {
  await db.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
}

/** Applies a coupon code (one per cart). 422 with the refusal reason when it does not apply. */
export async function applyCoupon(db: Db, ctx: CartContext, code: string) {
  const cart = await ensureCart(db, ctx);
  const priced = await loadPricedCart(db, ctx);
  const row = await findCoupon(db, ctx.websiteId, code);
  const usage = row ? await couponUsage(db, ctx.websiteId, row.id, ctx.userId) : { total: 0, byCustomer: 0 };
  const verdict = couponDiscount(row, priced.itemsTotalPaise, ctx.now ?? new Date(), usage);
  if (!verdict.ok) throw cartErrors.couponRefused(verdict.reason, verdict.refusal);
  await db.update(carts).set({ offercode: row!.code, updatedAt: new Date() }).where(eq(carts.id, cart.id));
}

export async function removeCoupon(db: Db, ctx: CartContext) {
  const cart = await findCart(db, ctx);
  if (cart) await db.update(carts).set({ offercode: null, updatedAt: new Date() }).where(eq(carts.id, cart.id));
}

/**
 * The version of the user's cart (its row's `xmin`: every change of the cart writes the row,
 * `touch`), null without a cart: checkout asks whether the cart it priced (`loadPricedCart`'s
 * `version`) is still as it was.
 */
export async function userCartVersion(db: DbOrTx, websiteId: number, userId: number): Promise<string | null> {
  const [row] = await cartVersionOfUser(db, { websiteId, userId });
  return row?.version ?? null;
}

const cartVersionOfUser = reusable('cart_version_of_user', (db, name) =>
  db
    .select({ version: sql<string>`xmin::text` })
    .from(carts)
    .where(and(eq(carts.websiteId, sql.placeholder('websiteId')), eq(carts.userId, sql.placeholder('userId'))))
    .limit(1)
    .prepare(name),
);

/**
 * Checkout's claim on the cart it orders, for the statement that writes the order: `claim` takes
 * the cart row (its coupon dropped) only when it is still the `version` checkout read, and locks
 * it, so a second checkout of the same cart (another tab, a retry with a new key) waits for this
 * one, then finds the cart changed and reads it again (empty: ordered); `empty(claimed)` deletes
 * its lines once it was taken. `claim` answers a row (`id`) when taken, none when the cart changed.
 */
export const claimCartStatements = (
  websiteId: number | Placeholder,
  cartId: number | Placeholder,
  version: string | Placeholder,
): { claim: SQL; empty: (claimed: SQLWrapper) => SQL } => ({
  claim: sql`update ${carts} set offercode = null, updated_at = now()
    where ${carts.id} = ${cartId} and ${carts.websiteId} = ${websiteId} and xmin = ${version}::xid returning ${carts.id}`,
  empty: (claimed) =>
    sql`delete from ${cartLines} where ${cartLines.cartId} = ${cartId} and ${cartLines.websiteId} = ${websiteId} and exists (select 1 from ${claimed})`,
});

/**
 * Sign-in: the guest cart of `sessionId` joins the user's cart. Quantities are added and capped
 * by stock at the line's warehouse (never below what either cart already held); the guest's
 * coupon carries over when the user has none. The guest cart is then gone.
 */
export async function mergeGuestCart(db: Db, input: { websiteId: number; userId: number; sessionId: string }): Promise<number> {
  return db.transaction(async (tx) => {
    const [guest] = await tx
      .select()
      .from(carts)
      .where(and(eq(carts.websiteId, input.websiteId), eq(carts.sessionId, input.sessionId), isNull(carts.userId)))
      .limit(1);
    if (!guest) return 0;
    const [mine] = await tx
      .select()
      .from(carts)
      .where(and(eq(carts.websiteId, input.websiteId), eq(carts.userId, input.userId)))
      .limit(1);
    if (!mine) {
      await tx.update(carts).set({ userId: input.userId, sessionId: null, updatedAt: new Date() }).where(eq(carts.id, guest.id));
      return 0; // the guest's cart simply becomes theirs: nothing to tell
    }
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(cartLines).where(eq(cartLines.cartId, guest.id));
    const step = packStepSql(sql`cart_lines.pack_id`);
    await tx.execute(sql`
      insert into cart_lines (website_id, cart_id, pack_id, warehouse_id, quantity)
      select g.website_id, ${mine.id}, g.pack_id, g.warehouse_id, g.quantity from cart_lines g where g.cart_id = ${guest.id}
      on conflict (cart_id, pack_id) do update set quantity = greatest(
        cart_lines.quantity,
        -- capped by stock, in whole steps of a pack sold by weight (1 for others)
        least(cart_lines.quantity + excluded.quantity,
              coalesce(${availableSql(sql`cart_lines.website_id`, sql`cart_lines.pack_id`, sql`cart_lines.warehouse_id`)}, 0))
          / ${step} * ${step})`);
    await tx
      .update(carts)
      .set({ offercode: mine.offercode ?? guest.offercode, notes: mine.notes ?? guest.notes, updatedAt: new Date() })
      .where(eq(carts.id, mine.id));
    await tx.delete(carts).where(eq(carts.id, guest.id));
    return Number(n);
  });
}

/**
 * Sets a line to `quantity` units (0: the line goes), for a cart built for someone else (a staff
 * draft order, orders/drafts.ts): the same guarded statement as `addToCart`, at the zone's
 * warehouse, refused (cart unchanged) when the stock there is short.
 */
export async function setCartLine(db: Db, ctx: CartContext, input: { packId: number; quantity: number }) {
  const cart = await ensureCart(db, ctx);
  if (input.quantity <= 0) {
    await db.delete(cartLines).where(and(eq(cartLines.cartId, cart.id), eq(cartLines.packId, input.packId)));
    await touch(db, cart.id);
    return;
  }
  const pack = await findPackStep(db, ctx.websiteId, input.packId);
  if (!pack) throw cartErrors.packNotFound();
  const { label } = pack;
  if (!isWholeSteps(input.quantity, pack.step)) throw cartErrors.notWholeSteps(pack.step);
  const delivery = await deliveryContext(db, ctx.websiteId, ctx.pincode);
  if (!delivery.serviceable) throw cartErrors.notDelivered(ctx.pincode!);
  const warehouseId = delivery.zone?.warehouseId ?? null;
  if (warehouseId === null) throw cartErrors.notAtLocation(label, ctx.pincode);
  const set = rowsOf(
    await db.execute(sql`
      insert into cart_lines (website_id, cart_id, pack_id, warehouse_id, quantity)
      select ${ctx.websiteId}, ${cart.id}, ${input.packId}, ${warehouseId}, ${input.quantity}
      where ${availableSql(ctx.websiteId, input.packId, warehouseId)} >= ${input.quantity}
      on conflict (cart_id, pack_id) do update set quantity = excluded.quantity, warehouse_id = excluded.warehouse_id
      returning quantity`),
  );
  if (set.length === 0) {
    const available = await stockLevel(db, ctx.websiteId, input.packId, warehouseId);
    if (available === null) throw cartErrors.notAtLocation(label, ctx.pincode);
    if (available <= 0) throw cartErrors.outOfStock(label);
    throw cartErrors.notEnough(available, pack.soldByWeight);
  }
  await touch(db, cart.id);
}
