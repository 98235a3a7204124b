import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { fillPlaceholders, sql, type SQLWrapper } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { NodePgSession, drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migratePostgres } from './migrate-postgres';
import { rowsOf } from './rows';
import * as schema from './schema';

export type Schema = typeof schema;
/** The database handle every service takes: the same API over PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; services that write accept `Db | Tx` via this alias. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball, which `loadDataDir` opens again (the test template). */
  dumpDataDir?(): Promise<Blob>;
  /** Hands each statement's duration to `observe` from now on (the metrics, http/metrics.ts); answers how to stop. */
  timeStatements?(observe: StatementObserver): () => void;
  /** PostgreSQL: the pool's connections at this moment. */
  poolState?(): PoolState;
}

/** A statement's duration in seconds, and whether the database refused it (or the connection failed). */
export type StatementObserver = (seconds: number, failed: boolean) => void;
export interface PoolState {
  max: number;
  total: number;
  idle: number;
  /** requests waiting for a connection */
  waiting: number;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * PGlite in `dataDir` (or in memory with `memory://`) when no URL is given, PostgreSQL through
 * `pg` otherwise. Migrations are applied before the handle is returned.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  poolSize?: number;
  /** named prepared statements for the hot reads (`hotRows`); default on (DATABASE_PREPARED) */
  preparedStatements?: boolean;
  loadDataDir?: Blob;
  onConnectionError?: (err: Error) => void;
}): Promise<Database> {
  if (opts.databaseUrl) {
    // A bounded wait for a connection: while the database is down, requests fail (503) instead of queueing forever.
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 20, connectionTimeoutMillis: 5_000 });
    // A terminated backend (restart, failover, pg_terminate_backend, a pooler's idle timeout) emits
    // 'error' on its client; without listeners node would crash the process. The query in flight
    // fails on its own (503 DATABASE_UNAVAILABLE), the broken client leaves the pool, and the next
    // request opens a fresh connection.
    const onError = opts.onConnectionError ?? ((err: Error) => console.error(`database connection lost: ${err.message}`));
    pool.on('error', onError);
    const timing = new Set<StatementObserver>();
    pool.on('connect', (client) => {
      client.on('error', onError);
      timeQueries(client, 'query', timing);
    });
    const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    if (opts.preparedStatements !== false) {
      preparing.add(db);
      namingDialects.add((db as unknown as Internals).dialect);
    }
    // Several processes may start at once: one migrates, the others wait for its transaction's lock.
    const client = await pool.connect();
    try {
      await migratePostgres(client, migrationsFolder);
    } finally {
      client.release();
    }
    return {
      db,
      kind: 'postgres',
      close: () => pool.end(),
      timeStatements: (observe) => observeWith(timing, observe),
      poolState: () => ({ max: pool.options.max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  const dir = opts.dataDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, { extensions: { pg_trgm }, loadDataDir: opts.loadDataDir });
  await client.exec('create extension if not exists pg_trgm');
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  await migratePglite(db, { migrationsFolder });
  const timing = new Set<StatementObserver>();
  timeQueries(client, 'query', timing);
  timeQueries(client, 'exec', timing);
  // a transaction's statements go through its own handle
  const transaction = client.transaction.bind(client);
  client.transaction = (work) =>
    transaction((tx) => {
      timeQueries(tx, 'query', timing);
      timeQueries(tx, 'exec', timing);
      return work(tx);
    });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
    timeStatements: (observe) => observeWith(timing, observe),
  };
}

const observeWith = (observers: Set<StatementObserver>, observe: StatementObserver) => {
  observers.add(observe);
  return () => void observers.delete(observe);
};

/**
 * Times every statement sent through `target[method]` (a pg connection's `query`, PGlite's
 * `query`/`exec`), the one place every statement passes, drizzle's and `hotRows`' alike, while
 * someone observes; otherwise it only forwards. A pg query with a callback (the pool's own
 * `query`) is timed through it; a submittable (a cursor) is passed on untimed.
 */
