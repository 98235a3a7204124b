import { errorGroupDetailSchema, errorGroupListSchema, errorResolveSchema } from '@grocer/shared/analytics';
import type * as SentryNodeModule from '@sentry/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { Errors } from '../../http/errors';
import { auditActor } from '../audit/service';
import { hitRateLimit } from '../identity/rate-limit';
import { parseDsn, parseEnvelope } from './envelope';
import {
  getErrorGroup,
  listErrorGroups,
  occurrenceFromSentryEvent,
  occurrenceFromServerError,
  recordOccurrence,
  resolveErrorGroup,
} from './service';

type SentryNode = typeof SentryNodeModule;

/** The same-origin tunnel the browser SDK sends its envelopes to (Sentry's `tunnel` option). */
export const ERROR_TUNNEL = '/s/tunnel';

/**
 * POST /s/tunnel: a Sentry envelope from the storefront. With SENTRY_DSN it is forwarded, as is,
 * to that DSN's project (only envelopes naming that DSN: the tunnel relays nothing else); without
 * one, its events are stored in the first-party error inbox. Outside CSRF (the SDK sends no XSRF
 * token; nothing but the inbox changes), rate-limited per client address.
 */
export async function registerErrorTunnel(app: FastifyInstance, opts: { db: Db; config: Config }) {
  const { db, config } = opts;
  const upstream = config.sentryDsn ? parseDsn(config.sentryDsn) : null;
  if (config.sentryDsn && !upstream) app.log.warn('SENTRY_DSN is not a valid DSN: errors stay in the first-party inbox');
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 5 * 1_048_576 }, (_req, body, done) => done(null, body));
    scope.post(ERROR_TUNNEL, async (req, reply) => {
      await hitRateLimit(db, `tunnel:${req.ip}`, config.brgestRateLimit, 60);
      // no body at all (no content type reached the parser) is no envelope either
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      let envelope: ReturnType<typeof parseEnvelope>;
      try {
        envelope = parseEnvelope(body);
      } catch {
        throw Errors.invalid({ body: ['Not a Sentry envelope'] });
      }
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
      for (const item of envelope.items) {
        if (item.header.type !== 'event') continue;
        let event: Record<string, unknown>;
        try {
          event = JSON.parse(item.payload.toString('utf8')) as Record<string, unknown>;
        } catch {
          continue;
        }
        await recordOccurrence(db, req.website.id, occurrenceFromSentryEvent(event));
      }
      return reply.send({ id: typeof envelope.header.event_id === 'string' ? envelope.header.event_id : null });
    });
  });
}

/**
 * The server's own unhandled errors (500s): to Sentry through @sentry/node with the request id when
 * SENTRY_DSN is set (loaded only then), else into the first-party inbox. Never throws.
 */
export function serverErrorReporter(db: Db, config: Config, log: FastifyInstance['log']) {
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
      await recordOccurrence(
        db,
        req.website.id,
        occurrenceFromServerError(error, { requestId: req.id, url: req.url, userId, environment: config.environment }),
      );
    } catch (e) {
      log.warn({ err: e }, 'the error could not be reported');
    }
  };
}

const params = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

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
