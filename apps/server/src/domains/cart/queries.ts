import { codEnabled, codEnabledSql } from '../payments/records';
import { packLabel, paymentMethodLabel } from '@grocer/shared/labels';
import type { Cart, CartItem, PaymentMethod } from '@grocer/shared/cart';
import { couponDiscount, type CartOffer } from '@grocer/shared/coupon';
import { messagesIn } from '@grocer/shared/messages/catalogue';
import { formatINR, toRupees } from '@grocer/shared/money';
import { lineAmountPaise, weightLabel } from '@grocer/shared/weighed';
import { and, eq, getTableColumns, isNull, sql, type SQLWrapper } from 'drizzle-orm';
import { hotStatement, reusable, type Db, type DbOrTx } from '../../db/client';
import { packDetails, packDetailsOf } from '../catalogue';
import { couponUsage, findCoupon, listedCoupons } from '../coupons';
import { codAllowedIn, deliveryContext, deliveryContextOf, nextSlots, zoneJsonSql } from '../delivery';
import { availableSql } from '../inventory';
import { memberPrices, unitPrice } from '../price-lists';
import { promotionsFor } from '../promotions';
import { type CartContext, type PricedCart, type PricedLine } from './model';
import { priceCart } from './pricing';
import { cartInLanguage } from './translated';
import { cartLines, carts } from './tables';

