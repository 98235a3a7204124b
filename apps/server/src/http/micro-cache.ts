import { negotiate } from '@fastify/accept-negotiator';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { websiteCache } from './cache';
import { SESSION_COOKIE } from './session';

/**
 * A catalogue answer serialised once: the JSON every shopper of a website and warehouse gets,
 * its ETag, and the products in it (so a shopper's wishlist flags can be laid over it).
 */
export interface CachedAnswer {
  /** the answer itself, every wishlist flag false (shared: never to be changed) */
  value: unknown;
  json: string;
  etag: string;
  /** ids of the products in the answer, wherever they are (lists, a product, page carousels) */
  productIds: Set<number>;
  /**
   * The JSON cut at each product's `wishlist` value: text, product id, text, product id, … text.
   * A shopper's answer is the pieces joined with their flags, without serialising again.
   */
  pieces: Array<string | number>;
  /** the JSON's bytes, made once per encoding */
  body: Body;
  /** this answer with some shoppers' saved products flagged, by those products' ids (`withWishlist`) */
  mine: Map<string, SentAnswer>;
}

/** An answer as it is sent to one shopper: the shared one, or theirs with their flags. */
export interface SentAnswer {
  json: string;
  etag: string;
  body: Body;
  /** holds this shopper's own flags: never kept for anyone else */
  personal?: boolean;
}

/**
 * A few-seconds cache of serialised catalogue answers (lists, product pages, page data). DESIGN §1
 * allows caches that are safe to be stale for seconds: stock shown may lag by up to `ttlMs`, while
 * adding to the cart and checkout always re-check stock in the database. A staff edit drops the
 * website's entries at once in this process (`invalidateWebsite`). The answers hold nothing
 * personal: the caller keys them by what changes them (website, warehouse, the normalised
 * parameters) and lays the shopper's wishlist flags over them (`withWishlist`).
 * `enabled: false` (CATALOGUE_CACHE=off) computes every answer afresh, serialised the same way.
 * Answers are our own rows, built to the response contract: serialised with JSON.stringify (or
 * written as JSON by the producer: `Serialised`), never validated again.
 */
export function createMicroCache(opts: { ttlMs: number; enabled: boolean; maxEntries?: number }) {
  const cache = websiteCache<CachedAnswer>({ ttlMs: opts.ttlMs, maxEntries: opts.maxEntries ?? 5000, name: 'answers' });
  const build = async (produce: () => Promise<unknown>): Promise<CachedAnswer> => {
    const produced = await produce();
    const productIds = new Set<number>();
    let pieces: Array<string | number>;
    let value: unknown;
    if (produced instanceof Serialised) {
      pieces = produced.pieces;
      for (const p of pieces) if (typeof p === 'number') productIds.add(p);
    } else {
      value = produced;
      visitProducts(value, (p) => productIds.add(p.product_id));
      pieces = productIds.size ? cutAtFlags(value) : [JSON.stringify(value)];
    }
    const json = joinPieces(pieces, NONE);
    return {
      body: new Body(json),
      mine: new Map(),
      // an answer serialised by its producer is parsed only when someone asks for the value (the server renderer)
      get value() {
        return (value ??= JSON.parse(json));
      },
      json,
      etag: `"${createHash('sha1').update(json).digest('base64url')}"`,
      productIds,
      pieces,
    };
  };
  return {
    get: (websiteId: number, key: string, produce: () => Promise<unknown>): Promise<CachedAnswer> =>
      opts.enabled ? cache.get(websiteId, key, () => build(produce)) : build(produce),
  };
}

/**
 * An answer its producer wrote as JSON itself, cut at its products' wishlist flags as `cutAtFlags`
 * cuts (text, product id, text, … text): the catalogue's lists, from JSON text PostgreSQL wrote
 * (catalogue/service.ts). The cache keeps it as it is: nothing is serialised again.
 */
export class Serialised {
  constructor(readonly pieces: Array<string | number>) {}
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

/**
 * Serialises `v` with each product's `wishlist` flag replaced by a marker, then cuts the JSON at
 * the markers. The marker is a string holding NUL characters, which JSON writes as `\u0000`
 * right after the opening quote; no other text can: a NUL can come from no row (PostgreSQL
 * text holds none) and a backslash in a string is written doubled.
 */
function cutAtFlags(v: unknown): Array<string | number> {
  const mark = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(mark);
    if (x && typeof x === 'object') {
      const o = x as Record<string, unknown>;
      if (isProduct(o)) return { ...o, wishlist: `\u0000W${o.product_id}\u0000` };
      const out: Record<string, unknown> = {};
      for (const [k, y] of Object.entries(o)) out[k] = mark(y);
      return out;
    }
    return x;
  };
  const parts = JSON.stringify(mark(v)).split(/"\\u0000W(\d+)\\u0000"/);
  return parts.map((p, i) => (i % 2 ? Number(p) : p));
}

const NONE: ReadonlySet<number> = new Set();

function joinPieces(pieces: Array<string | number>, wished: ReadonlySet<number>): string {
  let out = '';
  for (const p of pieces) out += typeof p === 'number' ? (wished.has(p) ? 'true' : 'false') : p;
  return out;
}

/**
 * The answer as this shopper sees it: the shared answer with the `wishlist` flag (spec §3) of their
 * saved products set. Most pages hold none of them: then it is the shared answer itself.
 */
