/** The content module's published interface: what other modules use of it (issue 41 §1). */
export { blockTexts } from './translation-texts';

// Read by other modules too (issue 41 §1). They import it from here, except where this index would
// close a circle of imports (the boundary baseline keeps those few).
export { copyPages, createHomePage } from './copy';
export { contentMediaUses } from './media-usage';
export { findPage, getPageData, movedPageUrl, normalisePageUrl, publishedPages, warnBlockProblems } from './service';
export { listSuppliers, SUPPLIERS_PATH } from './suppliers';
/** its routes, registered by app.ts (issue 41 §1: every route in one list) */
export { contentRoutes } from './routes';
