import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiChecked } from '../../../lib/api';

// Every cart call answers the whole cart (spec §7), parsed with the shared contract.
const cart = async () => (await import('@grocer/shared/cart')).cartSchema;

export const cartApi = {
  add: (packId: number, warehouseId: number | null) =>
    apiChecked('/api/cart/add', cart, { method: 'POST', body: { pack_id: packId, warehouse_id: warehouseId } }),
  remove: (packId: number, whole: boolean) =>
    apiChecked('/api/cart/remove', cart, { method: 'POST', body: { pack_id: packId, remove: whole } }),
  applyCoupon: (code: string) => apiChecked('/api/apply/coupon', cart, { method: 'POST', body: { code } }),
  removeCoupon: () => apiChecked('/api/remove/coupon', cart),
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
