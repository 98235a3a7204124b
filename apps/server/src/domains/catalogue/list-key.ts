import type { ProductsQuery } from '@grocer/shared/catalogue';
import { categorySlugFromParam } from './service';

/** What the canonical form needs of the website's taxonomy: which slugs exist. */
export interface KnownSlugs {
  categories: ReadonlySet<string>;
  brands: ReadonlySet<string>;
}

/**
 * The product list's parameters in their one canonical form: only what changes the answer, in
 * one order, defaults explicit. Two queries with the same canonical form get the same answer, so
 * it is the cache key (`listKey`) and the answer is computed from it:
 * - unknown parameters are already gone (the query schema drops them);
 * - the words lower-cased with their spaces collapsed (the search ignores case and spacing);
 * - categories and brands: the known slugs, each once, sorted (a list's filters are a set;
 *   unknown slugs filter nothing); when every one given is unknown, the answer is empty (`null`);
 * - the sort spelled out: relevance when searching, none (the shop's order) otherwise;
 * - the shopper's filters only when they narrow: a price bound in whole paise, a discount above 0,
 *   in stock only when asked.
 */
export function canonicalProductsQuery(query: ProductsQuery, known: KnownSlugs): ProductsQuery | null {
  const q = query.q?.toLowerCase().replace(/\s+/g, ' ').trim() || undefined;
  const pick = (values: string[], set: ReadonlySet<string>) => [...new Set(values.filter((v) => set.has(v)))].sort();
  const c = pick(query.c.map(categorySlugFromParam), known.categories);
  const b = pick(query.b, known.brands);
  if ((query.c.length && !c.length) || (query.b.length && !b.length)) return null;
  const s = query.s ?? (q ? 'relevance' : undefined);
  const paise = (v: number | undefined) => (v === undefined ? undefined : Math.round(v * 100) / 100);
  return {
    page: query.page,
    perPage: query.perPage,
    q,
    c,
    b,
    s: !q && s === 'relevance' ? undefined : s,
    min_price: query.min_price ? paise(query.min_price) : undefined,
    max_price: paise(query.max_price),
    discount: query.discount || undefined,
    in_stock: query.in_stock || undefined,
  };
}

/** The cache key of a canonical query (`null`: the empty answer of that page). */
export function listKey(query: ProductsQuery | null, page: number, perPage: number): string {
  if (!query) return `none|${page}|${perPage}`;
  const filters = [query.min_price ?? '', query.max_price ?? '', query.discount ?? '', query.in_stock ? 1 : ''];
  return JSON.stringify([query.page, query.perPage, query.q ?? '', query.c, query.b, query.s ?? '', ...filters]);
}
