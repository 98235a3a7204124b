/**
 * True when a database error (or one it wraps, as drizzle does) is a unique-constraint violation
 * (SQLSTATE 23505): the loser of a race two requests ran past a "does it exist?" check.
 */
export function isUniqueViolation(e: unknown): boolean {
  return databaseError(e, '23505') !== undefined;
}

/**
 * True when a failure means the database cannot be reached or dropped the connection (refused,
 * reset, terminated by the server, a pool that timed out connecting), as opposed to a query that
 * was wrong: the request may succeed once the database is back.
 */
export function isConnectionError(e: unknown): boolean {
  for (let c: unknown = e; c; c = (c as { cause?: unknown }).cause) {
    const code = (c as { code?: unknown }).code;
    // 08: connection exception; 57P01–57P03: admin shutdown, crash shutdown, cannot connect now.
    if (
      typeof code === 'string' &&
      (/^08/.test(code) ||
        /^57P0[123]$/.test(code) ||
        ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN'].includes(code))
    )
      return true;
    const message = c instanceof Error ? c.message : '';
    if (
      /^Connection terminated|Client was closed and is not queryable|timeout exceeded when trying to connect|Client has encountered a connection error/.test(
        message,
      )
    )
      return true;
  }
  return false;
}

/** The innermost cause's message (drizzle wraps the driver's error in "Failed query: …"). */
export function rootCause(e: unknown): string {
  let c: unknown = e;
  while ((c as { cause?: unknown })?.cause) c = (c as { cause?: unknown }).cause;
  return (c as { message?: string })?.message || (c as { code?: string })?.code || String(c);
}

/** The database's error of SQLSTATE `code` in `e` (or one it wraps, as drizzle does), with its detail; undefined when it is not one. */
export function databaseError(e: unknown, code: string): { code: string; detail?: string } | undefined {
  for (let c: unknown = e; c; c = (c as { cause?: unknown }).cause)
    if ((c as { code?: string }).code === code) return c as { code: string; detail?: string };
  return undefined;
}
