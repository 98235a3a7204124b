import { can, type Permission } from '@grocer/shared/staff-roles';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { roleColumns } from './member-roles';
import { users, websiteMembers } from './tables';

/**
 * Which of `userIds` hold `permission` on the website now (their roles there, or superadmin):
 * for messages meant for staff (a new-order push), checked when sent, so a role taken away
 * stops them.
 */
export async function usersWithPermission(db: DbOrTx, websiteId: number, userIds: number[], permission: Permission): Promise<Set<number>> {
  if (!userIds.length) return new Set();
  const rows = await db
    .select({ id: users.id, superadmin: users.superadmin, ...roleColumns })
    .from(users)
    .leftJoin(websiteMembers, and(eq(websiteMembers.userId, users.id), eq(websiteMembers.websiteId, websiteId)))
    .where(inArray(users.id, userIds));
  return new Set(
    rows.filter((r) => can(Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v === true])), permission)).map((r) => r.id),
  );
}
