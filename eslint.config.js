import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import i18next from 'eslint-plugin-i18next';
import globals from 'globals';
import { WORD_ATTRIBUTES } from './apps/staff/scripts/word-attributes.js';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-server/**',
      '**/node_modules/**',
      '**/data/**',
      'apps/server/src/db/migrations/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['scripts/**', 'apps/web/scripts/**', 'apps/staff/scripts/**', 'bench/**', 'e2e/**', '*.config.*', '.dependency-cruiser.cjs'],
    languageOptions: { globals: globals.node },
  },
  { files: ['apps/web/public/sw.js', 'apps/staff/public/push-sw.js'], languageOptions: { globals: globals.serviceworker } },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/staff/**/*.{ts,tsx}', 'apps/rider/**/*.{ts,tsx}', 'packages/blocks/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // The staff app stays English with its strings extracted (issue 46 §5): words shown in JSX go
    // through `t()` (apps/staff/src/lib/i18n.ts; `npm run i18n:wrap -w @grocer/staff` wraps them).
    // Flagged: JSX text, strings and templates placed in JSX, and the attributes that show words.
    // Calls inside JSX (handlers, paths, keys) and other attributes (className, value, to…) are code.
    files: ['apps/staff/src/**/*.tsx'],
    ignores: ['apps/staff/src/**/*.test.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'should-validate-template': true,
          'jsx-attributes': { include: WORD_ATTRIBUTES },
          'jsx-components': { exclude: ['Trans', 'code', 'kbd', 'pre'] },
          callees: { exclude: ['.*'] },
          // no letters, or one code-like word (an address, a path, a key): 'https://…', 'phc_…'
          words: { exclude: [/^[^\p{L}]*$/u, /^(?=\S*(?:[/@_]|:\/\/|\.\p{L}))\S+$/u] },
        },
      ],
    },
  },
  {
    // The storefront runs on Preact (preact/compat), which lacks React 19's new APIs (issue 41 §3).
    files: ['apps/web/src/**/*.{ts,tsx}', 'packages/blocks/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react', 'react-dom'].map((name) => ({
            name,
            importNames: [
              'use',
              'useOptimistic',
              'useActionState',
              'useFormStatus',
              'useEffectEvent',
              'Activity',
              'cache',
              'preload',
              'preinit',
            ],
            message: 'React 19 only: preact/compat has no such export, so the storefront would break at run time.',
          })),
        },
      ],
    },
  },
  {
    // Configuration is parsed once in config.ts; nothing else reads the environment.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts', 'apps/server/src/**/*.test.ts', 'apps/server/src/test/**'],
    rules: { 'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration from config.ts' }] },
  },
  // One owner per table (DESIGN §3, apps/server/docs/data.md "Table ownership"). A domain's code uses
  // its own `./tables`; another domain's rows are read and written only through that domain's
  // service (passing the caller's transaction where atomicity needs it). db/schema.ts re-exports
  // every table for drizzle-kit, the database client, seeds and tests only. A `tables.ts` may
  // import another's tables for foreign keys. Raw SQL naming another domain's table is caught by
  // src/boundaries.unit.test.ts (lint cannot see into SQL strings).
  ...serverBoundaries(),
);

function serverBoundaries() {
  const domainFiles = 'apps/server/src/domains/**/*.ts';
  const notThese = [
    'apps/server/src/domains/**/tables.ts',
    'apps/server/src/domains/**/*.test.ts',
    'apps/server/src/domains/**/test-fixture.ts',
  ];
  const schema = {
    group: ['**/db/schema'],
    message: "Import your own domain's tables from './tables'; other domains' data through their service.",
  };
  const foreign = (allowed = []) => ({
    group: ['../*/tables', ...allowed.map((d) => `!../${d}/tables`)],
    message: "Another domain's table: call that domain's service instead (it owns the table).",
  });
  return [
    { files: [domainFiles], ignores: notThese, rules: { 'no-restricted-imports': ['error', { patterns: [schema, foreign()] }] } },
    // The one documented read-only join, kept in one query because it runs on every product
    // listing (search, sort and page over products with each pack's stock): the catalogue reads
    // the inventory's `stock`. It never writes it (src/boundaries.unit.test.ts).
    {
      files: ['apps/server/src/domains/catalogue/service.ts'],
      rules: { 'no-restricted-imports': ['error', { patterns: [schema, foreign(['inventory'])] }] },
    },
    // Route files stay thin: no tables and no SQL at all; they call services.
    {
      files: ['apps/server/src/domains/*/routes.ts', 'apps/server/src/domains/*/admin-routes.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: [{ name: 'drizzle-orm', message: 'No SQL in route files: put the query in the domain service.' }],
            patterns: [schema, { group: ['./tables', '../*/tables'], message: 'No tables in route files: call the domain service.' }],
          },
        ],
      },
    },
    // The request pipeline reads websites and users and keeps the `sessions` rows; everything else
    // outside the domains (app.ts, main.ts, jobs) uses services.
    {
      files: ['apps/server/src/**/*.ts'],
      ignores: [
        domainFiles,
        'apps/server/src/db/**',
        'apps/server/src/seed/**',
        'apps/server/src/test/**',
        'apps/server/src/**/*.test.ts',
        'apps/server/src/http/website.ts',
        'apps/server/src/http/auth.ts',
        'apps/server/src/http/session.ts',
        'apps/server/src/http/user-columns.ts',
      ],
      rules: {
        'no-restricted-imports': [
          'error',
          { patterns: [schema, { group: ['**/domains/*/tables'], message: "Call the owning domain's service." }] },
        ],
      },
    },
  ];
}
