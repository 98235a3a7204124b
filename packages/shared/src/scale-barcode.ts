import { ean13 } from './pos';

/**
 * Scale labels: the EAN-13 a label-printing scale prints on a bag of loose goods (GS1's
 * restricted-circulation prefix 2, for use inside one shop). The layout we read, the common one
 * on Indian and European counter scales:
 *
 *   2 P  L L L L L  V V V V V  C
 *   │ │  └─ PLU ─┘  └ value ┘  └ EAN-13 check digit (verified)
 *   │ └ 0–4: the value is the weight in grams (up to 99.999 kg)
 *   │   5–9: the value is the price in paise (up to ₹999.99)
 *   └ 2: restricted circulation (prefixes 20–29)
 *
 * The PLU is the 5-digit item code the owner keys into the scale and gives the pack (`packs.plu`).
 * A price label is turned back into grams at the pack's price per kg by `scaleGrams`; the server
 * prices every weighed line from its grams itself.
 */
export type ScaleLabel = { plu: string; kind: 'weight'; grams: number } | { plu: string; kind: 'price'; paise: number };

export const PLU_PATTERN = /^\d{5}$/;

/** A scale label read from a scanned code, or null (not 13 digits, not prefix 2, bad check digit, zero value). */
export function parseScaleBarcode(code: string): ScaleLabel | null {
  const s = code.trim();
  if (!/^2\d{12}$/.test(s) || ean13(s.slice(0, 12)) !== s) return null;
  const plu = s.slice(2, 7);
  const value = Number(s.slice(7, 12));
  if (value === 0) return null;
  return Number(s[1]) <= 4 ? { plu, kind: 'weight', grams: value } : { plu, kind: 'price', paise: value };
}

/** The label a scale prints (prefix 20 for weight, 25 for price, or the one given), check digit added. */
export function encodeScaleBarcode(label: ScaleLabel, prefixDigit?: number): string {
  const value = label.kind === 'weight' ? label.grams : label.paise;
  if (!PLU_PATTERN.test(label.plu) || !Number.isInteger(value) || value < 1 || value > 99_999)
    throw new RangeError('Not a printable scale label');
  const p = prefixDigit ?? (label.kind === 'weight' ? 0 : 5);
  if ((label.kind === 'weight') !== p <= 4) throw new RangeError('Prefix does not match the label kind');
  return ean13(`2${p}${label.plu}${String(value).padStart(5, '0')}`);
}

/**
 * The grams a label stands for at a price per kg (paise): its weight, or for a price label the
 * weight that price buys, to the gram (at least 1 g).
 */
export function scaleGrams(label: ScaleLabel, pricePerKgPaise: number): number {
  if (label.kind === 'weight') return label.grams;
  return Math.max(1, Math.round((label.paise * 1000) / pricePerKgPaise));
}

/**
 * A weight keyed at the till, read as grams: "0.735" or "0.735 kg" in kg, "735 g" in grams, a
 * bare number in `unit`. Null for anything else, nothing, or under 1 g.
 */
export function keyedGrams(text: string, unit: 'kg' | 'g'): number | null {
  const m = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(kg|g)?\s*$/i.exec(text);
  if (!m) return null;
  const u = (m[2]?.toLowerCase() as 'kg' | 'g' | undefined) ?? unit;
  const grams = Math.round(Number(m[1]) * (u === 'kg' ? 1000 : 1));
  return grams >= 1 && grams <= 100_000 ? grams : null;
}
