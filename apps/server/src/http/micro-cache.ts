import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { websiteCache } from './cache';
import { SESSION_COOKIE } from './session';

/**
 * A catalogue answer serialised once: the JSON every shopper of a website and warehouse gets,
 * its ETag, and the products in it (so a shopper's wishlist flags can be laid over it).
 */
export interface CachedAnswer {
  json: string;
  etag: string;
  value: unknown;
  /** ids of the products in the answer, wherever they are (lists, a product, page carousels) */
  productIds: Set<number>;
}

/**
 * A few-seconds cache of serialised catalogue answers (lists, product pages, page data). DESIGN §1
 * allows caches that are safe to be stale for seconds: stock shown may lag by up to `ttlMs`, while
 * adding to the cart and checkout always re-check stock in the database. A staff edit drops the
 * website's entries at once in this process (`invalidateWebsite`). The answers hold nothing
 * personal: the caller keys them by what changes them (website, warehouse, the normalised
 * parameters) and lays the shopper's wishlist flags over them (`withWishlist`).
 * `enabled: false` (CATALOGUE_CACHE=off) computes every answer afresh, serialised the same way.
 * Answers are our own rows, built to the response contract: serialised with JSON.stringify,
 * never parsed again.
 */
export function createMicroCache(opts: { ttlMs: number; enabled: boolean; maxEntries?: number }) {
  const cache = websiteCache<CachedAnswer>({ ttlMs: opts.ttlMs, maxEntries: opts.maxEntries ?? 5000 });
  const build = async (produce: () => Promise<unknown>): Promise<CachedAnswer> => {
    const value = await produce();
    const json = JSON.stringify(value);
    const productIds = new Set<number>();
    visitProducts(value, (p) => productIds.add(p.product_id));
    return { json, etag: `"${createHash('sha1').update(json).digest('base64url')}"`, value, productIds };
  };
  return {
    get: (websiteId: number, key: string, produce: () => Promise<unknown>): Promise<CachedAnswer> =>
      opts.enabled ? cache.get(websiteId, key, () => build(produce)) : build(produce),
  };
}

interface ProductLike {
  product_id: number;
  wishlist: boolean;
  packs: unknown;
}

const isProduct = (v: Record<string, unknown>): v is Record<string, unknown> & ProductLike =>
  typeof v.product_id === 'number' && 'packs' in v && typeof v.wishlist === 'boolean';

function visitProducts(v: unknown, fn: (p: ProductLike) => void): void {
  if (Array.isArray(v)) for (const x of v) visitProducts(x, fn);
  else if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (isProduct(o)) fn(o);
    else for (const x of Object.values(o)) visitProducts(x, fn);
  }
}

/** A copy of `v` with `wishlist` set on the products whose ids are in `wished`, untouched parts shared. */
function patchWishlist(v: unknown, wished: Set<number>): unknown {
  if (Array.isArray(v)) return v.map((x) => patchWishlist(x, wished));
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (isProduct(o)) return wished.has(o.product_id) ? { ...o, wishlist: true } : o;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(o)) out[k] = patchWishlist(x, wished);
    return out;
  }
  return v;
}

/**
 * The answer as this shopper sees it: the shared answer with the `wishlist` flag (spec §3) of their
 * saved products set. Most pages hold none of them: then it is the shared answer itself.
 */
export function withWishlist(answer: CachedAnswer, wished: ReadonlySet<number>): { json: string; etag: string; personal: boolean } {
  const mine = [...answer.productIds].filter((id) => wished.has(id));
  if (!mine.length) return { json: answer.json, etag: answer.etag, personal: false };
  const json = JSON.stringify(patchWishlist(answer.value, new Set(mine)));
  mine.sort((a, b) => a - b);
  const etag = `"${answer.etag.slice(1, -1)}-${createHash('sha1').update(mine.join(',')).digest('base64url').slice(0, 12)}"`;
  return { json, etag, personal: true };
}

/**
 * Sends a catalogue answer with validators fit for a CDN and the browser: a visitor without a
 * session cookie gets the answer every such visitor of the website gets (`public`, kept by a
 * shared cache for `sharedMaxAgeS` seconds); with a session cookie (a pincode, a wishlist) it is
 * `private`. Either way the browser revalidates (`max-age=0`) and a matching `If-None-Match`
 * gets a 304 without a body. The website follows the page's host (X-Origin, Origin, Host: DESIGN
 * §4) and the answer the session: they are the `Vary`.
 */
export function sendAnswer(
  req: FastifyRequest,
  reply: FastifyReply,
  answer: { json: string; etag: string },
  opts: { sharedMaxAgeS: number },
) {
  const shared = !req.cookies[SESSION_COOKIE];
  reply.header('cache-control', shared ? `public, max-age=0, s-maxage=${opts.sharedMaxAgeS}` : 'private, no-cache');
  reply.header('etag', answer.etag);
  reply.header('vary', 'Origin, X-Origin, Cookie');
  const match = req.headers['if-none-match'];
  if (match && match.split(',').some((t) => t.trim().replace(/^W\//, '') === answer.etag)) return reply.code(304).send();
  return sendJson(reply, answer.json);
}

/**
 * Sends JSON that was already serialised (by the cache above) from our own rows built to the
 * route's response contract; Fastify does not serialise a string body again.
 */
export function sendJson(reply: FastifyReply, body: string) {
  return reply.type('application/json; charset=utf-8').send(body as never);
}
