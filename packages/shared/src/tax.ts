/**
 * GST on prices that include it (DESIGN §7). Rates are in basis points (500 = 5 %). Amounts in
 * integer paise. Within the shop's state the tax splits into CGST and SGST halves (SGST takes the
 * odd paisa); to another state it is IGST.
 */
export interface TaxSplit {
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  /** cgst + sgst + igst */
  gst: number;
}

/** The GST inside an amount that includes it, rounded to the paisa. */
export function gstIncluded(amountPaise: number, rateBp: number): number {
  if (rateBp <= 0) return 0;
  return Math.round((amountPaise * rateBp) / (10_000 + rateBp));
}

export function splitGst(amountPaise: number, rateBp: number, intraState: boolean): TaxSplit {
  const gst = gstIncluded(amountPaise, rateBp);
  const cgst = intraState ? Math.floor(gst / 2) : 0;
  const sgst = intraState ? gst - cgst : 0;
  return { taxable: amountPaise - gst, cgst, sgst, igst: intraState ? 0 : gst, gst };
}

/** Sums of several lines' splits. */
export function sumSplits(splits: TaxSplit[]): TaxSplit {
  return splits.reduce(
    (a, s) => ({ taxable: a.taxable + s.taxable, cgst: a.cgst + s.cgst, sgst: a.sgst + s.sgst, igst: a.igst + s.igst, gst: a.gst + s.gst }),
    { taxable: 0, cgst: 0, sgst: 0, igst: 0, gst: 0 },
  );
}

/**
 * An order-level discount (a coupon) spread over the lines in proportion to their amounts, in
 * paise, so that each line's GST is charged on what was actually paid for it (the discount is on
 * the invoice, so it reduces the taxable value). Largest remainders get the odd paise; the shares
 * sum to the discount (capped at the lines' total) and no share exceeds its line.
 */
export function allocateDiscount(amountsPaise: number[], discountPaise: number): number[] {
  const total = amountsPaise.reduce((a, b) => a + b, 0);
  const discount = Math.max(0, Math.min(discountPaise, total));
  if (discount === 0 || total === 0) return amountsPaise.map(() => 0);
  const exact = amountsPaise.map((a) => (a * discount) / total);
  const shares = exact.map(Math.floor);
  let left = discount - shares.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of byRemainder) {
    if (left === 0) break;
    if (shares[i]! < amountsPaise[i]!) {
      shares[i]! += 1;
      left -= 1;
    }
  }
  return shares;
}
