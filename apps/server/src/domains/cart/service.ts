import { packLabel, paymentMethodLabel } from '@grocer/shared/labels';
import type { Cart, CartItem, PaymentMethod } from '@grocer/shared/cart';
import { couponDiscount } from '@grocer/shared/coupon';
import { formatINR, toRupees } from '@grocer/shared/money';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { cartLines, carts, packs, products, stock } from '../../db/schema';
import { fail } from '../../http/errors';
import { couponUsage, findCoupon } from '../coupons/service';
import { deliveryContext, nextSlots, notDeliveredTo, rowsOf, type DeliveryZone, type SlotOffer } from '../delivery/service';
import { priceCart } from './pricing';

/** Who is asking: a signed-in user's cart is theirs; a guest's cart hangs on the session row. */
export interface CartContext {
  websiteId: number;
  userId: number | null;
  sessionId: string | null;
  /** the pincode delivery is priced for (session pincode, or an address's at checkout) */
  pincode: string | null;
  now?: Date;
}

/** One priced line, in paise, with what checkout needs to write an order line. */
export interface PricedLine {
  packId: number;
  productId: number;
  productName: string;
  packName: string;
  slug: string;
  image: string;
  hsnCode: string;
  gstRate: number;
  /** the warehouse that serves this line for the cart's pincode (stock is taken there) */
  warehouseId: number;
  quantity: number;
  available: number;
  pricePaise: number;
  actPricePaise: number;
  amountPaise: number;
  valid: boolean;
  message: string | null;
}

/** The server's own view of a cart: every amount in paise, priced from its own data. */
export interface PricedCart {
  cartId: number | null;
  websiteId: number;
  userId: number | null;
  pincode: string | null;
  serviceable: boolean;
  zone: DeliveryZone | null;
  lines: PricedLine[];
  quantity: number;
  itemsTotalPaise: number;
  coupon: { id: number; code: string } | null;
  discountPaise: number;
  deliveryChargePaise: number;
  finalDeliveryPaise: number;
  amountPaise: number;
  codAllowed: boolean;
  slot: SlotOffer | null;
  notes: string | null;
  /** a note for the shopper about a change the server made (a coupon dropped) */
  message: string | null;
  /** every line valid, the pincode served, and something to buy: checkout may proceed */
  valid: boolean;
}

export const cartErrors = {
  packNotFound: () => fail('PACK_NOT_FOUND'),
  notDelivered: (pincode: string) => fail('NOT_DELIVERABLE', { pincode }),
  notAtLocation: (label: string, pincode: string | null) => fail('NOT_DELIVERABLE', { pincode, item: label }),
  outOfStock: (label: string) => fail('OUT_OF_STOCK', { item: label }),
  notEnough: (available: number) => fail('NOT_ENOUGH_STOCK', { available }),
  couponRefused: (reason: string) => fail('COUPON_REFUSED', { reason }).withErrors({ code: [reason] }),
};

const OUT_OF_STOCK = 'Out of stock';

// ---------------------------------------------------------------------------------------------
// Finding and creating the cart row

export async function findCart(db: DbOrTx, ctx: CartContext) {
  if (ctx.userId !== null) {
    const [row] = await db.select().from(carts).where(and(eq(carts.websiteId, ctx.websiteId), eq(carts.userId, ctx.userId))).limit(1);
    return row ?? null;
  }
  if (!ctx.sessionId) return null;
  const [row] = await db
    .select()
    .from(carts)
    .where(and(eq(carts.websiteId, ctx.websiteId), eq(carts.sessionId, ctx.sessionId), isNull(carts.userId)))
    .limit(1);
  return row ?? null;
}

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
// Pricing

/**
 * Prices the caller's cart from server data: pack prices, stock at the warehouse serving the
 * pincode, the zone's delivery charge and free threshold, the coupon (re-checked, and dropped
 * with a message when it no longer applies), COD availability and the next delivery slot.
 */
