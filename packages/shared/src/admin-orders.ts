import { z } from 'zod';
import { orderBalanceSchema } from './order-balance';
import {
  ADJUST_REASONS,
  DELIVERY_INSTRUCTIONS,
  ORDER_STATUSES,
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
  orderAddressSchema,
  orderAdjustmentSchema,
  orderLineSchema,
  refundSummarySchema,
  SUBSTITUTIONS,
  type OrderStatus,
} from './order';
import { daySchema } from './days';
import { coercedIdSchema, idSchema, pageSchema } from './ids';
import { PAGE_SIZES } from './pagination';
import { MOBILE_PATTERN } from './validation';
import { TIMELINE_KINDS } from './order-notes';

/**
 * The staff's moves of an order (issue 14): each is one edge of `ORDER_TRANSITIONS`, applied by
 * the server's `moveOrder`. The client shows a button only where the table allows the move; the
 * server refuses the rest (409, nothing changed).
 */
export const ORDER_ACTIONS = ['confirm', 'pack', 'ship', 'deliver', 'cancel'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];
export const ACTION_TARGET: Record<OrderAction, OrderStatus> = {
  confirm: 'confirmed',
  pack: 'packed',
  ship: 'shipped',
  deliver: 'delivered',
  cancel: 'cancelled',
};
export const ACTION_LABELS: Record<OrderAction, string> = {
  confirm: 'Confirm',
  pack: 'Mark packed',
  ship: 'Ship',
  deliver: 'Mark delivered',
  cancel: 'Cancel order',
};
/** Moves that many orders take at once (a slot's orders, or the ones ticked in the list). */
export const BULK_ACTIONS = ['confirm', 'pack', 'ship'] as const;

export const ADMIN_ORDER_SORTS = ['placed', 'total', 'ordernumber', 'delivery'] as const;

const date = daySchema;
const perPage = z.coerce
  .number()
  .int()
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: `Per page must be one of ${PAGE_SIZES.join(', ')}` });

