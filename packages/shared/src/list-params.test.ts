import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paramsFromSearch, searchFromParams } from './list-params';

describe('/products address', () => {
  it('defaults page to 1 and drops unknown sorts', () => {
    expect(paramsFromSearch(new URLSearchParams('page=0&s=bogus&q=%20rice%20'))).toEqual({
      q: 'rice',
      c: [],
      b: [],
      s: undefined,
      page: 1,
    });
  });
  it('round-trips', () => {
    const slug = fc.stringMatching(/^[a-z][a-z0-9-]{0,10}$/);
    fc.assert(
      fc.property(
        fc.array(slug, { maxLength: 3 }),
        fc.array(slug, { maxLength: 3 }),
        fc.integer({ min: 1, max: 50 }),
        fc.constantFrom(undefined, 'price_asc', 'name'),
        (c, b, page, s) => {
          const p = { q: undefined, c, b, page, s };
          expect(paramsFromSearch(new URLSearchParams(searchFromParams(p)))).toEqual(p);
        },
      ),
    );
  });
});
