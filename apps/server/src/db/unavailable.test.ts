import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { seedCartShop } from '../domains/cart/test-fixture';
import { rowsOf } from './rows';
import { createTestApp, testConfig, unreachableDatabase } from '../test/app';
import { describeOnPostgres } from '../test/on-postgres';

// The database may blink (restart, failover, pg_terminate_backend, a pooler's idle timeout): the
// process answers 503 DATABASE_UNAVAILABLE meanwhile, never crashes, and recovers by itself.
const unreachable = 'postgres://postgres@127.0.0.1:1/grocer';

describe('a database that cannot be reached', () => {
  it('makes a start print one clear line and exit non-zero', async () => {
    const main = fileURLToPath(new URL('../main.ts', import.meta.url));
    const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
      execFile(
        process.execPath,
        ['--import', 'tsx', main],
        { env: { ...process.env, DATABASE_URL: unreachable, NODE_ENV: 'test', LOG_LEVEL: 'silent' }, timeout: 60_000 },
        (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      ),
    );
    expect(code).not.toBe(0);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toEqual(['Cannot open the database at 127.0.0.1:1: connect ECONNREFUSED 127.0.0.1:1']);
  });

  it('answers health 503 DATABASE_UNAVAILABLE (its reason for staff only: unavailable-page.test.ts), and the API 503, not 500', async () => {
    const database = unreachableDatabase();
    const app = await buildApp({ config: testConfig(), database });
    try {
      const health = await app.inject({ method: 'GET', url: '/s/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ code: 'DATABASE_UNAVAILABLE', message: expect.any(String) });
      const products = await app.inject({ method: 'GET', url: '/s/api/products' });
      expect(products.statusCode).toBe(503);
      expect(products.json().code).toBe('DATABASE_UNAVAILABLE');
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describeOnPostgres('connections terminated during traffic (PostgreSQL)', () => {
  it('keeps answering (200 or 503, never 500) and recovers', async () => {
    const t = await createTestApp({ seed: seedCartShop });
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const [{ name } = { name: '' }] = rowsOf<{ name: string }>(await t.db.execute(sql`select current_database() as name`));
      const statuses: number[] = [];
      let running = true;
      const traffic = Array.from({ length: 6 }, async () => {
        while (running) {
          const r = await t.app.inject({ method: 'GET', url: '/s/api/health' });
          statuses.push(r.statusCode);
          if (r.statusCode !== 200) expect(r.json().code).toBe('DATABASE_UNAVAILABLE');
        }
      });
      let terminated = 0;
      for (let i = 0; i < 10; i++) {
        const { rows } = await admin.query(
          'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name],
        );
        terminated += rows[0].n;
        await new Promise((r) => setTimeout(r, 100));
      }
      running = false;
      await Promise.all(traffic);
      expect(terminated).toBeGreaterThan(0);
      expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
      expect((await t.app.inject({ method: 'GET', url: '/s/api/health' })).statusCode).toBe(200);
    } finally {
      await admin.end();
      await t.close();
    }
  });
});
