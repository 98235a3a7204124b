import httpProxy from '@fastify/http-proxy';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PassThrough, Readable } from 'node:stream';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { Errors, fail } from '../../http/errors';
import { outboundAgent, type Resolve } from '../../http/outbound';
import { hitRateLimit } from '../identity';
import { decodePosthogBody } from './decode';
import { cachedAnalyticsSettings, ingestEvents, operatorPosthogHosts, posthogTarget } from './service';

export const BRGEST_PREFIX = '/brgest';
const INGEST = /^\/brgest\/(e|batch|capture|track|engage|i\/v0\/e)\/?$/;
const FLAGS = /^\/brgest\/(flags|decide)\/?$/;
const REMOTE_CONFIG = /^\/brgest\/array\/[\w-]+\/config(\.js)?$/;
/** session recordings */
const RECORDINGS = /^\/brgest\/s\/?$/;
/** the SDK's extension scripts (recorder.js, surveys.js …), with strict_script_versioning under its version */
const STATIC = /^\/brgest\/static\/(?:[\w-][\w.-]*\/)?[\w-][\w.-]*$/;
/** the public, project-token calls of surveys, product tours and web experiments (never the private API) */
const SDK_API = /^\/brgest\/api\/(surveys|product_tours|web_experiments)\/?$/;
/** The posthog-js calls /brgest answers or forwards; any other path is 404, never forwarded. */
const SDK_PATHS = [INGEST, FLAGS, REMOTE_CONFIG, RECORDINGS, STATIC, SDK_API];
const MAX_BODY = 1_048_576;

declare module 'fastify' {
  interface FastifyRequest {
    /** the PostHog host this /brgest call goes to (none: first-party) */
    brgestUpstream?: string;
  }
}

/** What goes upstream of the browser's headers: what PostHog needs to read the body, nothing of the shop's (cookies, tokens, origin). */
const FORWARDED = new Set([
  'accept',
  'accept-encoding',
  'accept-language',
  'content-type',
  'content-encoding',
  'content-length',
  'user-agent',
  'if-none-match',
  'if-modified-since',
]);
/** What comes back of the upstream's headers: the body's description and caching, no cookies, no redirects. */
const RETURNED = new Set([
  'content-type',
  'content-encoding',
  'content-length',
  'cache-control',
  'vary',
  'etag',
  'last-modified',
  'expires',
  'retry-after',
]);

const pick = <T>(headers: Record<string, T>, allowed: Set<string>) => {
  const out: Record<string, T> = {};
  for (const [k, v] of Object.entries(headers)) if (allowed.has(k.toLowerCase())) out[k] = v;
  return out;
};

/**
 * `/brgest`: posthog-js's api_host (spec §1), outside the /s/api CSRF scope (posthog-js sends no
 * XSRF token, and nothing here changes shop data). Only the SDK's paths are served. With a PostHog
 * host (the website's, else POSTHOG_HOST) it is a streaming reverse proxy (@fastify/http-proxy)
 * that sends the client's address as X-Forwarded-For, as PostHog's proxy guide asks, and none of
 * the shop's cookies; without one the events stay first-party (analytics_events) and the flag and
 * config calls are answered here. Rate-limited per client address in the database (every process
 * counts the same window).
 *
 * Anonymous visitors reach the host through it, so it is an outgoing URL (DESIGN §11): connections
 * go through `outboundAgent` (https, public addresses only, checked as the connection is made;
 * the operator's POSTHOG_HOST and POSTHOG_HOSTS are trusted), a redirect is answered 502 and never
 * followed, and only `RETURNED` headers come back.
 */
export async function registerBrgest(app: FastifyInstance, opts: { db: Db; config: Config; resolve?: Resolve }) {
  const { db, config } = opts;
  const agent = outboundAgent({ trusted: operatorPosthogHosts(config), resolve: opts.resolve });
  app.addHook('onClose', async () => agent.destroy());
  // the app's text and JSON parsers would decode bodies (gzip bytes as text): here every body
  // stays the request stream, passed through or read as bytes
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    await scope.register(httpProxy, {
      prefix: BRGEST_PREFIX,
      // no base: each call's upstream is its website's host (the agent keeps a pool per origin)
      upstream: '',
      undici: agent,
      httpMethods: ['GET', 'POST', 'OPTIONS', 'HEAD'],
      preHandler: async (req: FastifyRequest, reply: FastifyReply) => {
        const path = req.url.split('?')[0]!;
        if (!SDK_PATHS.some((p) => p.test(path))) throw Errors.notFound();
        await hitRateLimit(db, `brgest:${req.ip}`, config.brgestRateLimit, 60);
        const settings = await cachedAnalyticsSettings(db, req.website.id);
        const target = posthogTarget(settings, config);
        if (settings.consent === 'off') return reply.code(204).send();
        if (target) {
          req.brgestUpstream = target.host;
          // undici destroys a body it could not send, with the connection's error: let that be a
          // copy, so a refused or failed connection is answered 502, not failed on the visitor's stream
          if (req.body instanceof Readable) req.body = req.body.pipe(new PassThrough());
          return;
        }
        return firstParty(req, reply, db);
      },
      replyOptions: {
        // `.invalid` never resolves: nothing is fetched without a host
        getUpstream: (req) => (req as FastifyRequest).brgestUpstream ?? 'https://upstream.invalid',
        timeout: 15_000,
        rewriteRequestHeaders: (req, headers) => {
          const r = req as unknown as FastifyRequest;
          return {
            ...pick(headers, FORWARDED),
            'x-forwarded-for': r.ip,
            host: new URL(r.brgestUpstream ?? 'https://upstream.invalid').host,
          };
        },
        rewriteHeaders: (headers) => pick(headers, RETURNED),
        onResponse: (req, reply, res) => {
          const status = res.statusCode ?? 502;
          if (status >= 300 && status < 400 && status !== 304) {
            // a redirect is not followed, nor passed on (its Location could name anything)
            res.stream.destroy();
            for (const name of RETURNED) reply.removeHeader(name);
            req.log.warn({ status, upstream: (req as FastifyRequest).brgestUpstream }, 'the PostHog host answered a redirect');
            return reply.send(fail('ANALYTICS_UPSTREAM_FAILED'));
          }
          return reply.send(res.stream);
        },
        onError: (reply, { error }) => {
          const cause = (error as Error & { cause?: unknown }).cause ?? error;
          reply.request.log.warn(
            { err: cause, upstream: (reply.request as FastifyRequest).brgestUpstream },
            'the PostHog host was not reached',
          );
          return reply.send(fail('ANALYTICS_UPSTREAM_FAILED'));
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
  // session recordings (/s/), extension scripts (/static/), surveys and the like (/api/…): not kept first-party
  await readBody(req.body).catch(() => undefined);
  return reply.code(204).send();
}
