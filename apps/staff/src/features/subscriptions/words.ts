/**
 * What a pack name says of its size: "500 ml", "1 L", "1.5 litres", "400 g", "1 kg", "6 x 200 ml".
 * `thousandths` is the size in thousandths of the base unit (ml or g), a whole number, so totals
 * are exact; `shown` the size as the sheet writes it ("500 ml", "1 L", "6 × 200 ml").
 */
export interface PackSize {
  base: 'ml' | 'g';
  thousandths: number;
  shown: string;
}

const UNITS: Record<string, { base: 'ml' | 'g'; factor: number; short: string }> = {
  ml: { base: 'ml', factor: 1, short: 'ml' },
  l: { base: 'ml', factor: 1000, short: 'L' },
  ltr: { base: 'ml', factor: 1000, short: 'L' },
  ltrs: { base: 'ml', factor: 1000, short: 'L' },
  litre: { base: 'ml', factor: 1000, short: 'L' },
  litres: { base: 'ml', factor: 1000, short: 'L' },
  liter: { base: 'ml', factor: 1000, short: 'L' },
  liters: { base: 'ml', factor: 1000, short: 'L' },
  g: { base: 'g', factor: 1, short: 'g' },
  gm: { base: 'g', factor: 1, short: 'g' },
  gms: { base: 'g', factor: 1, short: 'g' },
  gram: { base: 'g', factor: 1, short: 'g' },
  grams: { base: 'g', factor: 1, short: 'g' },
  kg: { base: 'g', factor: 1000, short: 'kg' },
  kgs: { base: 'g', factor: 1000, short: 'kg' },
};
// an optional "6 x" multipack, a number, a unit word ending there ("1 L", "500ml", "6 × 200 ml")
const SIZE =
  /(?:^|[^\d.])(?:(\d{1,3})\s*[x×]\s*)?(\d{1,6}(?:\.\d{1,3})?)\s*(ml|ltrs?|litres?|liters?|l|kgs?|kg|grams?|gms?|gm|g)(?![a-z])/i;

const number = (n: number) => n.toLocaleString('en-IN', { maximumFractionDigits: 3 });

/** The size a pack's name states, or null when it names no volume or weight ("1 pc", "Pack of 6"). */
export function packSize(packName: string): PackSize | null {
  const m = SIZE.exec(packName);
  if (!m) return null;
  const unit = UNITS[m[3]!.toLowerCase()]!;
  const each = Math.round(Number(m[2]) * unit.factor * 1000);
  const times = m[1] ? Number(m[1]) : 1;
  if (each <= 0 || times <= 0) return null;
  const size = `${number(Number(m[2]))} ${unit.short}`;
  return { base: unit.base, thousandths: each * times, shown: times > 1 ? `${times} × ${size}` : size };
}

/** An amount in thousandths of ml or g, in the largest unit that keeps it 1 or more: "21 litres", "750 ml", "1.2 kg". */
export function amountInWords(base: 'ml' | 'g', thousandths: number): string {
  const small = thousandths / 1000;
  if (small < 1000) return `${number(small)} ${base}`;
  const big = thousandths / 1_000_000;
  if (base === 'g') return `${number(big)} kg`;
  return `${number(big)} ${big === 1 ? 'litre' : 'litres'}`;
}

/**
 * A pack's units due, in words for the dairy order: "42 × 500 ml = 21 litres" when its name states a
 * volume or weight, else "42 units".
 */
export function quantityInWords(units: number, packName: string): string {
  const size = packSize(packName);
  if (!size) return `${number(units)} ${units === 1 ? 'unit' : 'units'}`;
  return `${number(units)} × ${size.shown} = ${amountInWords(size.base, units * size.thousandths)}`;
}

/** A day's whole demand in words, by kind: "21 litres · 3.2 kg · 12 units" (the parts there are). */
export function totalInWords(lines: Array<{ units: number; pack_name: string }>): string {
  let ml = 0;
  let g = 0;
  let units = 0;
  for (const l of lines) {
    const size = packSize(l.pack_name);
    if (!size) units += l.units;
    else if (size.base === 'ml') ml += l.units * size.thousandths;
    else g += l.units * size.thousandths;
  }
  const parts = [
    ml ? amountInWords('ml', ml) : '',
    g ? amountInWords('g', g) : '',
    units ? `${number(units)} ${units === 1 ? 'unit' : 'units'}` : '',
  ];
  return parts.filter(Boolean).join(' · ');
}
