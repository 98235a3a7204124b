import { apiChecked } from '@grocer/shared/api-client';
import { catalogueImportReportSchema } from '@grocer/shared/catalogue-import';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /s/api/admin/catalogue/import?dry_run=1: what the file would do, and every row's errors. */
export function useDryRunImport() {
  return useMutation({
    mutationFn: (csv: string) =>
      apiChecked('/api/admin/catalogue/import?dry_run=1', async () => catalogueImportReportSchema, { method: 'POST', body: { csv } }),
  });
}

/** POST /s/api/admin/catalogue/import: the whole file in one transaction (refused while a row has an error). */
export function useApplyImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) =>
      apiChecked('/api/admin/catalogue/import', async () => catalogueImportReportSchema, { method: 'POST', body: { csv } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}
