import { lineAmountPaise } from '@grocer/shared/pos';
import { toPaise } from '@grocer/shared/money';
import type { HeldCart, PosCounterPack } from '@grocer/shared/pos';

/** The till's cart: lines keyed by pack, amounts in paise; loose goods' quantity in grams. */
export interface CartLine {
  pack_id: number;
  label: string;
  price: number;
  sold_by_weight: boolean;
  quantity: number;
  /** ₹ off this line */
  discount: number;
}
export interface Cart {
  lines: CartLine[];
  cart_discount: number;
  customer: { mobile: string; name?: string } | null;
}
export const emptyCart = (): Cart => ({ lines: [], cart_discount: 0, customer: null });

export function addPack(cart: Cart, p: PosCounterPack, quantity = p.sold_by_weight ? 1000 : 1): Cart {
  const at = cart.lines.findIndex((l) => l.pack_id === p.pack_id);
  if (at >= 0 && !p.sold_by_weight)
    return { ...cart, lines: cart.lines.map((l, i) => (i === at ? { ...l, quantity: l.quantity + quantity } : l)) };
  if (at >= 0) return { ...cart, lines: cart.lines.map((l, i) => (i === at ? { ...l, quantity } : l)) };
  return {
    ...cart,
    lines: [
      ...cart.lines,
      { pack_id: p.pack_id, label: `${p.product} - ${p.pack}`, price: p.price, sold_by_weight: p.sold_by_weight, quantity, discount: 0 },
    ],
  };
}

export function totals(cart: Cart) {
  const items = cart.lines.reduce((n, l) => n + lineAmountPaise(toPaise(l.price), l.quantity, l.sold_by_weight), 0);
  const discount = Math.min(items, cart.lines.reduce((n, l) => n + toPaise(l.discount), 0) + toPaise(cart.cart_discount));
  return { items, discount, total: items - discount };
}

export const toHeld = (c: Cart): HeldCart => ({ ...c, customer: c.customer ? { mobile: c.customer.mobile, name: c.customer.name } : null });
export const newKey = () => `till-${Date.now().toString(36)}-${crypto.randomUUID()}`;
