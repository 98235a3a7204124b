import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeScaleBarcode, keyedGrams, parseScaleBarcode, scaleGrams, type ScaleLabel } from './scale-barcode';

const plu = fc.integer({ min: 0, max: 99_999 }).map((n) => String(n).padStart(5, '0'));
const value = fc.integer({ min: 1, max: 99_999 });
const label: fc.Arbitrary<ScaleLabel> = fc.oneof(
  fc.record({ plu, kind: fc.constant('weight' as const), grams: value }),
  fc.record({ plu, kind: fc.constant('price' as const), paise: value }),
);

describe('scale labels', () => {
  it('a printed label reads back as itself, under every prefix of its kind', () => {
    fc.assert(
      fc.property(label, fc.integer({ min: 0, max: 4 }), (l, d) => {
        const prefix = l.kind === 'weight' ? d : d + 5;
        const code = encodeScaleBarcode(l, prefix);
        expect(code).toMatch(/^2\d{12}$/);
        expect(code[1]).toBe(String(prefix));
        expect(parseScaleBarcode(code)).toEqual(l);
      }),
    );
  });

  it('a label with any other check digit is refused', () => {
    fc.assert(
      fc.property(label, fc.integer({ min: 1, max: 9 }), (l, shift) => {
        const code = encodeScaleBarcode(l);
        const bad = code.slice(0, 12) + String((Number(code[12]) + shift) % 10);
        expect(parseScaleBarcode(bad)).toBeNull();
      }),
    );
  });

  it('one mistyped digit is caught by the check digit', () => {
    fc.assert(
      fc.property(label, fc.integer({ min: 1, max: 11 }), fc.integer({ min: 1, max: 9 }), (l, at, shift) => {
        const code = encodeScaleBarcode(l);
        const bad = code.slice(0, at) + String((Number(code[at]) + shift) % 10) + code.slice(at + 1);
        const read = parseScaleBarcode(bad);
        // the only survivor would be a code whose changed digit still checks: EAN-13 catches every single-digit error
        expect(read).toBeNull();
      }),
    );
  });

  it('reads the documented layout: 2 0 PLU grams check, 2 5 PLU paise check', () => {
    expect(parseScaleBarcode('2000101007357')).toEqual({ plu: '00101', kind: 'weight', grams: 735 });
    expect(encodeScaleBarcode({ plu: '00101', kind: 'weight', grams: 735 })).toBe('2000101007357');
    expect(parseScaleBarcode(encodeScaleBarcode({ plu: '00102', kind: 'price', paise: 2940 }))).toEqual({
      plu: '00102',
      kind: 'price',
      paise: 2940,
    });
  });

  it('refuses what is not a scale label', () => {
    expect(parseScaleBarcode('8901234567892')).toBeNull(); // a maker's EAN-13
    expect(parseScaleBarcode('200010100735')).toBeNull(); // 12 digits
    expect(
      parseScaleBarcode(encodeScaleBarcode({ plu: '00101', kind: 'weight', grams: 1 }).replace(/^(2\d{6})00001/, '$100000')),
    ).toBeNull();
    expect(() => encodeScaleBarcode({ plu: '101', kind: 'weight', grams: 5 })).toThrow();
  });

  it('a price label stands for the grams that price buys at the pack’s price per kg', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999 }), fc.integer({ min: 100, max: 500_000 }), (paise, perKg) => {
        const grams = scaleGrams({ plu: '00001', kind: 'price', paise }, perKg);
        expect(grams).toBeGreaterThanOrEqual(1);
        // priced back at the pack's rate, it is within half a gram's worth of the label
        if (grams > 1) expect(Math.abs((grams * perKg) / 1000 - paise)).toBeLessThanOrEqual(perKg / 2000 + 1e-9);
      }),
    );
    expect(scaleGrams({ plu: '00001', kind: 'price', paise: 2940 }, 4000)).toBe(735);
    expect(scaleGrams({ plu: '00001', kind: 'weight', grams: 735 }, 4000)).toBe(735);
  });

  it('reads keyed weights in kg or g', () => {
    expect(keyedGrams('0.735', 'kg')).toBe(735);
    expect(keyedGrams('735', 'g')).toBe(735);
    expect(keyedGrams('1.2 kg', 'g')).toBe(1200);
    expect(keyedGrams('250g', 'kg')).toBe(250);
    expect(keyedGrams('', 'kg')).toBeNull();
    expect(keyedGrams('0', 'kg')).toBeNull();
    expect(keyedGrams('abc', 'g')).toBeNull();
    expect(keyedGrams('200', 'kg')).toBeNull(); // 200 kg: past a counter scale
  });
});
