import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users, websiteMembers } from './tables';

/**
 * The websites a person may manage (/auth/bos/choose): `'all'` for a superadmin, else those where
 * they have hasAdminAccess and are not blocked.
 */
export async function manageableWebsiteIds(db: DbOrTx, userId: number): Promise<number[] | 'all'> {
  const [user] = await db.select({ superadmin: users.superadmin }).from(users).where(eq(users.id, userId));
  if (!user) return [];
  if (user.superadmin) return 'all';
  const rows = await db
    .select({ websiteId: websiteMembers.websiteId, blockedAt: websiteMembers.blockedAt })
    .from(websiteMembers)
    .where(and(eq(websiteMembers.userId, userId), eq(websiteMembers.hasAdminAccess, true)));
  return rows.filter((r) => !r.blockedAt).map((r) => r.websiteId);
}

/** Makes a person an admin of a website (its creator), in the caller's transaction. */
export async function makeWebsiteAdmin(tx: DbOrTx, websiteId: number, userId: number): Promise<void> {
  await tx
    .insert(websiteMembers)
    .values({ websiteId, userId, hasAdminAccess: true })
    .onConflictDoUpdate({ target: [websiteMembers.websiteId, websiteMembers.userId], set: { hasAdminAccess: true } });
}
