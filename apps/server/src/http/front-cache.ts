import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { websiteCache } from './cache';
import { etagMatches, sendBody, withWishlist, type Body, type CachedAnswer, type SentAnswer } from './micro-cache';
import { hasSessionCookie, sessionTokenIn } from './session';
import type { WebsiteRef, WebsiteResolver } from './website';

/** A kept answer's headers as it went out, but for its ETag and the per-request ones. */
interface KeptHeaders {
  /** the route that answered it (its pattern, e.g. `/s/api/products/:slug`), for the metrics */
  route: string;
  headers: Record<string, string>;
  /** the same without `vary`, flat (name, value, …), as Node's `writeHead` takes them */
  flat: string[];
  vary: string | undefined;
}

/** A shared answer as it was sent to a visitor without a session: its headers and its body. */
interface SharedEntry extends KeptHeaders {
  body: Body;
  etag: string;
}

/** A shared answer as a shopper with a session gets it: the headers, the answer to lay their flags over. */
interface OverlayEntry extends KeptHeaders {
  answer: CachedAnswer;
}

/** What a request is answered with from a kept entry: its headers, body and ETag. */
interface Found extends KeptHeaders {
  body: Body;
  etag: string;
}

/** How a visitor with a session sees the catalogue: from the warehouse their pincode picks, as this user. */
interface VisitorContext {
  warehouseId: number | null;
  userId: number | null;
}

/** What the front cache asks of the catalogue about a visitor with a session. */
export interface FrontVisitors {
  /** Attaches the request's lazy session and answers the warehouse and user it sees the catalogue as. */
  context(req: FastifyRequest, reply: FastifyReply): Promise<VisitorContext>;
  /** The same from the caches alone, when all of it is there (no promise to settle), else undefined. */
  contextNow(websiteId: number, sessionToken: string): VisitorContext | undefined;
  /** The signed-in shopper's saved products (cached by the wishlist domain). */
  saved(websiteId: number, userId: number): Promise<ReadonlySet<number>>;
  /** The same when cached, else undefined. */
  savedNow(websiteId: number, userId: number): ReadonlySet<number> | undefined;
  /** Which language an answer is in (issue 46): kept answers are kept per language. */
  language: FrontLanguages;
}

/** How the front cache tells a request's language (domains/website/language.ts `frontLanguages`). */
export interface FrontLanguages {
  /**
   * The language a request gets, from the URL, the cookie and the cached website languages alone;
   * undefined when that is not enough (the website's languages not cached, or a signed-in visitor
   * who chose none: their account's decides).
   */
  now(websiteId: number, url: string, cookieHeader: string | undefined, signedIn: boolean): string | undefined;
  /** Reads the website's languages into their cache (so `now` knows them). */
  load(websiteId: number): Promise<unknown>;
  /** The language the route answered this request in, if it asked (`requestLanguage`). */
  of(req: FastifyRequest): string | undefined;
}

/** What answering from Node's own request event needs besides the caches. */
interface FrontOptions {
  /** the request id, as Fastify's `genReqId` makes it (sent as `x-request-id`) */
  requestId: (req: IncomingMessage) => string;
  log: FastifyBaseLogger;
  /** logs each answer, as Fastify logs the requests it answers (LOG_LEVEL info and below) */
  logRequests: boolean;
  /** hears each answer sent before Fastify (which measures the rest): http/metrics.ts */
  meter?: FrontMeter;
}

/** What the metrics hear of an answer sent from Node's request event. */
export interface FrontMeter {
  answered(route: string, status: number, seconds: number): void;
}

/** The parts of a request the lookup reads: Fastify's request and Node's alike. */
type Asked = Pick<IncomingMessage, 'method' | 'url' | 'headers'>;

// Headers of the first response that are not the answer's own: written afresh for each request.
const PER_REQUEST = new Set(['x-request-id', 'set-cookie', 'content-length', 'content-encoding', 'date', 'connection', 'etag']);
// where routes keep overlays: the catalogue's lists, products and pages
const personalised = (url: string) => url.startsWith('/s/api/products') || url.startsWith('/s/api/page/');
const pathOf = (url: string) => {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
};

