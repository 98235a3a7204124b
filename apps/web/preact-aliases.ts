/**
 * The storefront runs on Preact's React-compatible runtime: every `react` / `react-dom` import
 * (ours and our libraries') resolves to Preact. Shared by vite.config.ts (build and dev) and the
 * root vitest.config.ts (component tests), so both run the same runtime.
 */
export const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];
