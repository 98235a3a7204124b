import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import { preactAliases } from './preact-aliases.js';

// react-router 7 exports only its development build, whose dev warnings (ENABLE_DEV_WARNINGS)
// stay in a production bundle (remix-run/react-router#12532, #14102): a build takes the
// production build it ships beside it instead, the same code with the warnings compiled out.
const reactRouterProduction = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production/index.mjs');

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss()],
  // The storefront runs on Preact's React-compatible runtime: the same components and libraries
  // for about a tenth of react-dom's bytes on the first load (DESIGN §9 budget).
  resolve: {
    alias: [...preactAliases, ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [])],
  },
  // The server renderer (entry-server.tsx) carries its dependencies, so they resolve to Preact too.
  ssr: { noExternal: true },
  server: { proxy: { '/s/': 'http://localhost:3000', '/media/': 'http://localhost:3000' } },
  // manifest: the server preloads each route's chunks in the HTML head (no request waterfall).
  build: { target: 'es2022', sourcemap: false, manifest: true },
}));