/**
 * The front of the answer cache (issue 20, goals 1, 3 and 4: every shopper gets a cached answer at
 * near the cost of a bare route). A catalogue answer sent from the route (micro-cache.ts
 * `sendAnswer`) is kept for one second under its website and its exact address, with the headers
 * it went out with; the same address asked again is answered from here before anything else runs,
 * and its bytes compressed once per encoding a browser asks for (micro-cache.ts `Body`), not on
 * every response.
 * - Over HTTP it is answered from Node's request event, before Fastify (`answerRaw`, called by
 *   app.ts's server): no routing, no request and reply objects, no hooks. The stored headers hold
 *   what helmet wrote; a new request id is sent with each answer, and logged as Fastify would.
 * - Whatever that cannot answer at once (a host or session not in the caches yet) reaches
 *   Fastify, whose first onRequest hook (`register`) answers from here too, after looking things
 *   up; `app.inject` (the tests) takes that way for every request.
 * - A visitor without a session gets the stored bytes as they are (`public`).
 * - A visitor with a session is answered from the entry of the warehouse their pincode picks, with
 *   their wishlist flags laid over it (`private`): their session row, warehouse and saved products
 *   all come from caches, so this costs no query either.
 * Entries are kept under the address without the parameters the route does not read, and an
 * address with junk (`?x=<random>`, `utm_source`) is answered from that entry: the route drops
 * junk and gives the same answer, so junk neither fills the cache nor gets past it. One
 * second on top of the answer's own three (DESIGN §1: stale for seconds); a staff edit drops the
 * website's entries at once (`invalidateWebsite`), as it drops the answers.
 */