export async function loadPricedCart(db: DbOrTx, ctx: CartContext): Promise<PricedCart> {
  const now = ctx.now ?? new Date();
  const cart = await findCart(db, ctx);
  const delivery = await deliveryContext(db, ctx.websiteId, ctx.pincode);
  const zone = delivery.zone;
  const zoneWarehouse = zone?.warehouseId ?? null;

  const rows = cart
    ? await db
        .select({
          packId: cartLines.packId,
          lineWarehouseId: cartLines.warehouseId,
          quantity: cartLines.quantity,
          productId: products.id,
          productName: products.name,
          slug: products.slug,
          hsnCode: products.hsnCode,
          gstRate: products.gstRate,
          packName: packs.name,
          price: packs.price,
          actPrice: packs.actPrice,
          image: sql<string | null>`(select m.src from product_media m where m.product_id = ${products.id} order by m.position, m.id limit 1)`,
          stockRow: stock.packId,
          available: stock.available,
        })
        .from(cartLines)
        .innerJoin(packs, and(eq(packs.id, cartLines.packId), eq(packs.websiteId, ctx.websiteId)))
        .innerJoin(products, eq(products.id, packs.productId))
        .leftJoin(stock, and(eq(stock.packId, cartLines.packId), eq(stock.warehouseId, sql`coalesce(${zoneWarehouse}::int, ${cartLines.warehouseId})`)))
        .where(and(eq(cartLines.cartId, cart.id), eq(cartLines.websiteId, ctx.websiteId)))
        .orderBy(asc(cartLines.createdAt), asc(cartLines.id))
    : [];

  const lines: PricedLine[] = rows.map((r) => {
    const available = r.available ?? 0;
    const label = packLabel(r.productName, r.packName);
    let message: string | null = null;
    if (!delivery.serviceable) message = notDeliveredTo(ctx.pincode!);
    else if (r.stockRow === null) message = ctx.pincode ? `${label} is not delivered to ${ctx.pincode}` : `${label} is not available at your location`;
    else if (available <= 0) message = OUT_OF_STOCK;
    else if (available < r.quantity) message = `Only ${available} left in stock`;
    return {
      packId: r.packId,
      productId: r.productId,
      productName: r.productName,
      packName: r.packName,
      slug: r.slug,
      image: r.image ?? '',
      hsnCode: r.hsnCode,
      gstRate: r.gstRate,
      warehouseId: zoneWarehouse ?? r.lineWarehouseId,
      quantity: r.quantity,
      available,
      pricePaise: r.price,
      actPricePaise: r.actPrice,
      amountPaise: r.price * r.quantity,
      valid: message === null,
      message,
    };
  });

  // The coupon is re-judged on every load: totals, dates and usage may have moved since it was applied.
  let message: string | null = null;
  let coupon: PricedCart['coupon'] = null;
  let couponInput = null;
  if (cart?.offercode) {
    const row = await findCoupon(db, ctx.websiteId, cart.offercode);
    const usage = row ? await couponUsage(db, ctx.websiteId, row.id, ctx.userId) : { total: 0, byCustomer: 0 };
    const itemsTotal = lines.reduce((s, l) => s + (l.valid ? l.amountPaise : 0), 0);
    const verdict = couponDiscount(row, itemsTotal, now, usage);
    if (row && verdict.ok) {
      coupon = { id: row.id, code: row.code };
      couponInput = { rule: row, usage };
    } else {
      const reason = verdict.ok ? 'This coupon code is not valid' : verdict.reason;
      await db.update(carts).set({ offercode: null }).where(and(eq(carts.id, cart.id), eq(carts.offercode, cart.offercode)));
      message = `Coupon ${cart.offercode} was removed: ${reason}`;
    }
  }

  const priced = priceCart({
    lines,
    coupon: couponInput,
    delivery: zone && delivery.serviceable ? { chargePaise: zone.deliveryCharge, freeAbovePaise: zone.freeAbove } : null,
    now,
  });
  const slot = zone && delivery.serviceable ? ((await nextSlots(db, ctx.websiteId, zone.id, now, 7))[0] ?? null) : null;
  const codAllowed = !!zone && delivery.serviceable && zone.codAllowed && (zone.codMax === null || priced.amount <= zone.codMax);

  return {
    cartId: cart?.id ?? null,
    websiteId: ctx.websiteId,
    userId: ctx.userId,
    pincode: ctx.pincode,
    serviceable: delivery.serviceable,
    zone,
    lines,
    quantity: priced.quantity,
    itemsTotalPaise: priced.itemsTotal,
    coupon,
    discountPaise: priced.discount,
    deliveryChargePaise: priced.deliveryCharge,
    finalDeliveryPaise: priced.finalDelivery,
    amountPaise: priced.amount,
    codAllowed,
    slot,
    notes: cart?.notes ?? null,
    message,
    valid: delivery.serviceable && lines.length > 0 && lines.every((l) => l.valid),
  };
}

function deliveryMessage(p: PricedCart): string | null {
  if (!p.serviceable) return notDeliveredTo(p.pincode!);
  if (!p.zone || p.itemsTotalPaise === 0) return null;
  if (p.finalDeliveryPaise === 0) return 'Free delivery';
  if (p.zone.freeAbove !== null) return `Add ${formatINR(toRupees(p.zone.freeAbove - p.itemsTotalPaise))} more for free delivery`;
  return null;
}

/**
 * The spec §3 cart (rupees) for a priced cart. `grouped_items` (the items per delivery slot) is
 * filled only for a caller that asks with `groupby_delivery` (spec §7); every other answer has it
 * empty, so the cart sent after each click stays small.
 */
