import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { websiteDomains, websites } from '../db/schema';
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
 * that time on every process, which is safe (DESIGN §1: caches that may be stale for seconds).
 */
export function createWebsiteResolver(db: Db, opts: { production: boolean; ttlMs?: number }) {
  const ttl = opts.ttlMs ?? 5000;
  const cache = new Map<string, { at: number; website: WebsiteRef | null }>();
  let fallback: { at: number; website: WebsiteRef | null } | undefined;

  async function byHost(host: string): Promise<WebsiteRef | null> {
    const hit = cache.get(host);
    if (hit && Date.now() - hit.at < ttl) return hit.website;
    const hostname = host.replace(/:\d+$/, '');
    const candidates = hostname === host ? [host] : [host, hostname];
    let website: WebsiteRef | null = null;
    for (const candidate of candidates) {
      const [row] = await db
        .select({ id: websites.id, name: websites.name })
        .from(websiteDomains)
        .innerJoin(websites, eq(websites.id, websiteDomains.websiteId))
        .where(eq(websiteDomains.host, candidate))
        .limit(1);
      if (row) {
        website = row;
        break;
      }
    }
    if (cache.size > 10_000) cache.clear();
    cache.set(host, { at: Date.now(), website });
    return website;
  }

  async function defaultWebsite(): Promise<WebsiteRef | null> {
    if (fallback && Date.now() - fallback.at < ttl) return fallback.website;
    const [row] = await db.select({ id: websites.id, name: websites.name }).from(websites).where(eq(websites.isDefault, true)).limit(1);
    fallback = { at: Date.now(), website: row ?? null };
    return fallback.website;
  }

  return {
    async resolve(req: Pick<FastifyRequest, 'headers'>): Promise<WebsiteRef> {
      const found = await byHost(requestHost(req));
      if (found) return found;
      // Outside production any unknown host (127.0.0.1, a LAN address, a tunnel) serves the default shop.
      if (!opts.production) {
        const d = await defaultWebsite();
        if (d) return d;
      }
      throw Errors.websiteNotFound();
    },
    clear() {
      cache.clear();
      fallback = undefined;
    },
  };
}
