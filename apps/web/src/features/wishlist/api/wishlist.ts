import type { Cart } from '@grocer/shared/cart';
import type { WishlistResponse } from '@grocer/shared/wishlist';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const wishlistQuery = queryOptions({ queryKey: ['wishlist'], queryFn: ({ signal }) => api<WishlistResponse>('/api/wishlist', { signal }) });

export interface WishlistToggle {
  product_id: number;
  wishlist_category_id: number | null;
  added: boolean;
  wishlist: boolean;
}

export const wishlistApi = {
  toggle: (productId: number, listId: number | null) => api<WishlistToggle>('/api/wishlist/update', { method: 'POST', body: { product_id: productId, wishlist_category_id: listId } }),
  create: (name: string) => api<{ id: number; name: string }>('/api/wishlistCategory', { method: 'POST', body: { name } }),
  rename: (id: number, name: string) => api<{ id: number; name: string }>(`/api/wishlistCategory/${id}`, { method: 'PUT', body: { name } }),
  remove: (id: number) => api<{ ok: true }>(`/api/wishlistCategory/${id}`, { method: 'DELETE' }),
  toCart: (body: { wishlist_category_id: number | null; product_id?: number; move?: boolean }) =>
    api<{ added: Array<{ product_id: number; name: string }>; skipped: Array<{ product_id: number; name: string; reason: string }>; cart: Cart }>('/api/wishlist/to-cart', { method: 'POST', body }),
};
