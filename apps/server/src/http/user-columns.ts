import { and, eq, type SQLWrapper } from 'drizzle-orm';
import { users, websiteMembers } from '../db/schema';

// Apart from auth.ts so the session (which errors.ts reads) need not import auth.ts, which imports
// errors.ts: the three made a circle (issue 41).

/** What is read of the user and their membership of a website (`userWithMembership`, and the session's read). */
export const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  superadmin: users.superadmin,
  /** the storefront language they chose (issue 46); null: none yet */
  language: users.language,
  hasAdminAccess: websiteMembers.hasAdminAccess,
  isSalesAgent: websiteMembers.isSalesAgent,
  isCashier: websiteMembers.isCashier,
  isPacker: websiteMembers.isPacker,
  isDeliveryManager: websiteMembers.isDeliveryManager,
  isCatalogueEditor: websiteMembers.isCatalogueEditor,
  isAccountant: websiteMembers.isAccountant,
  isRider: websiteMembers.isRider,
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
