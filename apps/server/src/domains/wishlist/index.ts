/**
 * The wishlist domain's published interface, so far what other modules and app.ts use of it (issue 41
 * §1): outside domains/wishlist/, nothing imports another file of this folder, except the few
 * imports `.dependency-cruiser-known.json` still lists (through here they would close a circle).
 */
export { eraseWishlists, forgetErasedWishlists, wishlistsForExport } from './privacy';
export { wishlistRoutes } from './routes';
export { savedProductIds, savedProductIdsNow, wishlistCounts, wishlistedProductIds } from './service';
