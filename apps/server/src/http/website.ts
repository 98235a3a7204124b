import { normaliseHost } from '@grocer/shared/websites';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { websiteDomains, websites } from '../db/schema';
import { websiteCache } from './cache';
import { Errors } from './errors';

export interface WebsiteRef {
  id: number;
  name: string;
  /** the owner paused the shop: its storefront shows a closed page (staff calls still work) */
  paused?: boolean;
}

const refColumns = { id: websites.id, name: websites.name, pausedAt: websites.pausedAt };
const toRef = (row: { id: number; name: string; pausedAt: Date | null }): WebsiteRef => ({
  id: row.id,
  name: row.name,
  paused: row.pausedAt !== null,
});

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

/** The request's host as websites' domains are stored ('SHOP.test.:443' → 'shop.test'); '' for none. */
export const hostKey = (req: Pick<FastifyRequest, 'headers'>): string => normaliseHost(requestHost(req)) ?? '';

/**
 * Maps hosts to websites. Lookups are cached for a few seconds: a new domain takes effect within
 * that time on every process, which is safe (DESIGN §1: caches that may be stale for seconds),
 * and at once in this process after `invalidateWebsite` (http/cache.ts).
 */
export function createWebsiteResolver(db: Db, opts: { production: boolean; ttlMs?: number }) {
  const cache = websiteCache<WebsiteRef | null>({ ttlMs: opts.ttlMs ?? 5000, maxEntries: 10_000, name: 'websites' });

  /** `host` is normalised (`normaliseHost`), the form domains are stored in: one lookup finds every variant. */
  async function byHost(host: string): Promise<WebsiteRef | null> {
    if (!host) return null;
    const [row] = await db
      .select(refColumns)
      .from(websiteDomains)
      .innerJoin(websites, eq(websites.id, websiteDomains.websiteId))
      .where(eq(websiteDomains.host, host))
      .limit(1);
    return row ? toRef(row) : null;
  }

  async function defaultWebsite(): Promise<WebsiteRef | null> {
    const [row] = await db.select(refColumns).from(websites).where(eq(websites.isDefault, true)).limit(1);
    return row ? toRef(row) : null;
  }

  return {
    async resolve(req: Pick<FastifyRequest, 'headers'>): Promise<WebsiteRef> {
      // Host lookups belong to no website until answered: every invalidation drops them.
      const host = hostKey(req);
      const found = await cache.get(null, `host:${host}`, () => byHost(host));
      if (found) return found;
      // Outside production any unknown host (127.0.0.1, a LAN address, a tunnel) serves the default shop.
      if (!opts.production) {
        const d = await cache.get(null, 'default', defaultWebsite);
        if (d) return d;
      }
      throw Errors.websiteNotFound();
    },
    /** The request's website if its host was looked up moments ago (no waiting), else undefined. */
    resolvedNow(req: Pick<FastifyRequest, 'headers'>): WebsiteRef | undefined {
      const host = hostKey(req);
      const found = cache.settled(null, `host:${host}`);
      if (found?.value) return found.value;
      if (found && !opts.production) return cache.settled(null, 'default')?.value ?? undefined;
      return undefined;
    },
    /** A website by id (a staff session's managed website), cached like the host lookups. */
    byId(id: number): Promise<WebsiteRef | null> {
      return cache.get(id, 'ref', async () => {
        const [row] = await db.select(refColumns).from(websites).where(eq(websites.id, id)).limit(1);
        return row ? toRef(row) : null;
      });
    },
  };
}

/**
 * Staff work on the staff session's managed website (chosen at /auth/bos/choose), not on the
 * host's: the session stays bound to the host it was made on (its cookie is valid nowhere
 * else), and `req.website` becomes the managed website for the rest of the request, so every
 * staff handler and the audit log use it unchanged. The host's website stays in
 * `req.hostWebsite`. The caller checks the person's role on the website it returns.
 */
export async function useManagedWebsite(req: FastifyRequest): Promise<WebsiteRef> {
  req.hostWebsite ??= req.website;
  const session = await req.session.get();
  const managedId = session?.managedWebsiteId;
  if (managedId && managedId !== req.hostWebsite.id) {
    const managed = await req.server.websites.byId(managedId);
    if (managed) req.website = managed;
  }
  return req.website;
}

export type WebsiteResolver = ReturnType<typeof createWebsiteResolver>;
