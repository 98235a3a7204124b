import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { CartControl } from '../features/cart/components/cart-control';
import type { ProductControls } from '@grocer/blocks/product-card';
import { NotifyMe } from '../features/restock/notify-me';
import { WishlistButton } from '../features/wishlist/components/wishlist-button';
import { useInit } from '../lib/init';
import { alertsSetHere, keepForSignIn, notifyAction, wishlistAction, type PendingAction } from './pending-action';
import { useUi } from './ui-state';

/**
 * What the cart and wishlist features put on every product card, product page and carousel:
 * 'Add to Cart' or the stepper, and the heart. A signed-out visitor's heart or "Notify me" sends
 * them to sign in, saying why, and back to this page (spec §2 redirect key) with the item saved
 * or the alert set (`pending-action.ts`).
 */
export function useProductControls(size: 'md' | 'lg' = 'md'): ProductControls {
  const init = useInit();
  const ui = useUi();
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = init.user !== null;
  const here = location.pathname + location.search;
  const set = ui.set;
  return useMemo<ProductControls>(() => {
    const toSignIn = (action: PendingAction) => {
      keepForSignIn(action, here);
      navigate('/auth/login');
    };
    return {
      cartControl: init.web.show_cart
        ? (product, pack) => (
            <CartControl
              product={product}
              pack={pack}
              size={size}
              outOfStock={
                <NotifyMe
                  product={product}
                  pack={pack}
                  size={size}
                  signedIn={signedIn}
                  asked={alertsSetHere.has(pack.pack_id)}
                  onSignIn={() => toSignIn(notifyAction(product, pack))}
                />
              }
            />
          )
        : undefined,
      wishlistControl: (product) => (
        <WishlistButton
          product={product}
          onOpen={(p) => {
            if (signedIn) return set({ wishlistPicker: p.product_id });
            toSignIn(wishlistAction(p));
          }}
        />
      ),
    };
  }, [init.web.show_cart, signedIn, here, set, navigate, size]);
}
