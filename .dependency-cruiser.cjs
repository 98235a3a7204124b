// The import boundaries (issue 41 §3), checked on resolved files by dependency-cruiser in
// `npm run lint`. dependency-cruiser rather than eslint-plugin-boundaries: it resolves imports to
// files the way TypeScript does (so `../inventory/tables.js`, `../../domains/inventory/tables`
// and a renamed binding are the same arrow), it finds circles, which the ESLint plugin cannot,
// and it keeps a baseline: `.dependency-cruiser-known.json` lists the arrows that break a rule
// today, so no new one can be added while the old ones are removed a domain at a time (the
// baseline only shrinks: `npm run lint:deps:baseline` rewrites it after a fix).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A circle of imports: one module of the circle must not know the other.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'domain-interface',
      severity: 'error',
      comment: 'Another domain is used through its index.ts (its published interface), never its files.',
      from: { path: '^apps/server/src/domains/([^/]+)/', pathNot: ['\\.test\\.ts$', '/tables\\.ts$'] },
      to: {
        path: '^apps/server/src/domains/([^/]+)/',
        pathNot: ['^apps/server/src/domains/$1/', '^apps/server/src/domains/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'tables-name-tables',
      severity: 'error',
      comment:
        "A domain's tables.ts may name another domain's tables (a foreign key is the database's own arrow); " +
        'nothing else of another domain. Its code reads them through that domain’s index.ts.',
      from: { path: '^apps/server/src/domains/([^/]+)/tables\\.ts$' },
      to: {
        path: '^apps/server/src/domains/([^/]+)/',
        pathNot: ['^apps/server/src/domains/$1/', '^apps/server/src/domains/[^/]+/(tables|index)\\.ts$'],
      },
    },
    {
      name: 'outside-uses-interface',
      severity: 'error',
      comment: 'Outside the domains, a domain is used through its index.ts only.',
      from: {
        path: '^apps/server/src/',
        pathNot: ['^apps/server/src/domains/', '\\.test\\.ts$', '^apps/server/src/test/', '^apps/server/src/db/schema\\.ts$'],
      },
      to: { path: '^apps/server/src/domains/[^/]+/', pathNot: '^apps/server/src/domains/[^/]+/index\\.ts$' },
    },
    {
      name: 'schema-collects-tables',
      severity: 'error',
      comment: "db/schema.ts gathers every domain's tables.ts for drizzle and the migrations; nothing else of a domain.",
      from: { path: '^apps/server/src/db/schema\\.ts$' },
      to: { path: '^apps/server/src/domains/', pathNot: '^apps/server/src/domains/[^/]+/tables\\.ts$' },
    },
    {
      name: 'helpers-stay-down',
      severity: 'error',
      comment: 'db/ and http/ are helpers the domains use: they never import a domain or app.ts.',
      from: { path: '^apps/server/src/(db|http)/', pathNot: ['\\.test\\.ts$', '^apps/server/src/db/schema\\.ts$'] },
      to: { path: ['^apps/server/src/domains/', '^apps/server/src/app\\.ts$'] },
    },
    {
      name: 'web-features-apart',
      severity: 'error',
      comment: 'A storefront feature never imports another feature: shared parts live in components/ or lib/.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'staff-features-apart',
      severity: 'error',
      comment: 'A staff feature never imports another feature: shared parts live in components/ or lib/.',
      from: { path: '^apps/staff/src/features/([^/]+)/' },
      to: { path: '^apps/staff/src/features/', pathNot: '^apps/staff/src/features/$1/' },
    },
    {
      name: 'packages-not-apps',
      severity: 'error',
      comment: 'packages/ are used by the apps; they never import an app.',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/', '\\.d\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
  },
};
