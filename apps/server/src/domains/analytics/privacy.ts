import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { analyticsEvents } from './tables';

/**
 * An erased account's first-party events stay counted but lose their person: the distinct id the
 * storefront identified them by (their user id, only ever with consent) becomes a random one.
 */
export async function detachAnalytics(tx: DbOrTx, userId: number): Promise<void> {
  await tx
    .update(analyticsEvents)
    .set({ distinctId: sql`'erased-' || md5(random()::text)` })
    .where(eq(analyticsEvents.distinctId, String(userId)));
}
