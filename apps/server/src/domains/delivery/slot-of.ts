import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { deliverySlots } from './tables';

/** One of the website's delivery slots (its zone, times, weekdays and capacity); null when not the website's. */
export async function slotOf(db: DbOrTx, websiteId: number, slotId: number) {
  const [row] = await db
    .select()
    .from(deliverySlots)
    .where(and(eq(deliverySlots.websiteId, websiteId), eq(deliverySlots.id, slotId)));
  return row ?? null;
}
