import type { RefundSummary } from '@grocer/shared/order';
import { toRupees } from '@grocer/shared/money';
import type { BalanceRow } from './balances';
import type { PaymentRow } from './records';

/** The refund summary in paise (`RefundSummary` is its shape in ₹ at the API). */
export type RefundSummaryPaise = { [K in keyof RefundSummary]-?: number };

const RECEIVED = new Set<PaymentRow['status']>(['paid', 'refund_pending', 'refunded', 'collected', 'handed_over']);
const clamp = (n: number, max: number) => Math.max(0, Math.min(n, max));

/**
 * An order's money in and out, in paise: THE one computation behind the staff's Payment card and
 * cancel dialog, the shopper's order page and the invoice (issue 40).
 *
 * - paid: what the shop received. A prepaid payment once paid (and after, while refunding); cash
 *   on delivery the cash collected (else nothing: to collect, or not collected); a counter sale.
 * - refunded_lines: partial refunds already given back (`payments.refunded`: lines removed or
 *   substituted that the provider took, counter returns), less `refunded_other`.
 * - refunded_other: refunds of an amount the staff chose, lines unchanged (goodwill, the delivery
 *   fee: `orders/refunds.ts`) that the provider took; the caller passes their sum (`other`, paise),
 *   part of `payments.refunded`.
 * - refunded_on_cancel: the rest given back when the order was cancelled (or wholly returned at
 *   the counter): `amount − refunded − refund_pending` once the payment is refunded.
 * - refund_pending: partial refunds not yet taken, and the cancel's refund while the provider has
 *   not finished it.
 * - net: paid − refunded; refundable: what cancelling now refunds (paid − refunded − pending).
 *
 * - balances (issue 40 §12): a staff edit's difference paid by link counts in paid once paid, in
 *   refunded_on_cancel and refund_pending when given back (the order cancelled); one still to pay
 *   is `balance_due`, never in paid, so a refund never exceeds what was paid.
 *
 * - wallet (issue 44): a split order's wallet part counts in paid from checkout, and in
 *   refunded_on_cancel once given back to the wallet (at once: never pending). `refundable` stays
 *   the gateway's: what a refund of an amount may take, and what cancelling sends back through it.
 *
 * The row's guards (`recordPartialRefund`: refunded + pending ≤ amount) keep these consistent; the
 * clamps keep the answer sane on any row (never negative, refunded never above paid).
 */
export function refundSummary(
  p: PaymentRow | null,
  other = 0,
  balances: BalanceRow[] = [],
  wallet: { paid: number; returned: number } = { paid: 0, returned: 0 },
): RefundSummaryPaise {
  const sum = (...s: BalanceRow['status'][]) => balances.filter((b) => s.includes(b.status)).reduce((n, b) => n + b.amount, 0);
  const balance = {
    paid: sum('paid', 'refund_pending', 'refunded'),
    refunded: sum('refunded'),
    pending: sum('refund_pending'),
    refundable: sum('paid'),
    due: sum('pending'),
  };
  const main = mainSummary(p, other);
  const returned = clamp(wallet.returned, wallet.paid);
  return {
    paid: main.paid + balance.paid + wallet.paid,
    refunded_lines: main.refunded_lines,
    refunded_on_cancel: main.refunded_on_cancel + balance.refunded + returned,
    refunded_other: main.refunded_other,
    refunded: main.refunded + balance.refunded + returned,
    refund_pending: main.refund_pending + balance.pending,
    net: main.net + balance.paid - balance.refunded + wallet.paid - returned,
    // what cancelling refunds through the gateway (the staff's refund and cancel dialogs); the wallet part goes back on its own
    refundable: main.refundable + balance.refundable,
    balance_due: balance.due,
  };
}

function mainSummary(p: PaymentRow | null, other: number): Omit<RefundSummaryPaise, 'balance_due'> {
  if (!p || !RECEIVED.has(p.status))
    return { paid: 0, refunded_lines: 0, refunded_on_cancel: 0, refunded_other: 0, refunded: 0, refund_pending: 0, net: 0, refundable: 0 };
  const cash = p.status === 'collected' || p.status === 'handed_over';
  const paid = Math.max(0, cash ? (p.collected ?? p.amount) : p.amount);
  const refundedParts = clamp(p.refunded, paid);
  const refundedOther = clamp(other, refundedParts);
  const refundedLines = refundedParts - refundedOther;
  const pendingLines = clamp(p.refundPending, paid - refundedParts);
  const rest = paid - refundedParts - pendingLines;
  const onCancel = p.status === 'refunded' ? rest : 0;
  const cancelPending = p.status === 'refund_pending' ? rest : 0;
  const refunded = refundedParts + onCancel;
  return {
    paid,
    refunded_lines: refundedLines,
    refunded_on_cancel: onCancel,
    refunded_other: refundedOther,
    refunded,
    refund_pending: pendingLines + cancelPending,
    net: paid - refunded,
    refundable: p.status === 'paid' && p.provider !== 'cod' ? rest : 0,
  };
}

/** The summary in ₹, as the API answers it. */
export const refundSummaryRupees = (s: RefundSummaryPaise): RefundSummary => ({
  paid: toRupees(s.paid),
  refunded_lines: toRupees(s.refunded_lines),
  refunded_on_cancel: toRupees(s.refunded_on_cancel),
  refunded_other: toRupees(s.refunded_other),
  refunded: toRupees(s.refunded),
  refund_pending: toRupees(s.refund_pending),
  net: toRupees(s.net),
  refundable: toRupees(s.refundable),
  balance_due: toRupees(s.balance_due),
});
