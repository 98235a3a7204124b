import { defineConfig } from 'vitest/config';
import { preactAliases } from './apps/web/preact-aliases.ts';

// Unit and API tests run on PGlite; with TEST_DATABASE_URL set the API suite runs again on
// PostgreSQL (each test file creates and drops its own database). Browser journeys run last.
const pg = process.env.TEST_DATABASE_URL;
const serverTests = ['apps/server/src/**/*.test.ts'];

// Projects do not inherit the root's test options; each takes these (a busy 2-core machine needs
// more than vitest's 5 s/10 s defaults for a migrated database in beforeAll).
const timeouts = { testTimeout: 30_000, hookTimeout: 120_000 };

export default defineConfig({
  test: {
    ...timeouts,
    projects: [
      { test: { ...timeouts, name: 'shared', include: ['packages/shared/src/**/*.test.ts'] } },
      // Storefront: rules (.test.ts) and components (.test.tsx) in happy-dom, on Preact like the app
      // (the same aliases as apps/web/vite.config.ts). Libraries that import `react` (lucide-react…)
      // are inlined so the aliases reach them too, as the app's bundle does.
      {
        // Browser export conditions, as in the app's bundle: lucide-react's `node` build is CommonJS,
        // whose require('react') no alias reaches.
        resolve: { alias: preactAliases, conditions: ['module', 'browser', 'development|production'] },
        test: {
          ...timeouts,
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          server: { deps: { inline: [/lucide-react/, /sonner/, /@tanstack\/react-query/, /react-router/, /embla-carousel/] } },
        },
      },
      { test: { ...timeouts, name: 'server', include: serverTests, env: { TEST_DB: 'pglite' } } },
      ...(pg ? [{ test: { ...timeouts, name: 'server-pg', include: serverTests, env: { TEST_DB: 'postgres' } } }] : []),
      { test: { ...timeouts, name: 'e2e', include: ['e2e/**/*.test.ts'], fileParallelism: false, testTimeout: 60_000 } },
    ],
  },
});
