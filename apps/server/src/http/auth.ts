import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { reusable, type Db } from '../db/client';
import { users, websiteMembers } from '../db/schema';
import { can, type Permission } from '@grocer/shared/staff-roles';
import { Errors } from './errors';
import { membershipOf, userColumns } from './user-columns';

/** The signed-in user as the server sees them, with this website's membership flags. */
export interface CurrentUser {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  superadmin: boolean;
  /** the storefront language they chose (issue 46); null: none yet */
  language: string | null;
  hasAdminAccess: boolean;
  isSalesAgent: boolean;
  /** works this website's point of sale only */
  isCashier: boolean;
  /** the other roles of packages/shared/src/staff-roles.ts */
  isPacker: boolean;
  isDeliveryManager: boolean;
  isCatalogueEditor: boolean;
  isAccountant: boolean;
  /** delivers orders (issue 45) */
  isRider: boolean;
  /** blocked by this website's staff (identity/customers.ts `refuseBlocked`): when and why */
  blockedAt: Date | null;
  blockedReason: string | null;
  /** allowed this website's analytics to identify them (off until they say so) */
  analyticsConsent: boolean;
}

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
        isPacker: !!row.isPacker,
        isDeliveryManager: !!row.isDeliveryManager,
        isCatalogueEditor: !!row.isCatalogueEditor,
        isAccountant: !!row.isAccountant,
        isRider: !!row.isRider,
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

/**
 * What a staff call needs: a permission of packages/shared/src/staff-roles.ts (granted by the
 * person's roles on this website), or only a signed-in person (`'user'`: the call checks per
 * website itself, as the choose screen does).
 */
export type StaffNeed = Permission | 'user';

export const hasPermission = (user: CurrentUser, permission: Permission): boolean => can(user, permission);

/** 401 when signed out, 403 when signed in without the permission (spec §6, enforced server-side). */
export async function requirePermission(db: Db, req: FastifyRequest, permission: Permission): Promise<CurrentUser> {
  const user = await requireUser(db, req);
  if (!hasPermission(user, permission)) throw Errors.forbidden();
  return user;
}
