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
  /** the scale label a weighed line was scanned from (the server reads it again) */
  scale_barcode?: string;
}
export interface Cart {
  lines: CartLine[];
  cart_discount: number;
  /** `prices`: the customer's group price list, from the lookup (issue 40 §19) */
  customer: { mobile: string; name?: string; prices?: Array<{ pack_id: number; price: number; min_quantity: number }> } | null;
}
export const emptyCart = (): Cart => ({ lines: [], cart_discount: 0, customer: null });

/**
 * A pack onto the bill: a counted pack already on it gets one more; a weighed one (`quantity` in
 * grams) is always a line of its own, as each bag is weighed and labelled on its own.
 */
export function addPack(cart: Cart, p: PosCounterPack, quantity = p.sold_by_weight ? 1000 : 1, scaleBarcode?: string): Cart {
  const at = cart.lines.findIndex((l) => l.pack_id === p.pack_id);
  if (at >= 0 && !p.sold_by_weight)
    return { ...cart, lines: cart.lines.map((l, i) => (i === at ? { ...l, quantity: l.quantity + quantity } : l)) };
  const line: CartLine = {
    pack_id: p.pack_id,
    label: `${p.product} - ${p.pack}`,
    price: p.price,
    sold_by_weight: p.sold_by_weight,
    quantity,
    discount: 0,
  };
  return { ...cart, lines: [...cart.lines, scaleBarcode ? { ...line, scale_barcode: scaleBarcode } : line] };
}

/** How a line's quantity reads: "0.735 kg × ₹40/kg" for loose goods, the units otherwise. */
export const weighedText = (grams: number, pricePerKg: number, format: (rupees: number) => string) =>
  `${(grams / 1000).toFixed(3)} kg × ${format(pricePerKg)}/kg`;

/**
 * What a unit of the line costs on this bill (₹): the attached customer's group price from its
 * minimum quantity, never more than the pack's own; a weighed line keeps its price per kg. The
 * server prices the sale the same way (pos/service.ts `sell`).
 */
export function unitPriceOf(cart: Pick<Cart, 'customer'>, l: CartLine): number {
  const member = l.sold_by_weight ? undefined : cart.customer?.prices?.find((p) => p.pack_id === l.pack_id);
  return member && l.quantity >= member.min_quantity ? Math.min(l.price, member.price) : l.price;
}

export function totals(cart: Cart) {
  const items = cart.lines.reduce((n, l) => n + lineAmountPaise(toPaise(unitPriceOf(cart, l)), l.quantity, l.sold_by_weight), 0);
  const discount = Math.min(items, cart.lines.reduce((n, l) => n + toPaise(l.discount), 0) + toPaise(cart.cart_discount));
  return { items, discount, total: items - discount };
}

export const toHeld = (c: Cart): HeldCart => ({ ...c, customer: c.customer ? { mobile: c.customer.mobile, name: c.customer.name } : null });
export const newKey = () => `till-${Date.now().toString(36)}-${crypto.randomUUID()}`;
