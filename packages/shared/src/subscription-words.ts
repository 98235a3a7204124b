import type { Schedule } from './subscriptions';

/**
 * A subscription's schedule in words, as the storefront's subscription pages and Administration's
 * subscription list both write it. No zod at run time (the schedule's type only), so the
 * storefront's screens stay free of it.
 */

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const WEEKDAYS_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/**
 * The words of a schedule in one language (issue 46): English below; the storefront gives its
 * own from its catalogue (t()), so the rule of which words a schedule takes stays here, once.
 * `weekday` and `weekdayShort` are 0 = Sunday … 6 = Saturday.
 */
export interface ScheduleWords {
  daily: string;
  alternate: string;
  everyNDays(n: number): string;
  monToSat: string;
  monToFri: string;
  weekends: string;
  everyWeekday(day: number): string;
  weekdayShort(day: number): string;
  /** "Mon, Wed and Fri" */
  list(first: string[], last: string): string;
}

export const ENGLISH_SCHEDULE_WORDS: ScheduleWords = {
  daily: 'Every day',
  alternate: 'Every other day',
  everyNDays: (n) => `Every ${n} days`,
  monToSat: 'Mon to Sat',
  monToFri: 'Mon to Fri',
  weekends: 'Weekends',
  everyWeekday: (d) => `Every ${WEEKDAYS[d]}`,
  weekdayShort: (d) => WEEKDAYS_SHORT[d]!,
  list: (first, last) => `${first.join(', ')} and ${last}`,
};

/** "Every day", "Every other day", "Every 3 days", "Mon to Fri", "Mon to Sat", "Weekends", "Every Saturday", "Mon, Wed and Fri" */
export function scheduleWords(s: Schedule, w: ScheduleWords = ENGLISH_SCHEDULE_WORDS): string {
  switch (s.kind) {
    case 'daily':
      return w.daily;
    case 'alternate':
      return w.alternate;
    case 'every_n':
      return w.everyNDays(s.every_days);
    case 'weekdays': {
      const days = [...new Set(s.weekdays)].sort((a, b) => a - b);
      const run = days.join();
      if (days.length === 7) return w.daily;
      if (run === '1,2,3,4,5,6') return w.monToSat;
      if (run === '1,2,3,4,5') return w.monToFri;
      if (run === '0,6') return w.weekends;
      if (days.length === 1) return w.everyWeekday(days[0]!);
      const names = days.map((d) => w.weekdayShort(d));
      return w.list(names.slice(0, -1), names[names.length - 1]!);
    }
  }
}
