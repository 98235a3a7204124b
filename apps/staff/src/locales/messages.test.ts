import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { t } from '../lib/i18n';
import { staffMessages } from './messages';

const src = path.join(import.meta.dirname, '..');

describe('staff messages (issue 46 §5)', () => {
  it('lists every message of the source in locales/en/messages.json: run `npm run i18n -w @grocer/staff`', () => {
    const file = JSON.parse(readFileSync(path.join(src, 'locales', 'en', 'messages.json'), 'utf8')) as Record<string, string>;
    expect(Object.keys(file)).toEqual(staffMessages(src));
    expect(Object.keys(file).length).toBeGreaterThan(1000);
  });

  it('says English from the ids, with named values and plurals', () => {
    expect(t('Save')).toBe('Save');
    expect(t('Showing {from}–{to} of {total}', { from: 1, to: 20, total: 143 })).toBe('Showing 1–20 of 143');
    const stops = (n: number) => t('{count} {count, plural, one {stop} other {stops}}', { count: n });
    expect([0, 1, 2].map(stops)).toEqual(['0 stops', '1 stop', '2 stops']);
    expect(t('{n, plural, =0 {No orders} one {# order} other {# orders}}', { n: 0 })).toBe('No orders');
  });
});
