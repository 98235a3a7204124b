import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { adminUrl, createPgDatabase, databaseUrl, dropPgDatabase, scratchName } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: a migrated database each test file copies with CREATE DATABASE … TEMPLATE. */
    pgTemplate?: string;
    /** PGlite: a migrated data directory (tarball) each test file loads. */
    pgliteTemplate?: string;
  }
}

/**
 * Migrates one database per run instead of one per test file: the test files of a project
 * (test/app.ts) start from a copy of it. Dropped when the run ends.
 */
export async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (project.config.env.TEST_DB === 'postgres' && url) {
    const name = scratchName('grocer_template');
    await createPgDatabase(url, name);
    // migrated directly when the suite's connections go through a pooler (TEST_ADMIN_DATABASE_URL):
    // a pooler keeps its server connections a while, and a template must have none to be copied
    await (await openDatabase({ databaseUrl: databaseUrl(adminUrl(url), name), poolSize: 1 })).close();
    project.provide('pgTemplate', name);
    return () => dropPgDatabase(url, name);
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  const file = path.join(os.tmpdir(), `${scratchName('grocer-pglite-template')}.tar`);
  await writeFile(file, Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  return async () => {
    await rm(file, { force: true });
    if (!url) await sayWhatDidNotRun();
  };
}

/**
 * Without TEST_DATABASE_URL the `server-pg` project does not exist, so the checks written with
 * itOnPostgres/describeOnPostgres (test/on-postgres.ts) ran nowhere: say so loudly, naming them.
 */
async function sayWhatDidNotRun() {
  const root = path.resolve(import.meta.dirname, '..');
  const skipped: string[] = [];
  for (const file of await readdir(root, { recursive: true })) {
    if (!file.endsWith('.test.ts')) continue;
    const text = await readFile(path.join(root, file), 'utf8');
    for (const m of text.matchAll(/(?:it|describe)OnPostgres\(\s*(['"`])(.*?)\1/gs)) skipped.push(`  ${file}: ${m[2]}`);
  }
  const bar = '!'.repeat(100);
  console.warn(
    [
      bar,
      'TEST_DATABASE_URL is unset: the server-pg project (every API test on PostgreSQL) did not run, and neither did',
      `these ${skipped.length} checks that only mean something on PostgreSQL (races, locks, lost connections):`,
      ...skipped,
      'Set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres to run them (.ci/run does).',
      bar,
    ].join('\n'),
  );
}
