import type { Cart, CartItem } from '@grocer/shared/cart';
import { toPaise, toRupees } from '@grocer/shared/money';
import { lineAmountPaise } from '@grocer/shared/weighed';

/**
 * Optimistic cart: the last cart the server answered plus the changes still in flight. What the
 * shopper sees is `visibleCart(state)`; every answer from the server replaces the base (the
 * server stays the authority on prices, totals, coupon and delivery), a failure just drops its
 * pending change, which rolls it back.
 */
export type CartChange =
  | {
      type: 'add';
      pack_id: number;
      template?: Pick<CartItem, 'name' | 'pack' | 'image' | 'price' | 'act_price' | 'warehouse_id'> & Partial<CartItem>;
    }
  | { type: 'remove'; pack_id: number; whole: boolean };

export interface CartState {
  server: Cart;
  /** sequence number of the request whose answer `server` is (answers older than it are ignored) */
  serverSeq: number;
  pending: Array<{ seq: number; change: CartChange }>;
}

export type CartEvent =
  | { type: 'begin'; seq: number; change: CartChange }
  | { type: 'settle'; seq: number; cart: Cart }
  | { type: 'fail'; seq: number }
  | { type: 'replace'; cart: Cart };

export const initialCartState = (cart: Cart): CartState => ({ server: cart, serverSeq: 0, pending: [] });

export function cartReducer(state: CartState, event: CartEvent): CartState {
  switch (event.type) {
    case 'begin':
      return { ...state, pending: [...state.pending, { seq: event.seq, change: event.change }] };
    case 'settle': {
      const pending = state.pending.filter((p) => p.seq !== event.seq);
      // An answer that overtook a later one would show an older cart: keep the newer.
      if (event.seq < state.serverSeq) return { ...state, pending };
      return { server: event.cart, serverSeq: event.seq, pending };
    }
    case 'fail':
      return { ...state, pending: state.pending.filter((p) => p.seq !== event.seq) };
    case 'replace':
      return { ...state, server: event.cart };
  }
}

export const visibleCart = (state: CartState): Cart => state.pending.reduce((cart, p) => applyCartChange(cart, p.change), state.server);

/** A line's amount in rupees: price × units, or round(price per kg × grams / 1000) by weight. */
const lineAmount = (price: number, quantity: number, weighed = false) => toRupees(lineAmountPaise(toPaise(price), quantity, weighed));
/** How much one tap moves a line: a unit, or a loose good's step in grams (issue 40.5). */
export const stepOfItem = (i: Pick<CartItem, 'sold_by_weight' | 'step_grams'>) => (i.sold_by_weight ? (i.step_grams ?? 1) : 1);

/** One change applied locally, in the server's arithmetic (paise inside, rupees out). */
export function applyCartChange(cart: Cart, change: CartChange): Cart {
  let items = cart.items;
  const existing = items.find((i) => i.pack_id === change.pack_id);
  if (change.type === 'add') {
    if (existing) {
      items = items.map((i) => {
        if (i.pack_id !== change.pack_id) return i;
        const quantity = i.quantity + stepOfItem(i);
        return { ...i, quantity, amount: lineAmount(i.price, quantity, i.sold_by_weight) };
      });
    } else if (change.template) {
      const t = change.template;
      items = [
        ...items,
        {
          message: null,
          valid: true,
          delivery_charge_id: null,
          del_date: null,
          del_start_time: null,
          del_end_time: null,
          ...t,
          pack_id: change.pack_id,
          quantity: stepOfItem(t),
          amount: lineAmount(t.price, stepOfItem(t), t.sold_by_weight),
        },
      ];
    } else {
      return cart;
    }
  } else {
    if (!existing) return cart;
    const step = stepOfItem(existing);
    items =
      change.whole || existing.quantity <= step
        ? items.filter((i) => i.pack_id !== change.pack_id)
        : items.map((i) =>
            i.pack_id === change.pack_id
              ? { ...i, quantity: i.quantity - step, amount: lineAmount(i.price, i.quantity - step, i.sold_by_weight) }
              : i,
          );
  }
  // the items, as the server counts them: a loose good's line is one
  const quantity = items.reduce((n, i) => n + (i.sold_by_weight ? 1 : i.quantity), 0);
  const totalPaise = items.reduce((s, i) => s + (i.valid ? toPaise(i.amount) : 0), 0);
  const total = toRupees(totalPaise);
  // Discount and delivery are the server's to decide; keep its figures until it answers.
  const amount = quantity === 0 ? 0 : toRupees(totalPaise - toPaise(cart.discount) + toPaise(cart.finalDelivery));
  return { ...cart, items, quantity, total, amount };
}

/** Quantity of a pack in the cart (0 when absent): decides 'Add to Cart' versus the stepper. */
export const quantityOf = (cart: Cart, packId: number) => cart.items.find((i) => i.pack_id === packId)?.quantity ?? 0;
