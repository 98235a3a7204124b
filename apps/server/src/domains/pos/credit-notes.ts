import { and, eq, gte, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Period } from '../orders/agent-sales';
import { posReturns } from './tables';

/**
 * The counter's returns made in a period, line by line: each is a credit note against its sale's
 * tax invoice (the sale itself stays as invoiced). `amount` is what was refunded for the line, in
 * paise, GST included (the line's paid amount after the bill discount, pro rata to the units).
 */
export async function returnedLinesIn(
  db: DbOrTx,
  websiteId: number,
  p: Period,
): Promise<{ returns: number; lines: Array<{ lineId: number; quantity: number; amount: number }> }> {
  const rows = await db
    .select({ lines: posReturns.lines })
    .from(posReturns)
    .where(and(eq(posReturns.websiteId, websiteId), gte(posReturns.createdAt, p.start), lt(posReturns.createdAt, p.end)));
  return {
    returns: rows.length,
    lines: rows.flatMap((r) => r.lines.map((l) => ({ lineId: l.line_id, quantity: l.quantity, amount: l.amount }))),
  };
}
