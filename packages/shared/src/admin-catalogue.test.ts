import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adminProductInputSchema, adminProductsQuerySchema, isValidBarcode } from './admin-catalogue';

/** The GS1 check digit for the digits before it. */
const checkDigit = (body: string) => (10 - ([...body].reverse().reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 3 : 1), 0) % 10)) % 10;

describe('barcodes (EAN-8, UPC-A, EAN-13)', () => {
  it('accepts real codes and refuses other lengths and letters', () => {
    for (const code of ['4006381333931', '036000291452', '96385074']) expect([code, isValidBarcode(code)]).toEqual([code, true]);
    for (const code of ['4006381333932', '40063813339', '12345', 'ABCDEFGHIJKLM', '', '40063813339310'])
      expect([code, isValidBarcode(code)]).toEqual([code, false]);
  });

  it('accepts every code with its check digit, and catches any single changed digit', () => {
    const body = fc.constantFrom(7, 11, 12).chain((n) => fc.stringMatching(new RegExp(`^[0-9]{${n}}$`)));
    fc.assert(
      fc.property(body, fc.nat(), fc.integer({ min: 1, max: 9 }), (b, at, delta) => {
        const code = b + checkDigit(b);
        expect(isValidBarcode(code)).toBe(true);
        const i = at % code.length;
        const changed = code.slice(0, i) + ((Number(code[i]) + delta) % 10) + code.slice(i + 1);
        expect(isValidBarcode(changed)).toBe(false);
      }),
    );
  });
});

describe('admin product contracts', () => {
  it('takes only the spec page sizes and known sorts', () => {
    expect(adminProductsQuerySchema.parse({})).toMatchObject({ q: '', sort: 'updated', dir: 'desc', page: 1, perPage: 20 });
    for (const perPage of ['5', '10', '20', '50', '100']) expect(adminProductsQuerySchema.safeParse({ perPage }).success).toBe(true);
    for (const bad of [{ perPage: '7' }, { perPage: '1000' }, { sort: 'colour' }, { page: '0' }, { discounted: 'maybe' }])
      expect(adminProductsQuerySchema.safeParse(bad).success).toBe(false);
  });

  it('upper-cases SKUs, wants MRP ≥ price and whole paise, and names a repeated SKU at the second pack', () => {
    const base = {
      version: 1,
      name: 'Rice',
      slug: 'rice',
      status: 'active',
      brand_id: null,
      category_id: null,
      description: '',
      seo_title: '',
      seo_description: '',
      hsn_code: '1006',
      gst_rate: 5,
    } as const;
    const pack = { name: '1 kg', sku: 'rice-1', barcode: '', price: 99.5, act_price: 120, position: 0 };
    expect(adminProductInputSchema.parse({ ...base, packs: [pack] }).packs[0]!.sku).toBe('RICE-1');
    const issues = (packs: unknown[]) => adminProductInputSchema.safeParse({ ...base, packs }).error?.issues.map((i) => i.path.join('.'));
    expect(issues([{ ...pack, act_price: 90 }])).toEqual(['packs.0.act_price']);
    expect(issues([{ ...pack, price: 99.999 }])).toEqual(['packs.0.price']);
    expect(issues([pack, { ...pack, sku: 'RICE-1' }])).toEqual(['packs.1.sku']);
  });
});
