import type { Schedule } from './subscriptions';

/**
 * A subscription's schedule in words, as the storefront's subscription pages and Administration's
 * subscription list both write it. No zod at run time (the schedule's type only), so the
 * storefront's screens stay free of it.
 */

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const WEEKDAYS_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** "Every day", "Every other day", "Every 3 days", "Mon to Fri", "Mon to Sat", "Weekends", "Every Saturday", "Mon, Wed and Fri" */
export function scheduleWords(s: Schedule): string {
  switch (s.kind) {
    case 'daily':
      return 'Every day';
    case 'alternate':
      return 'Every other day';
    case 'every_n':
      return `Every ${s.every_days} days`;
    case 'weekdays': {
      const days = [...new Set(s.weekdays)].sort((a, b) => a - b);
      const run = days.join();
      if (days.length === 7) return 'Every day';
      if (run === '1,2,3,4,5,6') return 'Mon to Sat';
      if (run === '1,2,3,4,5') return 'Mon to Fri';
      if (run === '0,6') return 'Weekends';
      if (days.length === 1) return `Every ${WEEKDAYS[days[0]!]}`;
      const names = days.map((d) => WEEKDAYS_SHORT[d]!);
      return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
    }
  }
}
