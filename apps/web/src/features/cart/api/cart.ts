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
