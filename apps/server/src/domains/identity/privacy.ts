import { DELETED_CUSTOMER_NAME } from '@grocer/shared/privacy';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { fail } from '../../http/errors';
import { customerNotes, customerTags, sessions, signInCodes, users, websiteMembers } from './tables';
import { hasAnyRole } from './member-roles';

/** The person's profile and this website's membership, for their data export. */
export async function profileForExport(db: DbOrTx, websiteId: number, userId: number) {
  const [row] = await db
    .select({
      name: users.name,
      email: users.email,
      phone: users.phone,
      createdAt: users.createdAt,
      memberSince: websiteMembers.createdAt,
      consent: websiteMembers.analyticsConsent,
    })
    .from(users)
    .leftJoin(websiteMembers, and(eq(websiteMembers.userId, users.id), eq(websiteMembers.websiteId, websiteId)))
    .where(eq(users.id, userId));
  if (!row) throw fail('NOT_FOUND');
  return row;
}

/**
 * Locks the user row for an erasure (a second click waits, then erases nothing new) and refuses
 * staff: a superadmin, or anyone with a staff flag on a website (the owner removes it first).
 */
export async function lockForErasure(tx: DbOrTx, userId: number) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user) throw fail('NOT_FOUND');
  const [staff] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(websiteMembers)
    .where(and(eq(websiteMembers.userId, userId), hasAnyRole()));
  if (user.superadmin || staff!.n > 0) throw fail('ACCOUNT_STAFF');
  return user;
}

/**
 * The identity itself: codes (also a pending registration's, keyed by the email or mobile),
 * sessions revoked and detached, memberships' consent and notes cleared, and the user row renamed
 * "Deleted customer" with no email or mobile (nulls keep the unique indexes: the same email can
 * register again as a new account). Answers the websites whose sessions were signed in.
 */
export async function eraseIdentity(tx: DbOrTx, user: { id: number; email: string | null; phone: string | null }): Promise<number[]> {
  await tx.delete(signInCodes).where(eq(signInCodes.userId, user.id));
  const ids = [user.email, user.phone].filter((v): v is string => !!v);
  if (ids.length) await tx.delete(signInCodes).where(inArray(signInCodes.identifier, ids));
  await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
  const signedIn = await tx
    .update(sessions)
    .set({ userId: null })
    .where(eq(sessions.userId, user.id))
    .returning({ websiteId: sessions.websiteId });
  await tx
    .update(websiteMembers)
    .set({ analyticsConsent: false, agentId: null, blockedReason: null })
    .where(eq(websiteMembers.userId, user.id));
  // what the staff wrote and tagged about them (issue 40.19) goes with them
  await tx.delete(customerNotes).where(eq(customerNotes.userId, user.id));
  await tx.delete(customerTags).where(eq(customerTags.userId, user.id));
  await tx.update(users).set({ name: DELETED_CUSTOMER_NAME, email: null, phone: null }).where(eq(users.id, user.id));
  return [...new Set(signedIn.map((r) => r.websiteId))];
}

/** The shopper's analytics consent on this website (their membership row, made if missing). */
export async function setAnalyticsConsent(db: DbOrTx, websiteId: number, userId: number, allowed: boolean): Promise<boolean> {
  await db
    .insert(websiteMembers)
    .values({ websiteId, userId, analyticsConsent: allowed })
    .onConflictDoUpdate({ target: [websiteMembers.websiteId, websiteMembers.userId], set: { analyticsConsent: allowed } });
  return allowed;
}
