import { transferListSchema, transferSchema, type TransferInput, type TransferReceipt } from '@grocer/shared/admin-purchasing';
import { apiChecked } from '@grocer/shared/api-client';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** GET /s/api/admin/stock/transfers with the list's URL parameters. */
export const transfersQuery = (search: string) =>
  queryOptions({
    queryKey: ['admin', 'stock', 'transfers', 'list', search],
    queryFn: ({ signal }) =>
      apiChecked(`/api/admin/stock/transfers${search ? `?${search}` : ''}`, async () => transferListSchema, { signal }),
  });
export const useTransfers = (search: string) => useQuery({ ...transfersQuery(search), placeholderData: keepPreviousData });

export const transferQuery = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'stock', 'transfers', id],
    queryFn: ({ signal }) => apiChecked(`/api/admin/stock/transfers/${id}`, async () => transferSchema, { signal }),
  });
export const useTransfer = (id: number) => useQuery(transferQuery(id));

function useRefresh() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: ['admin', 'stock'] });
    void client.invalidateQueries({ queryKey: ['admin', 'product'] });
  };
}

/** POST …/transfers (a new draft), or PUT …/transfers/{id} (a draft rewritten) when `id` is given. */
export function useSaveTransfer(id?: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: TransferInput) =>
      apiChecked(`/api/admin/stock/transfers${id ? `/${id}` : ''}`, async () => transferSchema, { method: id ? 'PUT' : 'POST', body }),
    onSuccess: refresh,
  });
}

/** POST …/transfers/{id}/send or …/cancel */
export function useTransferMove(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (move: 'send' | 'cancel') =>
      apiChecked(`/api/admin/stock/transfers/${id}/${move}`, async () => transferSchema, { method: 'POST', body: {} }),
    onSuccess: refresh,
  });
}

export function useReceiveTransfer(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: TransferReceipt) =>
      apiChecked(`/api/admin/stock/transfers/${id}/receive`, async () => transferSchema, { method: 'POST', body }),
    onSuccess: refresh,
  });
}
