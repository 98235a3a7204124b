/**
 * The restock domain's published interface, so far what other modules and app.ts use of it (issue 41
 * §1): outside domains/restock/, nothing imports another file of this folder, except the few
 * imports `.dependency-cruiser-known.json` still lists (through here they would close a circle).
 */
export { eraseRestockAlerts } from './privacy';
export { restockRoutes } from './routes';
export { sendRestockAlerts } from './service';
