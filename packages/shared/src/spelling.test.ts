import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allowedSlips, didYouMean, editDistance } from './spelling';

const vocab = new Map([
  ['basmati', 12],
  ['rice', 30],
  ['dahi', 3],
  ['dal', 20],
  ['paneer', 4],
  ['toor', 6],
  ['atta', 9],
  ['ghee', 5],
  ['tea', 8],
]);

describe('did you mean', () => {
  it('corrects the slips shoppers make', () => {
    expect(didYouMean('basmti rice', vocab)).toBe('basmati rice');
    expect(didYouMean('panner', vocab)).toBe('paneer');
    expect(didYouMean('dhai', vocab)).toBe('dahi'); // two letters swapped: one slip
    expect(didYouMean('Toor  Dall', vocab)).toBe('toor dal');
  });

  it('suggests nothing when every word is known, or a word has no close match', () => {
    expect(didYouMean('basmati rice', vocab)).toBeNull();
    expect(didYouMean('rice xylophone', vocab)).toBeNull();
    expect(didYouMean('', vocab)).toBeNull();
    // short words are not guessed at: 'tee' might be anything
    expect(didYouMean('tee', vocab)).toBeNull();
  });

  it('is a distance: zero only for equal words, symmetric, and within the triangle rule', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd'), maxLength: 7 });
    fc.assert(
      fc.property(word, word, word, (a, b, c) => {
        expect(editDistance(a, b) === 0).toBe(a === b);
        expect(editDistance(a, b)).toBe(editDistance(b, a));
        expect(editDistance(a, b)).toBeLessThanOrEqual(Math.max(a.length, b.length));
        // the capped form agrees with the full one up to the cap
        expect(Math.min(editDistance(a, b, 2), 3)).toBe(Math.min(editDistance(a, b), 3));
        void c;
      }),
    );
  });

  it('never offers a word further than the slips its length allows', () => {
    const words = [...vocab.keys()];
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'e', 'i', 'r', 't', 'd', 'h', 's'), minLength: 1, maxLength: 9 }), (typed) => {
        const s = didYouMean(typed, vocab);
        if (s === null) return;
        expect(words).toContain(s);
        expect(editDistance(typed, s)).toBeLessThanOrEqual(allowedSlips(typed));
      }),
    );
  });
});
