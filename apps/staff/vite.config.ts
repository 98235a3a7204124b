import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Real React 19 (the storefront's Preact aliases are not used here). Built files live under
// /staff/assets/ so they never mix with the storefront's /assets/.
export default defineConfig({
  base: '/staff/',
  plugins: [react(), tailwindcss()],
  server: { proxy: { '/s/': 'http://localhost:3000', '/media/': 'http://localhost:3000' } },
  build: { target: 'es2022', sourcemap: false },
});
