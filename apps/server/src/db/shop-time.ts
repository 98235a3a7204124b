import { SHOP_TIME_ZONE } from '@grocer/shared/shop-time';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

// The shop's clock in SQL (issue 41 §5; the rule itself is @grocer/shared/shop-time). The zone is a
// literal, not a parameter, so a grouped expression matches its select and plans can be reused.
const zone = sql.raw(`'${SHOP_TIME_ZONE}'`);

/** A timestamptz's shop day, 'YYYY-MM-DD'. */
export const shopDaySql = (at: SQLWrapper): SQL<string> => sql<string>`to_char(${at} at time zone ${zone}, 'YYYY-MM-DD')`;

/** The moment today (the shop's) began. */
export const shopTodayStartSql: SQL = sql`(date_trunc('day', now() at time zone ${zone}) at time zone ${zone})`;

/** The shop's day of a timestamptz truncated to midnight, as a local timestamp (for date_trunc and series). */
export const shopLocalSql = (at: SQLWrapper): SQL => sql`(${at} at time zone ${zone})`;

/** A timestamptz's shop day as a date (how the summaries keyed by day store it). */
export const shopDateSql = (at: SQLWrapper): SQL => sql`(${at} at time zone ${zone})::date`;

/** The moment a shop day (a date) began. */
export const shopDateStartSql = (day: SQLWrapper): SQL => sql`((${day})::timestamp at time zone ${zone})`;
