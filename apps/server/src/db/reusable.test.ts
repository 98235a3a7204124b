import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/app';
import { reusable, type Database } from './client';
import { websites } from './schema';
import { itOnPostgres } from '../test/on-postgres';

// Statements built once (db/client.ts `reusable`): each call runs on the caller's connection, the
// pool's or its transaction's, so a transaction's statement sees what that transaction wrote and
// nobody else does, and concurrent transactions never run on each other's connection.
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const nameOf = reusable('test_website_name', (db, name) =>
  db
    .select({ name: websites.name })
    .from(websites)
    .where(eq(websites.id, sql.placeholder('id')))
    .prepare(name),
);

describe('reusable statements', () => {
  it("run in the caller's transaction: they see its uncommitted write; the pool sees the committed row", async () => {
    const { db } = database;
    const [w] = await db.insert(websites).values({ name: 'Before' }).returning();
    // built first on the pool
    expect(await nameOf(db, { id: w!.id })).toEqual([{ name: 'Before' }]);
    await db
      .transaction(async (tx) => {
        await tx.update(websites).set({ name: 'Inside' }).where(eq(websites.id, w!.id));
        expect(await nameOf(tx, { id: w!.id })).toEqual([{ name: 'Inside' }]);
        throw new Error('rolled back');
      })
      .catch((e: Error) => expect(e.message).toBe('rolled back'));
    expect(await nameOf(db, { id: w!.id })).toEqual([{ name: 'Before' }]);
  });

  itOnPostgres('keep concurrent transactions apart (PostgreSQL)', async () => {
    const { db } = database;
    const made = await db
      .insert(websites)
      .values(Array.from({ length: 8 }, (_, i) => ({ name: `Shop ${i}` })))
      .returning();
    // every transaction renames its website, then all read, then all commit
    const together = () => {
      let arrived = 0;
      let all!: () => void;
      const everyone = new Promise<void>((r) => (all = r));
      return () => {
        if (++arrived === made.length) all();
        return everyone;
      };
    };
    const renamed = together();
    const read = together();
    const seen = await Promise.all(
      made.map((w, i) =>
        db.transaction(async (tx) => {
          await tx
            .update(websites)
            .set({ name: `Renamed ${i}` })
            .where(eq(websites.id, w.id));
          await renamed();
          // each sees its own rename, never another's (uncommitted), nor its old name
          const own = await nameOf(tx, { id: w.id });
          const other = await nameOf(tx, { id: made[(i + 1) % made.length]!.id });
          await read();
          return { own, other };
        }),
      ),
    );
    seen.forEach((s, i) => {
      expect(s.own).toEqual([{ name: `Renamed ${i}` }]);
      expect(s.other).toEqual([{ name: `Shop ${(i + 1) % made.length}` }]);
    });
  });
});