/** GET /s/api/admin/orders: search (order number, customer name, mobile, email), filters, sort and page. */
export const adminOrdersQuerySchema = z.object({
  q: z.string().trim().max(100).default(''),
  status: z.enum(ORDER_STATUSES).optional(),
  payment_method: z.enum(PAYMENT_PROVIDERS).optional(),
  payment_status: z.enum(PAYMENT_STATUSES).optional(),
  /** placed on or after / on or before (the shop's calendar dates, Asia/Kolkata) */
  from: date.optional(),
  to: date.optional(),
  delivery_date: date.optional(),
  slot_id: coercedIdSchema.optional(),
  pincode: z
    .string()
    .regex(/^\d{6}$/, 'A pincode has 6 digits')
    .optional(),
  /** orders carrying this staff tag (any case) */
  tag: z.string().trim().max(40).optional(),
  sort: z.enum(ADMIN_ORDER_SORTS).default('placed'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  page: pageSchema,
  perPage: perPage.default(20),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

export const adminOrderRowSchema = z.object({
  id: z.string(),
  ordernumber: z.string(),
  created_at: z.string(),
  status: z.enum(ORDER_STATUSES),
  payment_method: z.enum(PAYMENT_PROVIDERS),
  payment_status: z.enum(PAYMENT_STATUSES).nullable(),
  customer: z.string(),
  phone: z.string(),
  pincode: z.string(),
  slot: z.object({ date: z.string(), start_time: z.string(), end_time: z.string() }).nullable(),
  items: z.number().int(),
  total: z.number(),
  /** the staff's tags (issue 40 §12) */
  tags: z.array(z.string()).optional(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

export const adminOrderListSchema = z.object({
  data: z.array(adminOrderRowSchema),
  meta: z.object({ total: z.number().int(), page: z.number().int(), perPage: z.number().int() }),
});
export type AdminOrderList = z.infer<typeof adminOrderListSchema>;

/** Who takes the parcel out: a person with a phone, a vehicle number or a courier's tracking id. */
export const deliveryNoteSchema = z
  .object({
    person: z.string().trim().min(1, 'Who delivers it?').max(100),
    phone: z.string().trim().regex(MOBILE_PATTERN, 'A 10-digit mobile number'),
    vehicle: z.string().trim().max(40).default(''),
    tracking: z.string().trim().max(100).default(''),
  })
  .strict();
export type DeliveryNote = z.infer<typeof deliveryNoteSchema>;
/**
 * The note as the order keeps it: typed by staff (a phone always) or written when a rider's trip
 * goes out (the rider's phone, empty when the rider has none on their profile).
 */
export const deliveryNoteViewSchema = deliveryNoteSchema.extend({ phone: z.string() });

export const shipBodySchema = z.object({ delivery: deliveryNoteSchema }).strict();
/**
 * Mark delivered (issue 40). Cash on delivery: the cash the delivery person brought back (₹). It is
 * the order's total after any `refused` lines (handed back at the door: taken off the order, their
 * stock returned); less than that is a shortfall, accepted only with `short_reason` (said on the
 * payment and the timeline); more is refused.
 */
export const deliverBodySchema = z
  .object({
    cash_collected: z.number().nonnegative().max(10_000_000).optional(),
    refused: z
      .array(z.object({ line_id: idSchema, quantity: z.number().int().min(1, 'At least 1').max(1_000_000) }).strict())
      .max(100)
      .optional(),
    short_reason: z.string().trim().min(1, 'Say why less cash was collected').max(300).optional(),
  })
  .strict();
export type DeliverBody = z.infer<typeof deliverBodySchema>;

/** POST /s/api/admin/orders/cash-handover: cash-on-delivery cash collected by the delivery people, now in the shop's till. */
export const cashHandoverBodySchema = z.object({ ids: z.array(z.string().uuid()).min(1, 'Choose orders').max(500) }).strict();
export type CashHandoverBody = z.infer<typeof cashHandoverBodySchema>;
export const cashHandoverResultSchema = z.object({
  handed_over: z.array(z.object({ id: z.string(), ordernumber: z.string(), amount: z.number() })),
  /** orders whose payment was not waiting to be handed over (not yet collected, already handed over, another method) */
  skipped: z.array(z.object({ id: z.string(), ordernumber: z.string(), status: z.enum(PAYMENT_STATUSES).nullable() })),
});
export type CashHandoverResult = z.infer<typeof cashHandoverResultSchema>;
export const cancelBodySchema = z
  .object({
    reason: z.string().trim().min(1, 'Say why the order is cancelled').max(300),
    /** a paid order's refund: to the customer's wallet at once, or back to the source (default; issue 44 §2) */
    refund_to: z.enum(['wallet', 'source'], { message: 'refund_to must be wallet or source' }).optional(),
  })
  .strict();
export const noteBodySchema = z.object({ note: z.string().trim().max(300).optional() }).strict();

/** POST /s/api/admin/orders/bulk: the ticked orders, or every order of one slot on a date. */
export const bulkBodySchema = z
  .object({
    action: z.enum(BULK_ACTIONS),
    ids: z.array(z.string().uuid()).max(500).optional(),
    slot: z.object({ slot_id: idSchema, date }).optional(),
    delivery: deliveryNoteSchema.optional(),
  })
  .strict()
  .refine((b) => (b.ids?.length ?? 0) > 0 || b.slot, { message: 'Choose orders or a slot', path: ['ids'] })
  .refine((b) => b.action !== 'ship' || b.delivery, { message: 'Who delivers them?', path: ['delivery'] });
export type BulkBody = z.infer<typeof bulkBodySchema>;

/** GET /s/api/admin/orders/pick-list: one delivery date, optionally one slot and one warehouse. */
export const pickListQuerySchema = z.object({
  date,
  slot_id: coercedIdSchema.optional(),
  warehouse_id: coercedIdSchema.optional(),
});
export type PickListQuery = z.infer<typeof pickListQuerySchema>;

export const bulkResultSchema = z.object({
  moved: z.array(z.object({ id: z.string(), ordernumber: z.string() })),
  skipped: z.array(z.object({ id: z.string(), ordernumber: z.string(), status: z.enum(ORDER_STATUSES) })),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

export const adminOrderSchema = z.object({
  id: z.string(),
  ordernumber: z.string(),
  created_at: z.string(),
  status: z.enum(ORDER_STATUSES),
  channel: z.string(),
  /** the moves the lifecycle allows from here, in the order the buttons show */
  actions: z.array(z.enum(ORDER_ACTIONS)),
  customer: z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
  address: orderAddressSchema,
  slot: z.object({ date: z.string(), start_time: z.string(), end_time: z.string() }).nullable(),
  notes: z.string().nullable(),
  /** the shopper's asks of the delivery person, the tip (₹, inside `total`) and what to do with an unavailable item (issue 39 §16) */
  delivery_instructions: z.array(z.enum(DELIVERY_INSTRUCTIONS)).optional(),
  tip: z.number().optional(),
  substitution: z.enum(SUBSTITUTIONS).optional(),
  /** each line with the warehouse it is sent from (a substitute comes from the same one) */
  lines: z.array(orderLineSchema.extend({ warehouse_id: z.number().int().nullable() })),
  items_total: z.number(),
  discount: z.number(),
  coupon: z.string().nullable(),
  delivery_charge: z.number(),
  total: z.number(),
  /** ₹ paid from the customer's wallet at checkout, and ₹ of it given back (issue 44: split with a gateway, `payment.amount` is the rest) */
  wallet_paid: z.number().optional(),
  wallet_returned: z.number().optional(),
  delivery: deliveryNoteViewSchema.nullable(),
  cash_collected: z.number().nullable(),
  payment: z
    .object({
      provider: z.enum(PAYMENT_PROVIDERS),
      status: z.enum(PAYMENT_STATUSES),
      amount: z.number(),
      provider_order_id: z.string().nullable(),
      provider_payment_id: z.string().nullable(),
      refund_id: z.string().nullable(),
      /** ₹ given back by partial refunds (lines removed or substituted) that the provider took */
      refunded: z.number(),
      /** ₹ of partial refunds sent or to be sent that the provider has not taken yet (pending, or failed and waiting for a retry) */
      refund_pending: z.number(),
      /** cash on delivery: ₹ the delivery person brought back (null until delivered) */
      collected: z.number().nullable(),
      /** cash on delivery: ₹ short at the door, and why (0 and null when the cash was the total) */
      shortfall: z.number(),
      shortfall_reason: z.string().nullable(),
      /** cash on delivery: when the collected cash was handed over to the shop's till */
      handed_over_at: z.string().nullable(),
      review: z.string().nullable(),
      events: z.array(z.object({ at: z.string(), kind: z.string(), event_id: z.string(), payload: z.unknown() })),
    })
    .nullable(),
  /** paid, refunded (by line, on cancel), pending and net: the Payment card and the cancel dialog's promise */
  refunds: refundSummarySchema,
  /** the differences staff edits added to a paid prepaid order, each paid by a payment link (issue 40 §12), oldest first */
  balances: z.array(orderBalanceSchema).optional(),
  /** lines removed or substituted after the order was placed, and their refunds */
  adjustments: z.array(orderAdjustmentSchema.extend({ by: z.string() })),
  /** what may be changed on the lines now (the lifecycle decides): remove a line before or after delivery, substitute before it ships */
  changes: z.object({ remove: z.boolean(), substitute: z.boolean() }),
  /**
   * every status the order entered (`kind` status), each change made while in one (change: a line
   * removed, a refund…; never a second "Placed"), and the staff's notes (note): when, who (a staff
   * member's name, the shopper, a provider, the system) and what, in the staff's words
   */
  timeline: z.array(
    z.object({
      status: z.enum(ORDER_STATUSES),
      at: z.string(),
      by: z.string(),
      note: z.string().nullable(),
      kind: z.enum(TIMELINE_KINDS).optional(),
    }),
  ),
  /** the staff's tags (issue 40 §12) */
  tags: z.array(z.string()).optional(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

/** The order statuses in which staff may remove a line (missing or damaged, before or after delivery) or substitute one (before it ships). */
export const REMOVE_STATUSES: readonly OrderStatus[] = ['placed', 'confirmed', 'packed', 'shipped', 'delivered'];
export const SUBSTITUTE_STATUSES: readonly OrderStatus[] = ['placed', 'confirmed', 'packed'];

/** One per change the staff make: a retried request with the same key answers the same change. */
const changeKey = z
  .string()
  .min(10)
  .max(64)
  .regex(/^[\w-]+$/);

/** POST /s/api/admin/orders/:id/lines/:lineId/remove: some or all units of a line, and why. */
export const removeLineBodySchema = z
  .object({ quantity: z.number().int().min(1, 'At least 1').max(1_000_000), reason: z.enum(ADJUST_REASONS), key: changeKey })
  .strict();
export type RemoveLineBody = z.infer<typeof removeLineBodySchema>;

/** POST /s/api/admin/orders/:id/lines/:lineId/substitute: units of a line replaced by another pack. */
export const substituteLineBodySchema = z
  .object({
    quantity: z.number().int().min(1, 'At least 1').max(1_000_000),
    pack_id: idSchema,
    substitute_quantity: z.number().int().min(1, 'At least 1').max(100),
    reason: z.enum(ADJUST_REASONS).default('unavailable'),
    key: changeKey,
  })
  .strict();
export type SubstituteLineBody = z.infer<typeof substituteLineBodySchema>;
