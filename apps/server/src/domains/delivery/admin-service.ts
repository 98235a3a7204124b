import {
  parsePincodes,
  type AdminDelivery,
  type AdminSlot,
  type AdminSlotBookings,
  type AdminZone,
  type adminClosureInputSchema,
  type adminSlotInputSchema,
  type adminZoneInputSchema,
} from '@grocer/shared/admin-delivery';
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { invalidateWebsite } from '../../http/cache';
import { AppError, Errors, fail } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit';
import { warehouseOf, warehousesOf } from '../inventory';
import { shopDate, weekdayOf } from './service';
import { deliveryClosures, deliverySlots, deliveryZones, slotBookings, zonePincodes } from './tables';

type ZoneInput = z.output<typeof adminZoneInputSchema>;
type SlotInput = z.output<typeof adminSlotInputSchema>;
type SlotRow = typeof deliverySlots.$inferSelect;
type ClosureInput = z.output<typeof adminClosureInputSchema>;

const toSlot = (s: SlotRow): AdminSlot => ({
  id: s.id,
  zoneId: s.zoneId,
  startTime: s.startTime,
  endTime: s.endTime,
  capacity: s.capacity,
  weekdays: s.weekdays,
  cutoffMinutes: s.cutoffMinutes,
});

/** Every zone of the website with its pincodes and slot templates, and the warehouses a zone may ship from. */
export async function adminDelivery(db: DbOrTx, websiteId: number): Promise<AdminDelivery> {
  // One after another: the writes call this inside their transaction, whose one connection takes
  // one statement at a time (pg queues concurrent ones, and pg 9 refuses them).
  const zones = await db.select().from(deliveryZones).where(eq(deliveryZones.websiteId, websiteId)).orderBy(asc(deliveryZones.id));
  const pins = await db.select().from(zonePincodes).where(eq(zonePincodes.websiteId, websiteId)).orderBy(asc(zonePincodes.pincode));
  const slots = await db
    .select()
    .from(deliverySlots)
    .where(eq(deliverySlots.websiteId, websiteId))
    .orderBy(asc(deliverySlots.startTime), asc(deliverySlots.id));
  const warehouses = await warehousesOf(db, websiteId);
  const closures = await db
    .select({ id: deliveryClosures.id, zoneId: deliveryClosures.zoneId, date: deliveryClosures.date, reason: deliveryClosures.reason })
    .from(deliveryClosures)
    .where(and(eq(deliveryClosures.websiteId, websiteId), gte(deliveryClosures.date, shopDate(new Date()))))
    .orderBy(asc(deliveryClosures.date), asc(deliveryClosures.id));
  const warehouseName = new Map(warehouses.map((w) => [w.id, w.name]));
  return {
    zones: zones.map((z): AdminZone => ({
      id: z.id,
      name: z.name,
      warehouseId: z.warehouseId,
      warehouse: warehouseName.get(z.warehouseId) ?? '',
      deliveryCharge: z.deliveryCharge,
      freeAbove: z.freeAbove,
      codAllowed: z.codAllowed,
      codMax: z.codMax,
      leadDays: z.leadDays,
      pincodes: pins.filter((p) => p.zoneId === z.id).map((p) => p.pincode),
      slots: slots.filter((s) => s.zoneId === z.id).map(toSlot),
    })),
    closures,
    warehouses,
  };
}

export async function adminZone(db: DbOrTx, websiteId: number, id: number): Promise<AdminZone> {
  const zone = (await adminDelivery(db, websiteId)).zones.find((z) => z.id === id);
  if (!zone) throw Errors.notFound('Delivery zone not found');
  return zone;
}

async function assertWarehouse(db: DbOrTx, websiteId: number, warehouseId: number) {
  if (!(await warehouseOf(db, websiteId, warehouseId))) throw Errors.invalid({ warehouseId: ['Choose one of your warehouses'] });
}

const zoneColumns = (z: ZoneInput) => ({
  name: z.name,
  warehouseId: z.warehouseId,
  deliveryCharge: z.deliveryCharge,
  freeAbove: z.freeAbove,
  codAllowed: z.codAllowed,
  codMax: z.codMax,
  leadDays: z.leadDays,
});

/**
 * Every delivery write: in one transaction with its audit row, then the website's caches are
 * dropped so the storefront (pincode check, cart, checkout) answers from the new rules at once.
 */
