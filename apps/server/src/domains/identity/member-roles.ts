import { STAFF_ROLE_FLAGS, type StaffRoleFlag } from '@grocer/shared/staff-roles';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { websiteMembers } from './tables';

/** Each staff role's column of `website_members` (packages/shared/src/staff-roles.ts names them). */
export const roleColumns = {
  hasAdminAccess: websiteMembers.hasAdminAccess,
  isSalesAgent: websiteMembers.isSalesAgent,
  isCashier: websiteMembers.isCashier,
  isPacker: websiteMembers.isPacker,
  isDeliveryManager: websiteMembers.isDeliveryManager,
  isCatalogueEditor: websiteMembers.isCatalogueEditor,
  isAccountant: websiteMembers.isAccountant,
  isRider: websiteMembers.isRider,
} satisfies Record<StaffRoleFlag, unknown>;

/** The roles read through a left join (absent membership: no role). */
export const roleSelection = Object.fromEntries(
  STAFF_ROLE_FLAGS.map((f) => [f, sql<boolean>`coalesce(${roleColumns[f]}, false)`]),
) as Record<StaffRoleFlag, SQL<boolean>>;

/** A membership with any staff role. */
export const hasAnyRole = (): SQL => or(...STAFF_ROLE_FLAGS.map((f) => eq(roleColumns[f], true)))!;
/** A membership with no staff role: a shopper. */
export const hasNoRole = (): SQL => and(...STAFF_ROLE_FLAGS.map((f) => eq(roleColumns[f], false)))!;

/** The role values to write (every flag, so a role left out is taken away). */
export const roleValues = (flags: Partial<Record<StaffRoleFlag, boolean>>) =>
  Object.fromEntries(STAFF_ROLE_FLAGS.map((f) => [f, !!flags[f]])) as Record<StaffRoleFlag, boolean>;
