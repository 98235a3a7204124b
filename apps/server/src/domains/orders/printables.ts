import type { PickListQuery } from '@grocer/shared/admin-orders';
import { DELIVERY_INSTRUCTION_LABELS, SUBSTITUTION_LABELS } from '@grocer/shared/order';
import { formatINR, toRupees } from '@grocer/shared/money';
import { quantityLabel } from '@grocer/shared/weighed';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { packCodes, productCategoryNames } from '../catalogue';
import { warehousesOf } from '../inventory';
import { websiteProfile } from '../website/service';
import type { OrderRow } from './errors';
import { orderLinesOf } from './queries';
import { orderLines, orders } from './tables';

const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title><style>
body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#111}h1{font-size:20px;margin:0 0 4px}.muted{color:#555}
table{border-collapse:collapse;width:100%;margin-top:16px}th,td{border:1px solid #ccc;padding:6px 8px;text-align:left}
th{background:#f4f4f4}.n{text-align:right}.box{width:24px}.code{font-family:ui-monospace,monospace;font-size:12px}
.sheet+.sheet{margin-top:32px;border-top:2px dashed #ccc;padding-top:24px}
@page{size:A4;margin:12mm}@media print{button{display:none}body{margin:0}.sheet{break-after:page}.sheet:last-child{break-after:auto}.sheet+.sheet{margin-top:0;border:0;padding-top:0}}</style></head>
<body><button onclick="print()">Print</button>${body}</body></html>`;

/**
 * One order's slip, packed with the parcel: who it is for, where and when, the warehouse it is
 * packed at, what is inside with each pack's SKU and barcode (no prices), and the cash to collect.
 */
async function slipSheet(db: Db, o: OrderRow, shop: Shop): Promise<string> {
  const warehouseNames = shop.warehouses;
  const lines = await orderLinesOf(db, o.id);
  const codes = await packCodes(
    db,
    o.websiteId,
    lines.flatMap((l) => (l.packId === null ? [] : [l.packId])),
  );
  const a = o.address;
  const from = [...new Set(lines.map((l) => (l.warehouseId === null ? null : (warehouseNames.get(l.warehouseId) ?? null))))].filter(
    (w): w is string => w !== null,
  );
  const many = from.length > 1;
  const rows = lines
    .map((l) => {
      const c = l.packId === null ? undefined : codes.get(l.packId);
      const wh = many && l.warehouseId !== null ? `<td>${esc(warehouseNames.get(l.warehouseId))}</td>` : '';
      return `<tr><td class="box">☐</td><td>${esc(l.productName)}</td><td>${esc(l.packName)}</td><td class="code">${esc(c?.sku || '—')}</td><td class="code">${esc(c?.barcode || '—')}</td>${wh}<td class="n">${quantityLabel(l.quantity, l.soldByWeight)}</td></tr>`;
    })
    .join('');
  const slot = o.slotDate ? `${esc(o.slotDate)}, ${esc(o.slotStart)}–${esc(o.slotEnd)}` : 'No slot';
  const tip = o.tip ? ` (includes a ${formatINR(toRupees(o.tip))} tip for the delivery person)` : '';
  const cod =
    o.paymentMethod === 'cod'
      ? `<p><strong>Cash on delivery: collect ${formatINR(toRupees(o.total))}</strong>${tip}</p>`
      : `<p>Paid online${o.tip ? `; ${formatINR(toRupees(o.tip))} of it is the delivery person's tip` : ''}</p>`;
  const asks = o.deliveryInstructions.map((i) => DELIVERY_INSTRUCTION_LABELS[i]);
  return `<section class="sheet"><p class="muted">${esc(shop.name)}${shop.gstin ? ` · GSTIN ${esc(shop.gstin)}` : ''}</p><h1>Packing slip · ${esc(o.ordernumber)}</h1>
<p>${esc(a.name)} · ${esc(a.phone)}<br>${esc(a.line1)}, ${esc(a.line2)}${a.landmark ? `, ${esc(a.landmark)}` : ''}<br>${esc(a.city)}, ${esc(a.state)} ${esc(a.pincode)}</p>
<p class="muted">Delivery: ${slot}</p>${from.length ? `<p><strong>Warehouse: ${esc(from.join(', '))}</strong></p>` : ''}${cod}
<p><strong>If an item is unavailable: ${esc(SUBSTITUTION_LABELS[o.substitution])}</strong></p>
${asks.length ? `<p><strong>Delivery: ${esc(asks.join(' · '))}</strong></p>` : ''}${o.notes ? `<p>Note from the customer: ${esc(o.notes)}</p>` : ''}
<table><thead><tr><th class="box" aria-label="Packed"></th><th>Item</th><th>Pack</th><th>SKU</th><th>Barcode</th>${many ? '<th>Warehouse</th>' : ''}<th class="n">Qty</th></tr></thead><tbody>${rows}</tbody></table></section>`;
}

/** What every slip of a website names: the shop (and its GSTIN) and its warehouses. */
interface Shop {
  name: string;
  gstin: string;
  warehouses: Map<number, string>;
}
async function shopOf(db: Db, websiteId: number): Promise<Shop> {
  const site = await websiteProfile(db, websiteId);
  return {
    name: site?.name ?? '',
    gstin: ((site?.webAddress ?? {}) as Record<string, string>).gstin ?? '',
    warehouses: new Map((await warehousesOf(db, websiteId)).map((w) => [w.id, w.name])),
  };
}

/** The slip of one order. */
export async function packingSlipHtml(db: Db, o: OrderRow): Promise<string> {
  return page(`Packing slip ${o.ordernumber}`, await slipSheet(db, o, await shopOf(db, o.websiteId)));
}

/** The slips of many orders (the list's "Print packing slips"): one document, a page per order. */
export async function packingSlipsHtml(db: Db, websiteId: number, list: OrderRow[]): Promise<string> {
  const shop = await shopOf(db, websiteId);
  const sheets: string[] = [];
  for (const o of list) sheets.push(await slipSheet(db, o, shop));
  return page(`Packing slips (${list.length})`, sheets.join('\n'));
}

/** Orders still to be picked: placed or confirmed, not yet packed. */
const TO_PICK = ['placed', 'confirmed'] as const;

/**
 * What to pick for one delivery date (and slot) from one warehouse: quantities summed per pack
 * over its orders that are still to be picked, in category order (the walk through the shelves).
 */
export async function pickList(db: Db, websiteId: number, q: PickListQuery) {
  const rows = await db
    .select({ line: orderLines, ordernumber: orders.ordernumber })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.websiteId, websiteId),
        eq(orders.slotDate, q.date),
        q.slot_id ? eq(orders.slotId, q.slot_id) : undefined,
        q.warehouse_id ? eq(orderLines.warehouseId, q.warehouse_id) : undefined,
        inArray(orders.status, [...TO_PICK]),
      ),
    )
    .orderBy(asc(orders.ordernumber));
  const category = await productCategoryNames(db, websiteId, [
    ...new Set(rows.map((r) => r.line.productId).filter((id): id is number => id !== null)),
  ]);
  const byPack = new Map<
    string,
    { category: string; product: string; pack: string; quantity: number; soldByWeight: boolean; orders: Set<string> }
  >();
  for (const { line: l, ordernumber } of rows) {
    const key = `${l.packId ?? `${l.productName}|${l.packName}`}:${l.warehouseId ?? 0}`;
    const item = byPack.get(key) ?? {
      category: (l.productId !== null && category.get(l.productId)) || 'Uncategorised',
      product: l.productName,
      pack: l.packName,
      quantity: 0,
      soldByWeight: l.soldByWeight,
      orders: new Set<string>(),
    };
    item.quantity += l.quantity;
    item.orders.add(ordernumber);
    byPack.set(key, item);
  }
  const items = [...byPack.values()].sort(
    (a, b) => a.category.localeCompare(b.category) || a.product.localeCompare(b.product) || a.pack.localeCompare(b.pack),
  );
  return { items, orders: new Set(rows.map((r) => r.ordernumber)).size };
}

export async function pickListHtml(db: Db, websiteId: number, q: PickListQuery): Promise<string> {
  const { items, orders: n } = await pickList(db, websiteId, q);
  const warehouse = q.warehouse_id ? (await warehousesOf(db, websiteId)).find((w) => w.id === q.warehouse_id)?.name : null;
  const rows = items
    .map(
      (i) =>
        `<tr><td class="box">☐</td><td>${esc(i.category)}</td><td>${esc(i.product)}</td><td>${esc(i.pack)}</td><td class="n">${quantityLabel(i.quantity, i.soldByWeight)}</td><td class="muted">${esc([...i.orders].join(', '))}</td></tr>`,
    )
    .join('');
  return page(
    `Pick list ${q.date}`,
    `<h1>Pick list · ${esc(q.date)}${q.slot_id ? ` · slot ${q.slot_id}` : ''}${warehouse ? ` · ${esc(warehouse)}` : ''}</h1>
<p class="muted">${n} ${n === 1 ? 'order' : 'orders'} placed or confirmed, not yet packed</p>
<table><thead><tr><th class="box" aria-label="Picked"></th><th>Category</th><th>Item</th><th>Pack</th><th class="n">Qty</th><th>Orders</th></tr></thead><tbody>${rows || '<tr><td colspan="6">Nothing to pick.</td></tr>'}</tbody></table>`,
  );
}
