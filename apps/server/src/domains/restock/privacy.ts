import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { restockAlerts } from './tables';

/** An erased account's "notify me" alerts (they copy the email and mobile), on every website. */
export async function eraseRestockAlerts(tx: DbOrTx, userId: number): Promise<void> {
  await tx.delete(restockAlerts).where(eq(restockAlerts.userId, userId));
}
