import { ApiError } from '@grocer/shared/api-client';
import { offlineReceipt, type PosCounterPack, type Sale, type SaleInput } from '@grocer/shared/pos';
import Dexie, { type EntityTable } from 'dexie';
import { fromPosPromotion, posPromotionListSchema, type Promotion } from '@grocer/shared/promotions';
import { fetchCounterCatalogue } from './api/get-packs';
import { fetchPosPromotions } from './api/get-promotions';
import { createSale, getOfflineSeries } from './api/sales';

/**
 * The till's offline store (IndexedDB through Dexie): the counter's catalogue (every pack with its
 * stock at the till's warehouse, searched locally as the cashier types or scans) and the queue of
 * sales rung up while the network was down. Each queued sale keeps its idempotency key, so however
 * often the queue is replayed (two tabs, a retry after a timeout) the server books it once.
 */
interface CachedPack extends PosCounterPack {
  warehouse_id: number;
}
interface QueuedSale {
  key: string;
  body: SaleInput;
  queued_at: number;
}
/** This device's offline receipt series on a website: its prefix (`OFF<code>`) and the next number to give. */
interface OfflineSeries {
  website_id: number;
  prefix: string;
  next: number;
}

const db = new Dexie('grocer-pos') as Dexie & {
  packs: EntityTable<CachedPack, 'pack_id'>;
  queue: EntityTable<QueuedSale, 'key'>;
  series: EntityTable<OfflineSeries, 'website_id'>;
};
db.version(1).stores({ packs: 'pack_id, warehouse_id, barcode, sku', queue: 'key, queued_at' });
db.version(2).stores({ packs: 'pack_id, warehouse_id, barcode, sku', queue: 'key, queued_at', series: 'website_id' });

/** Asks the server once (while online) for this device's offline receipt series on the website. */
export async function ensureOfflineSeries(websiteId: number, till: string): Promise<void> {
  if (await db.series.get(websiteId)) return;
  const s = await getOfflineSeries(till);
  // another tab may have asked at the same moment: the first series kept wins, the other is never used
  await db.transaction('rw', db.series, async () => {
    if (!(await db.series.get(s.website_id))) await db.series.put({ website_id: s.website_id, prefix: s.prefix, next: 1 });
  });
}

/**
 * The next receipt number of this device's offline series (`OFF<code>-<n>`), taken in one
 * IndexedDB transaction so two tabs never give the same one; null before the series was issued.
 */
export async function takeOfflineReceipt(websiteId: number): Promise<string | null> {
  return db.transaction('rw', db.series, async () => {
    const s = await db.series.get(websiteId);
    if (!s) return null;
    await db.series.put({ ...s, next: s.next + 1 });
    return offlineReceipt(s.prefix, s.next);
  });
}

/** GST rates (percent) of cached packs, for a receipt printed offline. */
export async function gstRatesOf(packIds: number[]): Promise<Map<number, number>> {
  const rows = await db.packs.bulkGet(packIds);
  return new Map(rows.flatMap((p) => (p ? [[p.pack_id, p.gst_rate] as const] : [])));
}

export async function refreshCatalogue(warehouseId: number): Promise<number> {
  const rows = await fetchCounterCatalogue(warehouseId);
  await db.transaction('rw', db.packs, async () => {
    await db.packs.clear();
    await db.packs.bulkPut(rows.map((r) => ({ ...r, warehouse_id: warehouseId })));
  });
  return rows.length;
}

/** The pack a scanner's code or a typed SKU names exactly (barcode first). */
export async function packByCode(code: string): Promise<PosCounterPack | undefined> {
  const c = code.trim();
  if (!c) return undefined;
  return (await db.packs.where('barcode').equals(c).first()) ?? (await db.packs.where('sku').equalsIgnoreCase(c).first());
}

/** The weighed pack a scale label's PLU names (`scale-barcode.ts`). */
export async function packByPlu(plu: string): Promise<PosCounterPack | undefined> {
  return db.packs.filter((p) => p.sold_by_weight && p.plu === plu).first();
}

/** Packs whose name, SKU or barcode contains `q` (case-insensitive), names first. */
export async function searchPacks(q: string, limit = 12): Promise<PosCounterPack[]> {
  const needle = q.trim().toLowerCase();
  if (!needle) return [];
  const out: PosCounterPack[] = [];
  await db.packs
    .filter(
      (p) => `${p.product} ${p.pack}`.toLowerCase().includes(needle) || p.sku.toLowerCase().includes(needle) || p.barcode.includes(needle),
    )
    .until(() => out.length >= limit)
    .each((p) => void out.push(p));
  return out;
}

/** Units (grams for loose goods) taken off the local stock after a sale, until the next refresh. */
export async function takeLocally(lines: Array<{ pack_id: number; quantity: number }>) {
  await db.transaction('rw', db.packs, async () => {
    for (const l of lines)
      await db.packs
        .where('pack_id')
        .equals(l.pack_id)
        .modify((p) => void (p.available -= l.quantity));
  });
}

export const queueSale = (body: SaleInput) =>
  db.queue.put({ key: body.idempotency_key, body: { ...body, offline: true }, queued_at: Date.now() });
export const queuedCount = () => db.queue.count();

/** A network failure (offline, DNS, reset), as opposed to an answer from the server. */
export const isNetworkError = (e: unknown) => !(e instanceof ApiError) && e instanceof TypeError;

let syncing: Promise<Sale[]> | null = null;

/**
 * Sends the queued sales, oldest first, one at a time; each leaves the queue once the server has
 * answered it (a booked sale, or a refusal that a retry cannot change). Stops at the first network
 * failure. One sync at a time per page; the idempotency keys make a sync from another tab harmless.
 */
export function syncQueue(): Promise<Sale[]> {
  syncing ??= (async () => {
    const done: Sale[] = [];
    try {
      for (const q of await db.queue.orderBy('queued_at').toArray()) {
        try {
          done.push(await createSale(q.body));
        } catch (e) {
          if (isNetworkError(e) || (e instanceof ApiError && e.status >= 500)) break;
        }
        await db.queue.delete(q.key);
      }
    } finally {
      syncing = null;
    }
    return done;
  })();
  return syncing;
}

const promotionsKey = (websiteId: number) => `grocer.pos.promotions.${websiteId}`;

/**
 * The automatic promotions the till last loaded (issue 40 §19), kept on the device: an offline
 * sale is priced with them (the server takes an offline sale as the till priced it, flagging a
 * different total for the shift report). Each promotion's own dates still apply at the till.
 */
export function cachedPromotions(websiteId: number): Promotion[] {
  try {
    const raw = localStorage.getItem(promotionsKey(websiteId));
    return raw ? posPromotionListSchema.parse({ data: JSON.parse(raw) }).data.map(fromPosPromotion) : [];
  } catch {
    return [];
  }
}

/** Loads the promotions live now and keeps them for offline sales. */
export async function refreshPromotions(websiteId: number): Promise<Promotion[]> {
  const list = await fetchPosPromotions();
  localStorage.setItem(promotionsKey(websiteId), JSON.stringify(list));
  return list.map(fromPosPromotion);
}