export function toCartResponse(p: PricedCart, groupByDelivery = false): Cart {
  const slotOf = (valid: boolean) => ({
    delivery_charge_id: valid && p.zone ? p.zone.id : null,
    del_date: valid ? (p.slot?.date ?? null) : null,
    del_start_time: valid ? (p.slot?.startTime ?? null) : null,
    del_end_time: valid ? (p.slot?.endTime ?? null) : null,
  });
  const items: CartItem[] = p.lines.map((l) => ({
    pack_id: l.packId,
    product_id: l.productId,
    slug: l.slug,
    image: l.image,
    name: l.productName,
    pack: l.packName,
    quantity: l.quantity,
    price: toRupees(l.pricePaise),
    act_price: toRupees(l.actPricePaise),
    amount: toRupees(l.amountPaise),
    valid: l.valid,
    message: l.message,
    warehouse_id: l.warehouseId,
    available: l.available,
    ...slotOf(l.valid),
  }));
  // deliveryInfo: one entry per distinct delivery_charge_id among the items (spec §3).
  const groups = new Map<string, Cart['grouped_items'][number]>();
  for (const item of items) {
    const key = String(item.delivery_charge_id);
    const g = groups.get(key) ?? {
      delivery_charge_id: item.delivery_charge_id,
      del_date: item.del_date,
      del_start_time: item.del_start_time,
      del_end_time: item.del_end_time,
      items: [],
    };
    g.items.push(item);
    groups.set(key, g);
  }
  const grouped = [...groups.values()];
  const paymentMethods: PaymentMethod[] =
    p.serviceable && p.zone
      ? [
          ...(p.codAllowed ? [{ code: 'cod' as const, name: paymentMethodLabel('cod') }] : []),
          { code: 'razorpay', name: paymentMethodLabel('razorpay') },
          { code: 'cashfree', name: paymentMethodLabel('cashfree') },
        ]
      : [];
  return {
    quantity: p.quantity,
    total: toRupees(p.itemsTotalPaise),
    amount: toRupees(p.amountPaise),
    offercode: p.coupon?.code ?? null,
    serviceable: p.serviceable,
    notes: p.notes,
    message: p.message,
    discount: toRupees(p.discountPaise),
    delivery_charge: toRupees(p.deliveryChargePaise),
    finalDelivery: toRupees(p.finalDeliveryPaise),
    deliveryMessage: deliveryMessage(p),
    paymentMethods,
    items,
    grouped_items: groupByDelivery ? grouped : [],
    del_date: p.slot?.date ?? null,
    del_start_time: p.slot?.startTime ?? null,
    del_end_time: p.slot?.endTime ?? null,
    deliveryInfo: grouped.filter((g) => g.delivery_charge_id !== null).map(({ items: _items, ...info }) => info),
    pincode: p.pincode,
  };
}

/** Both views of the caller's cart: the paise model (for checkout) and the spec §3 cart. */
export async function loadCart(db: DbOrTx, ctx: CartContext, groupByDelivery = false): Promise<{ model: PricedCart; cart: Cart }> {
  const model = await loadPricedCart(db, ctx);
  return { model, cart: toCartResponse(model, groupByDelivery) };
}

// ---------------------------------------------------------------------------------------------
// Changing the cart. Each change is one guarded SQL statement, so concurrent calls on one cart
// add up exactly and never break the stock rule.

async function findPackLabel(db: DbOrTx, websiteId: number, packId: number) {
  const [row] = await db
    .select({ packName: packs.name, productName: products.name })
    .from(packs)
    .innerJoin(products, eq(products.id, packs.productId))
    .where(and(eq(packs.id, packId), eq(packs.websiteId, websiteId)))
    .limit(1);
  return row ? packLabel(row.productName, row.packName) : null;
}

/** Adds one unit of a pack. 409 (cart unchanged) when it cannot be delivered or stock runs short. */
export async function addToCart(db: Db, ctx: CartContext, input: { packId: number; warehouseId: number | null }) {
  const label = await findPackLabel(db, ctx.websiteId, input.packId);
  if (!label) throw cartErrors.packNotFound();
  const delivery = await deliveryContext(db, ctx.websiteId, ctx.pincode);
  if (!delivery.serviceable) throw cartErrors.notDelivered(ctx.pincode!);
  // The zone's warehouse is authoritative; the client's warehouse_id only counts without a zone.
  const warehouseId = delivery.zone?.warehouseId ?? input.warehouseId;
  if (warehouseId === null) throw cartErrors.notAtLocation(label, ctx.pincode);
  const cart = await ensureCart(db, ctx);
  const added = rowsOf(
    await db.execute(sql`
      insert into cart_lines (website_id, cart_id, pack_id, warehouse_id, quantity)
      select ${ctx.websiteId}, ${cart.id}, ${input.packId}, ${warehouseId}, 1
      where exists (select 1 from stock s where s.website_id = ${ctx.websiteId} and s.pack_id = ${input.packId} and s.warehouse_id = ${warehouseId} and s.available >= 1)
      on conflict (cart_id, pack_id) do update set quantity = cart_lines.quantity + 1, warehouse_id = excluded.warehouse_id
      where cart_lines.quantity + 1 <= (select s.available from stock s where s.pack_id = excluded.pack_id and s.warehouse_id = excluded.warehouse_id)
      returning quantity`),
  );
  if (added.length === 0) {
    const [s] = await db
      .select({ available: stock.available })
      .from(stock)
      .where(and(eq(stock.websiteId, ctx.websiteId), eq(stock.packId, input.packId), eq(stock.warehouseId, warehouseId)));
    if (!s) throw cartErrors.notAtLocation(label, ctx.pincode);
    if (s.available <= 0) throw cartErrors.outOfStock(label);
    throw cartErrors.notEnough(s.available);
  }
  await touch(db, cart.id);
}

