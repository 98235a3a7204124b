import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { websiteSettings } from './tables';

/** Whether the shop's logo or favicon is this media path. */
export async function websiteMediaUses(db: DbOrTx, websiteId: number, path: string): Promise<string[]> {
  const [s] = await db
    .select({ logo: websiteSettings.logo, favicon: websiteSettings.favicon })
    .from(websiteSettings)
    .where(eq(websiteSettings.websiteId, websiteId));
  return [...(s?.logo === path ? ['the shop logo'] : []), ...(s?.favicon === path ? ['the shop icon'] : [])];
}
