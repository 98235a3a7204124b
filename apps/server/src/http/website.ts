import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { websiteDomains, websites } from '../db/schema';
import { websiteCache } from './cache';
import { Errors } from './errors';

export interface WebsiteRef {
  id: number;
  name: string;
}

/** The page's host: `X-Origin`, then `Origin`, then `Host` (DESIGN §4). */
export function requestHost(req: Pick<FastifyRequest, 'headers'>): string {
  const h = req.headers;
  for (const v of [h['x-origin'], h.origin]) {
    const s = Array.isArray(v) ? v[0] : v;
    if (s && s !== 'null') {
      try {
        return new URL(s).host.toLowerCase();
      } catch {
        // not a URL: fall through to the next source
      }
    }
  }
  return String(h.host ?? '').toLowerCase();
}

/**
 * Maps hosts to websites. Lookups are cached for a few seconds: a new domain takes effect within
 * that time on every process, which is safe (DESIGN §1: caches that may be stale for seconds),
 * and at once in this process after `invalidateWebsite` (http/cache.ts).
 */
export function createWebsiteResolver(db: Db, opts: { production: boolean; ttlMs?: number }) {
  const cache = websiteCache<WebsiteRef | null>({ ttlMs: opts.ttlMs ?? 5000, maxEntries: 10_000 });

  async function byHost(host: string): Promise<WebsiteRef | null> {
    const hostname = host.replace(/:\d+$/, '');
    for (const candidate of hostname === host ? [host] : [host, hostname]) {
      const [row] = await db
        .select({ id: websites.id, name: websites.name })
        .from(websiteDomains)
        .innerJoin(websites, eq(websites.id, websiteDomains.websiteId))
        .where(eq(websiteDomains.host, candidate))
        .limit(1);
      if (row) return row;
    }
    return null;
  }

  async function defaultWebsite(): Promise<WebsiteRef | null> {
    const [row] = await db.select({ id: websites.id, name: websites.name }).from(websites).where(eq(websites.isDefault, true)).limit(1);
    return row ?? null;
  }

  return {
    async resolve(req: Pick<FastifyRequest, 'headers'>): Promise<WebsiteRef> {
      // Host lookups belong to no website until answered: every invalidation drops them.
      const host = requestHost(req);
      const found = await cache.get(null, `host:${host}`, () => byHost(host));
      if (found) return found;
      // Outside production any unknown host (127.0.0.1, a LAN address, a tunnel) serves the default shop.
      if (!opts.production) {
        const d = await cache.get(null, 'default', defaultWebsite);
        if (d) return d;
      }
      throw Errors.websiteNotFound();
    },
  };
}