async function write<T>(db: Db, actor: AuditActor, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  const result = await db.transaction(work);
  invalidateWebsite(actor.websiteId);
  return result;
}

export function createZone(db: Db, actor: AuditActor, input: ZoneInput): Promise<AdminZone> {
  return write(db, actor, async (tx) => {
    await assertWarehouse(tx, actor.websiteId, input.warehouseId);
    const [row] = await tx
      .insert(deliveryZones)
      .values({ websiteId: actor.websiteId, ...zoneColumns(input) })
      .returning();
    const zone = await adminZone(tx, actor.websiteId, row!.id);
    await recordAudit(tx, actor, { entity: 'delivery_zone', entityId: zone.id, action: 'create', after: zone });
    return zone;
  });
}

export function updateZone(db: Db, actor: AuditActor, id: number, input: ZoneInput): Promise<AdminZone> {
  return write(db, actor, async (tx) => {
    const before = await adminZone(tx, actor.websiteId, id);
    await assertWarehouse(tx, actor.websiteId, input.warehouseId);
    await tx
      .update(deliveryZones)
      .set(zoneColumns(input))
      .where(and(eq(deliveryZones.websiteId, actor.websiteId), eq(deliveryZones.id, id)));
    const after = await adminZone(tx, actor.websiteId, id);
    await recordAudit(tx, actor, { entity: 'delivery_zone', entityId: id, action: 'update', before, after });
    return after;
  });
}

/**
 * Adds pasted pincodes to a zone, all or none: any piece that is not a pincode, or a pincode
 * another zone serves, is named and nothing is added. Pincodes the zone already has are skipped.
 */
export async function addPincodes(db: Db, actor: AuditActor, zoneId: number, text: string): Promise<{ added: string[]; zone: AdminZone }> {
  const { valid, invalid } = parsePincodes(text);
  if (invalid.length > 0) {
    const e = fail('PINCODES_INVALID', { pincodes: invalid.join(', ') });
    throw e.withErrors({ pincodes: [e.message] });
  }
  if (valid.length === 0) throw Errors.invalid({ pincodes: ['Paste at least one pincode'] });
  try {
    return await write(db, actor, async (tx) => {
      const before = await adminZone(tx, actor.websiteId, zoneId);
      const taken = await tx
        .select({ pincode: zonePincodes.pincode, zoneId: zonePincodes.zoneId })
        .from(zonePincodes)
        .where(and(eq(zonePincodes.websiteId, actor.websiteId), inArray(zonePincodes.pincode, valid)));
      const elsewhere = taken.filter((p) => p.zoneId !== zoneId).map((p) => p.pincode);
      if (elsewhere.length > 0) throw pincodesTaken(elsewhere);
      const have = new Set(taken.map((p) => p.pincode));
      const added = valid.filter((p) => !have.has(p));
      if (added.length > 0) await tx.insert(zonePincodes).values(added.map((pincode) => ({ websiteId: actor.websiteId, zoneId, pincode })));
      const zone = await adminZone(tx, actor.websiteId, zoneId);
      await recordAudit(tx, actor, {
        entity: 'delivery_zone',
        entityId: zoneId,
        action: 'add_pincodes',
        before: before.pincodes,
        after: added,
      });
      return { added, zone };
    });
  } catch (e) {
    // Another zone took one of them between the check and the insert.
    if (isUniqueViolation(e) && !(e instanceof AppError)) throw pincodesTaken(valid);
    throw e;
  }
}

function pincodesTaken(pincodes: string[]) {
  const e = fail('PINCODES_TAKEN', { pincodes: pincodes.join(', ') });
  return e.withErrors({ pincodes: [e.message] });
}

/** Stops delivering to a pincode from this zone (orders already placed keep their slot). */
export function removePincode(db: Db, actor: AuditActor, zoneId: number, pincode: string): Promise<AdminZone> {
  return write(db, actor, async (tx) => {
    await adminZone(tx, actor.websiteId, zoneId);
    const gone = await tx
      .delete(zonePincodes)
      .where(and(eq(zonePincodes.websiteId, actor.websiteId), eq(zonePincodes.zoneId, zoneId), eq(zonePincodes.pincode, pincode)))
      .returning();
    if (gone.length === 0) throw Errors.notFound(`${pincode} is not in this zone`);
    await recordAudit(tx, actor, { entity: 'delivery_zone', entityId: zoneId, action: 'remove_pincode', before: pincode });
    return adminZone(tx, actor.websiteId, zoneId);
  });
}

