import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { preactAliases } from './apps/web/preact-aliases.ts';

// The server's pure files (`*.unit.test.ts`: rules, parsers, source checks; no database) run once,
// without the database setup. Its API tests run on PGlite and, with TEST_DATABASE_URL set, again on
// PostgreSQL (the route sweeps below on PostgreSQL only). Each such file gets its own database, copied from one migrated per run
// (apps/server/src/test/global-setup.ts). Browser journeys run last.
const pg = process.env.TEST_DATABASE_URL;
const serverUnitTests = ['apps/server/src/**/*.unit.test.ts'];
const serverTests = ['apps/server/src/**/*.test.ts'];
const serverExclude = [...configDefaults.exclude, ...serverUnitTests];
const globalSetup = ['apps/server/src/test/global-setup.ts'];
// Sweeps over every route (scoping, inputs, roles, audit): what they prove is the routes' SQL and
// checks, the same on both databases, and they are the slowest files (isolation 133 s on PGlite
// against 46 s on PostgreSQL, loaded machine). With PostgreSQL present they run there only.
const sweeps = [
  'apps/server/src/isolation.test.ts',
  'apps/server/src/http/route-inputs.test.ts',
  'apps/server/src/http/junk-input.test.ts',
  'apps/server/src/http/staff-matrix.test.ts',
  'apps/server/src/http/audit-coverage.test.ts',
];
// Set on each project: a project does not inherit the root's test options.
const timeouts = { testTimeout: 30_000, hookTimeout: 120_000 };

export default defineConfig({
  test: {
    // Two files at a time even on 2 cores (vitest's default there is one): an API file on PGlite
    // keeps one core busy, so the unit and API files take 7 minutes instead of 14. The browser
    // journeys too (issue 41 §7): each starts its own shop on its own port and data directory, and
    // a journey mostly waits for what the person sees, so two at once took 32 minutes instead of
    // about 61 on a loaded 2-core machine (load average 10-15), all 53 files passing.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'shared', ...timeouts, include: ['packages/shared/src/**/*.test.ts'] } },
      // Storefront: rules (.test.ts) and components (.test.tsx) in happy-dom, on Preact like the app
      // (the same aliases as apps/web/vite.config.ts). Libraries that import `react` (lucide-react…)
      // are inlined so the aliases reach them too, as the app's bundle does.
      {
        // Browser export conditions, as in the app's bundle: lucide-react's `node` build is CommonJS,
        // whose require('react') no alias reaches.
        resolve: { alias: preactAliases, conditions: ['module', 'browser', 'development|production'] },
        test: {
          name: 'web',
          ...timeouts,
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          server: { deps: { inline: [/lucide-react/, /sonner/, /@tanstack\/react-query/, /react-router/, /embla-carousel/] } },
        },
      },
      // Staff app: its logic (.test.ts) and components (.test.tsx) in happy-dom on React 19 with
      // Testing Library; IndexedDB (the till's offline queue) from fake-indexeddb.
      {
        test: {
          name: 'staff',
          ...timeouts,
          include: ['apps/staff/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/staff/src/test/setup.ts'],
        },
      },
      // The rider's phone app (apps/rider): its pure helpers (money, links, routes, error words).
      { test: { name: 'rider', ...timeouts, include: ['apps/rider/src/**/*.test.ts'] } },
      // TEST_DB=none: test/app.ts refuses to open a database here (such a file is not a unit file).
      // The files share one module graph per worker (isolate: false): importing it per file was
      // most of their time (20 s instead of 50 s on a loaded 2-core machine). A file that changes a
      // module's state puts it back (fake timers: afterEach).
      { test: { name: 'server-unit', ...timeouts, include: serverUnitTests, isolate: false, env: { TEST_DB: 'none' } } },
      // API files share one module graph per worker too (isolate: false): the app's import was 4-8 s
      // of each file's time. Each file builds its own app on its own database; module state that
      // outlives an app is kept per database (analytics settings) or reset by the file that uses it.
      {
        test: {
          name: 'server',
          ...timeouts,
          include: serverTests,
          exclude: pg ? [...serverExclude, ...sweeps] : serverExclude,
          globalSetup,
          isolate: false,
          env: { TEST_DB: 'pglite' },
        },
      },
      ...(pg
        ? [
            {
              test: {
                name: 'server-pg',
                ...timeouts,
                include: serverTests,
                exclude: serverExclude,
                globalSetup,
                isolate: false,
                // a transaction's statements one at a time (see the file)
                setupFiles: ['apps/server/src/test/one-statement-at-a-time.ts'],
                env: { TEST_DB: 'postgres' },
              },
            },
          ]
        : []),
      {
        test: {
          name: 'e2e',
          ...timeouts,
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          // after every other project (group 0): the journeys' shops and browsers do not share the
          // two cores with the API files
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
        },
      },
    ],
  },
});
