import type { Product, ProductList } from '@grocer/shared/catalogue';
import { listSearch, type ListParams } from '@grocer/shared/list-params';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiChecked } from '../../../lib/api';

// Spec §5: list and product responses are checked against the product shape.
const contracts = () => import('@grocer/shared/catalogue');

export type { ListParams };

export const productListQuery = (p: ListParams) =>
  queryOptions({
    queryKey: ['products', p],
    queryFn: ({ signal }) =>
      apiChecked<ProductList>(`/api/products?${listSearch(p)}`, async () => (await contracts()).productListSchema, { signal }),
    placeholderData: keepPreviousData,
  });

export const productQuery = (slug: string) =>
  queryOptions({
    queryKey: ['product', slug],
    queryFn: ({ signal }) =>
      apiChecked<Product>(`/api/products/${encodeURIComponent(slug)}`, async () => (await contracts()).productSchema, { signal }),
  });

export const relatedQuery = (slug: string) =>
  queryOptions({
    queryKey: ['product', slug, 'related'],
    queryFn: ({ signal }) =>
      apiChecked<{ data: Product[] }>(
        `/api/products/${encodeURIComponent(slug)}/related`,
        async () => (await contracts()).relatedProductsSchema,
        { signal },
      ),
  });
