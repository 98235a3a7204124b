/** The storefront pages the bundle and Lighthouse benchmarks measure. */
export const BENCH_PAGES = [
  ['home', '/'],
  ['/products', '/products'],
  ['product page', '/products/kaveri-gold-classic-basmati-rice'],
  // a page of the page builder other than home (blocks, server-rendered like home)
  ['content page', '/about-us'],
] as const;
