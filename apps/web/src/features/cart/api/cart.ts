import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiChecked } from '../../../lib/api';

// Every cart call answers the whole cart (spec §7), parsed with the shared contract.
const cart = async () => (await import('@grocer/shared/cart')).cartSchema;

/** A cart call that has not answered in this long gives way, so the taps queued after it are not held. */
export const CART_CALL_MS = 15_000;
/** AbortSignal.timeout, or its equivalent on a browser before it (Chrome 103, Safari 16) */
function timeout(): AbortSignal {
  if (typeof AbortSignal.timeout === 'function') return AbortSignal.timeout(CART_CALL_MS);
  const c = new AbortController();
  setTimeout(() => c.abort(new DOMException('The cart did not answer in time.', 'TimeoutError')), CART_CALL_MS);
  return c.signal;
}
const post = (path: string, body: unknown) => apiChecked(path, cart, { method: 'POST', body, signal: timeout() });

export const cartApi = {
  get: () => apiChecked('/api/cart', cart, { signal: timeout() }),
  add: (packId: number, warehouseId: number | null) => post('/api/cart/add', { pack_id: packId, warehouse_id: warehouseId }),
  remove: (packId: number, whole: boolean) => post('/api/cart/remove', { pack_id: packId, remove: whole }),
  applyCoupon: (code: string) => post('/api/apply/coupon', { code }),
  removeCoupon: () => apiChecked('/api/remove/coupon', cart, { signal: timeout() }),
};

/** The coupons the shop lists, judged against this cart; keyed by what changes the verdicts. */
export const cartOffersQuery = (cart: { total: number; quantity: number; offercode: string | null }) =>
  queryOptions({
    queryKey: ['cart-offers', cart.total, cart.quantity, cart.offercode],
    queryFn: ({ signal }) =>
      apiChecked('/api/cart/offers', async () => (await import('@grocer/shared/coupon')).cartOffersSchema, { signal }),
    placeholderData: keepPreviousData,
  });

/** "Often bought with" the cart's products (issue 39 §17); keyed by them, so a change of quantity asks nothing. */
export const oftenBoughtQuery = (productIds: number[]) =>
  queryOptions({
    queryKey: ['often-bought', productIds.join(',')],
    queryFn: ({ signal }) =>
      apiChecked('/api/orders/often-bought', async () => (await import('@grocer/shared/catalogue')).relatedProductsSchema, { signal }),
    enabled: productIds.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
