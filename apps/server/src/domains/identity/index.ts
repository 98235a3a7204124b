/**
 * The identity module's published interface, so far what other modules use through it (issue 41 §1;
 * the rest of the domain moves behind it as it becomes a module).
 */
export {
  /** people by id (id, name, email, phone, language), for naming who did what */
  usersByIds,
  /** a person's account language (issue 46 §5), and the same as a subquery for a statement writing an order */
  accountLanguage,
  accountLanguageSql,
} from './service';
export {
  /** one customer of the website (404 for another website's, or a staff member) */
  customerDetail,
} from './customers';
export {
  /** the website's riders (issue 45), or the one rider `userId` when given */
  ridersOf,
} from './riders';
export { setUserLanguage } from './service';
/** the account with this mobile, if any (a WhatsApp STOP names its sender's mobile) */
export { findUserByPhone } from './service';

// Read by other modules too (issue 41 §1). They import it from here, except where this index would
// close a circle of imports (the boundary baseline keeps those few).
export {
  agentErrors,
  assignCustomer,
  assignedCustomer,
  commissionRates,
  type Contact,
  customersOf,
  findAgent,
  listAgents,
  namesOf,
  setCommission,
  unassignCustomer,
} from './agents';
export { confirmCodes, liveCodes } from './codes';
export { listCustomers, refuseBlocked } from './customers';
export { eraseIdentity, lockForErasure, profileForExport, setAnalyticsConsent } from './privacy';
export { purgeSignIn } from './purge';
export { hitRateLimit, tooManyRequests } from './rate-limit';
export {
  accountErrors,
  changeContact,
  clientLimit,
  counterCustomer,
  countMembers,
  findMemberByContact,
  findUserById,
  identifierTaken,
  renameUser,
  sendCode,
  type SignInDeps,
  userIdsMatching,
} from './service';
export { usersWithPermission } from './staff-reach';
export { makeWebsiteAdmin, manageableWebsiteIds } from './website-access';
/** its staff calls, registered by app.ts in the staff scope (issue 41 §1: every route in one list) */
export { identityAdminRoutes } from './admin-routes';
/** its routes, registered by app.ts (issue 41 §1: every route in one list) */
export { identityRoutes } from './routes';
/** its routes, registered by app.ts (issue 41 §1: every route in one list) */
export { customerAdminRoutes } from './customer-routes';
