import { defineConfig } from 'vite';
import { preactAliases } from '../web/preact-aliases.js';

/**
 * The rider's phone app (issue 45): Preact itself (no compat layer, no router, no query library),
 * built to dist/ and served by the server at /rider (domains/shell/rider.ts). The storefront's
 * Preact aliases apply so that a `react` import anywhere would resolve to Preact too, never to React.
 */
export default defineConfig({
  base: '/rider/',
  resolve: { alias: preactAliases },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  server: { proxy: { '/s/': 'http://localhost:3000' } },
  build: { target: 'es2020', sourcemap: false, manifest: true },
});
