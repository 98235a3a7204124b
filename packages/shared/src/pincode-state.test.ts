import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INDIAN_STATES } from './account';
import { stateOfPincode } from './pincode-state';

describe('the state of a pincode', () => {
  it.each([
    ['560034', 'Karnataka'],
    ['560001', 'Karnataka'],
    ['400001', 'Maharashtra'],
    ['403001', 'Goa'],
    ['110001', 'Delhi'],
    ['160017', 'Chandigarh'],
    ['194101', 'Ladakh'],
    ['600028', 'Tamil Nadu'],
    ['500081', 'Telangana'],
    ['700091', 'West Bengal'],
    ['737101', 'Sikkim'],
    ['799001', 'Tripura'],
  ])('%s is in %s', (pin, state) => expect(stateOfPincode(pin)).toBe(state));

  it('does not guess where a prefix is shared, or for what is not a pincode', () => {
    for (const pin of ['248001', '834001', '396210', '605001', '999999'.replace(/^9/, '0'), '56003', 'abcdef', ''])
      expect(stateOfPincode(pin)).toBeNull();
  });

  it('answers a listed state or null for any six digits (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9]\d{5}$/), (pin) => {
        const s = stateOfPincode(pin);
        expect(s === null || (INDIAN_STATES as readonly string[]).includes(s)).toBe(true);
      }),
    );
  });
});
