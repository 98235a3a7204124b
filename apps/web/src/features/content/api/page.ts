import type { PageData } from '@grocer/shared/storefront';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /s/api/page/data{url}. */
export const pageQuery = (url: string) =>
  queryOptions({ queryKey: ['page', url], queryFn: ({ signal }) => api<PageData>(`/api/page/data${url === '/' ? '/' : url}`, { signal }), retry: false });
