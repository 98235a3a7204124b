import type { Cart } from '@grocer/shared/cart';
import type { OrderDetail, OrderSummary } from '@grocer/shared/order';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const ordersQuery = (page: number) =>
  queryOptions({ queryKey: ['orders', page], queryFn: ({ signal }) => api<{ data: OrderSummary[]; meta: { total: number; perPage: number; page: number } }>(`/api/orders?page=${page}&perPage=10`, { signal }) });
export const orderQuery = (id: string) => queryOptions({ queryKey: ['order', id], queryFn: ({ signal }) => api<OrderDetail>(`/api/orders/${encodeURIComponent(id)}`, { signal }) });

export const ordersApi = {
  cancel: (id: string) => api<OrderDetail>(`/api/orders/${encodeURIComponent(id)}/cancel`, { method: 'POST' }),
  reorder: (id: string) => api<{ added: Array<{ name: string }>; skipped: Array<{ name: string; reason: string }>; cart: Cart }>(`/api/orders/${encodeURIComponent(id)}/reorder`, { method: 'POST' }),
  invoiceUrl: (id: string) => `/s/api/orders/${encodeURIComponent(id)}/invoice`,
};
