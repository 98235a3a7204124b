import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Pack } from './catalogue';
import { displayPack, nameUnderBrand, packSaving } from './packs';

const pack = (id: number, price: number, act: number, stock?: number): Pack => ({
  pack_id: id,
  pack_name: `${id}`,
  price,
  act_price: act,
  discount: 0,
  warehouse_id: 1,
  discount_type: null,
  stock,
});

describe('displayPack', () => {
  it('shows the first pack in stock, not an out-of-stock first pack', () => {
    expect(displayPack([pack(1, 50, 50, 0), pack(2, 90, 100, 4)])?.pack_id).toBe(2);
    expect(displayPack([pack(1, 50, 50, 3), pack(2, 90, 100, 4)])?.pack_id).toBe(1);
  });
  it('shows the pack a price or discount sort looked at', () => {
    const packs = [pack(1, 120, 120, 5), pack(2, 60, 80, 5), pack(3, 90, 100, 5)];
    expect(displayPack(packs, 'price_asc')?.pack_id).toBe(2);
    expect(displayPack(packs, 'price_desc')?.pack_id).toBe(2);
    expect(displayPack(packs, 'discount')?.pack_id).toBe(2);
  });
  it('never picks an unbuyable pack while a buyable one exists, and is one of the packs', () => {
    const arbPack = fc.record({
      id: fc.nat(1000),
      price: fc.integer({ min: 1, max: 5000 }),
      extra: fc.nat(500),
      stock: fc.option(fc.nat(5)),
    });
    fc.assert(
      fc.property(
        fc.array(arbPack, { minLength: 1, maxLength: 6 }),
        fc.constantFrom(undefined, 'price_asc', 'price_desc', 'discount', 'name'),
        (raw, sort) => {
          const packs = raw.map((r, i) => pack(i, r.price, r.price + r.extra, r.stock ?? undefined));
          const shown = displayPack(packs, sort)!;
          expect(packs).toContain(shown);
          if (packs.some((p) => p.stock !== 0)) expect(shown.stock).not.toBe(0);
          if (sort === 'discount') for (const p of packs) if (p.stock !== 0) expect(packSaving(p)).toBeLessThanOrEqual(packSaving(shown));
        },
      ),
    );
  });
});

describe('nameUnderBrand', () => {
  it('drops the brand a name starts with, and nothing else', () => {
    expect(nameUnderBrand('Amrut Dairy Desi Danedar Ghee', 'Amrut Dairy')).toBe('Desi Danedar Ghee');
    expect(nameUnderBrand('amrut dairy Ghee', 'Amrut Dairy')).toBe('Ghee');
    expect(nameUnderBrand('Amrutanjan Balm', 'Amrut')).toBe('Amrutanjan Balm');
    expect(nameUnderBrand('Amrut', 'Amrut')).toBe('Amrut');
    expect(nameUnderBrand('Basmati Rice', '')).toBe('Basmati Rice');
  });
});
