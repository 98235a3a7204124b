import { PAY_VIA, PAY_VIA_LABELS, type PayVia } from '@grocer/shared/labels';
import type { PaymentMethod } from '@grocer/shared/cart';

export interface PaymentChoice {
  key: string;
  code: PaymentMethod['code'];
  via: PayVia | null;
  name: string;
  hint?: string;
}

/**
 * The payment step's choices, UPI first: the shop's first gateway split into what shoppers pick
 * (UPI, card, netbanking, wallets), cash on delivery last. Named as methods, never as gateways: a
 * second gateway takes the same methods, so it is not a choice of its own here (issue 39); it is
 * where a failed payment may be tried again (`PayAnotherWay`). An agent sends a payment link
 * instead: one online choice.
 */
export function paymentChoices(methods: PaymentMethod[], link: boolean): PaymentChoice[] {
  const [first] = methods.filter((m) => m.code !== 'cod');
  const cod = methods.filter((m) => m.code === 'cod');
  const plain = (m: PaymentMethod): PaymentChoice => ({ key: m.code, code: m.code, via: null, name: m.name });
  if (!first) return cod.map(plain);
  if (link) return [first, ...cod].map(plain);
  return [...PAY_VIA.map((via) => ({ key: `${first.code}:${via}`, code: first.code, via, ...PAY_VIA_LABELS[via] })), ...cod.map(plain)];
}
