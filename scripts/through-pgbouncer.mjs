#!/usr/bin/env node
// Runs a command with the PostgreSQL at 127.0.0.1:5432 reached through PgBouncer in transaction mode
// (issue 42 goal 5), e.g. the whole API suite or the checkout bench:
//
//   node scripts/through-pgbouncer.mjs npx vitest run --project server-pg
//   node scripts/through-pgbouncer.mjs npx tsx bench/orders.ts
//
// Debian's pgbouncer (`apt-get install -y pgbouncer`) is started here on a free port with its own
// configuration in a scratch directory, and stopped when the command ends. The command gets
// TEST_DATABASE_URL and DATABASE_URL pointing at it (TEST_ADMIN_DATABASE_URL at the server itself, for
// creating, copying and dropping the tests' databases), and DATABASE_PREPARED=off: PgBouncer before
// 1.21 (Debian 12 has 1.18) cannot keep named prepared statements in transaction mode, so the
// server's hot reads are sent unnamed (README, `DATABASE_PREPARED`). Set UPSTREAM to reach another
// server (default postgres://postgres@127.0.0.1:5432).
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const command = process.argv.slice(2);
if (!command.length) {
  console.error('usage: node scripts/through-pgbouncer.mjs <command> [args…]');
  process.exit(2);
}
const binary = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((p) => existsSync(p));
if (!binary) {
  console.error('pgbouncer is not installed: apt-get install -y pgbouncer');
  process.exit(2);
}
const upstream = new URL(process.env.UPSTREAM ?? 'postgres://postgres@127.0.0.1:5432');
const user = decodeURIComponent(upstream.username || 'postgres');

const port = await new Promise((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address();
    s.close(() => resolve(port));
  });
});
const dir = mkdtempSync(path.join(tmpdir(), 'pgbouncer-'));
chmodSync(dir, 0o777);
const ini = path.join(dir, 'pgbouncer.ini');
writeFileSync(path.join(dir, 'users.txt'), `"${user}" ""\n`);
writeFileSync(
  ini,
  `[databases]
* = host=${upstream.hostname} port=${upstream.port || 5432}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = trust
auth_file = ${path.join(dir, 'users.txt')}
pool_mode = transaction
max_client_conn = 2000
default_pool_size = 40
max_db_connections = 80
; a test file's scratch database is dropped when it ends: its idle server connections go soon
server_idle_timeout = 2
server_reset_query =
ignore_startup_parameters = extra_float_digits,options
logfile = ${path.join(dir, 'pgbouncer.log')}
pidfile = ${path.join(dir, 'pgbouncer.pid')}
`,
);
// PgBouncer refuses to run as root: as the database's own system user when we are root
const asRoot = process.getuid?.() === 0;
const bouncer = spawn(asRoot ? 'runuser' : binary, asRoot ? ['-u', 'postgres', '--', binary, '-q', ini] : ['-q', ini], {
  stdio: 'inherit',
});
const stop = () => {
  bouncer.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
};
// wait until it accepts connections
for (let i = 0; ; i++) {
  const ok = spawnSync('pg_isready', ['-h', '127.0.0.1', '-p', String(port)]).status === 0;
  if (ok) break;
  if (i > 100 || bouncer.exitCode !== null) {
    console.error(`pgbouncer did not start (see ${path.join(dir, 'pgbouncer.log')})`);
    process.exit(1);
  }
  await new Promise((r) => setTimeout(r, 100));
}
const url = `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/postgres`;
console.log(`PgBouncer ${binary} in transaction mode on ${url} (upstream ${upstream.host})`);
const child = spawn(command[0], command.slice(1), {
  stdio: 'inherit',
  // databases are created, copied (templates) and dropped on the server itself: not app traffic
  env: {
    ...process.env,
    TEST_DATABASE_URL: url,
    DATABASE_URL: url,
    DATABASE_PREPARED: 'off',
    TEST_ADMIN_DATABASE_URL: `postgres://${upstream.username || user}@${upstream.host}/postgres`,
  },
});
child.on('exit', (code, signal) => {
  stop();
  process.exit(code ?? (signal ? 1 : 0));
});
