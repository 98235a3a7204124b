import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { preactAliases } from './preact-aliases.js';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // The storefront runs on Preact's React-compatible runtime: the same components and libraries
  // for about a tenth of react-dom's bytes on the first load (DESIGN §9 budget).
  resolve: {
    alias: preactAliases,
  },
  // The server renderer (entry-server.tsx) carries its dependencies, so they resolve to Preact too.
  ssr: { noExternal: true },
  server: { proxy: { '/s/': 'http://localhost:3000', '/media/': 'http://localhost:3000' } },
  // manifest: the server preloads each route's chunks in the HTML head (no request waterfall).
  build: { target: 'es2022', sourcemap: false, manifest: true },
});
