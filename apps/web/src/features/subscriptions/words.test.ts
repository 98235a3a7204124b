import { SUBSCRIPTION_MAX_QUANTITY, type Schedule } from '@grocer/shared/subscriptions';
import { scheduleWords } from '@grocer/shared/subscription-words';
import { afterEach, describe, expect, it } from 'vitest';
import '../../locales/all';
import { activate } from '../../lib/i18n';
import {
  cutoffRule,
  cutoffWords,
  dayActions,
  dayWords,
  MAX_QUANTITY,
  nextDelivery,
  refusalWords,
  scheduleFrom,
  scheduleText,
  timeWords,
  type CalendarDay,
} from './words';

// The subscription screens' words (issue 44 §4): schedules, days, the cut-off, a day's actions.
describe('the schedule the sheet builds', () => {
  it('builds the schedule from the sheet, or says what is missing', () => {
    expect(scheduleFrom('daily', [], '3')).toEqual({ kind: 'daily' });
    expect(scheduleFrom('weekdays', [4, 1], '3')).toEqual({ kind: 'weekdays', weekdays: [1, 4] });
    expect(scheduleFrom('weekdays', [], '3')).toEqual({ problem: 'Choose at least one weekday' });
    expect(scheduleFrom('every_n', [], '4')).toEqual({ kind: 'every_n', every_days: 4 });
    for (const bad of ['1', '61', 'x', '2.5', ''])
      expect(scheduleFrom('every_n', [], bad)).toEqual({ problem: 'Every N days: a whole number from 2 to 60' });
  });
});

describe('days and the cut-off in words', () => {
  it('names a shop day whatever the browser’s zone', () => {
    expect(dayWords('2026-12-05')).toBe('Saturday 5 December');
    expect(timeWords('22:00')).toBe('10 PM');
    expect(timeWords('06:30')).toBe('6:30 AM');
    expect(timeWords('00:00')).toBe('12 AM');
    expect(timeWords('12:15')).toBe('12:15 PM');
    expect(cutoffRule('22:00')).toBe('Changes for a day close at 10 PM the evening before.');
    expect(cutoffWords('2026-12-05', '22:00')).toBe('Changes for Saturday 5 December closed at 10 PM on Friday');
    // a Monday's cut-off falls on Sunday, a month's first day's on the month before
    expect(cutoffWords('2026-12-07', '21:30')).toBe('Changes for Monday 7 December closed at 9:30 PM on Sunday');
  });

  it('spells out the server’s cut-off refusal and leaves other refusals as they were', () => {
    expect(refusalWords('Changes for 2026-12-05 closed at 22:00 the evening before: choose a later day')).toBe(
      'Changes for Saturday 5 December closed at 10 PM on Friday: choose a later day.',
    );
    expect(refusalWords('This subscription is cancelled: start a new one instead')).toBe(
      'This subscription is cancelled: start a new one instead',
    );
  });

  it('keeps the screens’ largest quantity equal to the contract’s', () => {
    expect(MAX_QUANTITY).toBe(SUBSCRIPTION_MAX_QUANTITY);
  });
});

describe('a calendar day’s actions', () => {
  const day = (over: Partial<CalendarDay> = {}): CalendarDay => ({
    date: '2026-12-05',
    quantity: 1,
    price_paise: 2_800,
    note: 'usual',
    changeable: true,
    ...over,
  });

  it('a delivery: Skip and Change, each named with the day, quantity and price', () => {
    const { actions, disabled } = dayActions(day(), '500 ml', 1, '22:00');
    expect(disabled).toBeNull();
    expect(actions.map((a) => [a.label, a.name, a.quantity])).toEqual([
      ['Skip', 'Saturday 5 December, 1 × 500 ml, ₹28 — skip', 0],
      ['Change', 'Saturday 5 December, 1 × 500 ml, ₹28 — change quantity', undefined],
    ]);
  });

  it('a skipped day: Deliver brings back the usual quantity', () => {
    const { actions } = dayActions(day({ quantity: 0, price_paise: 0, note: 'skipped' }), '500 ml', 2, '22:00');
    expect(actions.map((a) => [a.kind, a.name, a.quantity])).toEqual([['restore', 'Saturday 5 December, Skipped — deliver 2 again', 2]]);
  });

  it('a paused day offers nothing; a day past its cut-off says why', () => {
    expect(dayActions(day({ quantity: 0, price_paise: 0, note: 'paused' }), '500 ml', 1, '22:00').actions).toEqual([]);
    const closed = dayActions(day({ changeable: false }), '500 ml', 1, '22:00');
    expect(closed.actions).toHaveLength(2);
    expect(closed.disabled).toBe('Changes for Saturday 5 December closed at 10 PM on Friday');
  });

  it('the next delivery is the first day with a quantity', () => {
    expect(nextDelivery([day({ quantity: 0, note: 'skipped' }), day({ date: '2026-12-06', quantity: 2 })])?.date).toBe('2026-12-06');
    expect(nextDelivery([day({ quantity: 0, note: 'paused' })])).toBeNull();
  });
});

// Issue 46: the schedule and the days in Hindi and Kannada, the rule shared with the staff app's English.
describe('the schedule and days in the language', () => {
  afterEach(() => activate('en'));
  const schedules: Schedule[] = [
    { kind: 'daily' },
    { kind: 'every_n', every_days: 3 },
    { kind: 'weekdays', weekdays: [5, 1, 3] },
    { kind: 'weekdays', weekdays: [6] },
    { kind: 'weekdays', weekdays: [1, 2, 3, 4, 5] },
  ];
  it('says the schedule in the page language, English exactly as the shared rule writes it', () => {
    expect(schedules.map((s) => scheduleText(s))).toEqual(schedules.map((s) => scheduleWords(s)));
    expect(schedules.map((s) => scheduleText(s))).toEqual([
      'Every day',
      'Every 3 days',
      'Mon, Wed and Fri',
      'Every Saturday',
      'Mon to Fri',
    ]);
    activate('hi');
    expect(schedules.map((s) => scheduleText(s))).toEqual(['रोज़', 'हर 3 दिन', 'सोम, बुध और शुक्र', 'हर शनिवार', 'सोम से शुक्र']);
    activate('kn');
    expect(schedules.map((s) => scheduleText(s))).toEqual(['ಪ್ರತಿದಿನ', 'ಪ್ರತಿ 3 ದಿನಕ್ಕೊಮ್ಮೆ', 'ಸೋಮ, ಬುಧ ಮತ್ತು ಶುಕ್ರ', 'ಪ್ರತಿ ಶನಿವಾರ', 'ಸೋಮದಿಂದ ಶುಕ್ರ']);
  });
  it('names the month of a day in the language (the shared formatMonth)', () => {
    expect(dayWords('2026-12-05')).toBe('Saturday 5 December');
    activate('hi');
    expect(dayWords('2026-12-05')).toBe('शनिवार 5 दिसंबर');
  });
});
