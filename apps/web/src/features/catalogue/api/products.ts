import type { Product, ProductList, ProductsQuery } from '@grocer/shared/catalogue';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiChecked } from '../../../lib/api';

// Spec §5: list and product responses are checked against the product shape.
const contracts = () => import('@grocer/shared/catalogue');

export type ListParams = Pick<ProductsQuery, 'page' | 'c' | 'b'> & { q?: string; s?: string };

/** Query string of spec §7: page only when above 1, perPage 24. */
export function listSearch(p: ListParams): string {
  const s = new URLSearchParams();
  if (p.page > 1) s.set('page', String(p.page));
  if (p.s) s.set('s', p.s);
  if (p.c.length) s.set('c', p.c.join(','));
  if (p.b.length) s.set('b', p.b.join(','));
  if (p.q) s.set('q', p.q);
  s.set('perPage', '24');
  return s.toString();
}

export const productListQuery = (p: ListParams) =>
  queryOptions({
    queryKey: ['products', p],
    queryFn: ({ signal }) => apiChecked<ProductList>(`/api/products?${listSearch(p)}`, async () => (await contracts()).productListSchema, { signal }),
    placeholderData: keepPreviousData,
  });

export const productQuery = (slug: string) =>
  queryOptions({ queryKey: ['product', slug], queryFn: ({ signal }) => apiChecked<Product>(`/api/products/${encodeURIComponent(slug)}`, async () => (await contracts()).productSchema, { signal }) });

export const relatedQuery = (slug: string) =>
  queryOptions({
    queryKey: ['product', slug, 'related'],
    queryFn: ({ signal }) => apiChecked<{ data: Product[] }>(`/api/products/${encodeURIComponent(slug)}/related`, async () => (await contracts()).relatedProductsSchema, { signal }),
  });
