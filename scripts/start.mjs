// `npm start`: build the web, staff and rider apps when missing or older than their sources, then run the server:
// from its TypeScript through tsx in development, from its compiled build (apps/server/dist, built
// the same way when missing or stale) with NODE_ENV=production.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

function newest(dir) {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const shared = path.join(root, 'packages/shared/src');
for (const app of ['apps/web', 'apps/staff', 'apps/rider']) {
  const dist = path.join(root, app, 'dist/index.html');
  const sources = [path.join(root, app, 'src'), shared];
  const stale = !existsSync(dist) || sources.some((dir) => newest(dir) > statSync(dist).mtimeMs);
  if (!stale) continue;
  console.log(`Building ${app} (first start or sources changed)...`);
  const r = spawnSync('npm', ['run', 'build', '-w', app], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const production = process.env.NODE_ENV === 'production';
const main = path.join(root, 'apps/server/dist/main.js');
if (production) {
  const sources = [path.join(root, 'apps/server/src'), shared];
  if (!existsSync(main) || sources.some((dir) => newest(dir) > statSync(main).mtimeMs)) {
    console.log('Building apps/server (first start or sources changed)...');
    const r = spawnSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}
const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
const args = production ? [main] : [tsx, 'apps/server/src/main.ts'];
const server = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: process.env });
// Forward stop signals so the server can finish in-flight requests and close the database.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
