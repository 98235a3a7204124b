import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * pg_dump or pg_restore for a server of major version `serverMajor`. pg_dump refuses a server
 * newer than itself, and pg_restore an archive written by a newer pg_dump, so the binary is picked
 * by the server's version, not by whatever `pg_dump` on the PATH is (Debian's wrapper picks the
 * newest installed client for a remote server): PG_BIN_DIR when the operator names one, else
 * Debian's /usr/lib/postgresql/<major>/bin (that major, else the newest installed above it), else
 * the PATH's if it is new enough.
 */
export async function postgresTool(tool: 'pg_dump' | 'pg_restore', serverMajor: number, binDir?: string): Promise<string> {
  if (binDir) {
    const named = path.join(binDir, tool);
    if (!existsSync(named)) throw new Error(`PG_BIN_DIR=${binDir} has no ${tool}`);
    return named;
  }
  const debian = '/usr/lib/postgresql';
  const installed = existsSync(debian)
    ? readdirSync(debian)
        .filter((v) => /^\d+$/.test(v) && existsSync(path.join(debian, v, 'bin', tool)))
        .map(Number)
        .sort((a, b) => a - b)
    : [];
  const pick = installed.includes(serverMajor) ? serverMajor : installed.find((v) => v > serverMajor);
  if (pick !== undefined) return path.join(debian, String(pick), 'bin', tool);
  const { stdout } = await run(tool, ['--version']).catch(() => {
    throw new Error(
      `${tool} was not found: install PostgreSQL ${serverMajor}'s client programs (Debian: postgresql-client-${serverMajor}) or set PG_BIN_DIR`,
    );
  });
  const major = Number(/(\d+)(?:\.\d+)?/.exec(stdout)?.[1]);
  if (!(major >= serverMajor))
    throw new Error(
      `${tool} ${major} cannot work with a PostgreSQL ${serverMajor} server: install postgresql-client-${serverMajor} or set PG_BIN_DIR to its bin folder`,
    );
  return tool;
}

/**
 * The connection of `url` as a pg_dump/pg_restore argument, and its password apart: it goes in
 * PGPASSWORD, not on the command line (where `ps` would show it to every user of the machine).
 */
export function toolConnection(url: string): { dbname: string; password: string } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), password };
}

/** Runs a PostgreSQL client program; a failure carries its own words (stderr). */
export async function runTool(file: string, args: string[], password: string): Promise<void> {
  // the child's environment (PATH, locale, PGSSL*), not configuration read here; plus the password
  // eslint-disable-next-line no-restricted-properties
  const env = password ? { ...process.env, PGPASSWORD: password } : process.env;
  try {
    await run(file, args, { env, maxBuffer: 64 * 1024 * 1024 });
  } catch (e) {
    const stderr = String((e as { stderr?: string }).stderr ?? '').trim();
    throw new Error(`${path.basename(file)} failed: ${stderr || (e as Error).message}`, { cause: e });
  }
}
