import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMicroCache, withWishlist } from './micro-cache';

/** Products with text that looks like the flag's marker, nested the ways answers nest them. */
const text = fc.oneof(
  fc.string(),
  fc.constantFrom('"wishlist":false', '\\u0000W1\\u0000', '"\\u0000W2\\u0000"', '\\', '"', 'x\\"\\\\u0000W3'),
);
const product = fc.record({
  product_id: fc.integer({ min: 1, max: 40 }),
  product_name: text,
  product_info: fc.option(fc.dictionary(fc.constantFrom('wishlist', 'note'), fc.oneof(text, fc.boolean())), { nil: undefined }),
  wishlist: fc.constant(false),
  packs: fc.array(fc.record({ pack_name: text, price: fc.integer() }), { maxLength: 2 }),
});
const answer = fc.oneof(
  fc.record({ data: fc.array(product, { maxLength: 6 }), meta: fc.record({ total: fc.nat() }) }),
  product,
  fc.record({ data: fc.array(fc.record({ title: text, products: fc.array(product, { maxLength: 3 }) }), { maxLength: 3 }) }),
);

/** What the shopper must get: the answer with the flags of their saved products set, serialised. */
function expected(v: unknown, wished: Set<number>): string {
  const patch = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(patch);
    if (x && typeof x === 'object') {
      const o = x as Record<string, unknown>;
      if (typeof o.product_id === 'number' && 'packs' in o) return { ...o, wishlist: wished.has(o.product_id) };
      return Object.fromEntries(Object.entries(o).map(([k, y]) => [k, patch(y)]));
    }
    return x;
  };
  return JSON.stringify(patch(v));
}

describe('withWishlist', () => {
  it("serves the shared answer's bytes with exactly the shopper's flags set, whatever the text holds", async () => {
    const cache = createMicroCache({ ttlMs: 0, enabled: false });
    await fc.assert(
      fc.asyncProperty(answer, fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { maxLength: 10 }), async (v, ids) => {
        const shared = await cache.get(1, 'k', async () => v);
        expect(shared.json).toBe(JSON.stringify(v));
        const wished = new Set(ids);
        const mine = withWishlist(shared, wished);
        expect(mine.json).toBe(expected(v, wished));
        expect(JSON.parse(mine.json)).toEqual(JSON.parse(expected(v, wished)));
        // a shopper whose saved products are not on it gets the shared answer and its validator
        if (![...shared.productIds].some((id) => wished.has(id))) {
          expect(mine).toBe(shared);
          expect(mine.personal).toBeFalsy();
        } else {
          expect(mine.etag).not.toBe(shared.etag);
          expect(mine.personal).toBe(true);
          // kept for the next request with the same flags, whoever's other saved products differ
          expect(withWishlist(shared, new Set([...wished, 1000]))).toBe(mine);
          expect(mine.body.plain.toString()).toBe(mine.json);
          expect(mine.body.encoded('gzip')).toBe(mine.body.encoded('gzip')); // compressed once
        }
      }),
      { numRuns: 300 },
    );
  });
});
