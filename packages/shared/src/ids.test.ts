import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PG_INT_MAX, coercedIdSchema, idSchema, versionSchema } from './ids';

describe('ids (issue 38: one id schema)', () => {
  it('takes 1 to 2^31 − 1 only, from JSON numbers or from text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: PG_INT_MAX }), (n) => {
        expect(idSchema.parse(n)).toBe(n);
        expect(coercedIdSchema.parse(String(n))).toBe(n);
      }),
    );
    const message = `Must be a whole number from 1 to ${PG_INT_MAX}`;
    for (const bad of [0, -1, 1.5, 2 ** 31, 2 ** 63, '1', null, [1], {}])
      expect(idSchema.safeParse(bad).error?.issues[0]?.message).toBe(message);
    for (const bad of ['0', '-1', '1.5', '2147483648', '9223372036854775808', 'abc', '', 'null'])
      expect([bad, coercedIdSchema.safeParse(bad).error?.issues[0]?.message]).toEqual([bad, message]);
  });

  it('versions: 0 to 2^31 − 1', () => {
    expect(versionSchema.parse(0)).toBe(0);
    expect(versionSchema.parse(PG_INT_MAX)).toBe(PG_INT_MAX);
    for (const bad of [-1, 1.5, 2 ** 31, '3']) expect(versionSchema.safeParse(bad).success).toBe(false);
  });
});
