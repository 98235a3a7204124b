import { errorGroupDetailSchema, errorGroupListSchema, errorResolveSchema } from '@grocer/shared/analytics';
import type * as SentryNodeModule from '@sentry/node';
import { idParamsSchema } from '@grocer/shared/ids';
import { ERROR_TUNNEL } from '@grocer/shared/links';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError, Errors } from '../../http/errors';
import { auditActor } from '../audit';
import { LRUCache } from 'lru-cache';
import { hitRateLimit, tooManyRequests } from '../identity';
import { parseDsn, parseEnvelope } from './envelope';
import type { ErrorIntake } from './intake';
import { getErrorGroup, listErrorGroups, occurrenceFromSentryEvent, occurrenceFromServerError, resolveErrorGroup } from './service';

type SentryNode = typeof SentryNodeModule;

/** The events of one envelope the inbox keeps at most (the browser SDK sends one an envelope). */
export const MAX_ENVELOPE_EVENTS = 100;
/** An event larger than this is skipped (a real one is a few KB; the inbox keeps less of it). */
export const MAX_EVENT_BYTES = 64 * 1024;
const TRUNCATED = `Only the first ${MAX_ENVELOPE_EVENTS} events of an envelope are kept; the rest were not read.`;

/**
 * POST /s/tunnel (ERROR_TUNNEL): a Sentry envelope from the storefront or the staff app. With
 * SENTRY_DSN it is forwarded, as is, to that DSN's project (only envelopes naming that DSN: the
 * tunnel relays nothing else); without one, its first MAX_ENVELOPE_EVENTS events (each at most MAX_EVENT_BYTES) are queued for the
 * first-party error inbox (`intake.ts`), the rest unread, and the answer says how many were
 * taken, how many dropped, and whether the envelope was cut short.
 * Outside CSRF (the SDK sends no XSRF token; nothing but the inbox changes), rate-limited per
 * client address in events (an envelope counts its events, at least 1).
 */
export async function registerErrorTunnel(app: FastifyInstance, opts: { db: Db; config: Config; intake: ErrorIntake }) {
  const { db, config, intake } = opts;
  const upstream = config.sentryDsn ? parseDsn(config.sentryDsn) : null;
  if (config.sentryDsn && !upstream) app.log.warn('SENTRY_DSN is not a valid DSN: errors stay in the first-party inbox');
  const limited = refusingLimit(db, config.brgestRateLimit);
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 5 * 1_048_576 }, (_req, body, done) => done(null, body));
    scope.post(ERROR_TUNNEL, async (req, reply) => {
      // no body at all (no content type reached the parser) is no envelope either
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      let envelope: ReturnType<typeof parseEnvelope>;
      try {
        // forwarded whole, so read whole; the inbox reads no further than it keeps
        envelope = parseEnvelope(body, upstream ? Infinity : MAX_ENVELOPE_EVENTS);
      } catch {
        await limited(`tunnel:${req.ip}`, 1);
        throw Errors.invalid({ body: ['Not a Sentry envelope'] });
      }
      const events = envelope.items.filter((item) => item.header.type === 'event');
      // counted in events passed on (every one forwarded, or the inbox's at most 100), at least 1
      await limited(`tunnel:${req.ip}`, Math.max(1, events.length));
      if (upstream) {
        const dsn = typeof envelope.header.dsn === 'string' ? parseDsn(envelope.header.dsn) : null;
        if (!dsn || dsn.host !== upstream.host || dsn.projectId !== upstream.projectId)
          throw Errors.invalid({ dsn: ['The envelope names another project'] });
        const res = await fetch(upstream.envelopeUrl, {
          method: 'POST',
          body,
          headers: {
            'content-type': 'application/x-sentry-envelope',
            'x-forwarded-for': req.ip,
            'x-sentry-auth': `Sentry sentry_key=${upstream.publicKey}, sentry_version=7`,
          },
        });
        return reply
          .code(res.status)
          .type(res.headers.get('content-type') ?? 'application/json')
          .send(Buffer.from(await res.arrayBuffer()));
      }
      const accepted = intake.offer(req.website.id, events, (item) => {
        if (item.payload.length > MAX_EVENT_BYTES) return null;
        try {
          return occurrenceFromSentryEvent(JSON.parse(item.payload.toString('utf8')) as Record<string, unknown>);
        } catch {
          return null; // not a JSON object
        }
      });
      return reply.send({
        id: typeof envelope.header.event_id === 'string' ? envelope.header.event_id : null,
        // queued for the inbox, and read but not kept (too large, not JSON, no room in the queue)
        accepted,
        dropped: events.length - accepted,
        ...(envelope.truncated ? { truncated: true, message: TRUNCATED } : {}),
      });
    });
  });
}

