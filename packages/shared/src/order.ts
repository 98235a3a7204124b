import { z } from 'zod';
import { daySchema } from './days';
import { idSchema } from './ids';
import { addressSchema } from './account';
import { cartSchema, paymentMethodSchema } from './cart';
import { PAY_VIA } from './labels';
import { DELIVERY_INSTRUCTIONS, SUBSTITUTIONS, TIP_MAX } from './delivery-prefs';

/**
 * Order lifecycle (DESIGN §7) as a transition table: an order moves only along these edges.
 * pending_payment waits for a prepaid payment; payment_failed is where an abandoned or failed
 * payment ends (its stock and slot are released).
 */
export const ORDER_STATUSES = [
  'pending_payment',
  'placed',
  'confirmed',
  'packed',
  'shipped',
  'delivered',
  'cancelled',
  'payment_failed',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending_payment: ['placed', 'payment_failed', 'cancelled'],
  placed: ['confirmed', 'cancelled'],
  confirmed: ['packed', 'cancelled'],
  packed: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
  payment_failed: [],
};
export const canMove = (from: OrderStatus, to: OrderStatus) => ORDER_TRANSITIONS[from].includes(to);
/** A shopper may cancel until the order ships. */
export const CANCELLABLE: readonly OrderStatus[] = ['pending_payment', 'placed', 'confirmed', 'packed'];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Awaiting payment',
  placed: 'Placed',
  confirmed: 'Confirmed',
  packed: 'Packed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  payment_failed: 'Payment failed',
};

// 'khata': a subscription delivery put on the customer's store credit when the wallet was short (issue 44 §5)
export const PAYMENT_PROVIDERS = ['cod', 'razorpay', 'cashfree', 'pos', 'wallet', 'khata'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
/**
 * What a shopper may choose at checkout (`pos`: paid at the shop's counter, only the till writes it;
 * `wallet`: paid wholly from the shopper's wallet, written when checkout's `use_wallet` covers the total).
 */
export const ONLINE_PAYMENT_PROVIDERS = ['cod', 'razorpay', 'cashfree'] as const;
export type OnlinePaymentProvider = (typeof ONLINE_PAYMENT_PROVIDERS)[number];
/** Where an order was placed: the online shop, or the shop's counter (POS). */
export const ORDER_CHANNELS = ['online', 'pos'] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];

/**
 * Payment lifecycle as a transition table, beside the order's: a prepaid payment starts pending
 * and becomes paid or failed (a failed attempt may still be paid by a late capture); a paid one
 * whose order is cancelled or was released goes refund_pending → refunded. Cash on delivery starts
 * `cod` (to collect) and becomes `collected` when the order is delivered (the cash the delivery
 * person brought back, perhaps short, is on the payment), then `handed_over` once that cash is in
 * the shop's till; a cancelled cash-on-delivery order's payment is `not_collected`.
 */
