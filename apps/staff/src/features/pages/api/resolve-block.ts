import { apiChecked } from '@grocer/shared/api-client';
import { pageComponentSchema } from '@grocer/shared/blocks';
import type { BuilderComponent } from '@grocer/shared/builder-pages';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

/** POST /s/api/builder/blocks/resolve: one block as shoppers would get it (a carousel's products), for the preview. */
export const useResolvedBlock = (component: BuilderComponent) =>
  useQuery({
    queryKey: ['builder', 'resolve', component],
    queryFn: ({ signal }) =>
      apiChecked('/api/builder/blocks/resolve', async () => pageComponentSchema, { method: 'POST', body: component, signal }),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 30_000,
  });
