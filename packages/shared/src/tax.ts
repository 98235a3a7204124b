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
  return splits.reduce((a, s) => ({ taxable: a.taxable + s.taxable, cgst: a.cgst + s.cgst, sgst: a.sgst + s.sgst, igst: a.igst + s.igst, gst: a.gst + s.gst }), { taxable: 0, cgst: 0, sgst: 0, igst: 0, gst: 0 });
}
