/**
 * The shop's clock, in one place (issue 41 §5). Every shop day, "today", report range and printed
 * time is India's: one time zone with no daylight saving, so a fixed offset is exact and no time
 * zone database is needed in the browser. Zod-free and tiny: the storefront's header loads it.
 * (A per-website zone would start here: every caller already goes through these functions.)
 */
export const SHOP_TIME_ZONE = 'Asia/Kolkata';
export const SHOP_OFFSET_MINUTES = 330;
const OFFSET_MS = SHOP_OFFSET_MINUTES * 60_000;
const DAY_MS = 86_400_000;

/** The shop's calendar day of a moment, YYYY-MM-DD. */
export const shopDayOf = (at: Date | number = Date.now()): string => new Date(+at + OFFSET_MS).toISOString().slice(0, 10);

/** The shop's wall-clock time of a moment, HH:MM (24-hour). */
export const shopClockOf = (at: Date | number): string => new Date(+at + OFFSET_MS).toISOString().slice(11, 16);

/** The moment a shop day starts (00:00 in India). */
export const shopDayStart = (day: string): Date => new Date(Date.parse(`${day}T00:00:00Z`) - OFFSET_MS);

/** The moment a shop day ends: the start of the next day (use it as an exclusive bound). */
export const shopDayEnd = (day: string): Date => new Date(shopDayStart(day).getTime() + DAY_MS);

/** A calendar day `n` days after `day` (negative: before), YYYY-MM-DD. */
export const addShopDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** A moment as the shop prints it on receipts and invoices: '29 Nov 2026, 9:05 am' (en-IN, medium + short). */
export const shopDateTime = (at: Date | string | number): string =>
  new Date(at).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: SHOP_TIME_ZONE });