function timeQueries(target: object, method: string, observers: ReadonlySet<StatementObserver>) {
  const t = target as Record<string, (...args: unknown[]) => unknown>;
  const original = t[method]!;
  t[method] = function timed(this: unknown, ...args: unknown[]) {
    const first = args[0] as { submit?: unknown } | undefined;
    if (!observers.size || typeof first?.submit === 'function') return original.apply(this, args);
    const started = performance.now();
    const done = (failed: boolean) => {
      const seconds = (performance.now() - started) / 1000;
      for (const observe of observers) observe(seconds, failed);
    };
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (err: unknown, result: unknown) => {
        done(!!err);
        (callback as (e: unknown, r: unknown) => void)(err, result);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args) as Promise<unknown>;
    result.then(
      () => done(false),
      () => done(true),
    );
    return result;
  };
}

// The pools whose hot reads run as named prepared statements (openDatabase's `preparedStatements`).
const preparing = new WeakSet<object>();
const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * Runs a read that every shopper request makes (the catalogue's lists and products) and answers its
 * rows as arrays, in the order of the statement's columns. On PostgreSQL it is a named prepared
 * statement, named by its text: each connection parses and plans it once, and PostgreSQL may keep
 * a generic plan, so a repeat skips drizzle's result mapping, the parse and most of the planning (the
 * statements of a list answer cost about half as much: bench/api.ts). Behind a pooler in
 * transaction mode this needs one that keeps prepared statements (PgBouncer 1.21 or newer with
 * `max_prepared_statements` above 0); for any other, DATABASE_PREPARED=off sends the same
 * statement unnamed. `query` must not hold anything that changes its text from call to call but its
 * parameters (lists of ids go as one array parameter: `= any(...)`). Takes the pool: a transaction's
 * statements go through drizzle.
 */
export async function hotRows(db: Db, query: SQLWrapper, opts: HotOptions = {}): Promise<unknown[][]> {
  const { sql: text, params } = dialect.sqlToQuery(query.getSQL());
  return runHot(db, text, params, opts);
}

export interface HotOptions {
  /**
   * PostgreSQL only: the planner's cost of a page read out of order for this statement (`set
   * local` in a transaction of its own; the default is 4, a spinning disk's). A full-text search
   * matching a seventh of 100,000 products was planned as a scan of the whole table (55–72 ms)
   * rather than its GIN index (31–36 ms) at 4; 1.1 is the usual figure for SSDs and cached data.
   */
  randomPageCost?: number;
  /**
   * Planned for its parameters on every run (an unnamed statement), never with a generic plan:
   * for a statement whose best plan depends on its values (how common a searched word is), where
   * a named statement's generic plan, chosen after five runs, took 52 ms for what a plan for the
   * words took 22 ms.
   */
  customPlan?: boolean;
}

/**
 * A hot read whose text is built once: `query` holds `sql.placeholder(name)`s, and each run fills
 * them from `values` (no SQL building per request). Runs as `hotRows` does.
 */
export function hotStatement(query: SQLWrapper): (db: Db, values: Record<string, unknown>) => Promise<unknown[][]> {
  const { sql: text, params } = dialect.sqlToQuery(query.getSQL());
  return (db, values) => runHot(db, text, fillPlaceholders(params, values));
}

async function runHot(db: Db, text: string, params: unknown[], opts: HotOptions = {}): Promise<unknown[][]> {
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (client instanceof PGlite) return (await client.query<unknown[]>(text, params, { rowMode: 'array' })).rows;
  const name = preparing.has(db) && !opts.customPlan ? statementName(text) : undefined;
  const statement = { name, text, values: params, rowMode: 'array' as const };
  if (opts.randomPageCost === undefined) return (await client.query<unknown[]>(statement)).rows;
  // One connection for the three: the setting ends with the transaction, whatever happens.
  const connection = await client.connect();
  try {
    await connection.query(`begin; set local random_page_cost = ${Number(opts.randomPageCost)}`);
    const { rows } = await connection.query<unknown[]>(statement);
    await connection.query('commit');
    return rows;
  } catch (e) {
    await connection.query('rollback').catch(() => undefined);
    throw e;
  } finally {
    connection.release();
  }
}

