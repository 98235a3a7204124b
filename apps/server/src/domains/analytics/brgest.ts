import httpProxy from '@fastify/http-proxy';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { Errors } from '../../http/errors';
import { hitRateLimit } from '../identity/rate-limit';
import { decodePosthogBody } from './decode';
import { cachedAnalyticsSettings, ingestEvents, posthogTarget } from './service';

export const BRGEST_PREFIX = '/brgest';
const INGEST = /^\/brgest\/(e|batch|capture|track|engage|i\/v0\/e)\/?$/;
const FLAGS = /^\/brgest\/(flags|decide)\/?$/;
const REMOTE_CONFIG = /^\/brgest\/array\/[^/]+\/config(\.js)?$/;
const MAX_BODY = 1_048_576;

declare module 'fastify' {
  interface FastifyRequest {
    /** the PostHog host this /brgest call goes to (none: first-party) */
    brgestUpstream?: string;
  }
}

/** The shop's cookies, sessions and credentials never go upstream. */
const DROPPED = new Set(['cookie', 'authorization', 'x-xsrf-token', 'x-origin', 'x-forwarded-for', 'x-real-ip', 'forwarded', 'host']);

/**
 * `/brgest`: posthog-js's api_host (spec §1), outside the /s/api CSRF scope (posthog-js sends no
 * XSRF token, and nothing here changes shop data). With a PostHog host (the website's, else
 * POSTHOG_HOST) it is a streaming reverse proxy (@fastify/http-proxy) that sends the client's address
 * as X-Forwarded-For, as PostHog's proxy guide asks, and none of the shop's cookies; without one the
 * events stay first-party (analytics_events) and the flag and config calls are answered here.
 * Rate-limited per client address in the database (every process counts the same window).
 */
export async function registerBrgest(app: FastifyInstance, opts: { db: Db; config: Config }) {
  const { db, config } = opts;
  // the app's text and JSON parsers would decode bodies (gzip bytes as text): here every body
  // stays the request stream, passed through or read as bytes
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    await scope.register(httpProxy, {
      prefix: BRGEST_PREFIX,
      // no base: each call's upstream is its website's host (reply-from then keeps a pool per origin)
      upstream: '',
      httpMethods: ['GET', 'POST', 'OPTIONS', 'HEAD'],
      preHandler: async (req: FastifyRequest, reply: FastifyReply) => {
        await hitRateLimit(db, `brgest:${req.ip}`, config.brgestRateLimit, 60);
        const settings = await cachedAnalyticsSettings(db, req.website.id);
        const target = posthogTarget(settings, config);
        if (settings.consent === 'off') return reply.code(204).send();
        if (target) {
          req.brgestUpstream = target.host;
          return;
        }
        return firstParty(req, reply, db);
      },
      replyOptions: {
        getUpstream: (req) => (req as FastifyRequest).brgestUpstream ?? 'http://127.0.0.1',
        rewriteRequestHeaders: (req, headers) => {
          const out: Record<string, string | string[] | undefined> = {};
          for (const [k, v] of Object.entries(headers)) if (!DROPPED.has(k.toLowerCase())) out[k] = v;
          const r = req as unknown as FastifyRequest;
          out['x-forwarded-for'] = r.ip;
          out.host = new URL(r.brgestUpstream ?? 'http://127.0.0.1').host;
          return out;
        },
        rewriteHeaders: (headers) => {
          const { 'set-cookie': _dropped, ...rest } = headers;
          return rest;
        },
      },
    });
  });
}

async function readBody(stream: unknown): Promise<Buffer> {
  if (Buffer.isBuffer(stream)) return stream;
  if (typeof stream === 'string') return Buffer.from(stream);
  if (!stream || typeof (stream as Readable).on !== 'function') return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as Readable) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw Errors.invalid({ body: ['The analytics batch is too large'] });
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** No PostHog: keep the events, answer flags and remote config as "nothing enabled". */
async function firstParty(req: FastifyRequest, reply: FastifyReply, db: Db) {
  const path = req.url.split('?')[0]!;
  reply.header('cache-control', 'no-store');
  if (req.method === 'OPTIONS') return reply.code(204).send();
  if (INGEST.test(path)) {
    const events = decodePosthogBody(
      await readBody(req.body),
      String(req.headers['content-type'] ?? ''),
      req.query as Record<string, unknown>,
    );
    await ingestEvents(db, req.website.id, events);
    return reply.send({ status: 1 });
  }
  if (FLAGS.test(path))
    return reply.send({
      flags: {},
      featureFlags: {},
      featureFlagPayloads: {},
      errorsWhileComputingFlags: false,
      sessionRecording: false,
      supportedCompression: ['gzip', 'gzip-js'],
      autocapture_opt_out: true,
      capturePerformance: false,
      surveys: false,
      heatmaps: false,
    });
  if (REMOTE_CONFIG.test(path)) {
    const remote = {
      supportedCompression: ['gzip', 'gzip-js'],
      hasFeatureFlags: false,
      sessionRecording: false,
      autocapture_opt_out: true,
      capturePerformance: false,
      surveys: false,
      heatmaps: false,
    };
    if (path.endsWith('.js'))
      return reply.type('application/javascript').send(`window._POSTHOG_REMOTE_CONFIG=window._POSTHOG_REMOTE_CONFIG||{};`);
    return reply.send(remote);
  }
  // session recordings (/s/), extension scripts (/static/): not kept first-party
  await readBody(req.body).catch(() => undefined);
  return reply.code(204).send();
}
