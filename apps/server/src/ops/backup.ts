import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { existsSync, statSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import pg from 'pg';
import { migrationsFolder } from '../db/client';
import { type S3Settings, s3Client } from '../domains/media';
import {
  backupS3,
  copyInto,
  copyLocalMedia,
  listS3,
  localOriginals,
  restoreS3,
  sha256,
  type FileSum,
  type S3Listing,
} from './media-backup';
import { postgresTool, runTool, toolConnection } from './postgres-tools';
import { withoutEntries } from './tar';

/**
 * `npm run backup` / `npm run restore` (DESIGN §11 "Production path"). A backup is a folder:
 * `manifest.json`, the database (`database.pgdump`, pg_dump's custom format, or `database.tar.gz`,
 * PGlite's data directory), the media originals (`media/`) and, with S3, the bucket's listing
 * (`s3-keys.json`) and its objects (`s3/`). The manifest holds every table's row count, the
 * migration head and a SHA-256 of every file; restore checks them all before it writes anything,
 * and the row counts again after.
 */
export interface Manifest {
  format: 'grocer-backup';
  version: 1;
  createdAt: string;
  database: {
    kind: 'postgres' | 'pglite';
    file: string;
    bytes: number;
    sha256: string;
    serverVersion: string;
    migrations: MigrationHead;
    /** rows per table (`schema.table`), counted in the snapshot the dump was taken from */
    tables: Record<string, number>;
  };
  media: {
    local: { files: Record<string, FileSum> };
    s3: S3Listing | null;
  };
}

export interface MigrationHead {
  /** migrations the database has applied */
  applied: number;
  /** the newest one's tag (this code's journal), or null when this code does not know it */
  head: string | null;
  /** the newest one's journal `when` */
  headWhen: number | null;
}

/** Where the shop's data lives: the configuration's database, data folder and media storage. */
export interface Place {
  databaseUrl?: string;
  dataDir: string;
  mediaDir: string;
  s3: S3Settings | null;
  /** PG_BIN_DIR: where pg_dump and pg_restore are, when not found by the server's version */
  pgBinDir?: string;
}

type Query = <T>(text: string) => Promise<T[]>;

export class BackupRefused extends Error {}

/** The tables of the database (not PostgreSQL's own, nor an extension's), `schema.table`. */
async function tableNames(query: Query): Promise<string[]> {
  const rows = await query<{ name: string }>(`
    select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and not c.relispartition
      and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
      and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
    order by n.nspname, c.relname`);
  return rows.map((r) => r.name);
}

/** Rows per table; one statement at a time (a transaction's connection takes one). */
export async function tableCounts(query: Query): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of await tableNames(query)) {
    const [row] = await query<{ n: number }>(`select count(*)::int as n from ${name}`);
    counts[name] = row!.n;
  }
  return counts;
}

async function migrationHead(query: Query): Promise<MigrationHead> {
  const [exists] = await query<{ t: string | null }>(`select to_regclass('drizzle.__drizzle_migrations')::text as t`);
  if (!exists?.t) return { applied: 0, head: null, headWhen: null };
  const [row] = await query<{ n: number; when: string | null }>(
    `select count(*)::int as n, max(created_at)::text as when from drizzle.__drizzle_migrations`,
  );
  const when = row?.when == null ? null : Number(row.when);
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: Array<{ when: number; tag: string }>;
  };
  return { applied: row?.n ?? 0, head: journal.entries.find((e) => e.when === when)?.tag ?? null, headWhen: when };
}

const pgQuery =
  (client: pg.Client | pg.PoolClient): Query =>
  async <T>(text: string) =>
    (await client.query(text)).rows as T[];
const pgliteQuery =
  (client: PGlite): Query =>
  async <T>(text: string) =>
    (await client.query<T>(text)).rows;

async function serverMajor(query: Query): Promise<{ version: string; major: number }> {
  const [row] = await query<{ v: string; n: string }>(
    `select current_setting('server_version') as v, current_setting('server_version_num') as n`,
  );
  return { version: row!.v, major: Math.floor(Number(row!.n) / 10000) };
}

/** PGlite writes postmaster.pid while a process has the folder open, and removes it on close. */
function pgliteInUse(dataDir: string) {
  return existsSync(path.join(dataDir, 'postmaster.pid'));
}

const openPglite = (dataDir: string, loadDataDir?: Blob) => PGlite.create(dataDir, { extensions: { pg_trgm }, loadDataDir });

/** The path of `inner` under `outer`, or null when it is not inside it. */
function inside(outer: string, inner: string): string | null {
  const rel = path.relative(path.resolve(outer), path.resolve(inner));
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel.split(path.sep).join('/') : null;
}

/**
 * Writes a backup of `place` into `out` (created; refused when it holds anything). PostgreSQL is
 * dumped live, from one snapshot that the row counts are read in too. PGlite is one process's
 * database: its folder is read only while no server has it open (postmaster.pid), so stop the shop
 * first. Media originals are copied after the database: an image uploaded meanwhile is an extra
 * file, harmless; only one deleted in those seconds can be missing (its row is in the dump).
 */
