import { z } from 'zod';

/**
 * The days a date field accepts: far enough either way for a shop's records and plans, and clear
 * of PostgreSQL's and Date's edges (year 0, the five-digit year a day after 9999-12-31).
 */
export const FIRST_DAY = '1900-01-01';
export const LAST_DAY = '2999-12-31';
const message = 'Use a date like 2026-01-31';

/**
 * A calendar day as 'YYYY-MM-DD', wherever a call takes one (a report's range, a slot's date, a
 * closure): a real day (no 2026-02-30, which the database refuses with an error: issue 38) from
 * FIRST_DAY to LAST_DAY.
 */
export const daySchema = z.iso.date(message).refine((d) => d >= FIRST_DAY && d <= LAST_DAY, message);

const instantMessage = 'Enter a date and time';
/**
 * A moment as ISO 8601 with its offset ('2026-01-31T09:00:00+05:30'), in the same years as a day
 * (year 0 reached the database and failed the query: issue 38).
 */
export const instantSchema = z.iso
  .datetime({ offset: true, message: instantMessage })
  .refine((s) => s.slice(0, 10) >= FIRST_DAY && s.slice(0, 10) <= LAST_DAY, instantMessage);
