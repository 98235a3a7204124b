export const SORTS = ['relevance', 'price_asc', 'price_desc', 'newest', 'name', 'discount'] as const;
export type Sort = (typeof SORTS)[number];
export const SORT_LABELS: Record<Sort, string> = {
  relevance: 'Relevance',
  price_asc: 'Price: Low to High',
  price_desc: 'Price: High to Low',
  newest: 'Newest',
  name: 'Name',
  discount: 'Biggest Discount',
};
export const PRODUCTS_PER_PAGE = 24;
export const MAX_PER_PAGE = 100;

/** The product list's parameters as the /products address carries them (spec §2, §7). */
export interface ListParams {
  page: number;
  c: string[];
  b: string[];
  q?: string;
  s?: string;
  /** the shopper's filters (issue 39; beyond spec §7, docs/spec-deviations.md): price range in rupees, least discount %, in stock only */
  min_price?: number;
  max_price?: number;
  discount?: number;
  in_stock?: boolean;
}

/** The least discounts the filters offer, in percent. */
export const DISCOUNT_STEPS = [10, 20, 30, 40] as const;

const amount = (v: string | null, max = Infinity) => {
  const n = v === null || v.trim() === '' ? NaN : Number(v);
  return Number.isFinite(n) && n >= 0 && n <= max ? n : undefined;
};

/** The filters of a list (price, discount, stock) as the address and the API carry them. */
function setFilters(s: URLSearchParams, p: ListParams) {
  if (p.min_price) s.set('min_price', String(p.min_price));
  if (p.max_price !== undefined) s.set('max_price', String(p.max_price));
  if (p.discount) s.set('discount', String(p.discount));
  if (p.in_stock) s.set('in_stock', '1');
}

const list = (v: string | null) =>
  v
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

/** The /products address → list parameters (q, c, b, s, page; page defaults to 1). */
export function paramsFromSearch(search: URLSearchParams): ListParams {
  const page = Number(search.get('page'));
  const s = search.get('s');
  return {
    q: search.get('q')?.trim() || undefined,
    c: list(search.get('c')),
    b: list(search.get('b')),
    s: s && SORTS.includes(s as Sort) ? s : undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
    min_price: amount(search.get('min_price'), 10_000_000) || undefined,
    max_price: amount(search.get('max_price'), 10_000_000),
    discount: Number.isInteger(amount(search.get('discount'), 100)) ? amount(search.get('discount'), 100) || undefined : undefined,
    in_stock: search.get('in_stock') === '1' || undefined,
  };
}

/** List parameters → the /products address (the canonical order, page only above 1). */
export function searchFromParams(p: ListParams): string {
  const s = new URLSearchParams();
  if (p.q) s.set('q', p.q);
  if (p.c.length) s.set('c', p.c.join(','));
  if (p.b.length) s.set('b', p.b.join(','));
  if (p.s) s.set('s', p.s);
  setFilters(s, p);
  if (p.page > 1) s.set('page', String(p.page));
  return s.toString();
}

/** List parameters → the query string of GET /s/api/products (spec §7): page only above 1, perPage 24. */
export function listSearch(p: ListParams): string {
  const s = new URLSearchParams();
  if (p.page > 1) s.set('page', String(p.page));
  if (p.s) s.set('s', p.s);
  if (p.c.length) s.set('c', p.c.join(','));
  if (p.b.length) s.set('b', p.b.join(','));
  if (p.q) s.set('q', p.q);
  setFilters(s, p);
  s.set('perPage', String(PRODUCTS_PER_PAGE));
  return s.toString();
}

/** The search box asks for suggestions from this many letters on (issue 19: "after two letters"). */
export const SUGGEST_MIN_LETTERS = 2;
