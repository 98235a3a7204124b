import { toPaise, toRupees } from '@grocer/shared/money';
import { returnLinePaise, returnRefund, type RefundTender, type ReturnReason, type SaleDetail } from '@grocer/shared/pos';

/**
 * A return at the till, worked out from what the cashier typed (`back`: units or grams per sold
 * line, as typed): the lines coming back, their value (each line's paid amount pro rata), the
 * items counted for the words (a weighed line is one item) and the refund by the chosen tender,
 * cash in whole rupees (`splitRefund`).
 */
export function returnPlan(sale: SaleDetail | null, back: Record<number, string>, tender: RefundTender) {
  const lines = sale
    ? Object.entries(back)
        .map(([id, q]) => ({ line_id: Number(id), quantity: Math.round(Number(q)) }))
        .filter((l) => l.quantity > 0)
    : [];
  const soldLine = (id: number) => sale!.lines.find((l) => l.line_id === id)!;
  const totalPaise = lines.reduce((n, l) => {
    const s = soldLine(l.line_id);
    return n + returnLinePaise(toPaise(s.amount), l.quantity, s.quantity);
  }, 0);
  const items = lines.reduce((n, l) => n + (soldLine(l.line_id).sold_by_weight ? 1 : l.quantity), 0);
  const p = sale?.payment;
  const split = returnRefund(totalPaise, tender, {
    cash: toPaise(p?.cash ?? 0),
    upi: toPaise(p?.upi ?? 0),
    card: toPaise(p?.card ?? 0),
    khata: toPaise(p?.khata ?? 0),
    khataReturned: toPaise(p?.khata_returned ?? 0),
  });
  const refund = { cash: toRupees(split.cash), upi: toRupees(split.upi), card: toRupees(split.card), khata: toRupees(split.khata) };
  /** What stops the return before its confirm step, in the cashier's words (null: nothing). */
  const problem = (reason: ReturnReason | '', note: string): string | null => {
    if (!lines.length) return 'Enter what is coming back';
    const over = lines.find((l) => l.quantity > soldLine(l.line_id).quantity - soldLine(l.line_id).returned);
    if (over) return `More of ${soldLine(over.line_id).label} than was sold and not yet returned`;
    if (!reason) return 'Choose why the goods are coming back';
    if (reason === 'other' && !note.trim()) return 'Say why the goods are coming back';
    return null;
  };
  return { lines, totalPaise, items, split, refund, problem };
}
