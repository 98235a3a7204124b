import type { FastifyReply } from 'fastify';

/**
 * A few-seconds cache of serialised responses that every visitor without a session sees alike
 * (catalogue lists, product pages). DESIGN §1 allows caches that are safe to be stale for seconds:
 * stock shown may lag by up to `ttlMs`, while adding to the cart and checkout always re-check stock
 * in the database. Concurrent misses for one key share one computation.
 */
export function createMicroCache(ttlMs: number, maxEntries = 2000) {
  const entries = new Map<string, { at: number; body: Promise<string> }>();
  return {
    get(key: string, produce: () => Promise<unknown>): Promise<string> {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && now - hit.at < ttlMs) return hit.body;
      if (entries.size >= maxEntries) entries.clear();
      const body = produce().then((v) => JSON.stringify(v));
      entries.set(key, { at: now, body });
      body.catch(() => entries.delete(key));
      return body;
    },
    clear: () => entries.clear(),
  };
}

/**
 * Sends JSON that was already validated against the route's response schema and serialised
 * (by the cache above); Fastify does not serialise a string body again.
 */
export function sendJson(reply: FastifyReply, body: string) {
  return reply.type('application/json; charset=utf-8').send(body as never);
}