export function createFrontCache(opts: { ttlMs?: number } = {}) {
  const shared = websiteCache<SharedEntry>({ ttlMs: opts.ttlMs ?? 1000, maxEntries: 5000 });
  const overlays = websiteCache<OverlayEntry>({ ttlMs: opts.ttlMs ?? 1000, maxEntries: 5000 });
  // one entry per language (issue 46): an answer in Hindi is never another shopper's English one
  const sharedKey = (language: string, url: string) => `${language}|${url}`;
  const overlayKey = (language: string, warehouseId: number | null, url: string) => `${language}|${warehouseId ?? ''}|${url}`;
  // the query parameters each path's route reads (learnt from what it keeps)
  const pathParams = new LRUCache<string, readonly string[]>({ max: 10_000 });
  // requests answered before Fastify (`raw`), by the first hook (`hook`), and those left to the route (`miss`)
  const counts = { raw: 0, hook: 0, miss: 0 };
  // set by `register`: nothing is answered before it
  let front: { websites: WebsiteResolver; visitors: FrontVisitors; options: FrontOptions } | undefined;

  // the address as kept: as asked, else without the parameters the route does not read
  const keptAt = (url: string, kept: (u: string) => boolean) => {
    if (kept(url)) return url;
    const known = pathParams.get(pathOf(url));
    const bare = known && withoutUnknown(url, known);
    return bare && bare !== url && kept(bare) ? bare : null;
  };
  /** Whether a visitor with a session is signed in, as the caches have it (unknown: as if signed in). */
  const signedIn = (req: FastifyRequest) => {
    const token = req.headers.cookie && sessionTokenIn(req.headers.cookie);
    const ctx = token ? front?.visitors.contextNow(req.website.id, token) : undefined;
    return ctx ? ctx.userId !== null : true;
  };
  /** The saved products to flag in an answer: none for a guest or an answer without products. */
  const flagsOf = <S>(answer: CachedAnswer, websiteId: number, ctx: VisitorContext, saved: (websiteId: number, userId: number) => S) =>
    ctx.userId === null || !answer.productIds.size ? null : saved(websiteId, ctx.userId);
  const overlaid = (entry: OverlayEntry, wished: ReadonlySet<number> | null): Found => {
    const mine = wished ? withWishlist(entry.answer, wished) : entry.answer;
    return { route: entry.route, headers: entry.headers, flat: entry.flat, vary: entry.vary, body: mine.body, etag: mine.etag };
  };

  /**
   * The kept answer for this request from the caches alone (no promise to settle: issue 20, goals
   * 3 and 4), or undefined: the host, and for a visitor with a session their session row,
   * warehouse and saved products, must be there as recent requests left them.
   */
  const findNow = (req: Asked): Found | undefined => {
    if (!front || req.method !== 'GET' || !req.url?.startsWith('/s/api/')) return undefined;
    const website = front.websites.resolvedNow(req);
    if (!website) return undefined;
    const cookie = req.headers.cookie;
    const languages = front.visitors.language;
    if (!cookie || !hasSessionCookie(cookie)) {
      const lang = languages.now(website.id, req.url, cookie, false);
      if (lang === undefined) return undefined;
      const at = keptAt(req.url, (u) => shared.settled(website.id, sharedKey(lang, u)) !== undefined);
      return at === null ? undefined : shared.settled(website.id, sharedKey(lang, at))?.value;
    }
    const token = personalised(req.url) ? sessionTokenIn(cookie) : undefined;
    const ctx = token && front.visitors.contextNow(website.id, token);
    if (!ctx) return undefined;
    const lang = languages.now(website.id, req.url, cookie, ctx.userId !== null);
    if (lang === undefined) return undefined;
    const at = keptAt(req.url, (u) => overlays.settled(website.id, overlayKey(lang, ctx.warehouseId, u)) !== undefined);
    const entry = at === null ? undefined : overlays.settled(website.id, overlayKey(lang, ctx.warehouseId, at))?.value;
    const wished = entry && flagsOf(entry.answer, website.id, ctx, front.visitors.savedNow);
    return entry && wished !== undefined ? overlaid(entry, wished) : undefined;
  };

  return {
    /** How many GET /s/api requests were answered from here, and how many went on to their route. */
    counts: counts as Readonly<typeof counts>,
    /**
     * Answers a request from Node's request event when a kept answer is at hand (true), before
     * Fastify sees it; false leaves it to Fastify.
     */
    answerRaw(req: IncomingMessage, res: ServerResponse): boolean {
      let found: Found | undefined;
      try {
        found = findNow(req);
      } catch (e) {
        // never the process's end: Fastify answers it (and reports what went wrong, if it does again)
        front!.options.log.error({ err: e, url: req.url }, 'front cache lookup failed');
        return false;
      }
      if (!found) return false;
      const { logRequests, meter } = front!.options;
      const started = logRequests || meter ? performance.now() : 0;
      const id = front!.options.requestId(req);
      const headers = [...found.flat, 'etag', found.etag, 'x-request-id', id];
      const match = req.headers['if-none-match'];
      if (match && etagMatches(match, found.etag)) {
        if (found.vary) headers.push('vary', found.vary);
        res.writeHead(304, headers).end();
      } else {
        const { bytes, encoding, vary } = found.body.for(req.headers['accept-encoding'], found.vary);
        if (vary) headers.push('vary', vary);
        if (encoding) headers.push('content-encoding', encoding);
        headers.push('content-length', String(bytes.length));
        res.writeHead(200, headers).end(bytes);
      }
      counts.raw++;
      const ms = started && performance.now() - started;
      meter?.answered(found.route, res.statusCode, ms / 1000);
      if (logRequests)
        front!.options.log.info(
          { reqId: id, req: { method: req.method, url: req.url }, res: { statusCode: res.statusCode }, responseTime: ms },
          'request completed (front cache)',
        );
      return true;
    },

    /**
     * Answers what `answerRaw` could not at once, from Fastify's first onRequest hook (registered
     * before every other): a kept answer, a 304 when the browser has it, after looking up the
     * host and the session (which fills the caches for the next request).
     */
    register(app: FastifyInstance, websites: WebsiteResolver, visitors: FrontVisitors, options: FrontOptions) {
      front = { websites, visitors, options };
      app.addHook('onRequest', (req, reply, done) => {
        if (req.method !== 'GET' || !req.url.startsWith('/s/api/') || req.routeOptions.config.probe) return done();
        const found = findNow(req);
        if (found) {
          counts.hook++;
          return void send(req, reply, found);
        }
        answer(req, reply).then((sent) => {
          if (sent) counts.hook++;
          else {
            counts.miss++;
            done();
          }
        }, done);
      });
      /** Answers from a kept entry if there is one (true), else leaves the request to the route. */
      const answer = async (req: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
        let website: WebsiteRef;
        try {
          website = await websites.resolve(req);
        } catch {
          return false; // an unknown host: the pipeline answers it
        }
        const cookie = req.headers.cookie;
        // the website's languages cached, for this lookup and for keeping the route's answer
        await visitors.language.load(website.id);
        if (!cookie || !hasSessionCookie(cookie)) {
          const lang = visitors.language.now(website.id, req.url, cookie, false);
          if (lang === undefined) return false;
          const at = keptAt(req.url, (u) => shared.peek(website.id, sharedKey(lang, u)) !== undefined);
          const hit = at && shared.peek(website.id, sharedKey(lang, at));
          if (!hit) return false;
          await send(req, reply, await hit);
          return true;
        }
        if (!personalised(req.url)) return false;
        req.website = website;
        const ctx = await visitors.context(req, reply);
        const lang = visitors.language.now(website.id, req.url, cookie, ctx.userId !== null);
        if (lang === undefined) return false;
        const at = keptAt(req.url, (u) => overlays.peek(website.id, overlayKey(lang, ctx.warehouseId, u)) !== undefined);
        const hit = at && overlays.peek(website.id, overlayKey(lang, ctx.warehouseId, at));
        if (!hit) return false;
        const entry = await hit;
        const wished = await flagsOf(entry.answer, website.id, ctx, visitors.saved);
        await send(req, reply, overlaid(entry, wished));
        return true;
      };
    },
    /**
     * Keeps an answer just sent for `req.url`, under the address without the parameters that are
     * not in `params` (the route's own): as sent to a visitor without a session, or, for one with a
     * session, the shared answer (`overlay`) their flags were laid over.
     */
    keep(
      req: FastifyRequest,
      reply: FastifyReply,
      sent: SentAnswer,
      params: readonly string[],
      overlay?: { answer: CachedAnswer; warehouseId: number | null },
    ) {
      // an address with junk: kept under the address without it (the route gave that answer)
      const at = withoutUnknown(req.url, params);
      if (at === null || !front) return;
      // the language it was answered in; not known (a signed-in visitor's own, unasked): not kept
      const languages = front.visitors.language;
      const lang = languages.of(req) ?? languages.now(req.website.id, req.url, req.headers.cookie, overlay !== undefined && signedIn(req));
      if (lang === undefined) return;
      pathParams.set(pathOf(req.url), params);
      const headers: Record<string, string> = {};
      const flat: string[] = [];
      for (const [k, v] of Object.entries(reply.getHeaders())) {
        if (v === undefined || PER_REQUEST.has(k)) continue;
        if (Array.isArray(v)) return; // a repeated header (a cookie): nothing shared
        headers[k] = String(v);
        if (k !== 'vary') flat.push(k, String(v));
      }
      const kept = { route: req.routeOptions.url ?? pathOf(req.url), headers, flat, vary: headers.vary };
      if (!overlay) shared.put(req.website.id, sharedKey(lang, at), Promise.resolve({ ...kept, body: sent.body, etag: sent.etag }));
      else overlays.put(req.website.id, overlayKey(lang, overlay.warehouseId, at), Promise.resolve({ ...kept, answer: overlay.answer }));
    },
  };
}

function send(req: FastifyRequest, reply: FastifyReply, found: Found) {
  reply.headers(found.headers);
  reply.header('etag', found.etag);
  const match = req.headers['if-none-match'];
  if (match && etagMatches(match, found.etag)) return reply.code(304).send();
  return sendBody(req, reply, found.body);
}

export type FrontCache = ReturnType<typeof createFrontCache>;

/**
 * The address without the query parameters not in `params` (junk: `?x=1`, `utm_source`), which
 * the route drops; null when a parameter it reads is repeated (the route refuses that).
 */
export function withoutUnknown(url: string, params: readonly string[]): string | null {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const kept: string[] = [];
  const seen = new Set<string>();
  for (const part of url.slice(q + 1).split('&')) {
    const eq = part.indexOf('=');
    let key: string;
    try {
      key = decodeURIComponent((eq < 0 ? part : part.slice(0, eq)).replace(/\+/g, ' '));
    } catch {
      return null;
    }
    if (!params.includes(key)) continue;
    if (seen.has(key)) return null;
    seen.add(key);
    kept.push(part);
  }
  return kept.length ? `${url.slice(0, q)}?${kept.join('&')}` : url.slice(0, q);
}
