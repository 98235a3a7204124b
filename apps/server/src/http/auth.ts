import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { reusable, type Db } from '../db/client';
import { users, websiteMembers } from '../db/schema';
import { Errors } from './errors';

/** The signed-in user as the server sees them, with this website's membership flags. */
export interface CurrentUser {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  superadmin: boolean;
  hasAdminAccess: boolean;
  isSalesAgent: boolean;
  /** works this website's point of sale only */
  isCashier: boolean;
  /** blocked by this website's staff (identity/customers.ts `refuseBlocked`): when and why */
  blockedAt: Date | null;
  blockedReason: string | null;
  /** allowed this website's analytics to identify them (off until they say so) */
  analyticsConsent: boolean;
}

/** What is read of the user and their membership of a website (`userWithMembership`, and the session's read). */
export const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  superadmin: users.superadmin,
  hasAdminAccess: websiteMembers.hasAdminAccess,
  isSalesAgent: websiteMembers.isSalesAgent,
  isCashier: websiteMembers.isCashier,
  blockedAt: websiteMembers.blockedAt,
  blockedReason: websiteMembers.blockedReason,
  analyticsConsent: websiteMembers.analyticsConsent,
};
export type UserRow = {
  [K in keyof typeof userColumns]: (typeof userColumns)[K]['_']['notNull'] extends true
    ? (typeof userColumns)[K]['_']['data']
    : (typeof userColumns)[K]['_']['data'] | null;
};

/** The membership of `userId` in `websiteId`, to left join to the user. */
export const membershipOf = (userId: SQLWrapper, websiteId: SQLWrapper) =>
  and(eq(websiteMembers.userId, userId), eq(websiteMembers.websiteId, websiteId));

const userWithMembership = reusable('current_user', (db, name) =>
  db
    .select(userColumns)
    .from(users)
    .leftJoin(websiteMembers, membershipOf(users.id, sql.placeholder('websiteId')))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare(name),
);

const loaded = new WeakMap<FastifyRequest, Promise<CurrentUser | null>>();

/** The user behind the request's session, or null when signed out. Memoised per request. */
export function currentUser(db: Db, req: FastifyRequest): Promise<CurrentUser | null> {
  let p = loaded.get(req);
  if (!p) {
    p = (async () => {
      const session = await req.session.get();
      if (!session?.userId) return null;
      // read with the session by this request when it was not cached, else now
      const known = req.session.userAsRead(req.website.id);
      const row = known !== undefined ? known : (await userWithMembership(db, { userId: session.userId, websiteId: req.website.id }))[0];
      if (!row) return null;
      // A superadmin administers every website.
      return {
        ...row,
        hasAdminAccess: row.superadmin || !!row.hasAdminAccess,
        isSalesAgent: !!row.isSalesAgent,
        isCashier: !!row.isCashier,
        analyticsConsent: !!row.analyticsConsent,
      };
    })();
    loaded.set(req, p);
  }
  return p;
}

/** Forget the memoised user (after sign-in or logout within the same request). */
export function forgetCurrentUser(req: FastifyRequest) {
  loaded.delete(req);
  req.session.forgetUserAsRead();
}

export async function requireUser(db: Db, req: FastifyRequest): Promise<CurrentUser> {
  const user = await currentUser(db, req);
  if (!user) throw Errors.unauthenticated();
  return user;
}

/** `cashier`: the point of sale, which an admin (the shop's manager) works too. */
export type Role = 'admin' | 'agent' | 'cashier' | 'superadmin';

export function hasRole(user: CurrentUser, role: Role): boolean {
  if (role === 'superadmin') return user.superadmin;
  if (role === 'admin') return user.hasAdminAccess;
  if (role === 'cashier') return user.hasAdminAccess || user.isCashier;
  return user.isSalesAgent;
}

/** 401 when signed out, 403 when signed in without the role (spec §6, enforced server-side). */
export async function requireRole(db: Db, req: FastifyRequest, role: Role): Promise<CurrentUser> {
  const user = await requireUser(db, req);
  if (!hasRole(user, role)) throw Errors.forbidden();
  return user;
}
