/**
 * The platform domain's published interface, so far what other modules and app.ts use of it (issue 41
 * §1): outside domains/platform/, nothing imports another file of this folder, except the few
 * imports `.dependency-cruiser-known.json` still lists (through here they would close a circle).
 */
export { createLifecycle, healthRoutes, type Lifecycle } from './health';
export { platformRoutes } from './routes';
