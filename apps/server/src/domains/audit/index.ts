/**
 * The audit module's published interface, so far what other modules use through it (issue 41 §1;
 * the rest of the domain moves behind it as it becomes a module): recording staff writes in the
 * transaction that makes them, and the actor of a call.
 */
export {
  /** who is writing, on which website */
  type AuditActor,
  /** one audited change */
  type AuditEntry,
  /** the actor of a staff call: the request's website and its signed-in staff member */
  auditActor,
  /** records staff writes in the caller's transaction (unchanged updates are skipped) */
  recordAudit,
} from './service';
/** its staff calls, registered by app.ts in the staff scope (issue 41 §1: every route in one list) */
export { auditAdminRoutes } from './admin-routes';
