import { queryOptions } from '@tanstack/react-query';
import { apiChecked } from '../../../lib/api';

const contracts = () => import('@grocer/shared/order');
const order = async () => (await contracts()).orderDetailSchema;
const at = (id: string) => `/api/orders/${encodeURIComponent(id)}`;

export const ordersQuery = (page: number) =>
  queryOptions({
    queryKey: ['orders', page],
    queryFn: ({ signal }) => apiChecked(`/api/orders?page=${page}&perPage=10`, async () => (await contracts()).orderListSchema, { signal }),
  });
export const orderQuery = (id: string) =>
  queryOptions({ queryKey: ['order', id], queryFn: ({ signal }) => apiChecked(at(id), order, { signal }) });

export const ordersApi = {
  cancel: (id: string) => apiChecked(`${at(id)}/cancel`, order, { method: 'POST' }),
  reorder: (id: string) => apiChecked(`${at(id)}/reorder`, async () => (await contracts()).reorderResponseSchema, { method: 'POST' }),
  invoiceUrl: (id: string) => `/s${at(id)}/invoice`,
};