export async function findCart(db: DbOrTx, ctx: CartContext) {
  if (ctx.userId !== null) {
    const [row] = await db
      .select()
      .from(carts)
      .where(and(eq(carts.websiteId, ctx.websiteId), eq(carts.userId, ctx.userId)))
      .limit(1);
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

// ---------------------------------------------------------------------------------------------
// Pricing

/** A cart line with its pack as the catalogue describes it and its stock at the serving warehouse. */
interface LineRead {
  packId: number;
  lineWarehouseId: number;
  quantity: number;
  productId: number;
  productName: string;
  slug: string;
  hsnCode: string;
  gstRate: number;
  packName: string;
  price: number;
  actPrice: number;
  soldByWeight: boolean;
  stepGrams: number;
  image: string | null;
  /** null: not stocked at the serving warehouse */
  available: number | null;
}

/**
 * The caller's cart (a user's, or a guest session's) with its version (the row's `xmin`: every
 * change of the cart writes the row, `touch`), whether the website takes cash on delivery, the
 * delivery zone of the pincode (`zoneJsonSql`), and its lines, each with its pack as the catalogue
 * describes it (a pack the website no longer sells drops out) and its stock at the serving
 * warehouse (the zone's, else the line's): one statement, each domain's part built by that domain,
 * so the lines are those of the version read.
 */
const cartWithLines = (owner: 'user' | 'session') =>
  reusable(`cart_with_lines_of_${owner}`, (db, name) => {
    const p = sql.placeholder;
    const pack = packDetailsOf(db, p('websiteId'), cartLines.packId);
    const zone = zoneJsonSql(p('websiteId'), p('pincode'));
    const warehouse = sql`coalesce((${zone} ->> 'warehouse_id')::int, ${cartLines.warehouseId})`;
    // named as LineRead's keys: each line is one JSON object of the cart's row
    const as = <K extends keyof LineRead | 'lineId' | 'createdAt'>(value: SQLWrapper, key: K) => sql`${value}`.as(key);
    const lines = db
      .select({
        lineId: as(cartLines.id, 'lineId'),
        createdAt: as(cartLines.createdAt, 'createdAt'),
        packId: as(cartLines.packId, 'packId'),
        lineWarehouseId: as(cartLines.warehouseId, 'lineWarehouseId'),
        quantity: as(cartLines.quantity, 'quantity'),
        productId: as(pack.productId, 'productId'),
        productName: as(pack.productName, 'productName'),
        slug: as(pack.slug, 'slug'),
        hsnCode: as(pack.hsnCode, 'hsnCode'),
        gstRate: as(pack.gstRate, 'gstRate'),
        packName: as(pack.packName, 'packName'),
        price: as(pack.price, 'price'),
        actPrice: as(pack.actPrice, 'actPrice'),
        soldByWeight: as(pack.soldByWeight, 'soldByWeight'),
        stepGrams: as(pack.stepGrams, 'stepGrams'),
        image: as(pack.image, 'image'),
        available: as(availableSql(p('websiteId'), cartLines.packId, warehouse), 'available'),
      })
      .from(cartLines)
      .innerJoinLateral(pack, sql`true`)
      .where(and(eq(cartLines.cartId, carts.id), eq(cartLines.websiteId, carts.websiteId)))
      .as('l');
    return db
      .select({
        ...getTableColumns(carts),
        version: sql<string>`${carts}.xmin::text`,
        codEnabled: codEnabledSql(p('websiteId')),
        zone,
        lines: sql<LineRead[]>`(select coalesce(json_agg(l order by l."createdAt", l."lineId"), '[]') from ${lines})`,
      })
      .from(carts)
      .where(
        and(
          eq(carts.websiteId, p('websiteId')),
          owner === 'user' ? eq(carts.userId, p('userId')) : and(eq(carts.sessionId, p('sessionId')), isNull(carts.userId)),
        ),
      )
      .limit(1)
      .prepare(name);
  });
const cartWithLinesOfUser = cartWithLines('user');
const cartWithLinesOfSession = cartWithLines('session');

const guestCart = hotStatement(
  sql`select 1 from ${carts} where ${carts.websiteId} = ${sql.placeholder('websiteId')} and ${carts.sessionId} = ${sql.placeholder('sessionId')} limit 1`,
);

/**
 * Whether a guest's session holds a cart (a row, with lines or emptied): one indexed read. A guest
 * without one is shown what every such guest of their pincode is (the shell shares their pages).
 * Any row under the session counts, a user's too (`findCart` reads a guest's only): when in doubt,
 * the page is rendered for her.
 */
export async function guestHasCart(db: Db, websiteId: number, sessionId: string): Promise<boolean> {
  return (await guestCart(db, { websiteId, sessionId })).length > 0;
}

/** The products in the caller's cart (none without a cart): what "often bought with" starts from. */
export async function cartProductIds(db: DbOrTx, ctx: CartContext): Promise<number[]> {
  const cart = await findCart(db, ctx);
  if (!cart) return [];
  const lines = await db
    .select({ packId: cartLines.packId })
    .from(cartLines)
    .where(and(eq(cartLines.websiteId, ctx.websiteId), eq(cartLines.cartId, cart.id)));
  const details = await packDetails(
    db,
    ctx.websiteId,
    lines.map((l) => l.packId),
  );
  return [...new Set([...details.values()].map((d) => d.productId))];
}

/** `cartWithLines` of the caller: null when they have no cart. */
async function readCartWithLines(db: DbOrTx, ctx: CartContext) {
  const values = { websiteId: ctx.websiteId, userId: ctx.userId, sessionId: ctx.sessionId, pincode: ctx.pincode };
  if (ctx.userId === null && !ctx.sessionId) return null;
  const [row] = await (ctx.userId !== null ? cartWithLinesOfUser : cartWithLinesOfSession)(db, values);
  return row ?? null;
}

/**
 * Prices the caller's cart from server data: pack prices, stock at the warehouse serving the
 * pincode, the zone's delivery charge and free threshold, the coupon (re-checked, and dropped
 * with a message when it no longer applies), COD availability and the next delivery slot.
 */
export async function loadPricedCart(db: DbOrTx, ctx: CartContext): Promise<PricedCart> {
  const now = ctx.now ?? new Date();
  const cart = await readCartWithLines(db, ctx);
  // the zone as read with the cart (without one, read now)
  const delivery = cart ? deliveryContextOf(ctx.pincode, cart.zone) : await deliveryContext(db, ctx.websiteId, ctx.pincode);
  const zone = delivery.zone;
  const zoneWarehouse = zone?.warehouseId ?? null;
  const rows = cart?.lines ?? [];
  const language = ctx.language ?? 'en';
  const say = messagesIn(language).storefront;
  const members = await memberPrices(
    db,
    ctx.websiteId,
    ctx.userId,
    rows.map((r) => r.packId),
  );

  const lines: PricedLine[] = rows.map((r) => {
    const available = r.available ?? 0;
    const label = packLabel(r.productName, r.packName);
    let message: string | null = null;
    if (!delivery.serviceable) message = say.notDeliveredTo({ pincode: ctx.pincode! });
    else if (r.available === null)
      message = ctx.pincode ? say.itemNotDeliveredTo({ item: label, pincode: ctx.pincode }) : say.itemNotAtLocation({ item: label });
    else if (available <= 0) message = say.outOfStock;
    else if (available < r.quantity) message = say.onlyLeft({ left: r.soldByWeight ? weightLabel(available) : String(available) });
    // a loose good keeps its list price per kg (group prices are per unit, as at the till)
    const pricePaise = r.soldByWeight ? r.price : unitPrice(r.price, r.quantity, members.get(r.packId));
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
      soldByWeight: r.soldByWeight,
      stepGrams: r.stepGrams,
      pricePaise,
      actPricePaise: r.actPrice,
      amountPaise: lineAmountPaise(pricePaise, r.quantity, r.soldByWeight),
      promotion: null,
      valid: message === null,
      message,
    };
  });
  // Automatic promotions on the lines that are paid for; a line's amount is after its promotion.
  // A loose good counts towards a cart promotion's spend as one item of its amount, and matches
  // no line promotion (no pack, product, brand or category: "buy 2 get 1" is about units).
  const paid = lines.filter((l) => l.valid);
  const promoted = await promotionsFor(
    db,
    ctx.websiteId,
    paid.map((l) => (l.soldByWeight ? { ...l, packId: 0, productId: 0, pricePaise: l.amountPaise, quantity: 1 } : l)),
    now,
  );
  paid.forEach((l, i) => {
    const applied = promoted.lines[i];
    if (!applied || applied.discountPaise === 0) return;
    l.promotion = applied;
    l.amountPaise -= applied.discountPaise;
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
      const reason = say.couponRefused(verdict.ok ? { kind: 'unknown' } : verdict.refusal);
      await db
        .update(carts)
        .set({ offercode: null })
        .where(and(eq(carts.id, cart.id), eq(carts.offercode, cart.offercode)));
      message = say.couponRemoved({ code: cart.offercode, reason });
    }
  }

  const priced = priceCart({
    lines: lines.map((l) => ({ ...l, promotionPaise: l.promotion?.discountPaise ?? 0 })),
    coupon: couponInput,
    cartPromotionPaise: promoted.cart?.discountPaise ?? 0,
    delivery: zone && delivery.serviceable ? { chargePaise: zone.deliveryCharge, freeAbovePaise: zone.freeAbove } : null,
    now,
  });
  const offers = zone && delivery.serviceable ? await nextSlots(db, ctx.websiteId, zone.id, now, 7, true, zone) : [];
  const slot = offers.find((o) => o.remaining > 0) ?? null;
  const codAllowed =
    !!zone && delivery.serviceable && codAllowedIn(zone, priced.amount) && (cart ? cart.codEnabled : await codEnabled(db, ctx.websiteId));

  return {
    cartId: cart?.id ?? null,
    version: cart?.version ?? null,
    websiteId: ctx.websiteId,
    userId: ctx.userId,
    pincode: ctx.pincode,
    serviceable: delivery.serviceable,
    zone,
    lines,
    quantity: priced.quantity,
    itemsTotalPaise: priced.itemsTotal,
    coupon,
    promotion: promoted.cart && priced.promotionDiscount > 0 ? { ...promoted.cart, discountPaise: priced.promotionDiscount } : null,
    discountPaise: priced.discount,
    deliveryChargePaise: priced.deliveryCharge,
    finalDeliveryPaise: priced.finalDelivery,
    amountPaise: priced.amount,
    codAllowed,
    slot,
    offers,
    notes: cart?.notes ?? null,
    message,
    language,
    valid: delivery.serviceable && lines.length > 0 && lines.every((l) => l.valid),
  };
}

function deliveryMessage(p: PricedCart): string | null {
  const say = messagesIn(p.language).storefront;
  if (!p.serviceable) return say.notDeliveredTo({ pincode: p.pincode! });
  if (!p.zone || p.itemsTotalPaise === 0) return null;
  if (p.finalDeliveryPaise === 0) return say.freeDelivery;
  if (p.zone.freeAbove !== null) return say.moreForFreeDelivery({ amount: formatINR(toRupees(p.zone.freeAbove - p.itemsTotalPaise)) });
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
    promotion: l.promotion && { id: l.promotion.promotionId, name: l.promotion.name, discount: toRupees(l.promotion.discountPaise) },
    ...(l.soldByWeight ? { sold_by_weight: true, step_grams: l.stepGrams } : {}),
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
    free_delivery_above: p.zone?.freeAbove != null ? toRupees(p.zone.freeAbove) : null,
    promotion: p.promotion && { id: p.promotion.promotionId, name: p.promotion.name, discount: toRupees(p.promotion.discountPaise) },
  };
}

