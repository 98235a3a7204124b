import { z } from 'zod';

/**
 * Row ids, wherever a call takes one (a path or query parameter, a body field, an item of a list
 * of ids): one schema, so every id is refused the same way before it reaches the database. Rows
 * are numbered by PostgreSQL `integer` identity columns: a larger id names no row, and sent to
 * the database it fails the query (a 500 instead of a 422: issue 38). The route-input property test
 * (apps/server/src/http/route-inputs.test.ts) walks every route's OpenAPI schema for ids that
 * escaped these.
 */
export const PG_INT_MAX = 2_147_483_647;
const message = `Must be a whole number from 1 to ${PG_INT_MAX}`;

/** A row id in a JSON body (a number, never text); a form words its own refusal ('Choose a warehouse'). */
export const idSchemaWith = (refusal: string) => z.number({ message: refusal }).int(refusal).min(1, refusal).max(PG_INT_MAX, refusal);
export const idSchema = idSchemaWith(message);
/** A row id from a path or query string ('12'), where every value is text. */
export const coercedIdSchema = z.coerce.number({ message }).int(message).min(1, message).max(PG_INT_MAX, message);
/** The params of a route on one row (`/things/:id`). */
export const idParamsSchema = z.object({ id: coercedIdSchema });

/** A 1-based page number. */
export const pageSchema = z.coerce.number().int().min(1, 'page must be 1 or more').max(PG_INT_MAX, 'page is too large').default(1);

const versionMessage = `Must be a whole number from 0 to ${PG_INT_MAX}`;
/**
 * The version an editor read and sends back (optimistic concurrency: an older one is refused as
 * stale). Versions are `integer` counters like ids, starting at 0 or 1.
 */
export const versionSchema = z
  .number({ message: versionMessage })
  .int(versionMessage)
  .min(0, versionMessage)
  .max(PG_INT_MAX, versionMessage);
