import { apiChecked } from '@grocer/shared/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

const schemas = () => import('@grocer/shared/pos');

export const shiftQuery = (till: string) =>
  queryOptions({
    queryKey: ['pos', 'shift', till],
    queryFn: ({ signal }) =>
      apiChecked(
        `/api/pos/shift?till=${encodeURIComponent(till)}`,
        async () => z.object({ shift: (await schemas()).shiftSchema.nullable() }),
        {
          signal,
        },
      ),
    staleTime: Infinity,
    networkMode: 'offlineFirst',
  });
export const useShift = (till: string) => useQuery(shiftQuery(till));

export const openShift = (body: { till: string; warehouse_id: number; float: number }) =>
  apiChecked('/api/pos/shift/open', async () => (await schemas()).shiftSchema, { method: 'POST', body });

/** `reason`: why a manager closes another cashier's shift (the server asks for it then). */
export const closeShift = (body: { till: string; counted: number; reason?: string }) =>
  apiChecked('/api/pos/shift/close', async () => (await schemas()).shiftSchema, { method: 'POST', body });

export const shiftReportQuery = (id: number) =>
  queryOptions({
    queryKey: ['pos', 'report', id],
    queryFn: ({ signal }) => apiChecked(`/api/pos/shifts/${id}/report`, async () => (await schemas()).shiftReportSchema, { signal }),
  });
