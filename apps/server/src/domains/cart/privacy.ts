import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { carts } from './tables';

/** An erased account's carts (their lines go with them), on every website. */
export async function eraseCarts(tx: DbOrTx, userId: number): Promise<void> {
  await tx.delete(carts).where(eq(carts.userId, userId));
}
