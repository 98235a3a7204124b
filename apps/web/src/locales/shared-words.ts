import { msg } from '../lib/i18n';

/**
 * English words that packages/shared gives the storefront (labels, not messages of this app),
 * marked here so the extractor puts them in the catalogues; the storefront renders them with
 * `t(LABELS[x])`. Keep in step with the files named.
 */
export const SHARED_WORDS = [
  // list-params.ts SORT_LABELS
  msg('Relevance'),
  msg('Price: Low to High'),
  msg('Price: High to Low'),
  msg('Newest'),
  msg('Name'),
  msg('Biggest Discount'),
  // food-types.ts FOOD_TYPE_LABELS
  msg('Vegetarian'),
  msg('Non-vegetarian'),
  msg('Contains egg'),
  msg('Not food'),
  // wishlist.ts WISHLIST_ADDED
  msg('Wishlist added successfully'),
];
