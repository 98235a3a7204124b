/**
 * True when a database error (or one it wraps, as drizzle does) is a unique-constraint violation
 * (SQLSTATE 23505): the loser of a race two requests ran past a "does it exist?" check.
 */
export function isUniqueViolation(e: unknown): boolean {
  for (let c: unknown = e; c; c = (c as { cause?: unknown }).cause) if ((c as { code?: string }).code === '23505') return true;
  return false;
}
