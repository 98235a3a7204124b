import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { addresses, deliverySlots, deliveryZones } from '../../db/schema';

/** The seeded Bengaluru zone's earliest slot (the morning one subscriptions deliver in). */
export async function morningSlotId(db: DbOrTx, websiteId: number): Promise<number> {
  const [zone] = await db
    .select()
    .from(deliveryZones)
    .where(and(eq(deliveryZones.websiteId, websiteId), eq(deliveryZones.name, 'Bengaluru')));
  const [slot] = await db.select().from(deliverySlots).where(eq(deliverySlots.zoneId, zone!.id)).orderBy(deliverySlots.startTime).limit(1);
  return slot!.id;
}

/** A delivery address in Bengaluru (560001, delivered to) for the customer; answers its id. */
export async function addBengaluruAddress(db: DbOrTx, websiteId: number, userId: number): Promise<number> {
  const [a] = await db
    .insert(addresses)
    .values({
      websiteId,
      userId,
      name: 'Asha',
      phone: '9000000011',
      pincode: '560001',
      line1: 'Flat 4B',
      line2: 'MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
    })
    .returning();
  return a!.id;
}
