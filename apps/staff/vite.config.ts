import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Vendor chunks (issue 42 goal 3: every chunk ≤ 100 KB gzip, no chunk-size warning; measured by
 * `npx tsx bench/staff-weight.ts` after a build). React gets a chunk of its own; the rest are the
 * heavy libraries only some screens load, split so that no chunk passes the budget. A group's
 * chunk loads wherever any module of it is imported, so a library the shell imports must never
 * share a group with one it does not.
 */
const vendorGroups: { name: string; test: RegExp }[] = [
  // React itself, in the shell: its own chunk, unchanged from one release of the app to the next
  { name: 'react', test: /node_modules\/(react|react-dom|scheduler)\// },
  // The page builder: Puck with the libraries only it uses, its own copies of tiptap and
  // fast-equals, and its drag and drop (@dnd-kit's dom/react packages). A group must also take every
  // module its modules import that no other screen uses: left behind in the route's chunk, such a
  // module would make the two chunks import each other and run in the wrong order.
  { name: 'puck', test: /node_modules\/@puckeditor\/core\/dist\// },
  { name: 'puck-libs', test: /node_modules\/(object-hash|@tanstack\/(react-)?virtual[^/]*|use-debounce|zustand)\// },
  { name: 'puck-deps', test: /node_modules\/@puckeditor\/core\/node_modules\// },
  { name: 'puck-dnd', test: /node_modules\/(@dnd-kit\/(dom|abstract|react|state|geometry|helpers|collision)|@preact\/signals-core)\// },
  // the dashboard's chart: recharts, then what it draws with (d3, its redux store, decimal maths, helpers)
  { name: 'charts', test: /node_modules\/recharts\// },
  {
    name: 'charts-deps',
    test: /node_modules\/(d3-[^/]+|victory-vendor|@reduxjs\/toolkit|react-redux|redux|redux-thunk|reselect|immer|decimal\.js-light|es-toolkit|eventemitter3|internmap|tiny-invariant|react-is|clsx|use-sync-external-store\/(with-selector\.js|cjs\/use-sync-external-store-with-selector))/,
  },
];

// Real React 19 (the storefront's Preact aliases are not used here). Built files live under
// /staff/assets/ so they never mix with the storefront's /assets/.
export default defineConfig({
  base: '/staff/',
  plugins: [react(), tailwindcss()],
  server: { proxy: { '/s/': 'http://localhost:3000', '/media/': 'http://localhost:3000' } },
  build: {
    target: 'es2022',
    sourcemap: false,
    // dist/.vite/manifest.json: the import graph bench/staff-weight.ts reads (not served)
    manifest: true,
    rolldownOptions: {
      // a group takes only the modules it names: with their dependencies it would take React too and the shell would load it
      output: { codeSplitting: { groups: vendorGroups.map((group) => ({ ...group, includeDependenciesRecursively: false })) } },
    },
  },
});
