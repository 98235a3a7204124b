import { parseIdentifier } from '@grocer/shared/account';
import type { addStaffInputSchema, StaffFlags, StaffMember } from '@grocer/shared/admin-staff';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { CurrentUser } from '../../http/auth';
import { Errors, fail } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit';
import { hasAnyRole, roleSelection, roleValues } from './member-roles';
import { users, websiteMembers } from './tables';

type AddStaffInput = z.output<typeof addStaffInputSchema>;

/**
 * The website's staff: members with any role (admin, cashier, packer, delivery manager,
 * catalogue editor, accountant, sales agent), and every superadmin (they administer every website), admins first.
 */
export async function listStaff(db: DbOrTx, websiteId: number, me: CurrentUser): Promise<StaffMember[]> {
  const rows = await db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      superadmin: users.superadmin,
      ...roleSelection,
    })
    .from(users)
    .leftJoin(websiteMembers, and(eq(websiteMembers.userId, users.id), eq(websiteMembers.websiteId, websiteId)))
    .where(or(eq(users.superadmin, true), hasAnyRole()))
    .orderBy(asc(users.name), asc(users.id));
  const rank = (m: StaffFlags) => (m.superadmin ? 0 : m.hasAdminAccess ? 1 : 2);
  return rows.map((r) => ({ ...r, isMe: r.userId === me.id })).sort((a, b) => rank(a) - rank(b));
}

async function staffMember(tx: DbOrTx, websiteId: number, userId: number, me: CurrentUser): Promise<StaffMember> {
  const [row] = await tx
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      superadmin: users.superadmin,
      ...roleSelection,
      member: sql<boolean>`${websiteMembers.userId} is not null`,
    })
    .from(users)
    .leftJoin(websiteMembers, and(eq(websiteMembers.userId, users.id), eq(websiteMembers.websiteId, websiteId)))
    .where(eq(users.id, userId));
  // Only the website's members and the superadmins are this website's people.
  if (!row || (!row.member && !row.superadmin)) throw Errors.notFound('Staff member not found');
  const { member: _m, ...m } = row;
  return { ...m, isMe: m.userId === me.id };
}

/** The shop's admins: its members with admin access, superadmins among them counted. */
async function adminCount(tx: DbOrTx, websiteId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(websiteMembers)
    .innerJoin(users, eq(users.id, websiteMembers.userId))
    .where(and(eq(websiteMembers.websiteId, websiteId), or(eq(websiteMembers.hasAdminAccess, true), eq(users.superadmin, true))));
  return Number(row?.n ?? 0);
}

const isAdmin = (f: StaffFlags) => f.hasAdminAccess || f.superadmin;
const NO_LONGER_ADMIN = 'You no longer have admin access to this shop.';

/**
 * Locks the shop's admin rows (`for update`, in user id order so two callers never deadlock) and
 * checks the caller is still one of them. Every staff change of a website takes them first, so
 * those changes run one after another: two admins demoting each other at once cannot both count
 * the other as still there (the second waits, then counts what the first left), and an admin
 * demoted a moment ago can no longer act on the access they had when their call began.
 */
async function lockAdmins(tx: DbOrTx, websiteId: number, me: CurrentUser): Promise<void> {
  const admins = await tx
    .select({ userId: websiteMembers.userId })
    .from(websiteMembers)
    .innerJoin(users, eq(users.id, websiteMembers.userId))
    .where(and(eq(websiteMembers.websiteId, websiteId), or(eq(websiteMembers.hasAdminAccess, true), eq(users.superadmin, true))))
    .orderBy(asc(websiteMembers.userId))
    .for('update', { of: websiteMembers });
  if (!me.superadmin && !admins.some((a) => a.userId === me.id)) throw Errors.forbidden(NO_LONGER_ADMIN);
}

/**
 * Sets a person's flags on the website. The rules, checked inside the transaction: only a
 * superadmin changes superadmin; nobody removes their own admin access (another admin must);
 * the shop always keeps one admin of its own.
 */
async function applyFlags(tx: DbOrTx, actor: AuditActor, me: CurrentUser, before: StaffMember | null, userId: number, flags: StaffFlags) {
  const wasSuper = before?.superadmin ?? false;
  if (flags.superadmin !== wasSuper && !me.superadmin) throw fail('STAFF_SUPERADMIN_ONLY');
  if (userId === me.id && before && isAdmin(before) && !isAdmin(flags)) throw fail('STAFF_OWN_ADMIN');
  if (flags.superadmin !== wasSuper) await tx.update(users).set({ superadmin: flags.superadmin }).where(eq(users.id, userId));
  await tx
    .insert(websiteMembers)
    .values({ websiteId: actor.websiteId, userId, ...roleValues(flags) })
    .onConflictDoUpdate({ target: [websiteMembers.websiteId, websiteMembers.userId], set: roleValues(flags) });
  if (before && isAdmin(before) && !isAdmin(flags) && (await adminCount(tx, actor.websiteId)) === 0) throw fail('STAFF_LAST_ADMIN');
  const after = await staffMember(tx, actor.websiteId, userId, me);
  await recordAudit(tx, actor, {
    entity: 'staff_member',
    entityId: userId,
    action: before ? 'update' : 'add',
    before: before && { ...roleValues(before), superadmin: before.superadmin },
    after: { ...roleValues(after), superadmin: after.superadmin },
  });
  return after;
}

export function updateStaff(db: Db, actor: AuditActor, me: CurrentUser, userId: number, flags: StaffFlags): Promise<StaffMember> {
  return db.transaction(async (tx) => {
    await lockAdmins(tx, actor.websiteId, me);
    const before = await staffMember(tx, actor.websiteId, userId, me);
    return applyFlags(tx, actor, me, before, userId, flags);
  });
}

/**
 * Adds a person by email or mobile: their existing account (made a member with the flags), or a
 * new one with the name given. They sign in with a code sent to that email or mobile.
 */
export async function addStaff(db: Db, actor: AuditActor, me: CurrentUser, input: AddStaffInput): Promise<StaffMember> {
  const id = parseIdentifier(input.identifier);
  if (!id) throw Errors.invalid({ identifier: ['Enter a valid email or 10-digit mobile number'] });
  try {
    return await db.transaction(async (tx) => {
      await lockAdmins(tx, actor.websiteId, me);
      const [found] = await tx
        .select({ id: users.id })
        .from(users)
        .where(id.kind === 'email' ? eq(users.email, id.value) : eq(users.phone, id.value));
      let userId = found?.id;
      if (userId === undefined) {
        if (!input.name) throw Errors.invalid({ name: ['Enter their name: there is no account for this email or mobile yet'] });
        const [created] = await tx
          .insert(users)
          .values({ name: input.name, email: id.kind === 'email' ? id.value : null, phone: id.kind === 'phone' ? id.value : null })
          .returning({ id: users.id });
        userId = created!.id;
      }
      // An account that is not yet this website's (no membership, not a superadmin) is added, not updated.
      const before = found ? await staffMember(tx, actor.websiteId, userId, me).catch(() => null) : null;
      return applyFlags(tx, actor, me, before, userId, input);
    });
  } catch (e) {
    // Someone else created this account at the same moment: adding again finds it.
    if (isUniqueViolation(e))
      throw Errors.conflict('IDENTIFIER_TAKEN', 'This account was just created by someone else. Please add them again.');
    throw e;
  }
}
