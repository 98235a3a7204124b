/** db.execute answers `{ rows }` on both drivers (pg and PGlite). */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
