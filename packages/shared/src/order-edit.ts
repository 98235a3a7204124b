import { z } from 'zod';
import { daySchema } from './days';
import { idSchema } from './ids';
import { formatINR } from './money';
import { balanceLoweredText } from './order-balance';
import type { OrderStatus, PaymentProvider } from './order';

/**
 * The shopper changes an order after placing it (issue 39 §14): quantities, lines removed, packs
 * added, the delivery slot. Only before the shop packs it: once packed, the goods in the bag are
 * what was ordered. An order awaiting its online payment is not changed either (its payment is for
 * the amount asked).
 */
export const EDITABLE_STATUSES: readonly OrderStatus[] = ['placed', 'confirmed'];
export const isEditable = (o: { status: OrderStatus; payment_method: PaymentProvider }) =>
  EDITABLE_STATUSES.includes(o.status) && o.payment_method !== 'pos';

/** units (at most 99), or grams of a loose good (issue 40.5: kept as ordered or 0) */
const editLineSchema = z.object({ pack_id: idSchema, quantity: z.number().int().min(0).max(100_000) });

/**
 * POST /s/api/orders/{id}/edit/quote: the order as it would be. `lines` is the whole order wanted,
 * one entry per pack (quantity 0, or left out: the line goes); `slot` absent keeps the slot.
 */
export const orderEditBodySchema = z.object({
  lines: z
    .array(editLineSchema)
    .min(1)
    .max(100)
    .refine((ls) => new Set(ls.map((l) => l.pack_id)).size === ls.length, 'Each pack once'),
  slot: z.object({ slot_id: idSchema, date: daySchema }).optional(),
});
export type OrderEditBody = z.infer<typeof orderEditBodySchema>;

/**
 * POST /s/api/orders/{id}/edit: makes the change. `expected_total` is the new total (₹) the
 * shopper saw in the quote; `key`, one per change, makes a retry answer the same change.
 */
export const orderEditConfirmBodySchema = orderEditBodySchema.extend({
  expected_total: z.number().nonnegative(),
  key: z.string().min(8).max(100),
});
export type OrderEditConfirmBody = z.infer<typeof orderEditConfirmBodySchema>;

/** A slot the order may move to (₹ and places left; the order's own slot is offered even when full). */
const editSlotSchema = z.object({
  slot_id: z.number().int(),
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  remaining: z.number().int(),
});

/**
 * The quote: each line as it would be (a line already on the order keeps the price it was
 * ordered at; a pack added costs today's price), the totals by checkout's own pricing (coupon,
 * delivery charge, free delivery from the zone's threshold), and the difference to the total
 * now, in ₹: positive, the shopper pays more (cash on delivery: collected at the door); negative,
 * less (a prepaid order is refunded it).
 */
export const orderEditQuoteSchema = z.object({
  lines: z.array(
    z.object({
      pack_id: z.number().int(),
      product_name: z.string(),
      pack_name: z.string(),
      image: z.string(),
      price: z.number(),
      quantity: z.number().int(),
      /** units on the order now (0: added) */
      was: z.number().int(),
      amount: z.number(),
      /** the most units this line can have (what the order has plus what is in stock) */
      max: z.number().int(),
    }),
  ),
  items_total: z.number(),
  discount: z.number(),
  delivery_charge: z.number(),
  total: z.number(),
  was_total: z.number(),
  difference: z.number(),
  /** ₹ of a balance still unpaid (a staff edit made the paid order dearer): a lower total comes off it first */
  balance_due: z.number(),
  slot: editSlotSchema.nullable(),
  slots: z.array(editSlotSchema),
});
export type OrderEditQuote = z.infer<typeof orderEditQuoteSchema>;

/**
 * Part of a lower total taken off a balance still unpaid (₹, to the paisa): the text saying so,
 * or null when none is (no balance, or the total does not go down).
 */
function offBalanceText(difference: number, balanceDue: number): string | null {
  if (difference >= 0 || balanceDue <= 0) return null;
  const off = Math.min(balanceDue, -difference);
  return balanceLoweredText(off, Math.round((-difference - off) * 100) / 100);
}

/**
 * The shopper's words for an edit's difference in one language (issue 46): English below; the
 * storefront gives its own from its catalogue (t()), so the rule stays in `editDifferenceText`.
 * Amounts come formatted.
 */
export interface EditDifferenceWords {
  noChange: string;
  payMore(amount: string): string;
  payLess(amount: string): string;
  refunded(amount: string): string;
  /** part of a lower total taken off a balance still unpaid, the rest (`refunded`, may be null) refunded */
  offBalance(off: string, refunded: string | null): string;
}

export const ENGLISH_EDIT_DIFFERENCE_WORDS: EditDifferenceWords = {
  noChange: 'No change to the total',
  payMore: (amount) => `You pay ${amount} more`,
  payLess: (amount) => `You pay ${amount} less`,
  refunded: (amount) => `${amount} will be refunded`,
  offBalance: (off, refunded) => `${off} off the balance due${refunded ? `, ${refunded} refunded to the customer's payment` : ''}`,
};

/** What the difference means to the shopper: "You pay ₹24 more", "₹30 will be refunded". */
export function editDifferenceText(
  difference: number,
  paymentMethod: PaymentProvider,
  balanceDue = 0,
  w: EditDifferenceWords = ENGLISH_EDIT_DIFFERENCE_WORDS,
): string {
  if (difference === 0) return w.noChange;
  if (difference < 0 && balanceDue > 0) {
    const off = Math.min(balanceDue, -difference);
    const refunded = Math.round((-difference - off) * 100) / 100;
    return w.offBalance(formatINR(off), refunded > 0 ? formatINR(refunded) : null);
  }
  const amount = formatINR(Math.abs(difference));
  if (difference > 0) return w.payMore(amount);
  return paymentMethod === 'cod' ? w.payLess(amount) : w.refunded(amount);
}

/**
 * The difference in the shop's words (Administration's preview and the timeline): "Collect ₹24 more
 * on delivery", "₹30 refunded to the customer's payment". A prepaid order costing more: the
 * difference becomes a balance the customer pays by a payment link (issue 40 §12).
 */
export function staffEditDifferenceText(difference: number, paymentMethod: PaymentProvider, balanceDue = 0): string {
  if (difference === 0) return 'No change to the total';
  const offBalance = offBalanceText(difference, balanceDue);
  if (offBalance) return offBalance;
  const amount = formatINR(Math.abs(difference));
  if (difference > 0)
    return paymentMethod === 'cod' ? `Collect ${amount} more on delivery` : `The customer pays ${amount} more by a payment link`;
  return paymentMethod === 'cod' ? `Collect ${amount} less on delivery` : `${amount} refunded to the customer's payment`;
}
