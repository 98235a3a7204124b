import type { Product } from '@grocer/shared/catalogue';
import { Heart } from 'lucide-react';

/**
 * The heart on cards and the product page. Filled when the product is in any of the shopper's
 * lists; a click opens the picker (the route decides what happens for a signed-out visitor).
 */
export function WishlistButton({ product, onOpen }: { product: Product; onOpen: (product: Product) => void }) {
  return (
    <button
      type="button"
      onClick={(e) => {
        e.preventDefault();
        onOpen(product);
      }}
      aria-label={product.wishlist ? `${product.product_name} is in your wishlist` : `Save ${product.product_name} to a wishlist`}
      aria-pressed={product.wishlist}
      className="rounded-full bg-white/90 p-1.5 shadow-sm hover:bg-white"
      data-testid="wishlist-button"
    >
      <Heart size={18} className={product.wishlist ? 'fill-rose-600 text-rose-600' : 'text-gray-600'} aria-hidden="true" />
    </button>
  );
}
