import { and, eq, sql } from 'drizzle-orm';
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
  /** blocked by this website's staff (identity/customers.ts `refuseBlocked`): when and why */
  blockedAt: Date | null;
  blockedReason: string | null;
}

const userWithMembership = reusable('current_user', (db, name) =>
  db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      superadmin: users.superadmin,
      hasAdminAccess: websiteMembers.hasAdminAccess,
      isSalesAgent: websiteMembers.isSalesAgent,
      blockedAt: websiteMembers.blockedAt,
      blockedReason: websiteMembers.blockedReason,
    })
    .from(users)
    .leftJoin(websiteMembers, and(eq(websiteMembers.userId, users.id), eq(websiteMembers.websiteId, sql.placeholder('websiteId'))))
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
      const [row] = await userWithMembership(db, { userId: session.userId, websiteId: req.website.id });
      if (!row) return null;
      // A superadmin administers every website.
      return { ...row, hasAdminAccess: row.superadmin || !!row.hasAdminAccess, isSalesAgent: !!row.isSalesAgent };
    })();
    loaded.set(req, p);
  }
  return p;
}

/** Forget the memoised user (after sign-in or logout within the same request). */
export function forgetCurrentUser(req: FastifyRequest) {
  loaded.delete(req);
}

export async function requireUser(db: Db, req: FastifyRequest): Promise<CurrentUser> {
  const user = await currentUser(db, req);
  if (!user) throw Errors.unauthenticated();
  return user;
}

export type Role = 'admin' | 'agent' | 'superadmin';

export function hasRole(user: CurrentUser, role: Role): boolean {
  if (role === 'superadmin') return user.superadmin;
  if (role === 'admin') return user.hasAdminAccess;
  return user.isSalesAgent;
}

/** 401 when signed out, 403 when signed in without the role (spec §6, enforced server-side). */
export async function requireRole(db: Db, req: FastifyRequest, role: Role): Promise<CurrentUser> {
  const user = await requireUser(db, req);
  if (!hasRole(user, role)) throw Errors.forbidden();
  return user;
}
