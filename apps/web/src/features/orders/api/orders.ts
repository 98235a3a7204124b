import type { ReportIssueBody } from '@grocer/shared/support';
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

/** Products this shopper bought here before (Buy again), priced and stocked as the catalogue shows them. */
export const buyAgainQuery = queryOptions({
  queryKey: ['orders', 'buy-again'],
  queryFn: ({ signal }) =>
    apiChecked('/api/orders/buy-again', async () => (await import('@grocer/shared/catalogue')).relatedProductsSchema, { signal }),
});

export const ordersApi = {
  /** `refund_to`: a paid order's refund to the wallet at once, or back to the source (issue 44 §2) */
  cancel: (id: string, refund_to?: 'wallet' | 'source') =>
    apiChecked(`${at(id)}/cancel`, order, { method: 'POST', ...(refund_to ? { body: { refund_to } } : {}) }),
  reorder: (id: string) => apiChecked(`${at(id)}/reorder`, async () => (await contracts()).reorderResponseSchema, { method: 'POST' }),
  invoiceUrl: (id: string) => `/s${at(id)}/invoice`,
};

const support = () => import('@grocer/shared/support');
/** The shopper's "Report an issue" tickets on an order. */
export const orderIssuesQuery = (id: string) =>
  queryOptions({
    queryKey: ['order', id, 'issues'],
    queryFn: ({ signal }) => apiChecked(`${at(id)}/issues`, async () => (await support()).orderIssueListSchema, { signal }),
  });
export const reportIssue = (id: string, body: ReportIssueBody) =>
  apiChecked(`${at(id)}/issues`, async () => (await support()).orderIssueSchema, { method: 'POST', body });
