import { describe, expect, it } from 'vitest';
import { daySchema, instantSchema } from './days';

describe('days and instants (issue 38: what the database would refuse is refused first)', () => {
  it('takes real calendar days from 1900 to 2999', () => {
    for (const d of ['2026-01-31', '2024-02-29', '1900-01-01', '2999-12-31'])
      expect([d, daySchema.safeParse(d).success]).toEqual([d, true]);
    for (const d of ['2026-02-30', '2025-02-29', '2026-13-01', '0000-01-01', '1899-12-31', '3000-01-01', '2026-1-31', ''])
      expect([d, daySchema.safeParse(d).error?.issues[0]?.message]).toEqual([d, 'Use a date like 2026-01-31']);
  });

  it('takes moments with an offset in the same years', () => {
    expect(instantSchema.safeParse('2026-01-31T09:00:00+05:30').success).toBe(true);
    for (const s of ['0000-01-01T00:00:00Z', '2026-01-31T09:00:00', '2026-02-30T00:00:00Z'])
      expect([s, instantSchema.safeParse(s).error?.issues[0]?.message]).toEqual([s, 'Enter a date and time']);
  });
});
