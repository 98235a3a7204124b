import { emptyCart, type Cart } from '@grocer/shared/cart';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyCartChange, cartReducer, initialCartState, quantityOf, visibleCart, type CartChange } from './cart-reducer';

const template = (price: number) => ({ name: 'Basmati Rice', pack: '1 kg', image: 'r.webp', price, act_price: price, warehouse_id: 1 });
const add = (pack_id: number, price = 120): CartChange => ({ type: 'add', pack_id, template: template(price) });
const minus = (pack_id: number, whole = false): CartChange => ({ type: 'remove', pack_id, whole });

describe('applyCartChange', () => {
  it('adds a new line, steps it up and down, and removes it at zero', () => {
    let cart = applyCartChange(emptyCart(), add(7, 120.5));
    expect(cart.items[0]).toMatchObject({ pack_id: 7, quantity: 1, amount: 120.5 });
    cart = applyCartChange(cart, add(7));
    expect(cart).toMatchObject({ quantity: 2, total: 241 });
    expect(cart.items[0]!.amount).toBe(241);
    cart = applyCartChange(cart, minus(7));
    expect(quantityOf(cart, 7)).toBe(1);
    cart = applyCartChange(cart, minus(7));
    expect(cart).toMatchObject({ quantity: 0, items: [], total: 0, amount: 0 });
  });

  it('drops the whole line with remove true', () => {
    let cart = applyCartChange(applyCartChange(emptyCart(), add(1)), add(1));
    cart = applyCartChange(cart, minus(1, true));
    expect(cart.items).toEqual([]);
  });

  it('keeps the totals equal to the sum of the lines over random changes (no float drift)', () => {
    const changeArb = fc.oneof(
      fc.record({ type: fc.constant('add' as const), pack_id: fc.integer({ min: 1, max: 4 }), price: fc.integer({ min: 1, max: 99_999 }) }),
      fc.record({ type: fc.constant('remove' as const), pack_id: fc.integer({ min: 1, max: 4 }), whole: fc.boolean() }),
    );
    fc.assert(
      fc.property(fc.array(changeArb, { maxLength: 40 }), (changes) => {
        let cart: Cart = emptyCart();
        for (const c of changes) cart = applyCartChange(cart, c.type === 'add' ? add(c.pack_id, c.price / 100) : minus(c.pack_id, c.whole));
        const sumPaise = cart.items.reduce((s, i) => s + Math.round(i.amount * 100), 0);
        expect(Math.round(cart.total * 100)).toBe(sumPaise);
        expect(cart.quantity).toBe(cart.items.reduce((n, i) => n + i.quantity, 0));
        expect(cart.items.every((i) => i.quantity > 0)).toBe(true);
      }),
    );
  });
});

describe('cartReducer', () => {
  const serverCart = (q: number): Cart =>
    applyCartChange(emptyCart(), { type: 'add', pack_id: 1, template: { ...template(10), quantity: q } });

  it('shows pending changes at once and settles to the server cart', () => {
    let s = initialCartState(emptyCart());
    s = cartReducer(s, { type: 'begin', seq: 1, change: add(1, 10) });
    s = cartReducer(s, { type: 'begin', seq: 2, change: add(1, 10) });
    expect(quantityOf(visibleCart(s), 1)).toBe(2);
    const fromServer = { ...serverCart(1), total: 10, discount: 0 };
    s = cartReducer(s, { type: 'settle', seq: 1, cart: fromServer });
    expect(s.server).toBe(fromServer);
    expect(quantityOf(visibleCart(s), 1)).toBe(2);
    s = cartReducer(s, {
      type: 'settle',
      seq: 2,
      cart: { ...fromServer, amount: 50, items: fromServer.items.map((i) => ({ ...i, quantity: 2 })) },
    });
    expect(s.pending).toEqual([]);
    expect(visibleCart(s).amount).toBe(50);
  });

  it('rolls a failed change back', () => {
    let s = initialCartState(emptyCart());
    s = cartReducer(s, { type: 'begin', seq: 1, change: add(1) });
    s = cartReducer(s, { type: 'fail', seq: 1 });
    expect(visibleCart(s).items).toEqual([]);
  });

  it('ignores an answer that arrives after a newer one', () => {
    let s = initialCartState(emptyCart());
    s = cartReducer(s, { type: 'begin', seq: 1, change: add(1) });
    s = cartReducer(s, { type: 'begin', seq: 2, change: add(1) });
    const newer = { ...emptyCart(), quantity: 2 };
    s = cartReducer(s, { type: 'settle', seq: 2, cart: newer });
    s = cartReducer(s, { type: 'settle', seq: 1, cart: { ...emptyCart(), quantity: 1 } });
    expect(s.server).toBe(newer);
    expect(s.pending).toEqual([]);
  });
});
