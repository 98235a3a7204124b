import { STAFF_ROLE_FLAGS } from '@grocer/shared/staff-roles';
import { and, eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { roleColumns } from './member-roles';
import { users, websiteMembers } from './tables';

/**
 * The websites a person may manage (/auth/bos/choose): `'all'` for a superadmin, else those where
 * they have a role that works there (admin, cashier, packer, delivery manager, catalogue editor,
 * accountant; a sales agent sells from the storefront) and are not blocked.
 */
export async function manageableWebsiteIds(db: DbOrTx, userId: number): Promise<number[] | 'all'> {
  const [user] = await db.select({ superadmin: users.superadmin }).from(users).where(eq(users.id, userId));
  if (!user) return [];
  if (user.superadmin) return 'all';
  const rows = await db
    .select({ websiteId: websiteMembers.websiteId, blockedAt: websiteMembers.blockedAt })
    .from(websiteMembers)
    .where(
      and(
        eq(websiteMembers.userId, userId),
        or(...STAFF_ROLE_FLAGS.filter((f) => f !== 'isSalesAgent').map((f) => eq(roleColumns[f], true))),
      ),
    );
  return rows.filter((r) => !r.blockedAt).map((r) => r.websiteId);
}

/** Makes a person an admin of a website (its creator), in the caller's transaction. */
export async function makeWebsiteAdmin(tx: DbOrTx, websiteId: number, userId: number): Promise<void> {
  await tx
    .insert(websiteMembers)
    .values({ websiteId, userId, hasAdminAccess: true })
    .onConflictDoUpdate({ target: [websiteMembers.websiteId, websiteMembers.userId], set: { hasAdminAccess: true } });
}
