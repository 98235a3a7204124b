import { formatINR, toPaise, toRupees } from '@grocer/shared/money';
import { changeDue } from '@grocer/shared/pos';

/** The payment panel's fields as typed (rupees; `tendered` '' = exactly the cash part). */
export interface PaymentFields {
  cash: string;
  tendered: string;
  upi: string;
  card: string;
  cardRef: string;
  upiReceived: boolean;
  /** ₹ put on the customer's khata (issue 44 §2); absent: the till offers no khata */
  khata?: string;
}

/** The chosen customer's khata as the till knows it: the credit its limit still allows, and whether the till is online. */
export interface KhataAtTill {
  availablePaise: number;
  online: boolean;
}

/**
 * Taking the money at the till: the parts in paise (an unreadable field counts as 0), the cash
 * tendered, the change due (null when too little was tendered) and what stops the sale, in the
 * words the cashier sees: the parts must add up to the bill, and each tender has its own check.
 */
export function tenderPayment(totalPaise: number, f: PaymentFields, vpa: string, khata?: KhataAtTill | null) {
  const parts = { cash: toPaise(Number(f.cash) || 0), upi: toPaise(Number(f.upi) || 0), card: toPaise(Number(f.card) || 0) };
  const khataPaise = toPaise(Number(f.khata) || 0);
  const tenderedPaise = f.tendered === '' ? parts.cash : toPaise(Number(f.tendered) || 0);
  const change = changeDue(parts.cash, tenderedPaise);
  const paid = parts.cash + parts.upi + parts.card + khataPaise;
  const problems = [
    paid !== totalPaise && `Payments add up to ${formatINR(toRupees(paid))}, the bill is ${formatINR(toRupees(totalPaise))}`,
    change === null && 'Cash tendered is less than the cash part',
    parts.card > 0 && !f.cardRef.trim() && 'Enter the card terminal’s reference',
    parts.upi > 0 && !f.upiReceived && 'Tick “UPI received” once the payment shows on the shop’s phone',
    parts.upi > 0 && !vpa && 'Set the shop’s UPI ID in POS settings',
    khataPaise > 0 && !khata && 'This customer has no open khata',
    khataPaise > 0 && khata && !khata.online && 'Khata needs the network: the limit is checked by the shop',
    khataPaise > 0 &&
      khata &&
      khataPaise > khata.availablePaise &&
      `Over the khata limit: ${formatINR(toRupees(khata.availablePaise))} of credit is left`,
  ].filter(Boolean) as string[];
  return { parts, khataPaise, tenderedPaise, change, problems };
}
