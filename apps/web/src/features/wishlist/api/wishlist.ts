import { okSchema } from '@grocer/shared/storefront';
import {
  wishlistCategoryRowSchema,
  wishlistResponseSchema,
  wishlistToCartResponseSchema,
  wishlistUpdateResponseSchema,
  type WishlistToCartBody,
} from '@grocer/shared/wishlist';
import { queryOptions } from '@tanstack/react-query';
import { apiChecked } from '../../../lib/api';

// The wishlist's components check names with the same contracts, so they load with this chunk
// (never on the first load: the picker and the page are loaded on demand).
const schema =
  <T>(s: T) =>
  async () =>
    s;

export const wishlistQuery = queryOptions({
  queryKey: ['wishlist'],
  queryFn: ({ signal }) => apiChecked('/api/wishlist', schema(wishlistResponseSchema), { signal }),
});

export const wishlistApi = {
  toggle: (productId: number, listId: number | null) =>
    apiChecked('/api/wishlist/update', schema(wishlistUpdateResponseSchema), {
      method: 'POST',
      body: { product_id: productId, wishlist_category_id: listId },
    }),
  create: (name: string) => apiChecked('/api/wishlistCategory', schema(wishlistCategoryRowSchema), { method: 'POST', body: { name } }),
  rename: (id: number, name: string) =>
    apiChecked(`/api/wishlistCategory/${id}`, schema(wishlistCategoryRowSchema), { method: 'PUT', body: { name } }),
  remove: (id: number) => apiChecked(`/api/wishlistCategory/${id}`, schema(okSchema), { method: 'DELETE' }),
  toCart: (body: WishlistToCartBody) => apiChecked('/api/wishlist/to-cart', schema(wishlistToCartResponseSchema), { method: 'POST', body }),
};
