import { websiteCache } from './cache';
import type { FastifyReply } from 'fastify';

/**
 * A few-seconds cache of serialised responses that every visitor without a session sees alike
 * (catalogue lists, product pages). DESIGN §1 allows caches that are safe to be stale for seconds:
 * stock shown may lag by up to `ttlMs`, while adding to the cart and checkout always re-check stock
 * in the database. Kept in the per-website cache (`http/cache.ts`).
 */
export function createMicroCache(ttlMs: number) {
  const cache = websiteCache<string>({ ttlMs });
  return {
    get: (websiteId: number, key: string, produce: () => Promise<unknown>): Promise<string> =>
      cache.get(websiteId, key, () => produce().then((v) => JSON.stringify(v))),
  };
}

/**
 * Sends JSON that was already validated against the route's response schema and serialised
 * (by the cache above); Fastify does not serialise a string body again.
 */
export function sendJson(reply: FastifyReply, body: string) {
  return reply.type('application/json; charset=utf-8').send(body as never);
}
