import { getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';
import { CasingCache } from 'drizzle-orm/casing';

/** db.execute answers `{ rows }` on both drivers (pg and PGlite). */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

const snakeCase = new CasingCache('snake_case');

/**
 * A row of `table` from its JSON (`row_to_json`, `json_agg` of rows a statement wrote): read by
 * column name and mapped as drizzle maps the driver's values (timestamps to Dates, jsonb as is),
 * so a statement can answer the rows of several tables at once.
 */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): InferSelectModel<T> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[snakeCase.getColumnCasing(column)];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
}
