import type { OrderEditBody, OrderEditConfirmBody } from '@grocer/shared/order-edit';
import { apiChecked } from '../../../lib/api';

const contracts = () => import('@grocer/shared/order-edit');
const at = (id: string) => `/api/orders/${encodeURIComponent(id)}/edit`;

/** Changing an order until it is packed (issue 39 §14): the quote of a change, the change, and packs to add. */
export const orderEditApi = {
  quote: (id: string, body: OrderEditBody, signal?: AbortSignal) =>
    apiChecked(`${at(id)}/quote`, async () => (await contracts()).orderEditQuoteSchema, { method: 'POST', body, signal }),
  confirm: (id: string, body: OrderEditConfirmBody) =>
    apiChecked(at(id), async () => (await import('@grocer/shared/order')).orderDetailSchema, { method: 'POST', body }),
  /** packs to add: the catalogue's search, in stock only */
  search: (q: string, signal?: AbortSignal) =>
    apiChecked(
      `/api/products?q=${encodeURIComponent(q)}&perPage=8&in_stock=1`,
      async () => (await import('@grocer/shared/catalogue')).productListSchema,
      { signal },
    ),
};
