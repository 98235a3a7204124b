/**
 * The one in-process cache: values that may be stale for a few seconds (DESIGN §1: every process
 * converges within the TTL), kept per website so that a change to one website (a staff edit of
 * settings, navs, pages, domains, the catalogue) drops what is cached for it at once, in every
 * cache: `invalidateWebsite(id)`. Concurrent misses for one key share one computation; a failed
 * computation is not kept.
 */
export interface WebsiteCache<V> {
  /** The cached value of `key` for `websiteId`, or `produce()`'s. `null`: not tied to one website. */
  get(websiteId: number | null, key: string, produce: () => Promise<V>): Promise<V>;
  /** Drops the website's entries and those tied to no website; everything when no id is given. */
  invalidate(websiteId?: number): void;
}

// Weak: caches made per app instance (tests build many) are collected with their app.
const caches = new Set<WeakRef<WebsiteCache<unknown>>>();

export function websiteCache<V>(opts: { ttlMs: number; maxEntries?: number }): WebsiteCache<V> {
  const maxEntries = opts.maxEntries ?? 2000;
  const entries = new Map<string, { websiteId: number | null; at: number; value: Promise<V> }>();
  const cache: WebsiteCache<V> = {
    get(websiteId, key, produce) {
      const k = `${websiteId ?? ''}\u0000${key}`;
      const now = Date.now();
      const hit = entries.get(k);
      if (hit && now - hit.at < opts.ttlMs) return hit.value;
      if (entries.size >= maxEntries) entries.clear();
      const entry = { websiteId, at: now, value: produce() };
      entries.set(k, entry);
      entry.value.catch(() => {
        if (entries.get(k) === entry) entries.delete(k);
      });
      return entry.value;
    },
    invalidate(websiteId) {
      if (websiteId === undefined) return entries.clear();
      for (const [k, e] of entries) if (e.websiteId === websiteId || e.websiteId === null) entries.delete(k);
    },
  };
  caches.add(new WeakRef(cache as WebsiteCache<unknown>));
  return cache;
}

/** After a change to a website: every cache forgets it (no id: forgets everything). */
export function invalidateWebsite(websiteId?: number): void {
  for (const ref of caches) {
    const c = ref.deref();
    if (c) c.invalidate(websiteId);
    else caches.delete(ref);
  }
}
