import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { websiteCache } from './cache';
import { SESSION_COOKIE } from './session';
import type { createWebsiteResolver } from './website';

/** A shared answer as it was sent: its headers (helmet's, the cache validators) and its body. */
interface FrontEntry {
  headers: Record<string, string>;
  json: string;
  etag: string;
}

// Headers of the first response that are not the answer's own: written afresh for each request.
const PER_REQUEST = new Set(['x-request-id', 'set-cookie', 'content-length', 'date', 'connection']);
const hasSession = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE}=`);

/**
 * The front of the answer cache (issue 20, goal 4: a cached answer at near the cost of a bare
 * route). A catalogue answer sent to a visitor without a session (micro-cache.ts `sendAnswer`:
 * shared, nothing personal, no cookie set) is kept for one second under its website and its exact
 * address, with the headers it went out with; the same address asked again without a session is
 * answered from here before anything else runs (no session, no parameter parsing, no handler, no
 * header middleware: the stored headers hold what helmet wrote). Only addresses whose parameters
 * the route knows are kept, so junk parameters (`?x=<random>`) never fill it: they take the route,
 * which drops them and answers from the micro-cache. One second on top of the answer's own three
 * (DESIGN §1: stale for seconds); a staff edit drops the website's entries at once
 * (`invalidateWebsite`), as it drops the answers.
 */
export function createFrontCache(opts: { ttlMs?: number } = {}) {
  const cache = websiteCache<FrontEntry>({ ttlMs: opts.ttlMs ?? 1000, maxEntries: 5000 });
  return {
    /** Serves a kept answer (a 304 when the browser has it); registered before every other onRequest hook. */
    register(app: FastifyInstance, websites: ReturnType<typeof createWebsiteResolver>) {
      app.addHook('onRequest', async (req, reply) => {
        if (req.method !== 'GET' || !req.url.startsWith('/s/api/')) return;
        const cookie = req.headers.cookie;
        if (cookie && hasSession.test(cookie)) return;
        let websiteId: number;
        try {
          websiteId = (await websites.resolve(req)).id;
        } catch {
          return; // an unknown host: the pipeline answers it
        }
        const hit = cache.peek(websiteId, req.url);
        if (!hit) return;
        const entry = await hit;
        reply.headers(entry.headers);
        const match = req.headers['if-none-match'];
        if (match && etagMatches(match, entry.etag)) return reply.code(304).send();
        return reply.send(entry.json);
      });
    },
    /**
     * Keeps a shared answer just sent for `req.url`, when every parameter of the address is one of
     * `params` (the route's own).
     */
    keep(req: FastifyRequest, reply: FastifyReply, answer: { json: string; etag: string }, params: readonly string[]) {
      if (!knownParamsOnly(req.url, params)) return;
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(reply.getHeaders())) {
        if (v === undefined || PER_REQUEST.has(k)) continue;
        if (Array.isArray(v)) return; // a repeated header (a cookie): nothing shared
        headers[k] = String(v);
      }
      cache.put(req.website.id, req.url, Promise.resolve({ headers, json: answer.json, etag: answer.etag }));
    },
  };
}

export type FrontCache = ReturnType<typeof createFrontCache>;

/** An `If-None-Match` list names `etag` (weak or strong). */
export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/** The address's query names only `params` (each at most once). */
export function knownParamsOnly(url: string, params: readonly string[]): boolean {
  const q = url.indexOf('?');
  if (q < 0) return true;
  const seen = new Set<string>();
  for (const [k] of new URLSearchParams(url.slice(q + 1))) {
    if (!params.includes(k) || seen.has(k)) return false;
    seen.add(k);
  }
  return true;
}
