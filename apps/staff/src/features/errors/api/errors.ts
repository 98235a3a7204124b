import { toast } from 'sonner';
import { errorGroupDetailSchema, errorGroupListSchema } from '@grocer/shared/analytics';
import { apiChecked } from '@grocer/shared/api-client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { t } from '../../../lib/i18n';

/** GET /s/api/admin/errors: the first-party error inbox, open or resolved, latest first. */
export const errorsQuery = (status: 'open' | 'resolved') =>
  queryOptions({
    queryKey: ['admin', 'errors', status],
    queryFn: ({ signal }) => apiChecked(`/api/admin/errors?status=${status}`, async () => errorGroupListSchema, { signal }),
  });
export const useErrors = (status: 'open' | 'resolved') => useQuery(errorsQuery(status));

export const errorQuery = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'errors', 'one', id],
    queryFn: ({ signal }) => apiChecked(`/api/admin/errors/${id}`, async () => errorGroupDetailSchema, { signal }),
  });

/** POST /s/api/admin/errors/:id/resolve (audited); a resolved error reopens when it happens again. */
export function useResolveError() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, resolved }: { id: number; resolved: boolean }) =>
      apiChecked(`/api/admin/errors/${id}/resolve`, async () => errorGroupDetailSchema, { method: 'POST', body: { resolved } }),
    // told here, not in the row's own callback: the row leaves the list it was resolved from
    onSuccess: (_, { resolved }) => {
      toast.success(resolved ? t('Error resolved') : t('Error reopened'));
      return client.invalidateQueries({ queryKey: ['admin', 'errors'] });
    },
  });
}
