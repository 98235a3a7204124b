import { z } from 'zod';
import { appliedPromotionSchema } from './promotions';

/** Spec §3 cart item. Amounts in rupees. */
export const cartItemSchema = z.object({
  pack_id: z.number().int(),
  product_id: z.number().int().optional(),
  slug: z.string().optional(),
  image: z.string(),
  name: z.string(),
  pack: z.string(),
  quantity: z.number().int(),
  price: z.number(),
  act_price: z.number(),
  amount: z.number(),
  valid: z.boolean(),
  message: z.string().nullable(),
  warehouse_id: z.number().int().nullable(),
  delivery_charge_id: z.number().int().nullable(),
  del_date: z.string().nullable(),
  del_start_time: z.string().nullable(),
  del_end_time: z.string().nullable(),
  /** units left at the serving warehouse (the stepper's plus stops there); an addition to spec §3 */
  available: z.number().int().optional(),
  /** the automatic promotion that took `discount` rupees off this line ("Buy 2 get 1 free"); issue 40 §19 */
  promotion: appliedPromotionSchema.nullable().optional(),
  /**
   * A loose good (issue 40.5; only on such lines): `price`/`act_price` per kg, `quantity` and
   * `available` in grams, and the stepper moves by `step_grams` (`weighed.ts`).
   */
  sold_by_weight: z.boolean().optional(),
  step_grams: z.number().int().optional(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const paymentMethodSchema = z.object({ code: z.enum(['cod', 'razorpay', 'cashfree']), name: z.string() });
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const deliveryInfoSchema = z.object({
  delivery_charge_id: z.number().int().nullable(),
  del_date: z.string().nullable(),
  del_start_time: z.string().nullable(),
  del_end_time: z.string().nullable(),
});

/**
 * Spec §3 cart. total = sum of line amounts (each after its automatic promotion); discount = coupon
 * discount plus the automatic cart promotion's (`promotion`); delivery_charge = the
 * zone's charge; finalDelivery = the charge actually applied (0 above the free threshold);
 * amount = total − discount + finalDelivery (what the shopper pays).
 */
export const cartSchema = z.object({
  quantity: z.number().int(),
  total: z.number(),
  amount: z.number(),
  offercode: z.string().nullable(),
  serviceable: z.boolean(),
  notes: z.string().nullable(),
  message: z.string().nullable(),
  discount: z.number(),
  delivery_charge: z.number(),
  finalDelivery: z.number(),
  deliveryMessage: z.string().nullable(),
  paymentMethods: z.array(paymentMethodSchema),
  items: z.array(cartItemSchema),
  grouped_items: z.array(deliveryInfoSchema.extend({ items: z.array(cartItemSchema) })),
  del_date: z.string().nullable(),
  del_start_time: z.string().nullable(),
  del_end_time: z.string().nullable(),
  deliveryInfo: z.array(deliveryInfoSchema),
  /** the pincode the cart is priced for (null before one is chosen); an addition to spec §3 */
  pincode: z.string().nullable().optional(),
  /** the items total from which delivery is free in the shopper's zone (rupees), for the progress bar */
  free_delivery_above: z.number().nullable().optional(),
  /** the automatic cart discount inside `discount` ("Spend ₹500, get ₹50 off"); issue 40 §19 */
  promotion: appliedPromotionSchema.nullable().optional(),
});
export type Cart = z.infer<typeof cartSchema>;

/** The empty cart; in its own zod-free module so the first page can use it without the contracts. */
export { emptyCart } from './empty-cart';
