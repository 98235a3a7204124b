import { useCart } from '../../features/cart/cart-store';
import { WishlistPage } from '../../features/wishlist/components/wishlist-page';

/** /account/wishlist: the shopper's lists; moving to the cart updates the drawer at once. */
export function Component() {
  const { actions } = useCart();
  return <WishlistPage onCart={actions.replace} />;
}
