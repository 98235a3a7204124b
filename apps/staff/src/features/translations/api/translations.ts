import { apiChecked } from '@grocer/shared/api-client';
import {
  translationListSchema,
  translationProgressSchema,
  translationSaveResultSchema,
  type TranslationListQuery,
  type TranslationSave,
} from '@grocer/shared/translations';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** GET /s/api/admin/translations/progress: per language the website offers besides its default, each kind's count. */
export const translationProgressQuery = queryOptions({
  queryKey: ['admin', 'translations', 'progress'],
  queryFn: ({ signal }) => apiChecked('/api/admin/translations/progress', async () => translationProgressSchema, { signal }),
});
export const useTranslationProgress = () => useQuery(translationProgressQuery);

/** GET /s/api/admin/translations: one page of a kind's default texts beside their translations. */
export const translationsQuery = (v: TranslationListQuery) =>
  queryOptions({
    queryKey: ['admin', 'translations', 'list', v],
    queryFn: ({ signal }) => {
      const q = new URLSearchParams({ language: v.language, entity: v.entity, page: String(v.page), perPage: String(v.perPage) });
      if (v.q) q.set('q', v.q);
      if (v.missing) q.set('missing', 'true');
      return apiChecked(`/api/admin/translations?${q}`, async () => translationListSchema, { signal });
    },
    placeholderData: keepPreviousData,
  });
export const useTranslations = (v: TranslationListQuery, enabled: boolean) => useQuery({ ...translationsQuery(v), enabled });

/** PUT /s/api/admin/translations: keeps the translations given (an empty one removes it), all or none. */
export function useSaveTranslations() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TranslationSave) =>
      apiChecked('/api/admin/translations', async () => translationSaveResultSchema, { method: 'PUT', body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['admin', 'translations'] }),
  });
}
