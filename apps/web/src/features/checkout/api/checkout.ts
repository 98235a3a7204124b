import type { AgentOrderBody } from '@grocer/shared/agents';
import type { PlaceOrderBody, RazorpayVerifyBody, SwitchPaymentBody } from '@grocer/shared/order';
import { queryOptions } from '@tanstack/react-query';
import { apiChecked } from '../../../lib/api';

/** The account's addresses, the wallet page's wallet and a pincode's slots: one cached answer each, shared. */
export {
  addressesQuery as checkoutAddressesQuery,
  customerAddressesQuery,
  slotsQuery,
  walletQuery as checkoutWalletQuery,
} from '../../../lib/shopper-queries';
export const checkoutCartQuery = (addressId: number | null, version: string) =>
  queryOptions({
    queryKey: ['checkout-cart', addressId, version],
    queryFn: ({ signal }) =>
      apiChecked(
        addressId ? `/api/cart?address_id=${addressId}` : '/api/cart',
        async () => (await import('@grocer/shared/cart')).cartSchema,
        { signal },
      ),
  });
const orderContracts = () => import('@grocer/shared/order');
const order = async () => (await orderContracts()).orderDetailSchema;
const placed = async () => (await orderContracts()).placeOrderResponseSchema;
const at = (id: string) => `/api/orders/${encodeURIComponent(id)}`;

/** The success page's order, by its human number. */
export const orderByNumberQuery = (n: string) =>
  queryOptions({
    queryKey: ['order', 'number', n],
    queryFn: ({ signal }) => apiChecked(`/api/orders/number/${encodeURIComponent(n)}`, order, { signal }),
  });

/** How an order awaiting payment may be paid now (the cart's shape). */
export const orderPaymentMethodsQuery = (id: string) =>
  queryOptions({
    queryKey: ['order', id, 'payment-methods'],
    queryFn: ({ signal }) =>
      apiChecked(`${at(id)}/payment-methods`, async () => (await orderContracts()).orderPaymentMethodsSchema, { signal }),
  });

export const checkoutApi = {
  place: (body: PlaceOrderBody) => apiChecked('/api/orders', placed, { method: 'POST', body }),
  /** `via`: how the shopper chose to pay (UPI, card…), kept on the payment */
  pay: (id: string, via?: string | null) =>
    apiChecked(`${at(id)}/pay${via ? `?via=${encodeURIComponent(via)}` : ''}`, placed, { method: 'POST' }),
  /** the same order paid another way (issue 39): the other gateway or cash on delivery */
  switchMethod: (id: string, body: SwitchPaymentBody) => apiChecked(`${at(id)}/payment-method`, placed, { method: 'POST', body }),
  confirm: (id: string) => apiChecked(`${at(id)}/confirm`, order),
  verifyRazorpay: (body: RazorpayVerifyBody) => apiChecked('/api/payments/razorpay/verify', order, { method: 'POST', body }),
};

// A sales agent's checkout for one of their customers (issue 17): their addresses, the agent's
// cart priced for one of them, and the order placed as the customer's.
const agentContracts = () => import('@grocer/shared/agents');
export const agentCustomersQuery = queryOptions({
  queryKey: ['agent', 'customers'],
  queryFn: ({ signal }) => apiChecked('/api/agent/customers', async () => (await agentContracts()).agentCustomerListSchema, { signal }),
});
export const customerCartQuery = (customerId: number, addressId: number | null, version: string) =>
  queryOptions({
    queryKey: ['checkout-cart', 'for', customerId, addressId, version],
    queryFn: ({ signal }) =>
      apiChecked(
        `/api/agent/customers/${customerId}/cart${addressId ? `?address_id=${addressId}` : ''}`,
        async () => (await import('@grocer/shared/cart')).cartSchema,
        { signal },
      ),
  });
export const placeForCustomer = (body: AgentOrderBody) =>
  apiChecked('/api/agent/orders', async () => (await agentContracts()).agentOrderResponseSchema, { method: 'POST', body });
