import fc from 'fast-check';
import { domainToASCII } from 'node:url';
import { describe, expect, it } from 'vitest';
import { addDomainInputSchema, hostSchema, normaliseHost } from './websites';

/** Labels of letters (Latin, accented, Devanagari), digits and hyphens: what shops' domains are made of. */
const label = fc.string({ unit: fc.constantFrom(...'abcxyz0189-äöüßéñदुकानक'), minLength: 1, maxLength: 12 });
const unicodeHost = fc.array(label, { minLength: 1, maxLength: 3 }).map((ls) => [...ls, 'test'].join('.'));
/** Ways one host is written: any case, a trailing dot, a port (default or not), spaces around. */
const variant = (host: string) =>
  fc
    .record({
      upper: fc.array(fc.boolean(), { minLength: host.length, maxLength: host.length }),
      dot: fc.boolean(),
      port: fc.option(fc.oneof(fc.constantFrom(80, 443), fc.integer({ min: 0, max: 65_535 })), { nil: undefined }),
      space: fc.boolean(),
    })
    .map(({ upper, dot, port, space }) => {
      // only true case pairs: 'ß' upper-cased is 'SS', another name
      const cased = [...host].map((c, i) => (upper[i] && c.toUpperCase().toLowerCase() === c ? c.toUpperCase() : c)).join('');
      const written = `${cased}${dot ? '.' : ''}${port === undefined ? '' : `:${port}`}`;
      return space ? ` ${written} ` : written;
    });

describe('normaliseHost (issue 38: a domain and its variants are one key)', () => {
  it('is idempotent, on any text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.domain(), unicodeHost), (s) => {
        const once = normaliseHost(s);
        if (once !== null) expect(normaliseHost(once)).toBe(once);
      }),
    );
  });

  it('maps every variant of a host to the same key, the lower-case name without dot or port', () => {
    fc.assert(
      fc.property(
        fc.domain().chain((d) => fc.tuple(fc.constant(d), variant(d))),
        ([d, v]) => {
          expect(normaliseHost(v)).toBe(d.toLowerCase());
        },
      ),
    );
    fc.assert(
      fc.property(
        unicodeHost.chain((h) => fc.tuple(fc.constant(h), variant(h))),
        ([h, v]) => {
          expect(normaliseHost(v)).toBe(normaliseHost(h));
        },
      ),
    );
  });

  it("turns internationalised names into punycode exactly as node:url's domainToASCII does", () => {
    fc.assert(
      fc.property(unicodeHost, (h) => {
        expect(normaliseHost(h)).toBe(domainToASCII(h).replace(/\.+$/, '') || null);
      }),
    );
    expect(normaliseHost('दुकान.test')).toBe('xn--11b7ah1gn.test');
    expect(normaliseHost('Bücher.TEST.:443')).toBe('xn--bcher-kva.test');
  });

  it('names the cases: ports, case, the trailing dot; not a host at all is null', () => {
    for (const v of ['shopb.test:443', 'SHOPB.test', 'shopb.test.', 'SHOPB.TEST.:443', 'shopb.test:80', 'shopb.test:8080', ' shopb.test '])
      expect([v, normaliseHost(v)]).toEqual([v, 'shopb.test']);
    for (const v of [
      '',
      ' ',
      'https://shopb.test',
      'shopb.test/x',
      'a@shopb.test',
      'shopb.test?x',
      'shopb.test:99999',
      'shop b.test',
      'shopb.test:x',
    ])
      expect([v, normaliseHost(v)]).toEqual([v, null]);
  });
});

describe('hostSchema: a domain as an admin enters it', () => {
  it('is stored normalised, whatever variant was typed', () => {
    expect(hostSchema.parse('SHOPB.test.:443')).toBe('shopb.test');
    expect(hostSchema.parse('bücher.test')).toBe('xn--bcher-kva.test');
    expect(addDomainInputSchema.parse({ host: 'Shop.Example.com:8443' })).toEqual({ host: 'shop.example.com', primary: false });
  });

  it('refuses what is no domain, with a clear message', () => {
    const refusal = (s: string) => hostSchema.safeParse(s).error?.issues.map((i) => i.message);
    expect(refusal('')?.[0]).toBe('Enter a domain');
    for (const s of ['https://shop.test', 'shop_b.test', '-shop.test', 'shop..test', '[::1]', 'shop.test/path'])
      expect([s, refusal(s)]).toEqual([s, ['Enter a domain such as shop.example.com']]);
    expect(refusal(`${'a'.repeat(60)}.`.repeat(5) + 'test')).toEqual(['At most 253 characters']);
  });
});
