import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Pack } from './catalogue';
import { bestValuePackId, displayPack, nameUnderBrand, packSaving, packsBySize, packSize, unitPrice } from './packs';

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

describe('unit price (₹ per kg, litre or piece)', () => {
  const rupees = (r: number) => `₹${r}`;
  it('reads pack sizes from their names', () => {
    expect(packSize('500 g')).toEqual({ amount: 500, unit: 'g' });
    expect(packSize('1.5 Kg')).toEqual({ amount: 1500, unit: 'g' });
    expect(packSize('1 L')).toEqual({ amount: 1000, unit: 'ml' });
    expect(packSize('200 ml')).toEqual({ amount: 200, unit: 'ml' });
    expect(packSize('Pack of 6')).toEqual({ amount: 6, unit: 'pc' });
    expect(packSize('12 pcs')).toEqual({ amount: 12, unit: 'pc' });
    expect(packSize('Family size')).toBeNull();
  });

  it('prices per kg or litre, per 100 g under 100 g, per piece for several, and says nothing that repeats the price', () => {
    expect(unitPrice('500 g', 61, rupees)).toBe('₹122/kg');
    expect(unitPrice('5 kg', 625, rupees)).toBe('₹125/kg');
    expect(unitPrice('500 ml', 95, rupees)).toBe('₹190/L');
    expect(unitPrice('50 g', 30, rupees)).toBe('₹60/100 g');
    expect(unitPrice('Pack of 6', 54, rupees)).toBe('₹9/pc');
    expect(unitPrice('1 kg', 122, rupees)).toBeNull();
    expect(unitPrice('1 pc', 10, rupees)).toBeNull();
    expect(unitPrice('Family size', 10, rupees)).toBeNull();
  });

  it('a bigger pack at a lower unit price shows a lower unit price (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 20_000 }), fc.integer({ min: 1, max: 100_000 }), (grams, paise) => {
        const price = paise / 100;
        const shown = unitPrice(`${grams} g`, price, (r) => String(r));
        if (shown === null) return expect(grams === 1000).toBe(true);
        const perKg = Number(shown.split('/')[0]);
        expect(Math.abs(perKg - (price * 1000) / grams)).toBeLessThanOrEqual(0.005 + 1e-9);
      }),
    );
  });
});

describe('packs in size order, and the best value (issue 39)', () => {
  const pack = (id: number, name: string, price: number, stock = 5, act = price): Pack => ({
    pack_id: id,
    pack_name: name,
    price,
    act_price: act,
    discount: 0,
    warehouse_id: 1,
    discount_type: null,
    stock,
  });
  it('orders sizes smallest first across units of one kind, unsized packs after', () => {
    const list = [pack(1, '1 kg', 100), pack(2, '5 kg', 450), pack(3, '500 g', 55), pack(4, 'Family pack', 300), pack(5, '10 kg', 890)];
    expect(packsBySize(list).map((p) => p.pack_name)).toEqual(['500 g', '1 kg', '5 kg', '10 kg', 'Family pack']);
    expect(packsBySize([pack(1, 'Pack of 6', 5), pack(2, '1 pc', 1), pack(3, 'Pack of 3', 3)]).map((p) => p.pack_id)).toEqual([2, 3, 1]);
  });
  it('tags the lowest price per unit among packs in stock; none when it cannot be compared or is tied', () => {
    expect(bestValuePackId([pack(1, '1 kg', 100), pack(2, '5 kg', 450), pack(3, '500 g', 55)])).toBe(2);
    // the cheapest per kg is sold out: the next one that can be bought
    expect(bestValuePackId([pack(1, '1 kg', 100), pack(2, '5 kg', 450, 0), pack(3, '500 g', 55)])).toBe(1);
    expect(bestValuePackId([pack(1, '1 kg', 100)])).toBeNull();
    expect(bestValuePackId([pack(1, '1 kg', 100), pack(2, '2 kg', 200)])).toBeNull();
    expect(bestValuePackId([pack(1, 'Small', 100), pack(2, 'Large', 150)])).toBeNull();
  });
});
