import type { Product } from '@grocer/shared/catalogue';
import { Heart } from 'lucide-react';
import { t } from '../../../lib/i18n';

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
      aria-label={
        product.wishlist
          ? t('{name} is in your wishlist', { name: product.product_name })
          : t('Save {name} to a wishlist', { name: product.product_name })
      }
      aria-pressed={product.wishlist}
      className="rounded-full bg-white/90 p-1.5 shadow-sm hover:bg-white"
      data-testid="wishlist-button"
    >
      <Heart size={18} className={product.wishlist ? 'fill-rose-600 text-rose-600' : 'text-gray-600'} aria-hidden="true" />
    </button>
  );
}
