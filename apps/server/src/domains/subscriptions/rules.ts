import { addShopDays, shopDayOf, shopDayStart } from '@grocer/shared/shop-time';
import type { ScheduleKind, SubscriptionStatus } from '@grocer/shared/subscriptions';

/**
 * The schedule rules, pure (issue 44 §4): which shop days a subscription delivers, how many, and
 * until when a day may still be changed. Dates are 'YYYY-MM-DD' shop days; the clock is the shop's
 * (`@grocer/shared/shop-time`).
 */

export interface Plan {
  schedule: ScheduleKind;
  /** `weekdays`: bit d = weekday d (0 Sunday), as delivery slots count them */
  weekdays: number;
  /** `every_n`: every this many days from the start */
  everyDays: number;
  startDate: string;
  quantity: number;
  status: SubscriptionStatus;
  /** ranges without deliveries, both ends included */
  pauses: ReadonlyArray<{ from: string; to: string }>;
  /** a date's own quantity (0: skipped) */
  days: ReadonlyMap<string, number>;
}

const DAY_MS = 86_400_000;
/** Whole days from `a` to `b` (negative when `b` is before). */
export const daysBetween = (a: string, b: string): number =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
export const weekdayOf = (date: string): number => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The schedule's own days, before pauses and changes. */
export function scheduledOn(p: Pick<Plan, 'schedule' | 'weekdays' | 'everyDays' | 'startDate'>, date: string): boolean {
  const n = daysBetween(p.startDate, date);
  if (n < 0) return false;
  switch (p.schedule) {
    case 'daily':
      return true;
    case 'alternate':
      return n % 2 === 0;
    case 'every_n':
      return n % Math.max(1, p.everyDays) === 0;
    case 'weekdays':
      return (p.weekdays & (1 << weekdayOf(date))) !== 0;
  }
}

export const pausedOn = (p: Pick<Plan, 'pauses'>, date: string): boolean => p.pauses.some((r) => r.from <= date && date <= r.to);

export type DayNote = 'usual' | 'changed' | 'skipped' | 'paused';

/** What a date holds: the quantity delivered (0: none) and why. Null when the schedule has no delivery that day. */
export function dayOf(p: Plan, date: string): { quantity: number; note: DayNote } | null {
  if (p.status === 'cancelled' || !scheduledOn(p, date)) return null;
  if (p.status === 'paused' || pausedOn(p, date)) return { quantity: 0, note: 'paused' };
  const own = p.days.get(date);
  if (own === undefined) return { quantity: p.quantity, note: 'usual' };
  return own === 0 ? { quantity: 0, note: 'skipped' } : { quantity: own, note: own === p.quantity ? 'usual' : 'changed' };
}

/** The quantity delivered on `date` (0: nothing). */
export const quantityOn = (p: Plan, date: string): number => dayOf(p, date)?.quantity ?? 0;

/** Every scheduled date from `from` to `to` (both included), with its quantity (0 when skipped or paused). */
export function scheduleIn(p: Plan, from: string, to: string): Array<{ date: string; quantity: number; note: DayNote }> {
  const out: Array<{ date: string; quantity: number; note: DayNote }> = [];
  for (let d = from; d <= to; d = addShopDays(d, 1)) {
    const day = dayOf(p, d);
    if (day) out.push({ date: d, ...day });
  }
  return out;
}

/** The dates that deliver from `from` to `to`, with their quantities (> 0). */
export const deliveriesIn = (p: Plan, from: string, to: string) => scheduleIn(p, from, to).filter((d) => d.quantity > 0);

/**
 * The moment changes for `date` close: the website's cut-off ('HH:MM', shop time) on the evening
 * before. The generation for `date` runs after it.
 */
export function changesCloseAt(date: string, cutoff: string): Date {
  const [h, m] = cutoff.split(':').map(Number) as [number, number];
  return new Date(shopDayStart(addShopDays(date, -1)).getTime() + (h * 60 + m) * 60_000);
}

/** Whether `date` may still be changed at `now`. */
export const changeable = (date: string, cutoff: string, now: Date): boolean => now.getTime() < changesCloseAt(date, cutoff).getTime();

/** The first date that may still be changed at `now`: tomorrow before the cut-off, else the day after. */
export function firstChangeableDay(now: Date, cutoff: string): string {
  const tomorrow = addShopDays(shopDayOf(now), 1);
  return changeable(tomorrow, cutoff, now) ? tomorrow : addShopDays(tomorrow, 1);
}

/** The days a schedule input names as a bit set (0 Sunday … 6 Saturday). */
export const weekdayBits = (days: readonly number[]): number => days.reduce((bits, d) => bits | (1 << d), 0);
export const weekdaysOfBits = (bits: number): number[] => [0, 1, 2, 3, 4, 5, 6].filter((d) => (bits & (1 << d)) !== 0);
