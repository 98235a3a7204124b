import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { seedCartShop } from '../cart/test-fixture';
import { createTestDatabase, testConfig, unreachableDatabase } from '../../test/app';
import { createLifecycle } from './health';

// Liveness and readiness apart (DESIGN §11): live answers whenever the process does; ready only
// when it should get requests: not while draining, not without its database or its migrations.
// Neither says why to the caller (the log does).
const NOT_READY = { code: 'UNAVAILABLE', message: 'Service unavailable' };

describe('GET /s/api/health/live and /s/api/health/ready', () => {
  const lifecycle = createLifecycle();
  let close = async () => {};
  let app: Awaited<ReturnType<typeof buildApp>>;
  let db: Db;

  beforeAll(async () => {
    const database = await createTestDatabase();
    await seedCartShop(database.db);
    db = database.db;
    // production: an unknown host has no website (404), which a probe must not depend on
    app = await buildApp({
      config: testConfig({ NODE_ENV: 'production', SESSION_SECRET: 'health-test-secret-0123456789' }),
      database,
      lifecycle,
    });
    close = async () => {
      await app.close();
      await database.close();
    };
  });
  afterAll(() => close());

  it('answer 200 on any host, an IP included, without a website or a session', async () => {
    const live = await app.inject({ method: 'GET', url: '/s/api/health/live', headers: { host: '10.0.0.7:3000' } });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    expect(live.headers['cache-control']).toBe('no-store');
    const ready = await app.inject({ method: 'GET', url: '/s/api/health/ready', headers: { host: '10.0.0.7:3000' } });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['set-cookie']).toBeUndefined();
    // the same host on a shop's route: no website there
    expect((await app.inject({ method: 'GET', url: '/s/api/health', headers: { host: '10.0.0.7:3000' } })).statusCode).toBe(404);
  });

  it('ready answers 503 while the process drains, and live and the shop still answer', async () => {
    lifecycle.draining = true;
    try {
      const ready = await app.inject({ method: 'GET', url: '/s/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual(NOT_READY);
      expect((await app.inject({ method: 'GET', url: '/s/api/health/live' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/s/api/health', headers: { host: 'localhost' } })).statusCode).toBe(200);
    } finally {
      lifecycle.draining = false;
    }
    expect((await app.inject({ method: 'GET', url: '/s/api/health/ready' })).statusCode).toBe(200);
  });

  it("ready answers 503 while the database lacks this build's newest migration", async () => {
    // a fresh process (readiness remembers migrations once they are all there)
    const other = await buildApp({ config: testConfig(), database: { db, kind: 'pglite', close: async () => {} } });
    const [newest] = rowsOf<{ hash: string; created_at: string }>(
      await db.execute(
        sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations) returning *`,
      ),
    );
    try {
      const ready = await other.inject({ method: 'GET', url: '/s/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual(NOT_READY);
      expect((await other.inject({ method: 'GET', url: '/s/api/health/live' })).statusCode).toBe(200);
    } finally {
      await db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${newest!.hash}, ${newest!.created_at})`);
    }
    expect((await other.inject({ method: 'GET', url: '/s/api/health/ready' })).statusCode).toBe(200);
    await other.close();
  });
});

describe('health with the database unreachable', () => {
  it('live answers 200 at once; ready 503 with nothing of the cause', async () => {
    const database = unreachableDatabase(1_000);
    const app = await buildApp({ config: testConfig(), database });
    try {
      const started = Date.now();
      const live = await app.inject({ method: 'GET', url: '/s/api/health/live' });
      expect(live.statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(500); // no database on the way
      const ready = await app.inject({ method: 'GET', url: '/s/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual(NOT_READY);
      expect(ready.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|connect/);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
