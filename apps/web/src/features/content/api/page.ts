import { queryOptions } from '@tanstack/react-query';
import { apiChecked } from '../../../lib/api';

/** GET /s/api/page/data{url}, parsed with the page contract (each block's own schema). */
export const pageQuery = (url: string) =>
  queryOptions({
    queryKey: ['page', url],
    queryFn: ({ signal }) =>
      apiChecked(`/api/page/data${url === '/' ? '/' : url}`, async () => (await import('@grocer/shared/storefront')).pageDataSchema, {
        signal,
      }),
    retry: false,
  });
