import { z } from 'zod';
import { formatINR } from './money';

/**
 * A balance (issue 40 §12): the difference a staff edit added to a paid prepaid order, a second
 * payment the customer makes by a payment link through the order's provider. pending: the link is
 * open; paid; void: closed unpaid (the order cancelled, or a later edit changed the amount: a new
 * balance replaces it); refund_pending, refunded: paid and given back (the order cancelled).
 */
export const ORDER_BALANCE_STATUSES = ['pending', 'paid', 'void', 'refund_pending', 'refunded'] as const;
export type OrderBalanceStatus = (typeof ORDER_BALANCE_STATUSES)[number];

export const ORDER_BALANCE_STATUS_LABELS: Record<OrderBalanceStatus, string> = {
  pending: 'Balance due',
  paid: 'Balance paid',
  void: 'Link void',
  refund_pending: 'Balance refund pending',
  refunded: 'Balance refunded',
};

/** One balance on the staff's order screen: ₹ amounts; `link` only while it can be paid. */
export const orderBalanceSchema = z.object({
  id: z.number().int(),
  status: z.enum(ORDER_BALANCE_STATUSES),
  amount: z.number(),
  provider: z.enum(['razorpay', 'cashfree']),
  /** the page the customer opens to pay it (the shop's own pay page for the order), while pending */
  link: z.string().nullable(),
  provider_order_id: z.string().nullable(),
  provider_payment_id: z.string().nullable(),
  at: z.string(),
});
export type OrderBalance = z.infer<typeof orderBalanceSchema>;

/** POST /s/api/admin/orders/:id/balance/send: the link sent to the customer by email and SMS. */
export const balanceSentSchema = z.object({ sent_to: z.array(z.string()) });
export type BalanceSent = z.infer<typeof balanceSentSchema>;

/** "Balance due ₹40" (the staff's order screen) */
export const balanceDueText = (amount: number) => `Balance due ${formatINR(amount)}`;

/** A lower total taken off a balance still unpaid, the rest refunded: "₹40 off the balance due, ₹10 refunded to the customer's payment". */
export function balanceLoweredText(offBalance: number, refunded: number): string {
  const off = `${formatINR(offBalance)} off the balance due`;
  return refunded > 0 ? `${off}, ${formatINR(refunded)} refunded to the customer's payment` : off;
}
