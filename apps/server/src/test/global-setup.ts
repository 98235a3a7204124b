import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { createPgDatabase, databaseUrl, dropPgDatabase, scratchName } from './postgres';

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
    await (await openDatabase({ databaseUrl: databaseUrl(url, name), poolSize: 1 })).close();
    project.provide('pgTemplate', name);
    return () => dropPgDatabase(url, name);
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  const file = path.join(os.tmpdir(), `${scratchName('grocer-pglite-template')}.tar`);
  await writeFile(file, Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  return () => rm(file, { force: true });
}
