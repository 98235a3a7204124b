import { packLabel } from '@grocer/shared/labels';
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { DbOrTx, Tx } from '../../db/client';
import { moveStock } from '../inventory';
import { createPaidPayment, recordCounterRefund } from '../payments';
import { accountLanguageSql } from '../identity';
import { type AddressSnapshot, orderLines, orders } from './tables';
import { addEvent, byStockRow, restock } from './lifecycle';
import { numberOrder, provisionalNumber } from './placement';
import { orderErrors, type OrderRow } from './errors';

/** A line rung up at the counter, priced by the caller from the catalogue (paise; grams for loose goods). */
export interface CounterLine {
  packId: number;
  productId: number;
  productName: string;
  packName: string;
  hsnCode: string;
  gstRate: number;
  price: number;
  actPrice: number;
  quantity: number;
  /** the line's amount before the order's discount: after its automatic promotion, if any */
  amount: number;
  /** the automatic promotion's share of this line (paise) and its name (issue 40 §19) */
  promotionDiscount?: number;
  promotion?: string | null;
}

export interface CounterOrder {
  websiteId: number;
  userId: number;
  warehouseId: number;
  warehouseState: string;
  idempotencyKey: string;
  counter: AddressSnapshot;
  lines: CounterLine[];
  itemsTotal: number;
  discount: number;
  total: number;
  /** the automatic cart promotion's part of `discount` and its name */
  promotionDiscount?: number;
  promotion?: string | null;
  actor: string;
  payment: { meta: Record<string, string>; reference: string | null };
  /** a sale synced after the till was offline: a line short of stock is flagged instead of refusing the sale */
  allowShort: boolean;
  /** the number the till gave an offline sale (its offline series, checked by the caller), kept as it is */
  ordernumber?: string;
}

/**
 * A sale at the counter as an order (channel `pos`), inside the caller's transaction: the order,
 * its lines, its history (delivered: handed over at once), the stock taken from the counter's
 * warehouse (`pos_sale` movements, rows locked in the one stock order) and the payment, paid.
 * Answers the order and the lines it could not take stock for (only when `allowShort`; otherwise
 * a short line throws OUT_OF_STOCK and nothing is written).
 */
export async function placeCounterOrder(tx: Tx, o: CounterOrder): Promise<{ order: OrderRow; short: CounterLine[] }> {
  const id = randomUUID();
  // numbered last (numberOrder): the website's counter row after the stock rows, as checkouts take them
  await tx.insert(orders).values({
    id,
    websiteId: o.websiteId,
    ordernumber: o.ordernumber ?? provisionalNumber(id),
    userId: o.userId,
    status: 'delivered',
    deliveredAt: new Date(),
    paymentMethod: 'pos',
    idempotencyKey: o.idempotencyKey,
    address: o.counter,
    pincode: o.counter.pincode,
    itemsTotal: o.itemsTotal,
    discount: o.discount,
    total: o.total,
    promotionDiscount: o.promotionDiscount ?? 0,
    promotion: o.promotion ?? null,
    channel: 'pos',
    // the chosen customer's language (issue 46 §5: the receipt and its messages speak it)
    language: accountLanguageSql(o.userId),
  });
  const short: CounterLine[] = [];
  for (const l of [...o.lines].map((l) => ({ ...l, warehouseId: o.warehouseId })).sort(byStockRow)) {
    const taken = await moveStock(tx, {
      websiteId: o.websiteId,
      packId: l.packId,
      warehouseId: o.warehouseId,
      quantity: -l.quantity,
      reason: 'pos_sale',
      reference: `order:${id}`,
      actor: o.actor,
    });
    if (taken !== null) continue;
    if (!o.allowShort) throw orderErrors.outOfStock(packLabel(l.productName, l.packName));
    short.push(l);
  }
  await tx.insert(orderLines).values(
    o.lines.map((l) => ({
      websiteId: o.websiteId,
      orderId: id,
      packId: l.packId,
      productId: l.productId,
      productName: l.productName,
      packName: l.packName,
      hsnCode: l.hsnCode,
      gstRate: l.gstRate,
      price: l.price,
      actPrice: l.actPrice,
      quantity: l.quantity,
      amount: l.amount,
      promotionDiscount: l.promotionDiscount ?? 0,
      promotion: l.promotion ?? null,
      // a line sold short took no stock: nothing to put back on a return
      warehouseId: short.some((s) => s.packId === l.packId) ? null : o.warehouseId,
      warehouseState: o.warehouseState,
    })),
  );
  await addEvent(tx, { id, websiteId: o.websiteId }, 'delivered', o.actor, 'Sold at the counter');
  await createPaidPayment(tx, {
    websiteId: o.websiteId,
    orderId: id,
    amount: o.total,
    meta: o.payment.meta,
    reference: o.payment.reference,
  });
  if (o.ordernumber) {
    const [order] = await tx.select().from(orders).where(eq(orders.id, id));
    return { order: order!, short };
  }
  return { order: await numberOrder(tx, o.websiteId, id), short };
}

/** A counter order by its receipt (order) number on the website. */
export async function counterOrderByNumber(tx: DbOrTx, websiteId: number, ordernumber: string) {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.websiteId, websiteId), eq(orders.ordernumber, ordernumber), eq(orders.channel, 'pos')));
  return row ?? null;
}

/**
 * Units of a counter order's lines given back, inside the caller's transaction: each back to the
 * warehouse it came from (`return` movements, in the one stock order), and `refund` (paise, what
 * the counter gave back for them) counted as refunded on the sale's payment, so the sale's value
 * (`sales.ts`) and its refund summary are net of it. When the whole order has come back its
 * payment moves to refunded (paid → refund_pending → refunded: refunded at the counter).
 */
export async function returnCounterLines(
  tx: Tx,
  o: OrderRow,
  lines: Array<{ packId: number | null; warehouseId: number | null; quantity: number }>,
  whole: boolean,
  actor: string,
  refund = 0,
): Promise<void> {
  await restock(tx, o, lines, 'return', actor);
  await recordCounterRefund(tx, o.id, refund, whole);
  if (whole) await addEvent(tx, o, o.status, actor, 'Returned at the counter');
}
