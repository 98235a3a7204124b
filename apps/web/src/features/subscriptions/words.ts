import { formatMonth } from '@grocer/shared/format';
import { scheduleWords } from '@grocer/shared/subscription-words';
import type { Schedule } from '@grocer/shared/subscriptions';
import { formatINR, toRupees } from '@grocer/shared/money';
import { addShopDays } from '@grocer/shared/shop-time';
import { language, msg, t } from '../../lib/i18n';

/**
 * The subscription screens' words, pure (issue 44 §4): a schedule, a shop day, a cut-off, a
 * calendar day's accessible name and the actions a day offers. Dates are shop days 'YYYY-MM-DD';
 * read as UTC midnights so the browser's own zone never moves a day.
 */

/** SUBSCRIPTION_MAX_QUANTITY, kept here so the screens import no zod (a test holds them equal) */
export const MAX_QUANTITY = 99;

export const WEEKDAYS = [
  msg('Sunday'),
  msg('Monday'),
  msg('Tuesday'),
  msg('Wednesday'),
  msg('Thursday'),
  msg('Friday'),
  msg('Saturday'),
] as const;
export const WEEKDAYS_SHORT = [msg('Sun'), msg('Mon'), msg('Tue'), msg('Wed'), msg('Thu'), msg('Fri'), msg('Sat')] as const;

const utc = (date: string) => new Date(`${date}T00:00:00Z`);
export const weekdayOf = (date: string) => utc(date).getUTCDay();
export const rupees = (paise: number) => formatINR(toRupees(paise));

/** A month's name in the page's language (the shared formatMonth: 'December', 'दिसंबर'). */
const monthOf = (d: Date, short: boolean) => formatMonth(d.toISOString().slice(0, 10), language(), short);

/** A subscription's schedule in the page's language ("Every day", "हर शनिवार"; the rule: shared subscription-words.ts). */
export const scheduleText = (s: Schedule) =>
  scheduleWords(s, {
    daily: t('Every day'),
    alternate: t('Every other day'),
    everyNDays: (n) => t('Every {n} days', { n }),
    monToSat: t('Mon to Sat'),
    monToFri: t('Mon to Fri'),
    weekends: t('Weekends'),
    everyWeekday: (d) => t('Every {weekday}', { weekday: t(WEEKDAYS[d]!) }),
    weekdayShort: (d) => t(WEEKDAYS_SHORT[d]!),
    list: (first, last) => t('{first} and {last}', { first: first.join(', '), last }),
  });

/** "Saturday 5 December" (in Hindi and Kannada: the weekday and month in the language) */
export const dayWords = (date: string) => {
  const d = utc(date);
  return `${t(WEEKDAYS[d.getUTCDay()]!)} ${d.getUTCDate()} ${monthOf(d, false)}`;
};
/** "Sat 5 Dec" */
export const shortDay = (date: string) => {
  const d = utc(date);
  return `${t(WEEKDAYS_SHORT[d.getUTCDay()]!)} ${d.getUTCDate()} ${monthOf(d, true)}`;
};

/** '22:00' → '10 PM', '06:30' → '6:30 AM', '00:00' → '12 AM' */
export function timeWords(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}${m ? `:${String(m).padStart(2, '0')}` : ''} ${h < 12 ? 'AM' : 'PM'}`;
}

/** Why a day can no longer be changed: "Changes for Saturday 5 December closed at 10 PM on Friday" */
export const cutoffWords = (date: string, cutoff: string) =>
  t('Changes for {day} closed at {time} on {weekday}', {
    day: dayWords(date),
    time: timeWords(cutoff),
    weekday: t(WEEKDAYS[weekdayOf(addShopDays(date, -1))]!),
  });

/** The rule in one line, shown before any change: "Changes for a day close at 10 PM the evening before." */
export const cutoffRule = (cutoff: string) => t('Changes for a day close at {time} the evening before.', { time: timeWords(cutoff) });

export interface CalendarDay {
  date: string;
  quantity: number;
  price_paise: number;
  note: 'usual' | 'changed' | 'skipped' | 'paused';
  changeable: boolean;
  /** one-off items added to the day's delivery */
  extras?: Array<{ pack_id: number; product_name: string; pack_name: string; quantity: number; price_paise: number }>;
}

/** What a day shows in words: "1 × 500 ml, ₹28", "Skipped", "Paused". */
export function dayWhat(day: CalendarDay, packName: string): string {
  if (day.note === 'paused') return t('Paused');
  if (day.note === 'skipped' || day.quantity === 0) return t('Skipped');
  return `${day.quantity} × ${packName}, ${rupees(day.price_paise)}`;
}

export type DayAction = { kind: 'skip' | 'restore' | 'change'; quantity?: number; label: string; name: string };

/**
 * The actions a calendar day offers and their accessible names ("Saturday 5 December, 1 × 500 ml,
 * ₹28 — skip"): Skip a delivery, Deliver again a skipped day (the usual quantity), Change the
 * quantity. A paused day has none (Resume or the pause decides). `disabled` carries the cut-off
 * explained when the day may no longer change.
 */
export function dayActions(
  day: CalendarDay,
  packName: string,
  usual: number,
  cutoff: string,
): { actions: DayAction[]; disabled: string | null } {
  const what = `${dayWords(day.date)}, ${dayWhat(day, packName)}`;
  const disabled = day.changeable ? null : cutoffWords(day.date, cutoff);
  if (day.note === 'paused') return { actions: [], disabled };
  const actions: DayAction[] =
    day.quantity === 0
      ? [{ kind: 'restore', quantity: usual, label: t('Deliver'), name: t('{what} — deliver {count} again', { what, count: usual }) }]
      : [
          { kind: 'skip', quantity: 0, label: t('Skip'), name: t('{what} — skip', { what }) },
          { kind: 'change', label: t('Change'), name: t('{what} — change quantity', { what }) },
        ];
  return { actions, disabled };
}

/** The next day that delivers (quantity > 0), or null. */
export const nextDelivery = (days: readonly CalendarDay[]) => days.find((d) => d.quantity > 0) ?? null;

/** A server refusal in words: the cut-off's date and time spelled out, everything else as the server said it. */
export function refusalWords(message: string): string {
  const m = /^Changes for (\d{4}-\d{2}-\d{2}) closed at (\d{2}:\d{2}) the evening before/.exec(message);
  return m ? t('{reason}: choose a later day.', { reason: cutoffWords(m[1]!, m[2]!) }) : message;
}

/** The schedule the sheet's choices make (null while a choice is incomplete), and why not. */
export function scheduleFrom(kind: Schedule['kind'], weekdays: readonly number[], everyDays: string): Schedule | { problem: string } {
  if (kind === 'weekdays') {
    if (!weekdays.length) return { problem: t('Choose at least one weekday') };
    return { kind, weekdays: [...weekdays].sort((a, b) => a - b) };
  }
  if (kind === 'every_n') {
    const n = Number(everyDays);
    if (!/^\d+$/.test(everyDays.trim()) || n < 2 || n > 60) return { problem: t('Every N days: a whole number from 2 to 60') };
    return { kind, every_days: n };
  }
  return { kind };
}
