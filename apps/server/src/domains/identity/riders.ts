import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users, websiteMembers } from './tables';

/** The website's riders (staff with the rider role, not blocked), by name: who dispatch may give a trip (issue 45). */
export function ridersOf(db: DbOrTx, websiteId: number, userId?: number) {
  return db
    .select({ id: users.id, name: users.name, phone: users.phone })
    .from(websiteMembers)
    .innerJoin(users, eq(users.id, websiteMembers.userId))
    .where(
      and(
        eq(websiteMembers.websiteId, websiteId),
        eq(websiteMembers.isRider, true),
        isNull(websiteMembers.blockedAt),
        userId === undefined ? undefined : eq(users.id, userId),
      ),
    )
    .orderBy(asc(users.name), asc(users.id));
}
