/**
 * The analytics domain's published interface, so far what other modules and app.ts use of it (issue 41
 * §1): outside domains/analytics/, nothing imports another file of this folder, except the few
 * imports `.dependency-cruiser-known.json` still lists (through here they would close a circle).
 */
export { analyticsAdminRoutes } from './admin-routes';
export { registerBrgest } from './brgest';
export { detachAnalytics } from './privacy';
export { cachedAnalyticsSettings, posthogTarget, purgeAnalytics, staffTelemetryMeta } from './service';
