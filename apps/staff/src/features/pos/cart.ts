import type { Language } from '@grocer/shared/languages';
import { counterBill, lineAmountPaise, promotableCounterLine } from '@grocer/shared/pos';
import { toPaise } from '@grocer/shared/money';
import { applyPromotions, type Promotion } from '@grocer/shared/promotions';
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
  /** `prices`: the customer's group price list, from the lookup (issue 40 §19), kept when the cart is held */
  customer: {
    mobile: string;
    name?: string;
    group?: string | null;
    prices?: Array<{ pack_id: number; price: number; min_quantity: number }>;
    /** the language their receipt speaks (the lookup's; issue 46 §5) */
    language?: Language;
  } | null;
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

/**
 * The bill in paise, priced as the server prices the sale (`counterBill`, pos/service.ts `sell`):
 * the member's prices, the automatic promotions the till last loaded (`promotions`, the one rule
 * the online cart uses), then the cashier's discounts. `items`: before any promotion; `manual`:
 * the cashier's discounts, the part the shop's limit applies to (judged on `limitBase`).
 */
export function totals(cart: Cart, promotions: Promotion[] = [], now = new Date()) {
  const gross = cart.lines.map((l) => lineAmountPaise(toPaise(unitPriceOf(cart, l)), l.quantity, l.sold_by_weight));
  const promoted = applyPromotions(
    cart.lines.map((l) => ({
      ...promotableCounterLine({
        packId: l.pack_id,
        productId: 0,
        unitPaise: toPaise(unitPriceOf(cart, l)),
        quantity: l.quantity,
        soldByWeight: l.sold_by_weight,
      }),
      // the till's promotions name packs only (GET /pos/promotions resolves categories and brands)
      brandId: null,
      categoryIds: [],
    })),
    promotions,
    now,
  );
  const bill = counterBill(
    cart.lines.map((l, i) => ({ grossPaise: gross[i]!, discountPaise: toPaise(l.discount) })),
    promoted,
    toPaise(cart.cart_discount),
  );
  return {
    items: gross.reduce((a, b) => a + b, 0),
    limitBase: bill.itemsTotal,
    promotions: bill.promotions,
    lines: bill.lines,
    manual: bill.manualDiscount,
    discount: bill.discount,
    total: bill.total,
  };
}

/** The cart to hold: the member stays attached with their group's prices (recalled, the bill is priced as before). */
export const toHeld = (c: Cart): HeldCart => ({
  ...c,
  customer: c.customer ? { mobile: c.customer.mobile, name: c.customer.name, group: c.customer.group, prices: c.customer.prices } : null,
});
export const newKey = () => `till-${Date.now().toString(36)}-${crypto.randomUUID()}`;
