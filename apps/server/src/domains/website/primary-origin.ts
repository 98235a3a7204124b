import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { websiteDomains } from './tables';

/** The website's main address as a link origin (`https://{primary host}`), or null when it has none. */
export async function primaryOrigin(db: DbOrTx, websiteId: number): Promise<string | null> {
  const [row] = await db
    .select({ host: websiteDomains.host })
    .from(websiteDomains)
    .where(and(eq(websiteDomains.websiteId, websiteId), eq(websiteDomains.isPrimary, true)));
  return row ? `https://${row.host}` : null;
}
