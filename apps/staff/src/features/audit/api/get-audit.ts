import { adminAuditListSchema } from '@grocer/shared/admin-catalogue-edit';
import { apiChecked } from '@grocer/shared/api-client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

/** GET /s/api/admin/audit?{search}: a page of the audit log (the address's filters, or one record's history). */
export const auditQuery = (search: string) =>
  queryOptions({
    queryKey: ['admin', 'audit', search],
    queryFn: ({ signal }) => apiChecked(`/api/admin/audit${search ? `?${search}` : ''}`, async () => adminAuditListSchema, { signal }),
    placeholderData: keepPreviousData,
  });

export const useAudit = (search: string) => useQuery(auditQuery(search));
