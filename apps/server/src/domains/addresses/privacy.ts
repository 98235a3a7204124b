import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { addresses } from './tables';

/** A shopper's addresses on one website, for their data export. */
export function addressesForExport(db: DbOrTx, websiteId: number, userId: number) {
  return db
    .select()
    .from(addresses)
    .where(and(eq(addresses.websiteId, websiteId), eq(addresses.userId, userId)))
    .orderBy(asc(addresses.id));
}

/** An erased account's addresses, on every website. */
export async function eraseAddresses(tx: DbOrTx, userId: number): Promise<void> {
  await tx.delete(addresses).where(eq(addresses.userId, userId));
}
