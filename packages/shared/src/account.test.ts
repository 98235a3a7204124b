import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INDIAN_STATES, addressInputSchema, maskIdentifier, parseIdentifier } from './account';
import { PINCODE_PATTERN } from './validation';

const mobile = fc.tuple(fc.constantFrom('6', '7', '8', '9'), fc.stringMatching(/^\d{9}$/)).map(([a, b]) => a + b);

describe('identifier rules', () => {
  it('accepts every 10-digit mobile starting 6-9, however it is written', () => {
    fc.assert(
      fc.property(mobile, fc.constantFrom('', '+91', '91', '0', '+91 ', '+91-'), fc.constantFrom(' ', '-', ''), (m, prefix, sep) => {
        const written = `${prefix}${m.slice(0, 5)}${sep}${m.slice(5)}`;
        expect(parseIdentifier(written)).toEqual({ kind: 'phone', value: m });
      }),
    );
  });

  it('refuses numbers starting 0-5 or of the wrong length', () => {
    fc.assert(
      fc.property(fc.constantFrom('1', '2', '3', '4', '5'), fc.stringMatching(/^\d{9}$/), (a, b) => {
        expect(parseIdentifier(a + b)).toBeNull();
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[6-9]\d{0,7}$/), (s) => {
        expect(parseIdentifier(s)).toBeNull();
      }),
    );
  });

  it('normalises emails to trimmed lower case and masks what it shows', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z][a-z0-9._-]{0,15}$/),
        fc.stringMatching(/^[a-z]{1,10}$/),
        fc.constantFrom('com', 'in', 'shop'),
        (local, host, tld) => {
          const email = `${local}@${host}.${tld}`;
          const id = parseIdentifier(`  ${email.toUpperCase()} `);
          expect(id).toEqual({ kind: 'email', value: email });
          const masked = maskIdentifier(id!);
          expect(masked.endsWith(`@${host}.${tld}`)).toBe(true);
          expect(masked.startsWith(local.slice(0, 2))).toBe(true);
        },
      ),
    );
  });

  it('never throws, whatever is typed', () => {
    fc.assert(fc.property(fc.string(), (s) => void parseIdentifier(s)));
  });
});

describe('address rules', () => {
  const valid = fc.record({
    name: fc.stringMatching(/^[A-Za-z][A-Za-z ]{1,30}[a-z]$/),
    phone: mobile,
    pincode: fc.stringMatching(/^[1-9]\d{5}$/),
    line1: fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ,/-]{0,40}$/),
    line2: fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ,/-]{0,40}$/),
    city: fc.stringMatching(/^[A-Z][a-z]{2,20}$/),
    state: fc.constantFrom(...INDIAN_STATES),
    type: fc.constantFrom('home', 'work', 'other'),
  });

  it('accepts every well-formed address', () => {
    fc.assert(
      fc.property(valid, (a) => {
        expect(addressInputSchema.safeParse(a).error?.issues ?? []).toEqual([]);
      }),
    );
  });

  it('refuses a pincode that is not 6 digits (the first not 0), naming the field', () => {
    fc.assert(
      fc.property(
        valid,
        fc.string().filter((s) => !PINCODE_PATTERN.test(s.trim())),
        (a, pincode) => {
          const r = addressInputSchema.safeParse({ ...a, pincode });
          expect(r.success).toBe(false);
          expect(r.error!.issues.map((i) => i.path[0])).toContain('pincode');
        },
      ),
    );
  });

  it('refuses a state that is not an Indian state or union territory', () => {
    fc.assert(
      fc.property(
        valid,
        fc.string().filter((s) => !(INDIAN_STATES as readonly string[]).includes(s)),
        (a, state) => {
          expect(addressInputSchema.safeParse({ ...a, state }).success).toBe(false);
        },
      ),
    );
  });

  it('has the 28 states and 8 union territories', () => {
    expect(new Set(INDIAN_STATES).size).toBe(36);
  });
});
