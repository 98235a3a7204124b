/** Typed path builders for every storefront route. */
export const paths = {
  home: () => '/',
  products: (q: { q?: string; c?: string[]; b?: string[]; s?: string; page?: number } = {}) => {
    const p = new URLSearchParams();
    if (q.q) p.set('q', q.q);
    if (q.c?.length) p.set('c', q.c.join(','));
    if (q.b?.length) p.set('b', q.b.join(','));
    if (q.s) p.set('s', q.s);
    if (q.page && q.page > 1) p.set('page', String(q.page));
    const s = p.toString();
    return s ? `/products?${s}` : '/products';
  },
  product: (slug: string) => `/products/${encodeURIComponent(slug)}`,
  categories: () => '/categories',
  login: () => '/auth/login',
  checkout: () => '/checkout',
  account: () => '/account',
  orders: () => '/account/orders',
  addresses: () => '/account/addresses',
  salesDashboard: (range: { from?: string; to?: string } = {}) =>
    range.from || range.to ? `/account/dashboard?${new URLSearchParams(range as Record<string, string>)}` : '/account/dashboard',
  /** a sales agent's customer's subscriptions (agents only) */
  customerSubscriptions: (customerId: number) => `/account/dashboard/customers/${customerId}/subscriptions`,
};
