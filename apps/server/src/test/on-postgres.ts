import { describe, it, type SuiteAPI, type TestAPI } from 'vitest';

/**
 * Checks that only mean something on PostgreSQL: races, locks and connection failures. PGlite runs
 * one transaction at a time, so a race test there passes whatever the locking; such tests run in the
 * `server-pg` project only and are skipped (and named, see global-setup.ts) everywhere else.
 * Write them with these, and put "(PostgreSQL)" in the title.
 */
export const onPostgres = process.env.TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL;
export const itOnPostgres: ReturnType<TestAPI['skipIf']> = it.skipIf(!onPostgres);
export const describeOnPostgres: ReturnType<SuiteAPI['skipIf']> = describe.skipIf(!onPostgres);