export const PAYMENT_STATUSES = [
  'pending',
  'paid',
  'failed',
  'cod',
  'refund_pending',
  'refunded',
  'collected',
  'handed_over',
  'not_collected',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_TRANSITIONS: Record<PaymentStatus, readonly PaymentStatus[]> = {
  pending: ['paid', 'failed'],
  failed: ['paid'],
  paid: ['refund_pending'],
  refund_pending: ['refunded'],
  refunded: [],
  cod: ['collected', 'not_collected'],
  collected: ['handed_over'],
  handed_over: [],
  not_collected: [],
};
export const canMovePayment = (from: PaymentStatus, to: PaymentStatus) => PAYMENT_TRANSITIONS[from].includes(to);

export {
  DEFAULT_SUBSTITUTION,
  DELIVERY_INSTRUCTIONS,
  DELIVERY_INSTRUCTION_LABELS,
  SUBSTITUTIONS,
  SUBSTITUTION_LABELS,
  TIP_CHOICES,
  TIP_MAX,
  type DeliveryInstruction,
  type Substitution,
} from './delivery-prefs';

/** A tip (whole ₹, up to TIP_MAX): see `delivery-prefs.ts`. */
export const tipSchema = z.number().int('Tip whole rupees').min(0, 'A tip cannot be negative').max(TIP_MAX, `Tip at most ₹${TIP_MAX}`);

/**
 * POST /s/api/orders. `expected_total` is the amount (₹) the shopper saw for the cart (the tip
 * apart); a different price is refused. `delivery_instructions`, `tip` and `substitution` are
 * additions (docs/spec-deviations.md does not list them: the spec shows no checkout call).
 */
export const placeOrderBodySchema = z.object({
  address_id: idSchema,
  payment_method: z.enum(ONLINE_PAYMENT_PROVIDERS),
  slot: z.object({ slot_id: idSchema, date: daySchema }).nullable().optional(),
  notes: z.string().trim().max(500).nullish(),
  expected_total: z.number().nonnegative(),
  /** one per checkout attempt: a retry or a double click with the same key gets the same order */
  idempotency_key: z.string().min(8).max(100),
  delivery_instructions: z
    .array(z.enum(DELIVERY_INSTRUCTIONS))
    .max(DELIVERY_INSTRUCTIONS.length)
    .refine((a) => new Set(a).size === a.length, 'Each instruction once')
    .optional(),
  /** ₹ for the delivery person, added to what is paid */
  tip: tipSchema.optional(),
  substitution: z.enum(SUBSTITUTIONS).optional(),
  /**
   * pay from the shopper's wallet (issue 44), by a debit in the transaction that places the order:
   * a balance covering the total pays it wholly (`payment_method` is then only the fallback shown);
   * a shorter one pays what it has and `payment_method` (Razorpay or Cashfree) the rest
   * (cash on delivery takes the whole order: WALLET_REST_ONLINE); an empty wallet, or one that fell
   * below what was read meanwhile, is refused (WALLET_NOT_ENOUGH), nothing written
   */
  use_wallet: z.boolean().optional(),
});
export type PlaceOrderBody = z.infer<typeof placeOrderBodySchema>;

export const orderSummarySchema = z.object({
  id: z.string(),
  ordernumber: z.string(),
  created_at: z.string(),
  status: z.enum(ORDER_STATUSES),
  total: z.number(),
  items: z.number().int(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderListSchema = z.object({
  data: z.array(orderSummarySchema),
  meta: z.object({ total: z.number().int(), perPage: z.number().int(), page: z.number().int() }),
});

const taxSplitSchema = z.object({ taxable: z.number(), cgst: z.number(), sgst: z.number(), igst: z.number(), gst: z.number() });

export const orderLineSchema = z.object({
  /** the order line's own id (the staff remove or substitute a line by it) */
  line_id: z.number().int().optional(),
  pack_id: z.number().int(),
  product_id: z.number().int(),
  slug: z.string().nullable(),
  image: z.string(),
  name: z.string(),
  pack: z.string(),
  hsn_code: z.string(),
  gst_rate: z.number(),
  price: z.number(),
  act_price: z.number(),
  /** units, or grams of a line `sold_by_weight` (its price and MRP then per kg; issue 40.5) */
  quantity: z.number().int(),
  sold_by_weight: z.boolean().optional(),
  /** price × quantity (round(price per kg × grams / 1000) by weight) less the line's automatic promotion, before the coupon */
  amount: z.number(),
  /** this line's share of the coupon (in proportion to the amounts); tax is on amount − discount */
  discount: z.number(),
  tax: taxSplitSchema,
  /** the automatic promotion taken off this line's amount ("Buy 2 get 1 free", ₹); issue 40 §19 */
  promotion: z.object({ name: z.string(), discount: z.number() }).nullable().optional(),
});

/** The delivery address as it was when the order was placed (a copy, not a reference). */
export const orderAddressSchema = addressSchema
  .pick({ name: true, phone: true, pincode: true, line1: true, line2: true, landmark: true, city: true, state: true })
  .extend({ type: z.string() });

export const paymentSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  status: z.enum(PAYMENT_STATUSES),
  amount: z.number(),
  provider_order_id: z.string().nullable(),
  provider_payment_id: z.string().nullable(),
  /** how the latest online attempt ended while the order waits for payment: the shopper cancelled it, or it failed */
  last_attempt: z.enum(['cancelled', 'failed']).nullable().optional(),
  /** the online method the shopper chose (UPI, card…), when known: how the order page names the payment */
  via: z.enum(PAY_VIA).nullable().optional(),
});

/** Why a line was removed or substituted after the order was placed (issue 14; `refused`: handed back at the door on delivery). */
export const ADJUST_REASONS = ['missing', 'damaged', 'unavailable', 'customer_request', 'refused'] as const;
export type AdjustReason = (typeof ADJUST_REASONS)[number];
export const ADJUST_REASON_LABELS: Record<AdjustReason, string> = {
  missing: 'missing',
  damaged: 'damaged',
  unavailable: 'not available',
  customer_request: 'at your request',
  refused: 'refused at the door',
};

/** Why the shop gives money back on an order without changing its lines (issue 40 §12: goodwill, the delivery fee, other). */
export const REFUND_REASONS = ['goodwill', 'delivery_fee', 'other'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
export const REFUND_REASON_LABELS: Record<RefundReason, string> = { goodwill: 'goodwill', delivery_fee: 'delivery fee', other: 'other' };
/** An edit of the order's items: the shopper's own (`customer_request`), or one made in Administration (`shop_edit`). */
export type EditReason = 'customer_request' | 'shop_edit';
/** Why an order was changed or money given back, as the shopper reads it (an adjustment's `reason`). */
export const CHANGE_REASON_LABELS: Record<AdjustReason | RefundReason | EditReason, string> = {
  ...ADJUST_REASON_LABELS,
  ...REFUND_REASON_LABELS,
  shop_edit: 'changed by the shop',
};

/**
 * A change to the order's lines after it was placed: a line (or some of it) removed, or
 * substituted with another pack. `amount` (₹) is what the shopper gets back (negative: a cash on
 * delivery substitute that costs more); prepaid orders are refunded through the provider.
 */
export const orderAdjustmentSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** edit: the shopper changed the order before it was packed (issue 39 §14); refund: money given back, lines unchanged (issue 40 §12) */
  kind: z.enum(['remove', 'substitute', 'edit', 'refund']),
  description: z.string(),
  reason: z.enum([...ADJUST_REASONS, ...REFUND_REASONS, 'shop_edit']),
  amount: z.number(),
  /** none: cash on delivery (the total is lowered); pending, refunded or failed: the provider refund */
  refund_status: z.enum(['none', 'pending', 'refunded', 'failed']),
  refund_id: z.string().nullable(),
});
export type OrderAdjustment = z.infer<typeof orderAdjustmentSchema>;

/**
 * An order's money in and out, in ₹, from the server's one `refundSummary` (payments domain): the
 * staff's order screen, its cancel dialog, the shopper's order page and the invoice all show this.
 * `paid`: what the shop received (a prepaid payment, the cash collected at the door, the counter
 * sale); `refunded_lines`: partial refunds the provider took for lines removed or substituted (and
 * counter returns); `refunded_on_cancel`: the rest given back when the order was cancelled (or
 * wholly returned); `refunded`: both; `refund_pending`: refunds sent or to be sent that the
 * provider has not taken yet; `net`: paid − refunded (never below 0); `refundable`: what a
 * cancellation now would refund (paid − refunded − pending, while the payment stands paid).
 */
export const refundSummarySchema = z.object({
  paid: z.number(),
  refunded_lines: z.number(),
  refunded_on_cancel: z.number(),
  /** refunds of an amount the staff chose, lines unchanged (goodwill, the delivery fee…: issue 40 §12); inside `refunded`, not in `refunded_lines` */
  refunded_other: z.number().optional(),
  refunded: z.number(),
  refund_pending: z.number(),
  net: z.number(),
  refundable: z.number(),
  /** a staff edit's difference the customer has yet to pay by a payment link (issue 40 §12); not in `paid` until paid */
  balance_due: z.number().optional(),
});
export type RefundSummary = z.infer<typeof refundSummarySchema>;

/**
 * Where a cancelled paid order's money goes (issue 44 §2), the shopper's or staff's choice:
 * `wallet` (at once, the wallet opened when missing) or `source` (back to the card, UPI or bank; the default).
 */
export const REFUND_DESTINATIONS = ['wallet', 'source'] as const;
export const refundToSchema = z.enum(REFUND_DESTINATIONS, { message: 'refund_to must be wallet or source' });
/** POST /s/api/orders/{id}/cancel: the refund's destination (no body: back to the source). */
export const cancelChoiceSchema = z.object({ refund_to: refundToSchema.optional() }).nullish();

export const orderDetailSchema = orderSummarySchema.extend({
  payment_method: z.enum(PAYMENT_PROVIDERS),
  items_total: z.number(),
  discount: z.number(),
  coupon: z.string().nullable(),
  /** the automatic cart promotion's part of `discount` (₹), and its name; issue 40 §19 */
  promotion: z.object({ name: z.string(), discount: z.number() }).nullable().optional(),
  delivery_charge: z.number(),
  notes: z.string().nullable(),
  address: orderAddressSchema,
  slot: z.object({ date: z.string(), start_time: z.string(), end_time: z.string() }).nullable(),
  lines: z.array(orderLineSchema),
  tax: taxSplitSchema,
  /**
   * the history: each status, when, who moved it there (`you`, `the shop`, `razorpay`, `cashfree`), and why;
   * `change`: something changed while the order stayed in that status (a line removed, a refund), not the status again
   */
  timeline: z.array(
    z.object({
      status: z.enum(ORDER_STATUSES),
      at: z.string(),
      by: z.string(),
      note: z.string().nullable(),
      kind: z.enum(['status', 'change']).optional(),
    }),
  ),
  payment: paymentSchema,
  cancellable: z.boolean(),
  /** the sales agent who placed the order for the customer (issue 17), else null */
  placed_by: z.string().nullable().optional(),
  /** lines removed or substituted after the order was placed, oldest first (issue 14) */
  adjustments: z.array(orderAdjustmentSchema).optional(),
  /** paid, refunded and net (issue 40) */
  refunds: refundSummarySchema,
  /** for the delivery person (issue 39 §16); `notes` is the shopper's own words beside them */
  delivery_instructions: z.array(z.enum(DELIVERY_INSTRUCTIONS)).optional(),
  /** ₹ for the delivery person, inside `total` and the payment, outside the taxable value */
  tip: z.number().optional(),
  /** when an item cannot be packed */
  substitution: z.enum(SUBSTITUTIONS).optional(),
  /**
   * ₹ paid from the shopper's wallet at checkout (issue 44): the whole `total` (`payment_method`
   * wallet), or a part with the rest by a gateway, whose `payment.amount` is then that rest; 0: none
   */
  wallet_paid: z.number().optional(),
  /** ₹ of `wallet_paid` given back to the wallet (the order cancelled or released, or switched to cash on delivery) */
  wallet_returned: z.number().optional(),
  /** own delivery (issue 45): the 4-digit code to give the rider, while the order is out for delivery and needs one */
  delivery_code: z.string().nullable().optional(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** What the browser needs to pay a prepaid order (null for cash on delivery). */
/** POST /s/api/payments/razorpay/verify: Razorpay Checkout's handler fields for an order. */
export const razorpayVerifyBodySchema = z.object({
  order_id: z.string().uuid(),
  razorpay_order_id: z.string().max(100),
  razorpay_payment_id: z.string().max(100),
  razorpay_signature: z.string().max(200),
});
export type RazorpayVerifyBody = z.infer<typeof razorpayVerifyBodySchema>;

export const paymentHandoffSchema = z.discriminatedUnion('provider', [
  z.object({
    provider: z.literal('razorpay'),
    key_id: z.string(),
    order_id: z.string(),
    amount: z.number().int(),
    currency: z.literal('INR'),
    checkout_url: z.string(),
  }),
  z.object({
    provider: z.literal('cashfree'),
    payment_session_id: z.string(),
    order_id: z.string(),
    mode: z.enum(['sandbox', 'production']),
    checkout_url: z.string(),
  }),
]);
export type PaymentHandoff = z.infer<typeof paymentHandoffSchema>;

/**
 * POST /s/api/orders/{id}/payment-method (issue 39): an order awaiting payment is paid another way,
 * the same order (its stock and slot kept): the other gateway (`via`: the method chosen there) or
 * cash on delivery where the order's zone and amount allow it.
 */
export const switchPaymentBodySchema = z.object({
  payment_method: z.enum(ONLINE_PAYMENT_PROVIDERS),
  via: z.enum(PAY_VIA).nullish(),
});
export type SwitchPaymentBody = z.infer<typeof switchPaymentBodySchema>;
/** GET /s/api/orders/{id}/payment-methods: how an order awaiting payment may be paid now (the cart's shape; none once it is not awaiting payment). */
export const orderPaymentMethodsSchema = z.object({ data: z.array(paymentMethodSchema) });

export const placeOrderResponseSchema = z.object({ order: orderDetailSchema, payment: paymentHandoffSchema.nullable() });

export const reorderResponseSchema = z.object({
  added: z.array(z.object({ pack_id: z.number().int(), name: z.string() })),
  skipped: z.array(z.object({ pack_id: z.number().int(), name: z.string(), reason: z.string() })),
  cart: cartSchema,
});