/**
 * The per-client limit of the tunnel (events a minute), counted in the database (so it holds
 * across processes). A client refused here is refused again, until its window ends, without a
 * statement: the database would answer the same, and a client flooding the tunnel past its limit
 * then costs the shop's database nothing more.
 */
function refusingLimit(db: Db, perMinute: number) {
  const refusedUntil = new LRUCache<string, number>({ max: 10_000 });
  return async (key: string, weight: number) => {
    const left = Math.ceil(((refusedUntil.get(key) ?? 0) - Date.now()) / 1000);
    if (left > 0) throw Errors.rateLimited(tooManyRequests(Math.ceil(left / 60)), left);
    try {
      await hitRateLimit(db, key, perMinute, 60, undefined, weight);
    } catch (e) {
      const retry = e instanceof AppError ? e.extra?.retry_after : undefined;
      if (typeof retry === 'number') refusedUntil.set(key, Date.now() + retry * 1000);
      throw e;
    }
  };
}

/**
 * The server's own unhandled errors (500s): to Sentry through @sentry/node with the request id when
 * SENTRY_DSN is set (loaded only then), else queued for the first-party inbox. Never throws.
 */
export function serverErrorReporter(intake: ErrorIntake, config: Config, log: FastifyInstance['log']) {
  let sentry: Promise<SentryNode> | null = null;
  if (config.sentryDsn && parseDsn(config.sentryDsn))
    sentry = import('@sentry/node').then((Sentry) => {
      Sentry.init({ dsn: config.sentryDsn, environment: config.environment, defaultIntegrations: false, tracesSampleRate: 0 });
      return Sentry;
    });
  return async (error: Error, req: FastifyRequest) => {
    try {
      const userId = (await req.session?.get().catch(() => null))?.userId ?? null;
      if (sentry) {
        const Sentry = await sentry;
        Sentry.withScope((scope) => {
          scope.setTag('request_id', req.id);
          scope.setTag('url', req.url.split('?')[0]!);
          if (userId) scope.setUser({ id: String(userId) });
          Sentry.captureException(error);
        });
        return;
      }
      if (!req.website) return;
      const ctx = { requestId: req.id, url: req.url, userId, environment: config.environment };
      intake.offer(req.website.id, [error], (e) => occurrenceFromServerError(e, ctx));
    } catch (e) {
      log.warn({ err: e }, 'the error could not be reported');
    }
  };
}

const params = idParamsSchema;

/** Administration → Errors: the first-party inbox, read and resolved by staff. */
export const errorsAdminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/admin/errors',
    {
      schema: { querystring: z.object({ status: z.enum(['open', 'resolved']).default('open') }), response: { 200: errorGroupListSchema } },
    },
    async (req) => ({ data: await listErrorGroups(db, req.website.id, req.query.status) }),
  );
  app.get('/admin/errors/:id', { schema: { params, response: { 200: errorGroupDetailSchema } } }, async (req) =>
    getErrorGroup(db, req.website.id, req.params.id),
  );
  app.post(
    '/admin/errors/:id/resolve',
    { schema: { params, body: errorResolveSchema, response: { 200: errorGroupDetailSchema } } },
    async (req) => resolveErrorGroup(db, auditActor(req), req.params.id, req.body.resolved),
  );
};
