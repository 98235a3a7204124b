import type { Pack, Product } from '@grocer/shared/catalogue';
import type { Cart, CartItem } from '@grocer/shared/cart';
import { createContext, useContext, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { cartApi } from './api/cart';
import { ApiError } from '../../lib/api';
import { handleError } from '../../lib/errors';
import { track } from '../../lib/telemetry/analytics';
import { SHOP_EVENTS } from '../../lib/telemetry/events';
import { cartReducer, initialCartState, visibleCart, type CartChange } from './cart-reducer';

export interface CartActions {
  add(product: Product, pack: Pack): void;
  /** One more unit of a line already in the cart (the drawer's plus). */
  increment(item: CartItem): void;
  remove(packId: number, whole?: boolean): void;
  /** Rejects with the server's reason when the code is refused (shown under the coupon field). */
  applyCoupon(code: string): Promise<void>;
  removeCoupon(): Promise<void>;
  /** Take a cart the server answered elsewhere (wishlist to cart, sign-in, reorder). */
  replace(cart: Cart): void;
}

interface CartValue {
  cart: Cart;
  /** the change in flight for a pack, for the loading indicator on the pressed button */
  pendingFor(packId: number): CartChange['type'] | null;
  actions: CartActions;
}

const Ctx = createContext<CartValue | null>(null);

/**
 * The shopper's cart as they see it: the server's last answer plus the clicks still in flight,
 * through the pure reducer. Every click shows at once and is sent in turn; a refusal is
 * shown by the shared error handler and its change rolled back. `serverCart` is the cart of
 * /s/api/init: when it changes (sign-in, logout, a refetch) it becomes the new base.
 */
export function CartProvider({ serverCart, children }: { serverCart: Cart; children: ReactNode }) {
  const [state, dispatch] = useReducer(cartReducer, serverCart, initialCartState);
  const seq = useRef(0);
  const lastServerCart = useRef(serverCart);
  useEffect(() => {
    if (serverCart === lastServerCart.current) return;
    lastServerCart.current = serverCart;
    dispatch({ type: 'replace', cart: serverCart });
  }, [serverCart]);

  // The calls go one at a time, in the order tapped: two in flight at once can reach the server the
  // other way round (+ then − applied as − then +), and the cart shown would then not be the
  // server's. Each tap still shows at once (it is pending until its answer).
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const actions = useMemo<CartActions>(() => {
    const inTurn = <T,>(call: () => Promise<T>): Promise<T> => {
      const turn = queue.current.then(call);
      queue.current = turn.catch(() => undefined);
      return turn;
    };
    const send = (change: CartChange, call: () => Promise<Cart>) => {
      const n = ++seq.current;
      dispatch({ type: 'begin', seq: n, change });
      inTurn(call).then(
        (cart) => dispatch({ type: 'settle', seq: n, cart }),
        (e: unknown) => {
          handleError(e);
          dispatch({ type: 'fail', seq: n });
          // no answer (offline, or past CART_CALL_MS): the server may have made the change or not,
          // so the cart is read again, in turn after the taps already queued
          if (!(e instanceof ApiError)) settleNow(() => cartApi.get()).catch(() => undefined);
        },
      );
    };
    const settleNow = async (call: () => Promise<Cart>) => {
      const n = ++seq.current;
      dispatch({ type: 'settle', seq: n, cart: await inTurn(call) });
    };
    const addPack = (packId: number, warehouseId: number | null, template?: Extract<CartChange, { type: 'add' }>['template']) =>
      send({ type: 'add', pack_id: packId, template }, () => cartApi.add(packId, warehouseId));
    return {
      add(product, pack) {
        const template = {
          name: product.product_name,
          pack: pack.pack_name,
          image: product.image,
          price: pack.price,
          act_price: pack.act_price,
          warehouse_id: pack.warehouse_id,
          product_id: product.product_id,
          slug: product.slug,
          ...(pack.sold_by_weight ? { sold_by_weight: true, step_grams: pack.step_grams } : {}),
        };
        addPack(pack.pack_id, pack.warehouse_id, template);
        track(SHOP_EVENTS.addedToCart, {
          product_id: product.product_id,
          product: product.product_name,
          pack_id: pack.pack_id,
          value: pack.price,
        });
      },
      increment: (item) => addPack(item.pack_id, item.warehouse_id),
      remove(packId, whole = false) {
        send({ type: 'remove', pack_id: packId, whole }, () => cartApi.remove(packId, whole));
        track(SHOP_EVENTS.removedFromCart, { pack_id: packId, quantity: whole ? 'all' : 1 });
      },
      applyCoupon: async (code) => {
        await settleNow(() => cartApi.applyCoupon(code));
        track(SHOP_EVENTS.couponApplied, { code });
      },
      removeCoupon: () => settleNow(() => cartApi.removeCoupon()),
      replace(cart) {
        const n = ++seq.current;
        dispatch({ type: 'settle', seq: n, cart });
      },
    };
  }, []);

  const value = useMemo<CartValue>(
    () => ({
      cart: visibleCart(state),
      pendingFor: (packId) => state.pending.findLast((p) => p.change.pack_id === packId)?.change.type ?? null,
      actions,
    }),
    [state, actions],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useCart(): CartValue {
  const v = useContext(Ctx);
  if (!v) throw new Error('useCart outside CartProvider');
  return v;
}
