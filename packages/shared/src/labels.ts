import type { PaymentProvider } from './order';

/**
 * Names people read, in one place (no zod: the cart drawer shows them on the first load).
 */

/** A product's pack as one label (spec §2 cart item "name - pack"), in carts, orders, invoices and errors. */
export const packLabel = (name: string, pack: string) => `${name} - ${pack}`;

/** Each payment provider's name, as the order page, the invoice and the order's history show it. */
export const PAYMENT_PROVIDER_NAMES: Record<PaymentProvider, string> = {
  cod: 'Cash on Delivery',
  razorpay: 'Razorpay',
  cashfree: 'Cashfree',
  pos: 'Paid at the counter',
};

/**
 * The cart's payment choice, named by what the shopper picks (UPI, cards, netbanking, wallets, cash),
 * with the gateway that takes it in brackets so two gateways stay told apart.
 */
export const paymentMethodLabel = (p: PaymentProvider) =>
  p === 'cod' ? PAYMENT_PROVIDER_NAMES.cod : `UPI, cards, netbanking & wallets (${PAYMENT_PROVIDER_NAMES[p]})`;
