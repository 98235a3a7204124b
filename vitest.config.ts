import { defineConfig } from 'vitest/config';

// Unit and API tests run on PGlite; with TEST_DATABASE_URL set the API suite runs again on
// PostgreSQL (each test file creates and drops its own database). Browser journeys run last.
const pg = process.env.TEST_DATABASE_URL;
const serverTests = ['apps/server/src/**/*.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] } },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'] } },
      { test: { name: 'server', include: serverTests, env: { TEST_DB: 'pglite' } } },
      ...(pg ? [{ test: { name: 'server-pg', include: serverTests, env: { TEST_DB: 'postgres' } } }] : []),
      { test: { name: 'e2e', include: ['e2e/**/*.test.ts'], fileParallelism: false, testTimeout: 60_000 } },
    ],
  },
});
