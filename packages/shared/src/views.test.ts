import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { customerTagSchema } from './admin-customers';
import { sameView, viewParamsOf } from './views';

const key = fc.stringMatching(/^[a-z_][a-z0-9_]{0,8}$/);
const entries = fc.array(fc.tuple(fc.oneof(key, fc.constant('page')), fc.string({ maxLength: 6 })), { maxLength: 8 });

describe('a view’s parameters', () => {
  it('never keep the page or an empty value, whatever the order in the address; the same address is the same view', () => {
    fc.assert(
      fc.property(entries, (list) => {
        const p = viewParamsOf(new URLSearchParams(list));
        expect(Object.keys(p)).not.toContain('page');
        expect(Object.values(p)).not.toContain('');
        // saved and opened again (the tab's link), it is the same view
        expect(sameView(viewParamsOf(new URLSearchParams(p).toString()), p)).toBe(true);
      }),
    );
  });

  it('the order of the parameters does not matter; a changed value does', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(key, fc.string({ minLength: 1, maxLength: 6 })), { selector: ([k]) => k, minLength: 1, maxLength: 6 }),
        (list) => {
          const a = viewParamsOf(new URLSearchParams(list));
          const b = viewParamsOf(new URLSearchParams([...list].reverse()));
          expect(sameView(a, b)).toBe(true);
          const [k, v] = list[0]!;
          expect(sameView(a, { ...b, [k]: `${v}x` })).toBe(false);
        },
      ),
    );
  });
});

describe('a customer tag', () => {
  it('is kept lower-case and trimmed, so "VIP" and " vip " are one tag; never starts like a formula', () => {
    expect(customerTagSchema.parse('  VIP  Gold ')).toBe('vip gold');
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (s) => {
        const r = customerTagSchema.safeParse(s);
        if (r.success) {
          expect(r.data).toBe(r.data.toLowerCase().trim());
          expect(r.data).not.toMatch(/^[=+\-@]/);
          expect(r.data.length).toBeLessThanOrEqual(30);
        }
      }),
    );
  });
});