/** Both views of the caller's cart: the paise model (for checkout) and the spec §3 cart. */
export async function loadCart(db: DbOrTx, ctx: CartContext, groupByDelivery = false): Promise<{ model: PricedCart; cart: Cart }> {
  const model = await loadPricedCart(db, ctx);
  // product names in the shopper's language (issue 46): the answer only, the model keeps the default's
  return { model, cart: await cartInLanguage(db, ctx.websiteId, ctx.language, toCartResponse(model, groupByDelivery)) };
}

/**
 * The listed coupons judged against this cart (GET /s/api/cart/offers): what each would save now,
 * or what is missing. The same rule and usage counts as applying the code, so "usable" here means
 * POST /apply/coupon would accept it.
 */
export async function cartOffers(db: DbOrTx, ctx: CartContext): Promise<CartOffer[]> {
  const now = ctx.now ?? new Date();
  const [priced, rows] = await Promise.all([loadPricedCart(db, ctx), listedCoupons(db, ctx.websiteId, now)]);
  const say = messagesIn(priced.language).storefront;
  const offers = await Promise.all(
    rows.map(async (row): Promise<CartOffer> => {
      const verdict = couponDiscount(row, priced.itemsTotalPaise, now, await couponUsage(db, ctx.websiteId, row.id, ctx.userId));
      const empty = priced.itemsTotalPaise === 0;
      return {
        code: row.code,
        description: row.description,
        min_order: toRupees(row.minOrder),
        ends_at: row.endsAt?.toISOString() ?? null,
        first_order_only: row.firstOrderOnly,
        applied: priced.coupon?.id === row.id,
        usable: verdict.ok && !empty,
        saving: verdict.ok ? toRupees(verdict.discountPaise) : 0,
        reason: verdict.ok ? (empty ? say.addItemsForOffer : null) : say.couponRefused(verdict.refusal),
      };
    }),
  );
  return offers.sort((a, b) => Number(b.usable) - Number(a.usable) || b.saving - a.saving);
}