/** What `reusable` reaches of a drizzle database or transaction: the same on both drivers. */
interface Internals {
  dialect: object;
  session: { client: unknown };
}
// The dialects (one per database opened, shared by its transactions) whose statements may be named.
const namingDialects = new WeakSet<object>();
const reusables = new WeakMap<object, Map<string, { execute(values?: Record<string, unknown>): Promise<unknown> }>>();

/**
 * A statement of a hot path (checkout, the cart) built once and run on whatever connection the
 * caller holds, the pool or its transaction, with drizzle's own result mapping. `build` writes the
 * query with `sql.placeholder(…)`s and ends with `.prepare(name)`, the name it is given: unique per
 * statement, as the text must not change from call to call but for its values (lists of ids go as
 * one array parameter: `= any(…)`). The first call on a database builds it; every later call, on
 * the database or any of its transactions, reuses the text and the field mapping (no SQL built per
 * request: 50–400 µs of drizzle's per statement, bench/orders.ts). On PostgreSQL it is a named
 * prepared statement, as `hotRows`' are (and off with them: DATABASE_PREPARED=off).
 */
export function reusable<R>(
  name: string,
  build: (db: DbOrTx, name: string) => { execute(values?: Record<string, unknown>): Promise<R> },
): (db: DbOrTx, values: Record<string, unknown>) => Promise<R> {
  return (db, values) => {
    const { dialect, session } = db as unknown as Internals;
    let built = reusables.get(dialect);
    if (!built) reusables.set(dialect, (built = new Map()));
    let query = built.get(name);
    // named only where the database allows it (unnamed: '' is pg's unnamed statement)
    if (!query) {
      query = build(db, namingDialects.has(dialect) ? name : '');
      // drizzle's prepared query must keep its connection as `client`, or the statement would run
      // on the connection it was built on (another request's transaction, by then)
      if ((query as unknown as { client?: unknown }).client !== session.client)
        throw new Error("reusable: drizzle's prepared query no longer keeps its connection as `client`");
      built.set(name, query);
    }
    // the same prepared query on the caller's connection (drizzle's prepared queries keep it as `client`)
    return (Object.create(query, { client: { value: session.client } }) as typeof query).execute(values) as Promise<R>;
  };
}

/**
 * Runs `work` with all its statements on one connection of the pool, each committed on its own
 * (no transaction is opened; `work` may open one, on that connection). A request that sends
 * several statements in a row keeps one PostgreSQL backend busy, warm with its tables and plans,
 * instead of waking a different one for each (checkout: bench/orders.ts). PGlite has one connection.
 */
export async function onOneConnection<T>(db: Db, work: (db: Db) => Promise<T>): Promise<T> {
  const { dialect, session } = db as unknown as { dialect: PgDialect; session: { client: unknown; schema: unknown; options: object } };
  if (!(session.client instanceof pg.Pool)) return work(db);
  const client = await session.client.connect();
  try {
    // the database with its session on that connection (drizzle's builders, `execute`,
    // `transaction` and `reusable` all run through `session`)
    const one = new NodePgSession(client, dialect, session.schema as never, session.options);
    return await work(Object.create(db, { session: { value: one } }) as Db);
  } finally {
    client.release();
  }
}

const names = new Map<string, string>();
function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= 2000) names.clear();
    names.set(text, (name = `h${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`));
  }
  return name;
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

// the newest migration this build knows (its journal's `when`), read once
let newestMigration: number | undefined;

/**
 * Whether the database has every migration this build knows applied: drizzle's own table records
 * each applied migration with its journal time (`created_at`). Another process of a newer build
 * may have applied more; fewer means this build's schema is not there.
 */
export async function migrationsApplied(db: Db): Promise<boolean> {
  newestMigration ??= Math.max(0, ...readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis));
  const [row] = rowsOf<{ at: string | null }>(await db.execute(sql`select max(created_at)::text as at from drizzle.__drizzle_migrations`));
  return Number(row?.at ?? 0) >= newestMigration;
}
