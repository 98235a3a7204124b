// `npm run build -w apps/server`: the production server, compiled once instead of by tsx at each
// start. esbuild bundles the server's TypeScript and the workspace packages it imports (which
// export their .ts sources) into apps/server/dist/main.js; every npm package stays external and is
// loaded from node_modules as usual. Files the server reads by path beside its code are copied.
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';

const server = path.join(import.meta.dirname, '..', 'apps', 'server');
const dist = path.join(server, 'dist');
const started = Date.now();

/** Bare imports stay imports, except the workspace's own packages (TypeScript sources): those are compiled in. */
const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@grocer/') ? undefined : { path: args.path, external: true }));
  },
};

rmSync(dist, { recursive: true, force: true });
await build({
  absWorkingDir: server,
  entryPoints: { main: 'src/main.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  plugins: [npmPackagesExternal],
  logLevel: 'warning',
});
// db/client.ts finds its migrations at `./migrations` beside the module: beside main.js now.
cpSync(path.join(server, 'src', 'db', 'migrations'), path.join(dist, 'migrations'), { recursive: true });
console.log(`built apps/server/dist/main.js in ${Date.now() - started} ms`);
