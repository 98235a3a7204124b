import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { findAddress } from '../addresses/index';
import { packLines, type PackLine } from '../catalogue/index';
import { resolvePincode, slotOf, takeSlotStatement } from '../delivery/index';
import { takeStockStatements, warehouseStateOf } from '../inventory/index';
import { emitOrderEvent } from '../outbox/index';
import { createPaymentStatement } from '../payments/index';
import type { OrderRow } from './errors';
import { byStockRow } from './lifecycle';
import { addressOfOrder, numberOrder, provisionalNumber } from './placement';
import { orderEvents, orderLines, orders } from './tables';
import { accountLanguageSql } from '../identity/index';

/**
 * A standing order (issue 44 §5: the nightly subscription orders), placed in the caller's
 * transaction through checkout's own parts: a place in the slot (`takeSlotStatement`), each line's
 * stock with its ledger movement (`takeStockStatements`, in `byStockRow` order, as checkout and
 * cancellations take them), the order, its lines, first event and payment, `order.placed` on the
 * event stream, and the website's next number (`numberOrder`, last). Paid already (`paymentMethod`
 * `wallet`, the caller debits the wallet in the same transaction), so it is placed at once.
 *
 * A line whose stock is short is left out (answered in `outOfStock`) and the others ordered; when
 * no line could be taken, or the slot is full, or the address is not delivered to, nothing is
 * ordered and the caller rolls its transaction back (the slot's place is undone with it).
 */
export interface StandingOrder {
  websiteId: number;
  userId: number;
  addressId: number;
  slotId: number | null;
  /** the delivery date, 'YYYY-MM-DD' shop time */
  date: string;
  /** `price`: the line's price in paise when not the catalogue's (a subscription's announced price, issue 44 §5) */
  lines: Array<{ packId: number; quantity: number; price?: number }>;
  /** how it is paid (default `wallet`): `khata` when the wallet was short and the customer's khata takes it */
  paymentMethod?: 'wallet' | 'khata';
  /** who placed it (the order's first event) */
  actor: string;
  /** the order's id, chosen by the caller (the subscriptions' claims name it before it is written) */
  id: string;
  note: string;
}

export type StandingOrderResult =
  | { ok: true; order: OrderRow; lines: Array<{ packId: number; quantity: number; amount: number }>; outOfStock: PackLine[] }
  | { ok: false; missing: 'address' | 'zone' | 'slot' | 'stock'; outOfStock: PackLine[] };

export async function placeStandingOrder(tx: Tx, o: StandingOrder): Promise<StandingOrderResult> {
  const address = await findAddress(tx, { websiteId: o.websiteId, userId: o.userId }, o.addressId);
  if (!address) return { ok: false, missing: 'address', outOfStock: [] };
  const zone = await resolvePincode(tx, o.websiteId, address.pincode);
  if (!zone) return { ok: false, missing: 'zone', outOfStock: [] };
  const known = new Map(
    (
      await packLines(
        tx,
        o.websiteId,
        o.lines.map((l) => l.packId),
      )
    ).map((p) => [p.packId, p]),
  );
  let slot: { startTime: string; endTime: string } | null = null;
  if (o.slotId !== null) {
    const [taken] = rowsOf<{ used: number }>(await tx.execute(takeSlotStatement(o.websiteId, o.slotId, o.date)));
    if (!taken) return { ok: false, missing: 'slot', outOfStock: [] };
    slot = await slotOf(tx, o.websiteId, o.slotId);
  }
  const id = o.id;
  const warehouseId = zone.warehouseId;
  const wanted = o.lines
    .map((l) => ({ ...l, warehouseId, pack: known.get(l.packId) }))
    .filter((l): l is typeof l & { pack: PackLine } => !!l.pack)
    .sort(byStockRow);
  const outOfStock: PackLine[] = [];
  const taken: typeof wanted = [];
  for (const l of wanted) {
    if (!l.pack.active) {
      outOfStock.push(l.pack);
      continue;
    }
    const take = takeStockStatements({
      websiteId: o.websiteId,
      packId: l.packId,
      warehouseId,
      quantity: -l.quantity,
      reason: 'order',
      reference: `order:${id}`,
      actor: o.actor,
    });
    const [moved] = rowsOf<{ balance: number }>(await tx.execute(sql`with moved as (${take.update}) ${take.movement(sql`moved`)}`));
    if (moved) taken.push(l);
    else outOfStock.push(l.pack);
  }
  if (!taken.length) return { ok: false, missing: 'stock', outOfStock };
  const lines = taken.map((l) => {
    const price = l.price ?? l.pack.price;
    return { packId: l.packId, quantity: l.quantity, price, amount: price * l.quantity, pack: l.pack };
  });
  const total = lines.reduce((s, l) => s + l.amount, 0);
  await tx.insert(orders).values({
    id,
    websiteId: o.websiteId,
    ordernumber: provisionalNumber(id),
    userId: o.userId,
    status: 'placed',
    paymentMethod: o.paymentMethod ?? 'wallet',
    idempotencyKey: `standing:${id}`,
    address: addressOfOrder(address),
    pincode: address.pincode,
    zoneId: zone.id,
    slotId: slot ? o.slotId : null,
    slotDate: slot ? o.date : null,
    slotStart: slot?.startTime ?? null,
    slotEnd: slot?.endTime ?? null,
    itemsTotal: total,
    total,
    notes: o.note,
    // the customer's account language (issue 46 §5)
    language: accountLanguageSql(o.userId),
  });
  await tx.insert(orderLines).values(
    lines.map((l) => ({
      websiteId: o.websiteId,
      orderId: id,
      packId: l.packId,
      productId: l.pack.productId,
      slug: l.pack.slug,
      image: l.pack.image ?? '',
      productName: l.pack.productName,
      packName: l.pack.packName,
      hsnCode: l.pack.hsnCode,
      gstRate: l.pack.gstRate,
      price: l.price,
      actPrice: l.pack.actPrice,
      quantity: l.quantity,
      soldByWeight: l.pack.soldByWeight,
      amount: l.amount,
      warehouseId,
      warehouseState: warehouseStateOf(o.websiteId, warehouseId),
    })),
  );
  await tx.insert(orderEvents).values({ websiteId: o.websiteId, orderId: id, status: 'placed', actor: o.actor, note: o.note });
  await createPaymentStatement(tx, {
    websiteId: o.websiteId,
    orderId: id,
    provider: o.paymentMethod ?? 'wallet',
    amount: total,
    status: 'paid',
  });
  await emitOrderEvent(tx, { websiteId: o.websiteId, orderId: id, topic: 'order.placed' });
  const order = await numberOrder(tx, o.websiteId, id);
  return { ok: true, order, lines: lines.map(({ packId, quantity, amount }) => ({ packId, quantity, amount })), outOfStock };
}
