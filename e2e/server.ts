import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The shop's server for the journeys: started as a child process on a data directory (harness.ts,
// global-setup.ts). Nothing here imports vitest, so the global setup can use it.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/**
 * The server's command: its compiled build (apps/server/dist/main.js, which `npm test` builds) when
 * it is newer than every source it is built from, else its TypeScript through tsx. Both run in
 * development mode here (the gateway simulator, the dev outbox).
 */
function serverArgs(): string[] {
  const main = path.join(root, 'apps/server/dist/main.js');
  const newest = (dir: string): number =>
    readdirSync(dir, { withFileTypes: true }).reduce((t, e) => {
      const p = path.join(dir, e.name);
      return Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
    }, 0);
  const fresh =
    existsSync(main) &&
    [path.join(root, 'apps/server/src'), path.join(root, 'packages/shared/src')].every((d) => newest(d) < statSync(main).mtimeMs);
  return fresh ? [main] : [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'apps/server/src/main.ts'];
}

/** Starts the server on `dataDir` and answers once it is healthy. */
export async function startServer(dataDir: string, extraEnv: (port: number) => Record<string, string>) {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...extraEnv(port),
  };
  delete env.DATABASE_URL; // the journeys run on the embedded database, as `npm start` does
  const server: ChildProcess = spawn(process.execPath, serverArgs(), { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/s/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error('server did not become healthy in 90 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  const stop = async () => {
    if (server.exitCode !== null) return;
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  };
  return { url, stop };
}

/**
 * The demo shop's data directory as its first start leaves it: migrated and seeded, made once per
 * run by the e2e project's global setup (e2e/global-setup.ts), which starts the real server on an
 * empty directory as `npm start` does. Each shop starts on a copy of it: migrating and seeding
 * took 7 of a shop's 11 s to become healthy.
 */
export async function makeShopTemplate(dir: string): Promise<void> {
  const server = await startServer(dir, () => ({}));
  await server.stop();
}
