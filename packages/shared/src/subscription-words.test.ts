import { describe, expect, it } from 'vitest';
import { scheduleWords } from './subscription-words';

describe('scheduleWords', () => {
  it('names each kind of schedule', () => {
    expect(scheduleWords({ kind: 'daily' })).toBe('Every day');
    expect(scheduleWords({ kind: 'alternate' })).toBe('Every other day');
    expect(scheduleWords({ kind: 'every_n', every_days: 3 })).toBe('Every 3 days');
  });

  it('names chosen weekdays in week order, once each, and the usual runs by their names', () => {
    expect(scheduleWords({ kind: 'weekdays', weekdays: [5, 1, 3] })).toBe('Mon, Wed and Fri');
    expect(scheduleWords({ kind: 'weekdays', weekdays: [3, 1, 3] })).toBe('Mon and Wed');
    expect(scheduleWords({ kind: 'weekdays', weekdays: [6] })).toBe('Every Saturday');
    expect(scheduleWords({ kind: 'weekdays', weekdays: [1, 2, 3, 4, 5] })).toBe('Mon to Fri');
    expect(scheduleWords({ kind: 'weekdays', weekdays: [1, 2, 3, 4, 5, 6] })).toBe('Mon to Sat');
    expect(scheduleWords({ kind: 'weekdays', weekdays: [6, 0] })).toBe('Weekends');
    expect(scheduleWords({ kind: 'weekdays', weekdays: [0, 1, 2, 3, 4, 5, 6] })).toBe('Every day');
  });
});