async function slotOf(db: DbOrTx, websiteId: number, id: number): Promise<SlotRow> {
  const [row] = await db
    .select()
    .from(deliverySlots)
    .where(and(eq(deliverySlots.websiteId, websiteId), eq(deliverySlots.id, id)));
  if (!row) throw Errors.notFound('Delivery slot not found');
  return row;
}

export function createSlot(db: Db, actor: AuditActor, zoneId: number, input: SlotInput): Promise<AdminSlot> {
  return write(db, actor, async (tx) => {
    await adminZone(tx, actor.websiteId, zoneId);
    const [row] = await tx
      .insert(deliverySlots)
      .values({ websiteId: actor.websiteId, zoneId, ...input })
      .returning();
    const slot = toSlot(row!);
    await recordAudit(tx, actor, { entity: 'delivery_slot', entityId: slot.id, action: 'create', after: slot });
    return slot;
  });
}

/**
 * Changes a slot template. A raised capacity holds at once for every date, booked ones
 * included: booking compares against the slot's current capacity (takeSlot).
 */
export function updateSlot(db: Db, actor: AuditActor, id: number, input: SlotInput): Promise<AdminSlot> {
  return write(db, actor, async (tx) => {
    const before = toSlot(await slotOf(tx, actor.websiteId, id));
    const [row] = await tx
      .update(deliverySlots)
      .set(input)
      .where(and(eq(deliverySlots.websiteId, actor.websiteId), eq(deliverySlots.id, id)))
      .returning();
    const after = toSlot(row!);
    await recordAudit(tx, actor, { entity: 'delivery_slot', entityId: id, action: 'update', before, after });
    return after;
  });
}

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A slot's places taken per date over the next two weeks (dates it runs on), full ones included. */
export async function slotBookingsOf(db: DbOrTx, websiteId: number, id: number, now = new Date()): Promise<AdminSlotBookings> {
  const slot = await slotOf(db, websiteId, id);
  const today = shopDate(now);
  const rows = await db
    .select()
    .from(slotBookings)
    .where(and(eq(slotBookings.websiteId, websiteId), eq(slotBookings.slotId, id), gte(slotBookings.date, today)))
    .orderBy(asc(slotBookings.date));
  const used = new Map(rows.map((r) => [r.date, r.used]));
  // Today's slot is listed even after it starts or closes: the packers still need its count.
  const dates = Array.from({ length: 14 }, (_, i) => addDays(today, i)).filter(
    (d) => used.has(d) || (slot.weekdays & (1 << weekdayOf(d))) !== 0,
  );
  for (const d of used.keys()) if (!dates.includes(d)) dates.push(d);
  dates.sort();
  return { slot: toSlot(slot), data: dates.map((date) => ({ date, used: used.get(date) ?? 0, capacity: slot.capacity })) };
}

/** Closes a date to deliveries (in one zone, or all); slots already booked that day stay booked. */
export function createClosure(db: Db, actor: AuditActor, input: ClosureInput) {
  return write(db, actor, async (tx) => {
    if (input.date < shopDate(new Date())) throw Errors.invalid({ date: ['Choose today or a later date'] });
    if (input.zoneId !== null)
      await adminZone(tx, actor.websiteId, input.zoneId).catch(() => {
        throw Errors.invalid({ zoneId: ['Choose one of your zones'] });
      });
    const [row] = await tx
      .insert(deliveryClosures)
      .values({ websiteId: actor.websiteId, ...input })
      .returning();
    const closure = { id: row!.id, zoneId: row!.zoneId, date: row!.date, reason: row!.reason };
    await recordAudit(tx, actor, { entity: 'delivery_closure', entityId: closure.id, action: 'create', after: closure });
    return closure;
  });
}

export function deleteClosure(db: Db, actor: AuditActor, id: number) {
  return write(db, actor, async (tx) => {
    const [gone] = await tx
      .delete(deliveryClosures)
      .where(and(eq(deliveryClosures.websiteId, actor.websiteId), eq(deliveryClosures.id, id)))
      .returning();
    if (!gone) throw Errors.notFound('Closure not found');
    await recordAudit(tx, actor, { entity: 'delivery_closure', entityId: id, action: 'delete', before: gone });
    return { ok: true as const };
  });
}
