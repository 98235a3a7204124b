import { LRUCache } from 'lru-cache';

/**
 * The one in-process cache: values that may be stale for a few seconds (DESIGN §1: every process
 * converges within the TTL), kept per website so that a change to one website (a staff edit of
 * settings, navs, pages, domains, the catalogue) drops what is cached for it at once, in every
 * cache: `invalidateWebsite(id)`. Concurrent misses for one key share one computation; a failed
 * computation is not kept. Bounded: past `maxEntries` the least recently used entry goes (an LRU),
 * so a flood of distinct keys never empties the cache for everyone else.
 */
export interface WebsiteCache<V> {
  /** The cached value of `key` for `websiteId`, or `produce()`'s. `null`: not tied to one website. */
  get(websiteId: number | null, key: string, produce: () => Promise<V>): Promise<V>;
  /** Drops the website's entries and those tied to no website; everything when no id is given. */
  invalidate(websiteId?: number): void;
  /** Drops one entry (after a write that changes it, in this process). */
  forget(websiteId: number | null, key: string): void;
  /** The cached value of `key` if it is still fresh, without computing anything. */
  peek(websiteId: number | null, key: string): Promise<V> | undefined;
  /** The same, once computed: the value itself (for a caller that answers without waiting). */
  settled(websiteId: number | null, key: string): { value: V } | undefined;
  /** Keeps `value` for `key` (for values computed many at a time). */
  put(websiteId: number | null, key: string, value: Promise<V>): void;
}

// Weak: caches made per app instance (tests build many) are collected with their app.
const caches = new Set<WeakRef<WebsiteCache<unknown>>>();

interface Entry<V> {
  websiteId: number | null;
  at: number;
  value: Promise<V>;
  /** the value, once the promise has fulfilled */
  settled?: { value: V };
}

/** Keeps an entry under `k`; its value once fulfilled, or the entry dropped if the promise fails. */
function track<V>(entries: LRUCache<string, Entry<V>>, k: string, entry: Entry<V>): void {
  entries.set(k, entry);
  entry.value.then(
    (value) => {
      entry.settled = { value };
    },
    () => {
      if (entries.peek(k) === entry) entries.delete(k);
    },
  );
}

/** Hits and misses of `get`, per cache name, since the process started (the metrics read them). */
export interface CacheCounts {
  hits: number;
  misses: number;
}
const counts = new Map<string, CacheCounts>();
/** Every named cache's hits and misses (caches without a name count as `other`). */
export const cacheCounts = (): ReadonlyMap<string, Readonly<CacheCounts>> => counts;

/** `name` labels its hits and misses in the metrics (a few fixed names: the label's values are bounded). */
export function websiteCache<V>(opts: { ttlMs: number; maxEntries?: number; name?: string }): WebsiteCache<V> {
  // Age is checked here (Date.now, so tests can move the clock); the LRU only bounds the size.
  const entries = new LRUCache<string, Entry<V>>({ max: opts.maxEntries ?? 2000 });
  const name = opts.name ?? 'other';
  let counted = counts.get(name);
  if (!counted) counts.set(name, (counted = { hits: 0, misses: 0 }));
  const tally = counted;
  const cache: WebsiteCache<V> = {
    get(websiteId, key, produce) {
      const k = `${websiteId ?? ''}\u0000${key}`;
      const now = Date.now();
      const hit = entries.get(k);
      if (hit && now - hit.at < opts.ttlMs) {
        tally.hits++;
        return hit.value;
      }
      tally.misses++;
      const entry: Entry<V> = { websiteId, at: now, value: produce() };
      track(entries, k, entry);
      return entry.value;
    },
    forget(websiteId, key) {
      entries.delete(`${websiteId ?? ''}\u0000${key}`);
    },
    peek(websiteId, key) {
      const hit = entries.get(`${websiteId ?? ''}\u0000${key}`);
      return hit && Date.now() - hit.at < opts.ttlMs ? hit.value : undefined;
    },
    settled(websiteId, key) {
      const hit = entries.get(`${websiteId ?? ''}\u0000${key}`);
      return hit && Date.now() - hit.at < opts.ttlMs ? hit.settled : undefined;
    },
    put(websiteId, key, value) {
      track(entries, `${websiteId ?? ''}\u0000${key}`, { websiteId, at: Date.now(), value });
    },
    invalidate(websiteId) {
      if (websiteId === undefined) return entries.clear();
      const gone: string[] = [];
      for (const [k, e] of entries.entries()) if (e.websiteId === websiteId || e.websiteId === null) gone.push(k);
      for (const k of gone) entries.delete(k);
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