export function withWishlist(answer: CachedAnswer, wished: ReadonlySet<number>): SentAnswer {
  const mine = [...answer.productIds].filter((id) => wished.has(id));
  if (!mine.length) return answer;
  mine.sort((a, b) => a - b);
  // kept with the shared answer (and gone with it), for the next request of a shopper with the same flags
  const key = mine.join(',');
  let sent = answer.mine.get(key);
  if (!sent) {
    const json = joinPieces(answer.pieces, wished);
    const etag = `"${answer.etag.slice(1, -1)}-${createHash('sha1').update(key).digest('base64url').slice(0, 12)}"`;
    sent = { json, etag, body: new Body(json), personal: true };
    if (answer.mine.size >= MAX_MINE) answer.mine.clear();
    answer.mine.set(key, sent);
  }
  return sent;
}

// A few variants per answer: shoppers with the same saved products on one page are common, many
// different ones within its few seconds are not (and each would hold a copy of the answer).
const MAX_MINE = 32;

/**
 * Sends a catalogue answer with validators fit for a CDN and the browser: a visitor without a
 * session cookie gets the answer every such visitor of the website gets (`public`, kept by a
 * shared cache for `sharedMaxAgeS` seconds, and by this process's front cache when the address
 * holds only the route's `params`: front-cache.ts); with a session cookie (a pincode, a wishlist)
 * it is `private`. Either way the browser revalidates (`max-age=0`) and a matching
 * `If-None-Match` gets a 304 without a body. The website follows the page's host (X-Origin,
 * Origin, Host: DESIGN §4) and the answer the session: they are the `Vary`.
 */
export function sendAnswer(
  req: FastifyRequest,
  reply: FastifyReply,
  answer: SentAnswer,
  opts: {
    sharedMaxAgeS: number;
    /** the route's query parameters: an address with only these may be kept by the front cache */
    params?: readonly string[];
    /** the shared answer this one laid a shopper's flags over, and its warehouse (kept for visitors with a session) */
    overlay?: { answer: CachedAnswer; warehouseId: number | null };
  },
) {
  const shared = !req.cookies[SESSION_COOKIE];
  reply.header('cache-control', shared ? `public, max-age=0, s-maxage=${opts.sharedMaxAgeS}` : 'private, no-cache');
  reply.header('etag', answer.etag);
  reply.header('vary', 'Origin, X-Origin, Cookie');
  reply.type('application/json; charset=utf-8');
  if (opts.params && (shared ? !answer.personal : opts.overlay))
    req.server.frontCache.keep(req, reply, answer, opts.params, shared ? undefined : opts.overlay);
  const match = req.headers['if-none-match'];
  if (match && etagMatches(match, answer.etag)) return reply.code(304).send();
  return sendBody(req, reply, answer.body);
}

/** An `If-None-Match` list names `etag` (weak or strong). */
export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/** Bodies shorter than this go uncompressed (@fastify/compress's threshold, app.ts). */
const COMPRESS_FROM = 1024;
type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];

/**
 * A body sent many times (a cached answer, a shared page): its bytes made once, and compressed
 * once per encoding asked for, rather than on every response (brotli at quality 4, as app.ts
 * compresses the rest: an answer kept for a second may be sent thousands of times in it).
 */
export class Body {
  #plain?: Buffer;
  readonly #encoded: Partial<Record<Encoding, Buffer>> = {};
  constructor(readonly text: string) {}

  get plain(): Buffer {
    return (this.#plain ??= Buffer.from(this.text));
  }

  encoded(encoding: Encoding): Buffer {
    return (this.#encoded[encoding] ??=
      encoding === 'br'
        ? brotliCompressSync(this.plain, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_SIZE_HINT]: this.plain.length },
          })
        : gzipSync(this.plain));
  }

  /**
   * The bytes for a request accepting `acceptEncoding`, as @fastify/compress would choose their
   * encoding (br before gzip, `*` and `x-gzip` read as gzip; none below its threshold), and the
   * answer's `Vary` (`vary` as it stood, with `Accept-Encoding` added when the choice followed the
   * request): one rule for both ways an answer is sent (`sendBody`, the front cache's `answerRaw`).
   */
  for(
    acceptEncoding: string | undefined,
    vary: string | undefined,
  ): { bytes: Buffer; encoding: Encoding | null; vary: string | undefined } {
    const plain = this.plain;
    if (plain.length < COMPRESS_FROM) return { bytes: plain, encoding: null, vary };
    const encoding = acceptEncoding ? negotiate(acceptEncoding.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), ENCODINGS) : null;
    return { bytes: encoding ? this.encoded(encoding) : plain, encoding, vary: vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding' };
  }
}

/**
 * Sends a body's bytes in the encoding the request accepts (`Body.for`), from the body's kept
 * bytes; @fastify/compress leaves a response with a `content-encoding` alone.
 */
export function sendBody(req: FastifyRequest, reply: FastifyReply, body: Body, type = 'application/json; charset=utf-8') {
  reply.type(type);
  const before = reply.getHeader('vary');
  const { bytes, encoding, vary } = body.for(req.headers['accept-encoding'], before === undefined ? undefined : String(before));
  if (vary) reply.header('vary', vary);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(bytes);
}