export async function backup(place: Place, out: string, opts: { s3Objects?: boolean } = {}): Promise<Manifest> {
  if (existsSync(out) && (await readdir(out)).length > 0) throw new BackupRefused(`${out} is not empty: name a new folder for the backup`);
  if (!place.databaseUrl) pgliteReadable(place.dataDir);
  await mkdir(out, { recursive: true });
  const database = place.databaseUrl ? await dumpPostgres(place.databaseUrl, out, place.pgBinDir) : await dumpPglite(place, out);
  const local = await copyLocalMedia(place.mediaDir, path.join(out, 'media'));
  const s3 = place.s3 ? await backupS3(place.s3, out, opts.s3Objects !== false) : null;
  const manifest: Manifest = {
    format: 'grocer-backup',
    version: 1,
    createdAt: new Date().toISOString(),
    database,
    media: { local: { files: local }, s3 },
  };
  await writeFile(path.join(out, 'manifest.json'), JSON.stringify(manifest, null, 1) + '\n');
  return manifest;
}

async function dumpPostgres(url: string, out: string, binDir?: string): Promise<Manifest['database']> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const query = pgQuery(client);
    const { version, major } = await serverMajor(query);
    const pgDump = await postgresTool('pg_dump', major, binDir);
    // One snapshot for the counts and the dump: pg_dump joins this transaction's (--snapshot)
    // while it stays open, so the manifest counts exactly the rows the dump holds.
    await client.query('begin transaction isolation level repeatable read, read only');
    const [{ snapshot }] = (await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot')).rows as [
      { snapshot: string },
    ];
    const tables = await tableCounts(query);
    const migrations = await migrationHead(query);
    const file = path.join(out, 'database.pgdump');
    const { dbname, password } = toolConnection(url);
    await runTool(pgDump, ['--format=custom', `--snapshot=${snapshot}`, `--file=${file}`, `--dbname=${dbname}`], password);
    await client.query('commit');
    const bytes = await readFile(file);
    return {
      kind: 'postgres',
      file: 'database.pgdump',
      bytes: bytes.length,
      sha256: sha256(bytes),
      serverVersion: version,
      migrations,
      tables,
    };
  } finally {
    await client.end();
  }
}

function pgliteReadable(dataDir: string) {
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) throw new BackupRefused(`There is no database in ${dataDir} (DATA_DIR)`);
  if (pgliteInUse(dataDir))
    throw new BackupRefused(
      `The database in ${dataDir} is open (postmaster.pid): stop the shop first. The embedded database is one ` +
        `process's; reading its files while the server writes them would copy a torn database. If no server ` +
        `is running (it was killed), start and stop it once.`,
    );
}

async function dumpPglite(place: Place, out: string): Promise<Manifest['database']> {
  const { dataDir } = place;
  pgliteReadable(dataDir);
  const client = await openPglite(dataDir);
  try {
    const query = pgliteQuery(client);
    const { version } = await serverMajor(query);
    const tables = await tableCounts(query);
    const migrations = await migrationHead(query);
    const media = inside(dataDir, place.mediaDir);
    const tar = new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer());
    const kept = withoutEntries(
      tar,
      (name) => name === 'postmaster.pid' || (media !== null && (name === media || name.startsWith(`${media}/`))),
    );
    const bytes = await promisify(gzip)(kept);
    await writeFile(path.join(out, 'database.tar.gz'), bytes);
    return {
      kind: 'pglite',
      file: 'database.tar.gz',
      bytes: bytes.length,
      sha256: sha256(bytes),
      serverVersion: version,
      migrations,
      tables,
    };
  } finally {
    await client.close();
  }
}

/** Reads and checks a backup folder: its manifest, and every file against its checksum. */
export async function readBackup(from: string): Promise<Manifest> {
  const file = path.join(from, 'manifest.json');
  if (!existsSync(file)) throw new BackupRefused(`${from} has no manifest.json: not a backup folder`);
  const manifest = JSON.parse(await readFile(file, 'utf8')) as Manifest;
  if (manifest.format !== 'grocer-backup' || manifest.version !== 1) throw new BackupRefused(`${file} is not a backup this version reads`);
  const check = async (rel: string, sum: { sha256: string }) => {
    const bytes = await readFile(path.join(from, rel)).catch(() => null);
    if (!bytes) throw new BackupRefused(`The backup is incomplete: ${rel} is missing`);
    if (sha256(bytes) !== sum.sha256) throw new BackupRefused(`The backup is damaged: ${rel} does not match its checksum`);
  };
  await check(manifest.database.file, manifest.database);
  for (const [rel, sum] of Object.entries(manifest.media.local.files)) await check(path.posix.join('media', rel), sum);
  for (const [rel, sum] of Object.entries(manifest.media.s3?.files ?? {})) await check(path.posix.join('s3', rel), sum);
  return manifest;
}

/** What a restore found and did. */
export interface Restored {
  manifest: Manifest;
  tables: Record<string, number>;
}

/**
 * Restores the backup in `from` into `place`, which must be empty: a PostgreSQL database with no
 * tables (a new `createdb`), or a DATA_DIR with no database in it, and a media folder (and S3
 * prefix, when the backup copied objects) with no files. Everything is checked before anything is
 * written; PostgreSQL restores in one transaction. The restored row counts must equal the manifest's.
 */
