import type { PaymentProvider, PaymentStatus } from './order';

/**
 * Names people read, in one place (no zod: the cart drawer shows them on the first load).
 */

/** A count with its noun, singular for one: `counted(1, 'item')` is '1 item', `counted(3, 'item')` '3 items'. */
export const counted = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A product's pack as one label (spec §2 cart item "name - pack"), in carts, orders, invoices and errors. */
export const packLabel = (name: string, pack: string) => `${name} - ${pack}`;

/** Each payment provider's name, as the order page, the invoice and the order's history show it. */
export const PAYMENT_PROVIDER_NAMES: Record<PaymentProvider, string> = {
  cod: 'Cash on Delivery',
  razorpay: 'Razorpay',
  cashfree: 'Cashfree',
  pos: 'Paid at the counter',
  wallet: 'Wallet',
  khata: 'On khata',
};

/** A payment's status as the shop's staff read it (order list, order screen, COD report). */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  cod: 'To collect on delivery',
  refund_pending: 'Refund pending',
  refunded: 'Refunded',
  collected: 'Cash collected',
  handed_over: 'Cash handed over',
  not_collected: 'Not collected',
};

/** A payment's status as the shopper reads it (their order page and the invoice): the till's hand-over is the shop's business. */
export const SHOPPER_PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  failed: 'Failed',
  cod: 'Pay on delivery',
  refund_pending: 'Refund started',
  refunded: 'Refunded',
  collected: 'Paid in cash',
  handed_over: 'Paid in cash',
  not_collected: 'Not charged',
};

/**
 * The cart's payment choice, named by what the shopper picks (UPI, cards, netbanking, wallets, cash),
 * never by the gateway that takes it (issue 39): checkout offers the first gateway's, and the
 * second is where a failed payment may be tried again.
 */
export const paymentMethodLabel = (p: PaymentProvider) =>
  p === 'cod' || p === 'pos' ? paymentMethodName(p) : 'UPI, cards, netbanking & wallets';

/**
 * UPI first (issue 19): how a shopper chooses to pay online, in the order Indian shoppers reach
 * for them. Each goes through the shop's first gateway; Razorpay opens on the chosen method
 * (`prefill.method`), Cashfree's page offers all of them.
 */
export const PAY_VIA = ['upi', 'card', 'netbanking', 'wallet'] as const;
export type PayVia = (typeof PAY_VIA)[number];
export const PAY_VIA_LABELS: Record<PayVia, { name: string; hint: string }> = {
  upi: { name: 'UPI', hint: 'Google Pay, PhonePe, Paytm, BHIM or any UPI app' },
  card: { name: 'Credit or debit card', hint: 'Visa, Mastercard, RuPay' },
  netbanking: { name: 'Netbanking', hint: 'All major banks' },
  wallet: { name: 'Wallets', hint: 'Paytm, PhonePe, Amazon Pay and more' },
};

/**
 * How an order is paid, as the shopper reads it (their order page, the invoice): the method, never
 * the gateway or a code (issue 39). `via` is the online method chosen (UPI, card…), when known.
 */
export function paymentMethodName(provider: PaymentProvider, via?: string | null): string {
  if (provider === 'cod') return 'Cash on delivery';
  if (provider === 'pos') return PAYMENT_PROVIDER_NAMES.pos;
  if (provider === 'wallet') return 'Wallet balance';
  if (provider === 'khata') return 'On khata';
  const chosen = PAY_VIA.find((v) => v === via);
  return chosen ? PAY_VIA_LABELS[chosen].name : 'Online payment';
}
