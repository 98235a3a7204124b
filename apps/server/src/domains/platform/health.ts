import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { migrationsApplied, pingDatabase, type Database } from '../../db/client';
import { rootCause } from '../../db/errors';
import { Errors } from '../../http/errors';

/**
 * What an orchestrator or a load balancer asks of a process (DESIGN §11), apart:
 * - liveness, `GET /s/api/health/live`: the process answers (restart it if not). Touches nothing,
 *   not even the database, so a database outage does not get every process restarted.
 * - readiness, `GET /s/api/health/ready`: send it requests. 503 while draining (SIGTERM, main.ts),
 *   when the database does not answer within 2 s, or when it lacks this build's migrations.
 * Neither resolves a website nor reads a session (`probe`): any Host works, an IP included. A 503
 * says only "Service unavailable"; the reason goes to the log when it changes.
 */
export interface Lifecycle {
  /** true from SIGTERM on: readiness fails while requests are still served */
  draining: boolean;
}

export const createLifecycle = (): Lifecycle => ({ draining: false });

const DATABASE_WAIT_MS = 2_000;

/** Resolves `p`, or rejects after `ms` (the timer never keeps the process alive). */
function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/** Readiness of one process: why it should not get requests now, or null. */
export function readiness(database: Database, lifecycle: Lifecycle, log: FastifyBaseLogger) {
  let migrated = false; // once applied, migrations stay applied
  let said: string | null = null;
  const reason = async (): Promise<string | null> => {
    if (lifecycle.draining) return 'draining';
    try {
      await within(pingDatabase(database.db), DATABASE_WAIT_MS);
      migrated ||= await within(migrationsApplied(database.db), DATABASE_WAIT_MS);
    } catch (e) {
      return `database: ${rootCause(e)}`;
    }
    return migrated ? null : "database: this build's migrations are not applied";
  };
  return async (): Promise<string | null> => {
    const now = await reason();
    if (now !== said) {
      if (now) log.warn({ reason: now }, 'not ready');
      else log.info('ready');
      said = now;
    }
    return now;
  };
}

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database; lifecycle: Lifecycle }> = async (app, { database, lifecycle }) => {
  const probe = { probe: true };
  app.get('/health/live', { config: probe, schema: { response: { 200: z.object({ status: z.literal('ok') }) } } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' as const };
  });

  const notReady = readiness(database, lifecycle, app.log);
  app.get(
    '/health/ready',
    { config: probe, schema: { response: { 200: z.object({ status: z.literal('ready') }) } } },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      if (await notReady()) throw Errors.unavailable();
      return { status: 'ready' as const };
    },
  );
};
