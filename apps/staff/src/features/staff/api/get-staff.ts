import { staffListSchema } from '@grocer/shared/admin-staff';
import { apiChecked } from '@grocer/shared/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /s/api/admin/staff: the website's staff with their flags. */
export const staffQuery = queryOptions({
  queryKey: ['admin', 'staff'],
  queryFn: ({ signal }) => apiChecked('/api/admin/staff', async () => staffListSchema, { signal }),
});
export const useStaff = () => useQuery(staffQuery);
