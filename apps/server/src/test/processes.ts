import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { hashToken, SESSION_COOKIE } from '../http/session';

/**
 * Real server processes for the tests that need more than app.inject: several processes on one
 * PostgreSQL database, killed or restarted under load (chaos.test.ts, nginx.test.ts, drain.test.ts).
 */

export const root = fileURLToPath(new URL('../../../../', import.meta.url));

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = s.address() as { port: number };
        s.close(() => resolve(port));
      });
  });

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until it is true: every `every` ms, for at most `ms` (then throws `what`). */
export async function waitFor(what: string, check: () => boolean | Promise<boolean>, ms = 60_000, every = 50) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(every);
  }
}

function newest(dir: string): number {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

/**
 * How to run the server: its compiled build (`npm run build -w apps/server`) when it is newer than
 * every source, as production runs it; else the sources through tsx.
 */
export function serverCommand(): { args: string[]; compiled: boolean } {
  const main = path.join(root, 'apps/server/dist/main.js');
  const sources = [path.join(root, 'apps/server/src'), path.join(root, 'packages/shared/src')];
  if (existsSync(main) && sources.every((dir) => newest(dir) <= statSync(main).mtimeMs)) return { args: [main], compiled: true };
  return { args: ['--import', 'tsx', 'apps/server/src/main.ts'], compiled: false };
}

export interface ServerProcess {
  base: string;
  port: number;
  proc: ChildProcess;
  alive: boolean;
  /** resolves when the process has exited */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** the end of what it wrote to stderr (for a failure's message) */
  stderr: () => string;
}

/**
 * Starts `apps/server` on `port` (a free one by default) with `env` over the test defaults, and
 * waits until its readiness probe answers 200.
 */
export async function startServer(env: Record<string, string>, port?: number, timeoutMs = 90_000): Promise<ServerProcess> {
  port ??= await freePort();
  const full = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    SEED: 'never',
    WEB_DIST: '/nonexistent',
    ...env,
  };
  const proc = spawn(process.execPath, serverCommand().args, { cwd: root, env: full, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  proc.stderr!.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
  const s: ServerProcess = {
    base: `http://127.0.0.1:${port}`,
    port,
    proc,
    alive: true,
    exited: new Promise((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal }))),
    stderr: () => err,
  };
  void s.exited.then(() => (s.alive = false));
  await waitFor(
    `the server on port ${port} to be ready`,
    async () => {
      if (!s.alive) throw new Error(`server exited during start: ${err}`);
      return fetch(`${s.base}/s/api/health/ready`).then(
        (r) => r.ok,
        () => false,
      );
    },
    timeoutMs,
    100,
  );
  return s;
}

/** Kills what is still running and waits for it to exit. */
export async function stopServers(servers: ServerProcess[], signal: NodeJS.Signals = 'SIGKILL') {
  for (const s of servers) if (s.alive) s.proc.kill(signal);
  await Promise.all(servers.map((s) => s.exited));
}

/** One statement on the database at `url`, on a connection of its own. */
export async function query<T>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text, values)).rows as T[];
  } finally {
    await c.end();
  }
}

/**
 * `n` shoppers of `websiteId`, each signed in (a session row made here, delivering to 560001):
 * their session tokens, for the session cookie. Made in the database, so a test's load touches the
 * database only through the servers.
 */
export async function createShoppers(url: string, websiteId: number, n: number, prefix: string, flags: { admin?: boolean } = {}) {
  const tokens: string[] = [];
  for (let i = 0; i < n; i++) {
    const [user] = await query<{ id: number }>(url, 'insert into users (name, email) values ($1, $2) returning id', [
      `${prefix} ${i}`,
      `${prefix.toLowerCase()}${i}@example.com`,
    ]);
    await query(url, 'insert into website_members (website_id, user_id, has_admin_access) values ($1, $2, $3)', [
      websiteId,
      user!.id,
      !!flags.admin,
    ]);
    const token = randomBytes(24).toString('base64url');
    await query(
      url,
      `insert into sessions (id, website_id, user_id, pincode, expires_at) values ($1, $2, $3, '560001', now() + interval '1 day')`,
      [hashToken(token), websiteId, user!.id],
    );
    tokens.push(token);
  }
  return tokens;
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  json: Record<string, unknown>;
}

/**
 * A browser-like HTTP client over real sockets: keeps its cookies, echoes the XSRF token on
 * changes, keeps connections alive, and connects from `localAddress` when given (a client address
 * other than the proxy's). A network failure rejects; any HTTP status resolves.
 */
export class ShopClient {
  readonly cookies = new Map<string, string>();
  private readonly agent: http.Agent;

  constructor(
    sessionToken?: string,
    readonly localAddress?: string,
    /** false: a new connection per request */
    keepAlive = true,
  ) {
    if (sessionToken) this.cookies.set(SESSION_COOKIE, sessionToken);
    this.agent = new http.Agent({ keepAlive, maxSockets: 4 });
  }

  send(base: string, method: string, path: string, body?: unknown): Promise<Answer> {
    const url = new URL(path, base);
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && this.cookies.has('XSRF-TOKEN')) headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN')!;
    if (payload !== undefined) headers['content-type'] = 'application/json';
    return new Promise<Answer>((resolve, reject) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          method,
          headers,
          agent: this.agent,
          localAddress: this.localAddress,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            for (const c of res.headers['set-cookie'] ?? []) {
              const [pair] = c.split(';');
              const at = pair!.indexOf('=');
              this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
            }
            const text = Buffer.concat(chunks).toString();
            let json: Record<string, unknown>;
            try {
              json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
            } catch {
              json = { text };
            }
            resolve({ status: res.statusCode!, headers: res.headers, json });
          });
        },
      );
      req.setTimeout(60_000, () => req.destroy(new Error(`${method} ${path}: no answer within 60 s`)));
      req.on('error', reject);
      req.end(payload);
    });
  }

  close() {
    this.agent.destroy();
  }
}
