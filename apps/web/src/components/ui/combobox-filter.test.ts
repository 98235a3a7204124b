import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { filterOptions } from './combobox-filter';

describe('combobox search', () => {
  it('is a case-insensitive substring match; empty query keeps everything', () => {
    const opts = [{ label: 'Basmati Rice' }, { label: 'Toor Dal' }];
    expect(filterOptions(opts, 'RICE')).toEqual([{ label: 'Basmati Rice' }]);
    expect(filterOptions(opts, '  ')).toEqual(opts);
    expect(filterOptions(opts, 'xyz')).toEqual([]);
    fc.assert(
      fc.property(fc.array(fc.string()), fc.string(), (labels, q) =>
        filterOptions(
          labels.map((label) => ({ label })),
          q,
        ).every((o) => o.label.toLowerCase().includes(q.trim().toLowerCase())),
      ),
    );
  });
});
