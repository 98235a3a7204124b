import type { Cart } from '@grocer/shared/cart';
import type { OrderDetail, OrderSummary, PaymentHandoff, PlaceOrderBody } from '@grocer/shared/order';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const ordersQuery = (page: number) =>
  queryOptions({ queryKey: ['orders', page], queryFn: ({ signal }) => api<{ data: OrderSummary[]; meta: { total: number; perPage: number; page: number } }>(`/api/orders?page=${page}&perPage=10`, { signal }) });
export const orderQuery = (id: string) => queryOptions({ queryKey: ['order', id], queryFn: ({ signal }) => api<OrderDetail>(`/api/orders/${encodeURIComponent(id)}`, { signal }) });
export const orderByNumberQuery = (n: string) => queryOptions({ queryKey: ['order', 'number', n], queryFn: ({ signal }) => api<OrderDetail>(`/api/orders/number/${encodeURIComponent(n)}`, { signal }) });

export const ordersApi = {
  place: (body: PlaceOrderBody) => api<{ order: OrderDetail; payment: PaymentHandoff | null }>('/api/orders', { method: 'POST', body }),
  pay: (id: string) => api<{ order: OrderDetail; payment: PaymentHandoff | null }>(`/api/orders/${encodeURIComponent(id)}/pay`, { method: 'POST' }),
  confirm: (id: string) => api<OrderDetail>(`/api/orders/${encodeURIComponent(id)}/confirm`),
  verifyRazorpay: (body: { order_id: string; razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }) => api<OrderDetail>('/api/payments/razorpay/verify', { method: 'POST', body }),
  cancel: (id: string) => api<OrderDetail>(`/api/orders/${encodeURIComponent(id)}/cancel`, { method: 'POST' }),
  reorder: (id: string) => api<{ added: Array<{ name: string }>; skipped: Array<{ name: string; reason: string }>; cart: Cart }>(`/api/orders/${encodeURIComponent(id)}/reorder`, { method: 'POST' }),
  invoiceUrl: (id: string) => `/s/api/orders/${encodeURIComponent(id)}/invoice`,
};