/**
 * Removes one unit (the line goes at zero) or, with `whole`, the line. A unit is taken by a
 * guarded UPDATE (quantity > 1) or a guarded DELETE (quantity <= 1); when a concurrent call
 * moved the line between the two, the pair is retried, so no removal is lost.
 */
export async function removeFromCart(db: Db, ctx: CartContext, input: { packId: number; whole: boolean }) {
  const cart = await findCart(db, ctx);
  if (!cart) return;
  const where = and(eq(cartLines.cartId, cart.id), eq(cartLines.packId, input.packId));
  if (input.whole) {
    await db.delete(cartLines).where(where);
  } else {
    for (let attempt = 0; attempt < 20; attempt++) {
      const updated = await db
        .update(cartLines)
        .set({ quantity: sql`${cartLines.quantity} - 1` })
        .where(and(where, sql`${cartLines.quantity} > 1`))
        .returning({ id: cartLines.id });
      if (updated.length) break;
      const deleted = await db
        .delete(cartLines)
        .where(and(where, sql`${cartLines.quantity} <= 1`))
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
  if (!verdict.ok) throw cartErrors.couponRefused(verdict.reason);
  await db.update(carts).set({ offercode: row!.code, updatedAt: new Date() }).where(eq(carts.id, cart.id));
}

export async function removeCoupon(db: Db, ctx: CartContext) {
  const cart = await findCart(db, ctx);
  if (cart) await db.update(carts).set({ offercode: null, updatedAt: new Date() }).where(eq(carts.id, cart.id));
}

/** Empties a cart after its order was placed (checkout calls this in the order's transaction). */
export async function clearCart(db: DbOrTx, websiteId: number, cartId: number) {
  await db.delete(cartLines).where(and(eq(cartLines.cartId, cartId), eq(cartLines.websiteId, websiteId)));
  await db.update(carts).set({ offercode: null, updatedAt: new Date() }).where(and(eq(carts.id, cartId), eq(carts.websiteId, websiteId)));
}

/**
 * Sign-in: the guest cart of `sessionId` joins the user's cart. Quantities are added and capped
 * by stock at the line's warehouse (never below what either cart already held); the guest's
 * coupon carries over when the user has none. The guest cart is then gone.
 */
export async function mergeGuestCart(db: Db, input: { websiteId: number; userId: number; sessionId: string }) {
  await db.transaction(async (tx) => {
    const [guest] = await tx
      .select()
      .from(carts)
      .where(and(eq(carts.websiteId, input.websiteId), eq(carts.sessionId, input.sessionId), isNull(carts.userId)))
      .limit(1);
    if (!guest) return;
    const [mine] = await tx.select().from(carts).where(and(eq(carts.websiteId, input.websiteId), eq(carts.userId, input.userId))).limit(1);
    if (!mine) {
      await tx.update(carts).set({ userId: input.userId, sessionId: null, updatedAt: new Date() }).where(eq(carts.id, guest.id));
      return;
    }
    await tx.execute(sql`
      insert into cart_lines (website_id, cart_id, pack_id, warehouse_id, quantity)
      select g.website_id, ${mine.id}, g.pack_id, g.warehouse_id, g.quantity from cart_lines g where g.cart_id = ${guest.id}
      on conflict (cart_id, pack_id) do update set quantity = greatest(
        cart_lines.quantity,
        least(cart_lines.quantity + excluded.quantity,
              coalesce((select s.available from stock s where s.pack_id = cart_lines.pack_id and s.warehouse_id = cart_lines.warehouse_id), 0)))`);
    await tx
      .update(carts)
      .set({ offercode: mine.offercode ?? guest.offercode, notes: mine.notes ?? guest.notes, updatedAt: new Date() })
      .where(eq(carts.id, mine.id));
    await tx.delete(carts).where(eq(carts.id, guest.id));
  });
}
