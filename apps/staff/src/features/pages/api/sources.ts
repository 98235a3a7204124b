import { adminProductListSchema } from '@grocer/shared/admin-catalogue';
import { adminBrandListSchema, adminCategoryListSchema } from '@grocer/shared/admin-catalogue-edit';
import { apiChecked } from '@grocer/shared/api-client';
import { initSchema } from '@grocer/shared/storefront';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

// What a carousel's source can name: the website's categories, brands and products (their slugs),
// read through the catalogue's staff calls; and the storefront's own init (theme, font) for the preview.

export const useCategoryOptions = () =>
  useQuery({
    queryKey: ['admin', 'categories'],
    queryFn: ({ signal }) => apiChecked('/api/admin/categories', async () => adminCategoryListSchema, { signal }),
    staleTime: 60_000,
  });

export const useBrandOptions = () =>
  useQuery({
    queryKey: ['admin', 'brands', 'all'],
    queryFn: ({ signal }) => apiChecked('/api/admin/brands?perPage=100', async () => adminBrandListSchema, { signal }),
    staleTime: 60_000,
  });

/** Active products matching `q` (name or SKU), for hand-picking. */
export const useProductSearch = (q: string) =>
  useQuery({
    queryKey: ['admin', 'products', 'pick', q],
    queryFn: ({ signal }) =>
      apiChecked(`/api/admin/products?${new URLSearchParams({ q, status: 'active', perPage: '10' })}`, async () => adminProductListSchema, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** GET /s/api/init: the storefront's theme colours and font, so the preview is in the site's look. */
export const useStorefrontInit = () =>
  useQuery({
    queryKey: ['storefront', 'init'],
    queryFn: ({ signal }) => apiChecked('/api/init', async () => initSchema, { signal }),
    staleTime: 60_000,
  });
