import type { WishlistToCartBody } from '@grocer/shared/wishlist';
import { queryOptions } from '@tanstack/react-query';
import { apiChecked } from '../../../lib/api';

const contracts = () => import('@grocer/shared/wishlist');
const row = async () => (await contracts()).wishlistCategoryRowSchema;

export const wishlistQuery = queryOptions({ queryKey: ['wishlist'], queryFn: ({ signal }) => apiChecked('/api/wishlist', async () => (await contracts()).wishlistResponseSchema, { signal }) });

export const wishlistApi = {
  toggle: (productId: number, listId: number | null) =>
    apiChecked('/api/wishlist/update', async () => (await contracts()).wishlistUpdateResponseSchema, { method: 'POST', body: { product_id: productId, wishlist_category_id: listId } }),
  create: (name: string) => apiChecked('/api/wishlistCategory', row, { method: 'POST', body: { name } }),
  rename: (id: number, name: string) => apiChecked(`/api/wishlistCategory/${id}`, row, { method: 'PUT', body: { name } }),
  remove: (id: number) => apiChecked(`/api/wishlistCategory/${id}`, async () => (await import('@grocer/shared/storefront')).okSchema, { method: 'DELETE' }),
  toCart: (body: WishlistToCartBody) =>
    apiChecked('/api/wishlist/to-cart', async () => (await contracts()).wishlistToCartResponseSchema, { method: 'POST', body }),
};
