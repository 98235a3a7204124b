import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMonth, formatNumber, formatTime, formatWeekday } from './format';

describe('formats per language (issue 46)', () => {
  const d = new Date(2026, 0, 5, 17, 30);
  it('keeps English exactly as spec §9', () => {
    expect(formatDate(d)).toBe('Jan 5, 2026');
    expect(formatTime(d)).toBe('5:30 PM');
    expect(formatDateTime(d)).toBe('Jan 5, 2026 5:30 PM');
    expect(formatDate(d, 'en')).toBe('Jan 5, 2026');
    expect(formatWeekday(d)).toBe('Monday');
    expect(formatMonth(d)).toBe('January');
  });
  it('names months and weekdays in Hindi and Kannada', () => {
    expect(formatMonth(d, 'hi')).toBe('जनवरी');
    expect(formatMonth(d, 'kn')).toBe('ಜನವರಿ');
    expect(formatWeekday(d, 'hi')).toBe('सोमवार');
    expect(formatWeekday(d, 'kn')).toBe('ಸೋಮವಾರ');
    expect(formatDate(d, 'hi')).toContain('2026');
    expect(formatDate(d, 'hi')).toMatch(/^5 जन/);
    expect(formatDate(d, 'kn')).toBe('ಜನ 5,2026'); // CLDR's Kannada medium date
    expect(formatDateTime(d, 'hi')).toContain('5:30');
  });
  it('groups numbers the Indian way, like Intl en-IN', () => {
    expect(formatNumber(100000)).toBe('1,00,000');
    expect(formatNumber(-1234567)).toBe('-12,34,567');
    fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => formatNumber(n) === new Intl.NumberFormat('en-IN').format(n)));
  });
});
