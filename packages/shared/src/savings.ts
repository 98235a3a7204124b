import type { Cart } from './cart';
import { lineAmountPaise } from './weighed';

// What a shopper saves, as the cart and the order show it ("You saved ₹X"). No zod here: the cart
// drawer is on every page's first load.

/**
 * Everything taken off what the items would cost at their MRP (act_price): the packs' discounts,
 * the coupon, and the delivery charge when it was waived. Rupees, rounded to paise.
 */
export function cartSavings(cart: Pick<Cart, 'items' | 'discount' | 'delivery_charge' | 'finalDelivery' | 'serviceable'>): number {
  const paise = (r: number) => Math.round(r * 100);
  let saved = 0;
  for (const i of cart.items) {
    const weighed = i.sold_by_weight ?? false;
    if (i.valid && i.act_price > i.price)
      saved += lineAmountPaise(paise(i.act_price), i.quantity, weighed) - lineAmountPaise(paise(i.price), i.quantity, weighed);
  }
  saved += paise(cart.discount);
  if (cart.serviceable && cart.delivery_charge > 0 && cart.finalDelivery === 0) saved += paise(cart.delivery_charge);
  return saved / 100;
}

/** How far the items total is towards free delivery: 0..1, or null when there is nothing to show. */
export function freeDeliveryProgress(cart: Pick<Cart, 'total' | 'finalDelivery' | 'serviceable' | 'free_delivery_above'>): number | null {
  const above = cart.free_delivery_above;
  if (!cart.serviceable || above == null || above <= 0 || cart.finalDelivery === 0) return null;
  return Math.max(0, Math.min(1, cart.total / above));
}
