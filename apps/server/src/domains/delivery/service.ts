import type { EarliestSlot } from '@grocer/shared/delivery-promise';
import { errorMessage } from '@grocer/shared/errors';
import { PINCODE_PATTERN } from '@grocer/shared/validation';
import { and, asc, eq, getTableColumns, isNull, or, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { reusable, type DbOrTx } from '../../db/client';
import { rowFromJson, rowsOf } from '../../db/rows';
import { websiteCache } from '../../http/cache';
import { deliveryClosures, deliverySlots, deliveryZones, slotBookings, zonePincodes } from './tables';
import { fail } from '../../http/errors';
import { addShopDays, shopClockOf, shopDayOf, SHOP_OFFSET_MINUTES } from '@grocer/shared/shop-time';

export type DeliveryZone = typeof deliveryZones.$inferSelect;

export const notDeliveredTo = (pincode: string) => errorMessage('NOT_DELIVERABLE', { pincode });

export const pincodeErrors = {
  invalid: () => fail('PINCODE_INVALID'),
  notServiceable: (pincode: string) => fail('PINCODE_NOT_SERVICEABLE', { pincode }),
};

/** The zone delivering to `pincode` on this website, or null when nobody does. */
export async function resolvePincode(db: DbOrTx, websiteId: number, pincode: string): Promise<DeliveryZone | null> {
  if (!PINCODE_PATTERN.test(pincode)) return null;
  const [row] = await zoneOfPincode(db, { websiteId, pincode });
  return row?.zone ?? null;
}

const zoneOfPincode = reusable('delivery_zone_of_pincode', (db, name) =>
  db
    .select({ zone: deliveryZones })
    .from(zonePincodes)
    .innerJoin(deliveryZones, and(eq(deliveryZones.id, zonePincodes.zoneId), eq(deliveryZones.websiteId, sql.placeholder('websiteId'))))
    .where(and(eq(zonePincodes.websiteId, sql.placeholder('websiteId')), eq(zonePincodes.pincode, sql.placeholder('pincode'))))
    .limit(1)
    .prepare(name),
);

/**
 * The zone a visitor without a pincode is priced against: the website's first zone, so prices
 * and stock shown before a pincode is chosen are those of the main warehouse.
 */
export async function defaultZone(db: DbOrTx, websiteId: number): Promise<DeliveryZone | null> {
  const [row] = await db.select().from(deliveryZones).where(eq(deliveryZones.websiteId, websiteId)).orderBy(asc(deliveryZones.id)).limit(1);
  return row ?? null;
}

/**
 * `deliveryContext`'s zone as a scalar subquery, for another domain's statement: the zone
 * delivering to `pincode` (null when nobody does), or with no pincode the website's first; its
 * row as JSON, for `deliveryContextOf`. The cart reads it with its lines (their stock is the zone
 * warehouse's).
 */
export const zoneJsonSql = (websiteId: SQLWrapper, pincode: SQLWrapper): SQL<Record<string, unknown> | null> =>
  sql`coalesce(
    (select row_to_json(z) from ${zonePincodes} zp join ${deliveryZones} z on z.id = zp.zone_id and z.website_id = ${websiteId}
      where zp.website_id = ${websiteId} and zp.pincode = ${pincode}::text),
    case when ${pincode}::text is null then
      (select row_to_json(z) from ${deliveryZones} z where z.website_id = ${websiteId} order by z.id limit 1) end)`;

/** `deliveryContext` from the zone a statement read with `zoneJsonSql` for `pincode`. */
export function deliveryContextOf(pincode: string | null, zoneJson: Record<string, unknown> | null): DeliveryContext {
  const zone = zoneJson && (!pincode || PINCODE_PATTERN.test(pincode)) ? rowFromJson(deliveryZones, zoneJson) : null;
  return { pincode, zone, serviceable: pincode ? !!zone : true };
}

/**
 * Whether the zone takes cash on delivery for an order of `amountPaise`: the zone allows it and the
 * amount is within its limit (`codMax`; none: any amount). The one rule behind the checkout's
 * choice and switching an unpaid order to cash on delivery (the shop's own switch is the caller's).
 */
export const codAllowedIn = (zone: Pick<DeliveryZone, 'codAllowed' | 'codMax'>, amountPaise: number): boolean =>
  zone.codAllowed && (zone.codMax === null || amountPaise <= zone.codMax);

/** What the cart needs to know about delivery for a pincode (or for none yet). */
export interface DeliveryContext {
  pincode: string | null;
  zone: DeliveryZone | null;
  /** false when a pincode is known and nobody delivers there */
  serviceable: boolean;
}

export async function deliveryContext(db: DbOrTx, websiteId: number, pincode: string | null): Promise<DeliveryContext> {
  if (pincode) {
    const zone = await resolvePincode(db, websiteId, pincode);
    return { pincode, zone, serviceable: !!zone };
  }
  return { pincode: null, zone: await defaultZone(db, websiteId), serviceable: true };
}

// The shop's clock (@grocer/shared/shop-time).
export const shopDate = (at: Date): string => shopDayOf(at);
export const shopTime = (at: Date): string => shopClockOf(at);
const addDays = addShopDays;

/** The weekday of a shop date, 0 Sunday … 6 Saturday (the bit of a slot's `weekdays`). */
export const weekdayOf = (date: string): number => new Date(`${date}T00:00:00Z`).getUTCDay();

/**
 * Whether a slot template is offered on `date` at `now`: it runs that weekday and its cut-off
 * (minutes before the start) has not passed. A slot that has started is never offered.
 */
export function slotOpen(slot: { startTime: string; weekdays: number; cutoffMinutes: number }, date: string, now: Date): boolean {
  if ((slot.weekdays & (1 << weekdayOf(date))) === 0) return false;
  const start = Date.parse(`${date}T${slot.startTime}:00Z`) - SHOP_OFFSET_MINUTES * 60_000;
  return now.getTime() < start - slot.cutoffMinutes * 60_000;
}

export interface SlotOffer {
  slotId: number;
  zoneId: number;
  date: string;
  startTime: string;
  endTime: string;
  remaining: number;
}

/**
 * Delivery slots of a zone with places left, earliest first, over `days` days starting at the
 * zone's lead time from `from`. Today's slots that have already started are not offered.
 */
const slotsWithBookings = reusable('delivery_slots_with_bookings', (db, name) => {
  const [websiteId, zoneId, dates] = [sql.placeholder('websiteId'), sql.placeholder('zoneId'), sql.placeholder('dates')];
  return db
    .select({
      ...getTableColumns(deliverySlots),
      used: sql<Record<
        string,
        number
      > | null>`(select json_object_agg(${slotBookings.date}, ${slotBookings.used}) from ${slotBookings} where ${and(
        eq(slotBookings.websiteId, websiteId),
        eq(slotBookings.slotId, deliverySlots.id),
        sql`${slotBookings.date} = any(${dates})`,
      )})`,
      closed: sql<string[] | null>`(select json_agg(${deliveryClosures.date}) from ${deliveryClosures} where ${and(
        eq(deliveryClosures.websiteId, websiteId),
        sql`${deliveryClosures.date} = any(${dates})`,
        or(isNull(deliveryClosures.zoneId), eq(deliveryClosures.zoneId, zoneId)),
      )})`,
    })
    .from(deliverySlots)
    .where(and(eq(deliverySlots.websiteId, websiteId), eq(deliverySlots.zoneId, zoneId)))
    .orderBy(asc(deliverySlots.startTime))
    .prepare(name);
});

export async function nextSlots(
  db: DbOrTx,
  websiteId: number,
  zoneId: number,
  from: Date,
  days = 7,
  includeFull = false,
  /** the zone's row, when the caller has just read it (the cart's pricing): not read again */
  known?: DeliveryZone,
): Promise<SlotOffer[]> {
  const [zone] =
    known?.id === zoneId && known.websiteId === websiteId
      ? [known]
      : await db
          .select()
          .from(deliveryZones)
          .where(and(eq(deliveryZones.id, zoneId), eq(deliveryZones.websiteId, websiteId)))
          .limit(1);
  if (!zone) return [];
  const today = shopDate(from);
  const first = addDays(today, zone.leadDays);
  const dates = Array.from({ length: Math.max(1, days) }, (_, i) => addDays(first, i));
  // One statement: the zone's slots, each with its places used on those dates, and the dates
  // the shop closed (for the zone or every zone), the same on every row.
  const rows = await slotsWithBookings(db, { websiteId, zoneId, dates });
  if (rows.length === 0) return [];
  const used = new Map(rows.flatMap((r) => Object.entries(r.used ?? {}).map(([date, n]) => [`${r.id}|${date}`, n] as const)));
  const closed = new Set(rows[0]!.closed ?? []);
  const offers: SlotOffer[] = [];
  for (const date of dates) {
    if (closed.has(date)) continue;
    for (const s of rows) {
      if (!slotOpen(s, date, from)) continue;
      const remaining = Math.max(0, s.capacity - (used.get(`${s.id}|${date}`) ?? 0));
      if (remaining > 0 || includeFull) offers.push({ slotId: s.id, zoneId, date, startTime: s.startTime, endTime: s.endTime, remaining });
    }
  }
  return offers;
}

/**
 * Takes one place in a slot on a date, atomically (for checkout, inside the order's
 * transaction): one upsert that only increments while used < the slot's current capacity (a
 * capacity the shop changed since the first booking counts). False when full.
 */
export async function takeSlot(db: DbOrTx, websiteId: number, slotId: number, date: string): Promise<boolean> {
  return rowsOf(await db.execute(takeSlotStatement(websiteId, slotId, date))).length > 0;
}

/**
 * `takeSlot`'s statement, for a caller that takes the place in a statement of its own (checkout
 * takes the slot, the stock and the order number in one): answers a row (`used`) when the place
 * was taken, none when the slot is full. The booking row stays locked until the commit.
 */
export const takeSlotStatement = (
  websiteId: number | Placeholder,
  slotId: number | Placeholder,
  date: string | Placeholder,
  /** taken only when this holds (checkout: once the cart was taken) */
  when: SQL = sql`true`,
): SQL => sql`
    insert into slot_bookings (website_id, slot_id, date, capacity, used)
    select ${websiteId}, s.id, ${date}, s.capacity, 1 from delivery_slots s where s.id = ${slotId} and s.website_id = ${websiteId} and ${when}
    on conflict (slot_id, date) do update set used = slot_bookings.used + 1, capacity = excluded.capacity
    where slot_bookings.used < excluded.capacity
    returning used`;

/** The zone a slot belongs to (null when the website has no such slot). */
export async function slotZone(db: DbOrTx, websiteId: number, slotId: number): Promise<number | null> {
  const [row] = await db
    .select({ zoneId: deliverySlots.zoneId })
    .from(deliverySlots)
    .where(and(eq(deliverySlots.id, slotId), eq(deliverySlots.websiteId, websiteId)));
  return row?.zoneId ?? null;
}

/** Gives a place back (order cancelled or payment abandoned). */
export async function releaseSlot(db: DbOrTx, websiteId: number, slotId: number, date: string): Promise<void> {
  await db.execute(
    sql`update slot_bookings set used = used - 1 where website_id = ${websiteId} and slot_id = ${slotId} and date = ${date} and used > 0`,
  );
}

// The earliest slot per pincode, for the promise shown in the header, product pages and the cart.
// Safe to be a few seconds stale (checkout books the slot it offers itself); dropped at once when
// the shop changes its zones or slots (invalidateWebsite).
const earliestCache = websiteCache<EarliestSlot | null>({ ttlMs: 30_000 });

/** The earliest slot with a place left for a pincode (the default zone's without one), or null. */
export function earliestSlot(db: DbOrTx, websiteId: number, pincode: string | null): Promise<EarliestSlot | null> {
  return earliestCache.get(websiteId, pincode ?? '', async () => {
    const { zone } = await deliveryContext(db, websiteId, pincode);
    if (!zone) return null;
    const [first] = await nextSlots(db, websiteId, zone.id, new Date());
    return first ? { date: first.date, start_time: first.startTime, end_time: first.endTime } : null;
  });
}
