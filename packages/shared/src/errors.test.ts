import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressInputSchema, detailsBodySchema, registerBodySchema } from './account';
import { ERRORS, errorMessage, isErrorCode } from './errors';
import { MOBILE_MESSAGE, mobileRule, PINCODE_PATTERN, pincodeRule, validateField } from './validation';

describe('the error catalogue', () => {
  it('gives each code an HTTP error status and a non-empty message', () => {
    for (const [code, def] of Object.entries(ERRORS)) {
      expect(code).toMatch(/^[A-Z][A-Z_]+$/);
      expect(def.status >= 400 && def.status < 600).toBe(true);
      expect(isErrorCode(code)).toBe(true);
    }
    expect(isErrorCode('toString')).toBe(false);
  });

  it('words each situation once: the same code, the same text', () => {
    expect(errorMessage('NOT_DELIVERABLE', { pincode: '999999' })).toBe('Sorry, we do not deliver to 999999 yet.');
    expect(errorMessage('PINCODE_NOT_SERVICEABLE', { pincode: '999999' })).toBe(errorMessage('NOT_DELIVERABLE', { pincode: '999999' }));
    expect(errorMessage('NOT_DELIVERABLE', { pincode: '560001', item: 'Vada Pav Mix - 200 g' })).toBe(
      'Vada Pav Mix - 200 g is not delivered to 560001',
    );
    expect(errorMessage('OUT_OF_STOCK', { item: 'Cow Ghee - 500 ml' })).toBe('Cow Ghee - 500 ml is out of stock');
    expect(errorMessage('ADDRESS_NOT_FOUND')).toBe('Address not found');
    expect(errorMessage('INTERNAL')).toBe('Something went wrong');
  });
});

describe('one mobile-number message (issue 21 item 9), one pincode rule', () => {
  const badMobiles = fc.oneof(
    fc.stringMatching(/^[0-5][0-9]{9}$/),
    fc.stringMatching(/^[6-9][0-9]{0,8}$/),
    fc.stringMatching(/^[6-9][0-9]{10,12}$/),
  );

  it('the browser form rule and the server schemas refuse a bad mobile with the same words', () => {
    fc.assert(
      fc.property(badMobiles, (phone) => {
        expect(validateField(mobileRule, phone)).toBe(MOBILE_MESSAGE);
        const body = { name: 'Asha Rao', email: 'asha@example.in', phone };
        for (const schema of [registerBodySchema, detailsBodySchema]) {
          const r = schema.safeParse(body);
          expect(r.success).toBe(false);
          expect(r.error?.issues.find((i) => i.path[0] === 'phone')?.message).toBe(MOBILE_MESSAGE);
        }
      }),
    );
    expect(MOBILE_MESSAGE).toBe('Mobile must be 10 digits starting with 6, 7, 8 or 9');
  });

  it('the address form and the server agree on pincodes', () => {
    const address = {
      name: 'Asha Rao',
      phone: '9876543210',
      line1: '12 MG Road',
      line2: 'Indiranagar',
      city: 'Bengaluru',
      state: 'Karnataka',
    };
    fc.assert(
      fc.property(fc.oneof(fc.stringMatching(/^[0-9]{6}$/), fc.stringMatching(/^[0-9a-z]{0,8}$/)), (pincode) => {
        const browser = validateField(pincodeRule, pincode) === null;
        expect(addressInputSchema.safeParse({ ...address, pincode }).success).toBe(browser);
        expect(browser).toBe(PINCODE_PATTERN.test(pincode));
      }),
    );
    expect(PINCODE_PATTERN.test('012345')).toBe(false);
  });
});
