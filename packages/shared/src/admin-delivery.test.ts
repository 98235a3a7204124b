import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePincodes, weekdaysLabel } from './admin-delivery';
import { PINCODE_PATTERN } from './validation';

describe('parsePincodes', () => {
  it('reads a pasted column, a comma list or a mix; repeats dropped; non-pincodes named', () => {
    expect(parsePincodes('560001\n560034, 400001;110001\t560001\r\n 999999 ')).toEqual({
      valid: ['560001', '560034', '400001', '110001', '999999'],
      invalid: [],
    });
    expect(parsePincodes('560001, 56001, 060001, abcdef, 5600011')).toEqual({
      valid: ['560001'],
      invalid: ['56001', '060001', 'abcdef', '5600011'],
    });
    expect(parsePincodes('  \n ,, ')).toEqual({ valid: [], invalid: [] });
  });

  it('for any list joined by any separators: every piece is in exactly one side, valid ones pass the pincode rule, order kept', () => {
    const pincode = fc.stringMatching(/^[1-9][0-9]{5}$/);
    const junk = fc.stringMatching(/^[0-9a-z-]{1,9}$/);
    const separator = fc.constantFrom(',', ', ', '\n', '\r\n', ';', '\t', ' ', '  \n');
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.oneof(pincode, junk), separator), { maxLength: 40 }), (pieces) => {
        const text = pieces.map(([p, sep]) => p + sep).join('');
        const { valid, invalid } = parsePincodes(text);
        const distinct = [...new Set(pieces.map(([p]) => p))];
        expect([...valid, ...invalid].sort()).toEqual([...distinct].sort());
        expect(valid.every((p) => PINCODE_PATTERN.test(p))).toBe(true);
        expect(invalid.some((p) => PINCODE_PATTERN.test(p))).toBe(false);
        expect(valid).toEqual(distinct.filter((p) => PINCODE_PATTERN.test(p)));
      }),
    );
  });
});

describe('weekdaysLabel', () => {
  it('names the days of a slot template', () => {
    expect(weekdaysLabel(127)).toBe('Every day');
    expect(weekdaysLabel(0b1111110)).toBe('Mon–Sat');
    expect(weekdaysLabel(0b1000001)).toBe('Sun, Sat');
  });
});
