/**
 * The shell domain's published interface, so far what other modules and app.ts use of it (issue 41
 * §1): outside domains/shell/, nothing imports another file of this folder, except the few
 * imports `.dependency-cruiser-known.json` still lists (through here they would close a circle).
 */
/** Website Settings' font picker (GET /builder/fonts), registered by app.ts in the staff scope */
export { fontAdminRoutes } from './fonts';
export { registerShell } from './routes';
export { registerStaffShell } from './staff';
