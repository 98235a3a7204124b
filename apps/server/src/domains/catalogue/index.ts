/**
 * The catalogue module's published interface, so far what other modules use through it (issue 41 §1;
 * the rest of the domain moves behind it as it becomes a module).
 */
export {
  /** one of the website's packs with its product's name; 404 when it is not the website's */
  packNamed,
  /** a subquery of the website's packs with their product names, to join on staff screens */
  packNamesSubquery,
} from './pack-refs';
export {
  /** packs as an order line needs them: names, tax, the pack's price, image, on sale (subscriptions) */
  packLines,
  type PackLine,
} from './pack-lines';
export {
  /** the website's packs whose product, pack name or SKU contains a word, named and priced (staff pickers) */
  searchPacks,
} from './service';
export {
  /** rebuilds the search documents of a website's products (all, or the ones given) */
  refreshProductIndex,
} from './search';
export { sanitizeDescription } from './admin-service';
export { brandTexts, categoryTexts, productTexts, productTranslationPage, productTranslationProgress } from './translation-texts';

// Read by other modules too (issue 41 §1). They import it from here, except where this index would
// close a circle of imports (the boundary baseline keeps those few).
export { answerFor, catalogueAnswers, type CatalogueAnswers } from './answers';
export { copyCatalogue } from './copy';
export { catalogueMediaUses } from './media-usage';
export { activeProductId, lockProductForRating, productRating, writeProductRating } from './product-facts';
export { currentSlugOf } from './product-records';
export {
  activeProductIds,
  type CatalogueContext,
  counterCatalogue,
  counterPacks,
  createLoosePack,
  findPackLabel,
  findPackStep,
  hydrateProducts,
  listProducts,
  loadTaxonomy,
  packCodes,
  packDetails,
  packDetailsOf,
  packIdsOfTarget,
  packStepSql,
  packsWithStock,
  productBrandAndCategories,
  productCategoryNames,
  productCategoryPaths,
  productNames,
  productsBySlugs,
} from './service';
export { activeProductSlugs } from './sitemap';
export { seedSynonyms } from './synonyms';
/** its routes, and the request's catalogue context that app.ts hands to other routes */
export { catalogueContext, catalogueContextNow, catalogueRoutes } from './routes';
