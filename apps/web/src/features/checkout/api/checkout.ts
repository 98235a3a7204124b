import type { Address } from '@grocer/shared/account';
import type { Cart } from '@grocer/shared/cart';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface SlotOption {
  slot_id: number;
  date: string;
  start_time: string;
  end_time: string;
  remaining: number;
}

/** Same key as the account's address list, so both share one cached answer. */
export const checkoutAddressesQuery = queryOptions({ queryKey: ['addresses'], queryFn: ({ signal }) => api<{ data: Address[] }>('/api/addresses', { signal }) });
export const checkoutCartQuery = (addressId: number | null, version: string) =>
  queryOptions({ queryKey: ['checkout-cart', addressId, version], queryFn: ({ signal }) => api<Cart>(addressId ? `/api/cart?address_id=${addressId}` : '/api/cart', { signal }) });
export const slotsQuery = (pincode: string | null) =>
  queryOptions({ queryKey: ['slots', pincode], enabled: !!pincode, queryFn: ({ signal }) => api<{ data: SlotOption[] }>(`/api/delivery/slots?pincode=${pincode}`, { signal }) });
