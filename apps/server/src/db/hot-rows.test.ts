import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/app';
import { hotRows, type Database } from './client';

// The hot reads (db/client.ts): rows as arrays on either database; a planner setting asked for
// one statement holds for that statement alone, on PostgreSQL, and never stays on the pool's
// connection for the next request.
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const cost = sql`select current_setting('random_page_cost')`;

describe('hot reads', () => {
  it('answer rows as arrays with their parameters', async () => {
    expect(await hotRows(database.db, sql`select ${2}::int + 1, ${'a'}::text`)).toEqual([[3, 'a']]);
  });

  it('run with the planner cost asked for (PostgreSQL), then leave every connection as it was', async () => {
    const asked = await hotRows(database.db, cost, { randomPageCost: 1.1 });
    expect(asked).toEqual([[database.kind === 'postgres' ? '1.1' : '4']]);
    // every connection of the pool at once: none kept the setting
    const after = await Promise.all(Array.from({ length: 40 }, () => hotRows(database.db, cost)));
    expect(new Set(after.map((r) => r[0]![0]))).toEqual(new Set(['4']));
  });

  it('gives the connection back after a statement that fails', async () => {
    await expect(hotRows(database.db, sql`select 1 / ${0}::int`, { randomPageCost: 1.1 })).rejects.toThrow(/division by zero/);
    const after = await Promise.all(Array.from({ length: 40 }, () => hotRows(database.db, cost)));
    expect(new Set(after.map((r) => r[0]![0]))).toEqual(new Set(['4']));
    expect(
      await hotRows(
        database.db,
        sql`select count(*)::int from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
      ),
    ).toEqual([[0]]);
  });
});