export async function restore(place: Place, from: string): Promise<Restored> {
  const manifest = await readBackup(from);
  const kind = place.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database.kind !== kind)
    throw new BackupRefused(
      manifest.database.kind === 'postgres'
        ? 'This backup is of a PostgreSQL database: set DATABASE_URL to a new, empty database to restore it'
        : 'This backup is of the embedded database (PGlite): unset DATABASE_URL and set DATA_DIR to a new folder to restore it',
    );
  // every refusal before the first write
  if (place.databaseUrl) await postgresEmpty(place.databaseUrl);
  else pgliteEmpty(place.dataDir);
  const mediaFiles = await localOriginals(place.mediaDir);
  if (mediaFiles.length > 0)
    throw new BackupRefused(`The media folder ${place.mediaDir} is not empty (${mediaFiles.length} files): restore into an empty one`);
  const s3Files = manifest.media.s3?.copied ? manifest.media.s3.files : {};
  if (place.s3 && Object.keys(s3Files).length > 0) {
    const client = s3Client(place.s3);
    const found = await listS3(client, place.s3, 1).finally(() => client.destroy());
    if (found.length > 0)
      throw new BackupRefused(
        `The bucket ${place.s3.bucket}${place.s3.prefix ? `/${place.s3.prefix}` : ''} is not empty: restore into an empty one`,
      );
  }
  const tables = place.databaseUrl
    ? await restorePostgres(place.databaseUrl, from, manifest, place.pgBinDir)
    : await restorePglite(place.dataDir, from, manifest);
  const differ = Object.keys({ ...manifest.database.tables, ...tables }).filter((t) => manifest.database.tables[t] !== tables[t]);
  if (differ.length)
    throw new Error(
      `The restored database differs from the backup's manifest: ${differ.map((t) => `${t} ${manifest.database.tables[t] ?? 'none'} → ${tables[t] ?? 'none'}`).join(', ')}`,
    );
  await copyInto(path.join(from, 'media'), place.mediaDir, manifest.media.local.files);
  // objects go back to the bucket; without one configured, into the media folder (read the same way)
  if (place.s3) await restoreS3(place.s3, from, s3Files);
  else await copyInto(path.join(from, 's3'), place.mediaDir, s3Files);
  return { manifest, tables };
}

async function postgresEmpty(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const present = await tableNames(pgQuery(client));
    if (present.length > 0)
      throw new BackupRefused(
        `The database at ${new URL(url).host}${new URL(url).pathname} is not empty (${present.length} tables, e.g. ${present.slice(0, 3).join(', ')}): ` +
          `restore into a new database (createdb), before any server has started on it`,
      );
  } finally {
    await client.end();
  }
}

function pgliteEmpty(dataDir: string): void {
  if (existsSync(path.join(dataDir, 'PG_VERSION')))
    throw new BackupRefused(`${dataDir} (DATA_DIR) already holds a database: restore into a new folder`);
  if (existsSync(dataDir) && statSync(dataDir).isFile()) throw new BackupRefused(`${dataDir} (DATA_DIR) is a file`);
}

async function restorePostgres(url: string, from: string, manifest: Manifest, binDir?: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const query = pgQuery(client);
    const { major } = await serverMajor(query);
    const pgRestore = await postgresTool('pg_restore', major, binDir);
    const { dbname, password } = toolConnection(url);
    // owners and grants are the old server's roles: the restoring role owns everything instead
    await runTool(
      pgRestore,
      [
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        '--exit-on-error',
        `--dbname=${dbname}`,
        path.join(from, manifest.database.file),
      ],
      password,
    );
    return await tableCounts(query);
  } finally {
    await client.end();
  }
}

async function restorePglite(dataDir: string, from: string, manifest: Manifest): Promise<Record<string, number>> {
  await mkdir(dataDir, { recursive: true });
  const tar = await promisify(gunzip)(await readFile(path.join(from, manifest.database.file)));
  const client = await openPglite(dataDir, new Blob([tar]));
  try {
    return await tableCounts(pgliteQuery(client));
  } finally {
    await client.close();
  }
}

/** A one-line account of a backup, for the command line. */
export function describe(manifest: Manifest): string {
  const rows = Object.values(manifest.database.tables).reduce((a, b) => a + b, 0);
  const local = Object.values(manifest.media.local.files);
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  const s3 = manifest.media.s3
    ? `; S3 ${manifest.media.s3.bucket}: ${manifest.media.s3.keys} keys listed${manifest.media.s3.copied ? ', copied' : ' (objects not copied)'}`
    : '';
  return (
    `${manifest.database.kind} ${manifest.database.serverVersion}, migration ${manifest.database.migrations.head ?? manifest.database.migrations.headWhen} ` +
    `(${manifest.database.migrations.applied} applied): ${Object.keys(manifest.database.tables).length} tables, ${rows} rows, ` +
    `${mb(manifest.database.bytes)}; media ${local.length} files, ${mb(local.reduce((a, f) => a + f.bytes, 0))}${s3}`
  );
}
