import { purchaseOrderListSchema, purchaseOrderSchema, type GoodsReceipt, type PurchaseOrderInput } from '@grocer/shared/admin-purchasing';
import { apiChecked } from '@grocer/shared/api-client';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** GET /s/api/admin/stock/purchase-orders with the list's URL parameters. */
export const purchaseOrdersQuery = (search: string) =>
  queryOptions({
    queryKey: ['admin', 'stock', 'purchase-orders', 'list', search],
    queryFn: ({ signal }) =>
      apiChecked(`/api/admin/stock/purchase-orders${search ? `?${search}` : ''}`, async () => purchaseOrderListSchema, { signal }),
  });
export const usePurchaseOrders = (search: string) => useQuery({ ...purchaseOrdersQuery(search), placeholderData: keepPreviousData });

export const purchaseOrderQuery = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'stock', 'purchase-orders', id],
    queryFn: ({ signal }) => apiChecked(`/api/admin/stock/purchase-orders/${id}`, async () => purchaseOrderSchema, { signal }),
  });
export const usePurchaseOrder = (id: number) => useQuery(purchaseOrderQuery(id));

/** Every stock view after a write: receipts change balances and cost prices. */
function useRefresh() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: ['admin', 'stock'] });
    void client.invalidateQueries({ queryKey: ['admin', 'product'] });
  };
}

/** POST …/purchase-orders (a new draft), or PUT …/purchase-orders/{id} (a draft rewritten) when `id` is given. */
export function useSavePurchaseOrder(id?: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: PurchaseOrderInput) =>
      apiChecked(`/api/admin/stock/purchase-orders${id ? `/${id}` : ''}`, async () => purchaseOrderSchema, {
        method: id ? 'PUT' : 'POST',
        body,
      }),
    onSuccess: refresh,
  });
}

export function useMovePurchaseOrder(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (status: 'ordered' | 'cancelled') =>
      apiChecked(`/api/admin/stock/purchase-orders/${id}/status`, async () => purchaseOrderSchema, { method: 'POST', body: { status } }),
    onSuccess: refresh,
  });
}

export function useReceiveGoods(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: GoodsReceipt) =>
      apiChecked(`/api/admin/stock/purchase-orders/${id}/receive`, async () => purchaseOrderSchema, { method: 'POST', body }),
    onSuccess: refresh,
  });
}
