import type { AdminOrder } from '@grocer/shared/admin-orders';
import { PAYMENT_PROVIDER_NAMES, PAY_VIA, PAY_VIA_LABELS } from '@grocer/shared/labels';
import { formatINR, toRupees } from '@grocer/shared/money';
import type { OrderStatus, PaymentProvider } from '@grocer/shared/order';

/**
 * The staff's timeline of an order (issue 40 §12), from its history rows and the staff's notes.
 *
 * A history row is written with the order's status at the time, also when nothing moved (a line
 * removed, a substitution, a refund, a late payment): such a row is a `change`, not the status
 * entered again, so a substitution on a placed order never shows a second "Placed". A row is a
 * `status` entry when it is the first or its status differs from the row before (the lifecycle
 * has no move from a status to itself), which holds for every row ever written, old ones too.
 *
 * The rows' notes were written for the shopper ("refunded to your Razorpay payment"): here they
 * are said as the staff say it, and the payment that placed the order says what was paid, how
 * and through whom ("Paid ₹88 by UPI (Razorpay)"); a gateway is named as people write it.
 */
export interface HistoryRow {
  status: OrderStatus;
  actor: string;
  note: string | null;
  createdAt: Date;
}
export interface NoteRow {
  text: string;
  createdAt: Date;
  author: string;
}
export interface PaidWith {
  provider: PaymentProvider;
  amount: number;
  via: string | null;
}
type Entry = AdminOrder['timeline'][number];

const ONLINE: readonly string[] = ['razorpay', 'cashfree'];

/** A note written for the shopper, in the staff's words. */
export function staffWording(note: string): string {
  return note
    .replace(/\byour (Razorpay|Cashfree) payment\b/g, "the customer's $1 payment")
    .replace(/\bat your request\b/g, "at the customer's request")
    .replace(/\bYou pay (₹[\d,.]+) (more|less)\b/g, 'The customer pays $1 $2')
    .replace(/\byour order\b/gi, 'the order');
}

/** "Paid ₹88 by UPI (Razorpay)": what placed a prepaid order. */
export function paidNote(p: PaidWith): string {
  const via = PAY_VIA.find((v) => v === p.via);
  return `Paid ${formatINR(toRupees(p.amount))} ${via ? `by ${PAY_VIA_LABELS[via].name}` : 'online'} (${PAYMENT_PROVIDER_NAMES[p.provider]})`;
}

export function staffTimeline(
  history: HistoryRow[],
  notes: NoteRow[],
  ctx: { who: (actor: string) => string; paid: PaidWith | null },
): Entry[] {
  const entries: Entry[] = [];
  const waiting = [...notes].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  let previous: OrderStatus | null = null;
  // the history keeps its own order (ids); each note goes in before the first row written after it
  const flush = (until: number | null) => {
    while (waiting.length && (until === null || waiting[0]!.createdAt.getTime() < until)) {
      const n = waiting.shift()!;
      entries.push({
        kind: 'note',
        status: previous ?? history[0]?.status ?? 'placed',
        at: n.createdAt.toISOString(),
        by: n.author,
        note: n.text,
      });
    }
  };
  for (const e of history) {
    flush(e.createdAt.getTime());
    const kind = previous === e.status ? 'change' : 'status';
    previous = e.status;
    const paid = kind === 'status' && e.status === 'placed' && ONLINE.includes(e.actor) && ctx.paid?.provider === e.actor;
    entries.push({
      kind,
      status: e.status,
      at: e.createdAt.toISOString(),
      by: ONLINE.includes(e.actor) ? PAYMENT_PROVIDER_NAMES[e.actor as PaymentProvider] : ctx.who(e.actor),
      note: paid ? paidNote(ctx.paid!) : e.note && staffWording(e.note),
    });
  }
  flush(null);
  return entries;
}
