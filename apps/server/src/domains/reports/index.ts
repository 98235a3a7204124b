/** The reports module's published interface (issue 41 §1): its staff calls, registered by app.ts in the staff scope. */
export { reportsAdminRoutes } from './admin-routes';
