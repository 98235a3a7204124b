import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountInWords, packSize, quantityInWords, totalInWords } from './words';

// The dairy order's quantity in words: "42 × 500 ml = 21 litres" when the pack names a volume or
// weight, else units.

/** The total a sentence states, back in ml or g (undoing "21 litres", "1,500 ml", "1.2 kg"). */
function totalOf(words: string): { amount: number; base: 'ml' | 'g' } {
  const m = /= ([\d,.]+) (ml|litres?|g|kg)$/.exec(words);
  if (!m) throw new Error(`no total in ${words}`);
  const n = Number(m[1]!.replace(/,/g, ''));
  const unit = m[2]!;
  return unit === 'ml'
    ? { amount: n, base: 'ml' }
    : unit === 'g'
      ? { amount: n, base: 'g' }
      : unit === 'kg'
        ? { amount: n * 1000, base: 'g' }
        : { amount: n * 1000, base: 'ml' };
}

describe('quantityInWords', () => {
  it('says the examples as the owner reads them', () => {
    expect(quantityInWords(42, '500 ml')).toBe('42 × 500 ml = 21 litres');
    expect(quantityInWords(2, '500 ml')).toBe('2 × 500 ml = 1 litre');
    expect(quantityInWords(3, '500 ml')).toBe('3 × 500 ml = 1.5 litres');
    expect(quantityInWords(1, '500 ml')).toBe('1 × 500 ml = 500 ml');
    expect(quantityInWords(3, '1 L')).toBe('3 × 1 L = 3 litres');
    expect(quantityInWords(3, '400 g')).toBe('3 × 400 g = 1.2 kg');
    expect(quantityInWords(2, '200 g')).toBe('2 × 200 g = 400 g');
    expect(quantityInWords(4, '1kg')).toBe('4 × 1 kg = 4 kg');
    expect(quantityInWords(5, '500 ml milk')).toBe('5 × 500 ml = 2.5 litres');
    expect(quantityInWords(2, '6 x 200 ml')).toBe('2 × 6 × 200 ml = 2.4 litres');
    expect(quantityInWords(400, '500 ml')).toBe('400 × 500 ml = 200 litres');
    expect(quantityInWords(4000, '500 ml')).toBe('4,000 × 500 ml = 2,000 litres');
  });

  it('counts units when the pack names no volume or weight', () => {
    expect(quantityInWords(42, '1 pc')).toBe('42 units');
    expect(quantityInWords(1, 'Pack of 6')).toBe('1 unit');
    expect(quantityInWords(7, 'Large')).toBe('7 units');
    expect(quantityInWords(3, '2 lemons')).toBe('3 units');
    expect(quantityInWords(3, '12 glasses')).toBe('3 units');
  });

  it('the stated total is units × the pack size, exactly, in ml and litres (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 5_000 }), (units, ml) => {
        const words = quantityInWords(units, `${ml} ml`);
        expect(words.startsWith(`${units.toLocaleString('en-IN')} × ${ml.toLocaleString('en-IN')} ml = `)).toBe(true);
        const total = totalOf(words);
        expect(total.base).toBe('ml');
        expect(Math.round(total.amount)).toBe(units * ml);
        // litres only from a litre up, ml below
        expect(words.endsWith(' ml')).toBe(units * ml < 1000);
      }),
    );
  });

  it('the same quantity written in kg or g, L or ml, comes to the same total (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 20 }), fc.boolean(), (units, whole, weight) => {
        const [big, small] = weight ? ['kg', 'g'] : ['L', 'ml'];
        const a = quantityInWords(units, `${whole} ${big}`);
        const b = quantityInWords(units, `${whole * 1000} ${small}`);
        expect(a.split(' = ')[1]).toBe(b.split(' = ')[1]);
        expect(totalOf(a).amount).toBe(units * whole * 1000);
      }),
    );
  });

  it('names without a unit word are always units (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000 }), fc.stringMatching(/^[A-Za-z ]{0,20}$/), (units, name) => {
        expect(quantityInWords(units, name)).toBe(`${units.toLocaleString('en-IN')} ${units === 1 ? 'unit' : 'units'}`);
      }),
    );
  });

  it('reads decimals and unit spellings', () => {
    expect(packSize('1.5 Litres')).toEqual({ base: 'ml', thousandths: 1_500_000, shown: '1.5 L' });
    expect(packSize('250gm')).toEqual({ base: 'g', thousandths: 250_000, shown: '250 g' });
    expect(packSize('Pack of 3')).toBeNull();
    expect(amountInWords('g', 999_000)).toBe('999 g');
    expect(amountInWords('ml', 1_000_000)).toBe('1 litre');
  });
});

describe('totalInWords', () => {
  it('adds a day’s packs by kind', () => {
    expect(
      totalInWords([
        { units: 42, pack_name: '500 ml' },
        { units: 3, pack_name: '1 L' },
        { units: 3, pack_name: '400 g' },
        { units: 12, pack_name: 'Pack of 6' },
      ]),
    ).toBe('24 litres · 1.2 kg · 12 units');
    expect(totalInWords([{ units: 1, pack_name: '1 pc' }])).toBe('1 unit');
    expect(totalInWords([])).toBe('');
  });
});
