import type { Deposit, DepositInput, Handover, HandoverInput } from '@grocer/shared/delivery-trips';
import { apiChecked } from '@grocer/shared/api-client';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const schemas = () => import('@grocer/shared/delivery-trips');

/**
 * A trip's cash counted by a cashier (issue 45 item 4): the same calls at the till (`/pos/handovers`)
 * and in Administration (`/admin/dispatch/handovers`); the COD report by day and rider.
 */
export type HandoverBase = '/pos/handovers' | '/admin/dispatch/handovers';

export const handoversQuery = (base: HandoverBase) =>
  queryOptions({
    queryKey: ['handovers', base],
    queryFn: ({ signal }) => apiChecked(`/api${base}`, async () => (await schemas()).handoversSchema, { signal }),
  });
export const useHandovers = (base: HandoverBase) => useQuery({ ...handoversQuery(base), refetchInterval: 30_000 });

export function useTakeHandover(base: HandoverBase) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { tripId: number; body: HandoverInput }): Promise<Handover> =>
      apiChecked(`/api${base}/${v.tripId}`, async () => (await schemas()).handoverSchema, { method: 'POST', body: v.body }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['handovers'] });
      void client.invalidateQueries({ queryKey: ['admin', 'cod-riders'] });
    },
  });
}

export const codRidersQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: ['admin', 'cod-riders', from, to],
    queryFn: ({ signal }) =>
      apiChecked(`/api/admin/dispatch/cod-report?from=${from}&to=${to}`, async () => (await schemas()).codRiderReportSchema, { signal }),
    placeholderData: keepPreviousData,
  });
export const useCodRiders = (from: string, to: string) => useQuery({ ...codRidersQuery(from, to), enabled: from <= to });
export const codRidersCsvUrl = (from: string, to: string) => `/s/api/admin/dispatch/cod-report.csv?from=${from}&to=${to}`;

/** Counted handovers taken to the bank in one deposit (the order manager's, `orders.manage`). */
export function useRecordDeposit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DepositInput): Promise<Deposit> =>
      apiChecked('/api/admin/dispatch/deposits', async () => (await schemas()).depositSchema, { method: 'POST', body }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['handovers'] });
      void client.invalidateQueries({ queryKey: ['admin', 'cod-riders'] });
    },
  });
}
