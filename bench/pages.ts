/** The storefront pages the bundle and Lighthouse benchmarks measure. */
export const BENCH_PAGES = [
  ['home', '/'],
  ['/products', '/products'],
  ['product page', '/products/kaveri-gold-classic-basmati-rice'],
] as const;
