import { apiChecked } from '@grocer/shared/api-client';
import { builderPageDetailSchema, builderPageListSchema, builderRevisionListSchema } from '@grocer/shared/builder-pages';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /s/api/builder/pages: every page of the website, home first. */
export const pagesQuery = () =>
  queryOptions({
    queryKey: ['builder', 'pages'],
    queryFn: ({ signal }) => apiChecked('/api/builder/pages', async () => builderPageListSchema, { signal }),
  });
export const usePages = () => useQuery(pagesQuery());

/** GET /s/api/builder/pages/{id}: the page, its draft and what is published. */
export const pageQuery = (id: number) =>
  queryOptions({
    queryKey: ['builder', 'page', id],
    queryFn: ({ signal }) => apiChecked(`/api/builder/pages/${id}`, async () => builderPageDetailSchema, { signal }),
    // the editor holds the document while open: a refetch would not replace the work in it
    staleTime: Infinity,
  });
export const usePage = (id: number) => useQuery(pageQuery(id));

/** GET /s/api/builder/pages/{id}/revisions: newest first. */
export const revisionsQuery = (id: number) =>
  queryOptions({
    queryKey: ['builder', 'page', id, 'revisions'],
    queryFn: ({ signal }) => apiChecked(`/api/builder/pages/${id}/revisions`, async () => builderRevisionListSchema, { signal }),
  });
export const useRevisions = (id: number, enabled: boolean) => useQuery({ ...revisionsQuery(id), enabled });
