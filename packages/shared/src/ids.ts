import { z } from 'zod';

/** PostgreSQL's `integer`: a larger id names no row, and sent to the database it fails the query. */
export const PG_INT_MAX = 2_147_483_647;
const message = `Must be a whole number from 1 to ${PG_INT_MAX}`;

/** A row id in a JSON body. */
export const idSchema = z.number({ message }).int(message).min(1, message).max(PG_INT_MAX, message);
/** A row id from a path or query string ('12'), or a body that may send it as text. */
export const coercedIdSchema = z.coerce.number({ message }).int(message).min(1, message).max(PG_INT_MAX, message);
/** A 1-based page number. */
export const pageSchema = z.coerce.number().int().min(1, 'page must be 1 or more').max(PG_INT_MAX, 'page is too large').default(1);
