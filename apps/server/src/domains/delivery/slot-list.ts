import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { deliverySlots, deliveryZones } from './tables';

/** The website's slot templates with their zone's name, by zone and start time (dispatch's slot picker, issue 45). */
export function slotsWithZones(db: DbOrTx, websiteId: number) {
  return db
    .select({
      id: deliverySlots.id,
      zoneId: deliverySlots.zoneId,
      zone: deliveryZones.name,
      startTime: deliverySlots.startTime,
      endTime: deliverySlots.endTime,
      warehouseId: deliveryZones.warehouseId,
    })
    .from(deliverySlots)
    .innerJoin(deliveryZones, eq(deliveryZones.id, deliverySlots.zoneId))
    .where(eq(deliverySlots.websiteId, websiteId))
    .orderBy(asc(deliveryZones.name), asc(deliverySlots.startTime), asc(deliverySlots.id));
}
