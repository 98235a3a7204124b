import { DELETED_CUSTOMER_NAME } from '@grocer/shared/privacy';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderIssues } from './tables';

/** An erased account's order issues keep what went wrong, not who said it (name, mobile, their note). */
export async function anonymiseIssues(tx: DbOrTx, userId: number): Promise<void> {
  await tx
    .update(orderIssues)
    .set({ customerName: DELETED_CUSTOMER_NAME, customerPhone: '', note: '' })
    .where(eq(orderIssues.userId, userId));
}
