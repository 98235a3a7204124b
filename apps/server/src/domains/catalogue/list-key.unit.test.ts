import { productsQuerySchema } from '@grocer/shared/catalogue';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalProductsQuery, listKey, type KnownSlugs } from './list-key';

const known: KnownSlugs = { categories: new Set(['rice', 'dal', 'food', 'oil-ghee']), brands: new Set(['kaveri', 'desi']) };
const knownCats = [...known.categories];
const knownBrands = [...known.brands];
const junkSlug = fc.stringMatching(/^[a-z0-9-]{1,12}$/).filter((s) => !known.categories.has(s) && !known.brands.has(s));

/** The query string a shopper's browser (or a bot) might send for the same list. */
const params = fc.record({
  page: fc.integer({ min: 1, max: 50 }),
  perPage: fc.option(fc.integer({ min: -5, max: 150 }), { nil: undefined }),
  words: fc.option(fc.array(fc.stringMatching(/^[a-z]{1,8}$/), { minLength: 1, maxLength: 3 }), { nil: undefined }),
  c: fc.array(fc.oneof(fc.constantFrom(...knownCats), junkSlug), { maxLength: 4 }),
  b: fc.array(fc.oneof(fc.constantFrom(...knownBrands), junkSlug), { maxLength: 3 }),
  s: fc.option(fc.constantFrom('relevance', 'price_asc', 'price_desc', 'newest', 'name', 'discount'), { nil: undefined }),
});
type Params = typeof params extends fc.Arbitrary<infer T> ? T : never;

const keyOf = (raw: Record<string, string | undefined>) => {
  const query = productsQuerySchema.parse(raw);
  return listKey(canonicalProductsQuery(query, known), query.page, query.perPage);
};

/** One spelling of `p`: words in any case and spacing, filters in any order, repeated, as links or slugs. */
function spell(p: Params, variant: { upper: boolean; spaces: string; reverse: boolean; repeat: boolean; links: boolean }) {
  const order = <T>(xs: T[]) => (variant.reverse ? [...xs].reverse() : xs);
  const twice = <T>(xs: T[]) => (variant.repeat ? [...xs, ...xs] : xs);
  const q = p.words?.map((w) => (variant.upper ? w.toUpperCase() : w)).join(variant.spaces);
  return {
    page: String(p.page),
    perPage: p.perPage === undefined ? undefined : String(p.perPage),
    q: q === undefined ? undefined : ` ${q} `,
    c: p.c.length
      ? order(twice(p.c))
          .map((c) => (variant.links ? `/products?c=${c}` : c))
          .join(',')
      : undefined,
    b: p.b.length ? order(twice(p.b)).join(',') : undefined,
    s: p.s,
  };
}
const variants = fc.record({
  upper: fc.boolean(),
  spaces: fc.constantFrom(' ', '  ', '\t'),
  reverse: fc.boolean(),
  repeat: fc.boolean(),
  links: fc.boolean(),
});

describe('the product list cache key', () => {
  it('is the same for every spelling of one list: case, spacing, order, repeats, links for slugs', () => {
    fc.assert(
      fc.property(params, variants, variants, (p, v1, v2) => {
        expect(keyOf(spell(p, v1))).toBe(keyOf(spell(p, v2)));
      }),
      { numRuns: 300 },
    );
  });

  it('ignores unknown parameters and unknown slugs, but never widens a list whose every filter is unknown', () => {
    fc.assert(
      fc.property(params, fc.stringMatching(/^[a-z]{1,10}$/), fc.string({ maxLength: 20 }), junkSlug, (p, name, value, junk) => {
        fc.pre(!['page', 'perPage', 'q', 'c', 'b', 's'].includes(name));
        const base = spell(p, { upper: false, spaces: ' ', reverse: false, repeat: false, links: false });
        expect(keyOf({ ...base, [name]: value })).toBe(keyOf(base));
        // a junk slug beside known ones filters nothing more
        if (p.c.some((c) => known.categories.has(c))) expect(keyOf({ ...base, c: `${base.c},${junk}` })).toBe(keyOf(base));
        // only junk: the empty answer, never the whole catalogue
        const onlyJunk = productsQuerySchema.parse({ ...base, c: junk });
        expect(canonicalProductsQuery(onlyJunk, known)).toBeNull();
        if (canonicalProductsQuery(productsQuerySchema.parse({ ...base, c: undefined }), known))
          expect(keyOf({ ...base, c: junk })).not.toBe(keyOf({ ...base, c: undefined }));
      }),
      { numRuns: 300 },
    );
  });

  it('is canonical: normalising twice changes nothing, and the defaults are spelled out', () => {
    fc.assert(
      fc.property(params, (p) => {
        const query = productsQuerySchema.parse(spell(p, { upper: true, spaces: '  ', reverse: true, repeat: true, links: true }));
        const once = canonicalProductsQuery(query, known);
        if (!once) return;
        expect(canonicalProductsQuery(once, known)).toEqual(once);
        expect(once.c).toEqual([...new Set(once.c)].sort());
        expect(once.b).toEqual([...new Set(once.b)].sort());
        if (once.q) expect(once.s).toBeDefined();
      }),
      { numRuns: 300 },
    );
    // the default page size and the shop's order, spelled or not
    expect(keyOf({})).toBe(keyOf({ page: '1', perPage: '24' }));
    expect(keyOf({ s: 'relevance' })).toBe(keyOf({}));
    expect(keyOf({ q: 'rice' })).toBe(keyOf({ q: 'RICE', s: 'relevance' }));
  });

  it('tells apart lists that differ: page, page size, words, filters, sort', () => {
    const base: Record<string, string> = { page: '1', q: 'rice', c: 'rice', b: 'kaveri', s: 'name' };
    const keys = [
      base,
      { ...base, page: '2' },
      { ...base, perPage: '12' },
      { ...base, q: 'dal' },
      { ...base, c: 'dal' },
      { ...base, c: 'rice,dal' },
      { ...base, b: 'desi' },
      { ...base, s: 'price_asc' },
      { ...base, q: '' },
    ].map(keyOf);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
