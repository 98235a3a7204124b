/** The media module's published interface: what other modules use of it (issue 41 §1). */
export { processImage } from './process';
export type { MediaStorage } from './storage';

// Read by other modules too (issue 41 §1). They import it from here, except where this index would
// close a circle of imports (the boundary baseline keeps those few).
export { lockMediaPaths } from './service';
export { mediaStorage, s3Client, type S3Settings } from './storage';
/** its routes, registered by app.ts (issue 41 §1: every route in one list) */
export { mediaAdminRoutes } from './admin-routes';
/** its routes, registered by app.ts (issue 41 §1: every route in one list) */
export { registerMedia } from './routes';
