/**
 * The agents module's published interface, so far what other modules use through it (issue 41 §1):
 * whether a customer is the sales agent's own.
 */
export {
  /** the customer when assigned to this agent on this website; 404 CUSTOMER_NOT_ASSIGNED otherwise */
  myCustomer,
} from './service';
/** its staff calls, registered by app.ts in the staff scope (issue 41 §1: every route in one list) */
export { agentsAdminRoutes } from './admin-routes';
