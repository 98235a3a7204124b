import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { websiteCache } from './cache';
import { etagMatches, sendBody, withWishlist, type Body, type CachedAnswer, type SentAnswer } from './micro-cache';
import { hasSessionCookie, sessionTokenIn } from './session';
import type { WebsiteRef, WebsiteResolver } from './website';

/** A shared answer as it was sent to a visitor without a session: its headers and its body. */
interface SharedEntry {
  headers: Record<string, string>;
  body: Body;
  etag: string;
}

/** A shared answer as a shopper with a session gets it: the headers, the answer to lay their flags over. */
interface OverlayEntry {
  headers: Record<string, string>;
  answer: CachedAnswer;
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
}

// Headers of the first response that are not the answer's own: written afresh for each request.
const PER_REQUEST = new Set(['x-request-id', 'set-cookie', 'content-length', 'content-encoding', 'date', 'connection']);
// where routes keep overlays: the catalogue's lists, products and pages
const personalised = (req: FastifyRequest) => req.url.startsWith('/s/api/products') || req.url.startsWith('/s/api/page/');

/**
 * The front of the answer cache (issue 20, goals 1, 3 and 4: every shopper gets a cached answer at
 * near the cost of a bare route). A catalogue answer sent from the route (micro-cache.ts
 * `sendAnswer`) is kept for one second under its website and its exact address, with the headers
 * it went out with; the same address asked again is answered from here before anything else runs
 * (no parameter parsing, no handler, no header middleware: the stored headers hold what helmet
 * wrote), and its bytes compressed once per encoding a browser asks for (micro-cache.ts `Body`),
 * not on every response.
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
  const overlayKey = (warehouseId: number | null, url: string) => `${warehouseId ?? ''}|${url}`;
  // the query parameters each route reads (learnt from what it keeps), by its route pattern
  const routeParams = new Map<string, readonly string[]>();
  return {
    /** Serves a kept answer (a 304 when the browser has it); registered before every other onRequest hook. */
    register(app: FastifyInstance, websites: WebsiteResolver, visitors: FrontVisitors) {
      // A kept answer of a known host is answered without waiting on anything (no promise to
      // settle: issue 20, goals 3 and 4) when all it needs is at hand: for a visitor with a
      // session, their session row, their pincode's warehouse and their saved products, as recent
      // requests left them in the caches. Anything else goes through `answer`, which may look
      // things up (and fills those caches).
      app.addHook('onRequest', (req, reply, done) => {
        if (req.method !== 'GET' || !req.url.startsWith('/s/api/')) return done();
        const cookie = req.headers.cookie;
        const anonymous = !cookie || !hasSessionCookie(cookie);
        const website = websites.resolvedNow(req);
        if (website && (anonymous ? answerShared(req, reply, website) : answerNow(req, reply, website, cookie!))) return;
        answer(req, reply, anonymous).then((sent) => sent || done(), done);
      });
      const answerShared = (req: FastifyRequest, reply: FastifyReply, website: WebsiteRef) => {
        const at = url(req, (u) => shared.settled(website.id, u) !== undefined);
        const entry = at && shared.settled(website.id, at)?.value;
        if (!entry) return false;
        reply.headers(entry.headers);
        void send(req, reply, entry.body, entry.etag);
        return true; // answered: the other hooks and the route do not run
      };
      const answerNow = (req: FastifyRequest, reply: FastifyReply, website: WebsiteRef, cookie: string) => {
        const token = personalised(req) ? sessionTokenIn(cookie) : undefined;
        const ctx = token && visitors.contextNow(website.id, token);
        if (!ctx) return false;
        const at = url(req, (u) => overlays.settled(website.id, overlayKey(ctx.warehouseId, u)) !== undefined);
        const entry = at === null ? undefined : overlays.settled(website.id, overlayKey(ctx.warehouseId, at))?.value;
        const wished = entry && flagsOf(entry, website, ctx, visitors.savedNow);
        if (!entry || wished === undefined) return false;
        void sendOverlaid(req, reply, entry, wished);
        return true;
      };
      // the address as kept: as asked, else without the parameters the route does not read
      const url = (req: FastifyRequest, kept: (u: string) => boolean) => {
        if (kept(req.url)) return req.url;
        const known = routeParams.get(req.routeOptions.url ?? '');
        const bare = known && withoutUnknown(req.url, known);
        return bare && bare !== req.url && kept(bare) ? bare : null;
      };
      /** Answers from a kept entry if there is one (true), else leaves the request to the route. */
      const answer = async (req: FastifyRequest, reply: FastifyReply, anonymous: boolean): Promise<boolean> => {
        let website: WebsiteRef;
        try {
          website = await websites.resolve(req);
        } catch {
          return false; // an unknown host: the pipeline answers it
        }
        if (anonymous) {
          const at = url(req, (u) => shared.peek(website.id, u) !== undefined);
          const hit = at && shared.peek(website.id, at);
          if (!hit) return false;
          const entry = await hit;
          reply.headers(entry.headers);
          await send(req, reply, entry.body, entry.etag);
          return true;
        }
        if (!personalised(req)) return false;
        req.website = website;
        const ctx = await visitors.context(req, reply);
        const at = url(req, (u) => overlays.peek(website.id, overlayKey(ctx.warehouseId, u)) !== undefined);
        const hit = at && overlays.peek(website.id, overlayKey(ctx.warehouseId, at));
        if (!hit) return false;
        const entry = await hit;
        const wished = await flagsOf(entry, website, ctx, visitors.saved);
        await sendOverlaid(req, reply, entry, wished);
        return true;
      };
      /** The saved products to flag in an answer: none for a guest or an answer without products. */
      const flagsOf = <S>(
        entry: OverlayEntry,
        website: WebsiteRef,
        ctx: VisitorContext,
        saved: (websiteId: number, userId: number) => S,
      ) => (ctx.userId === null || !entry.answer.productIds.size ? null : saved(website.id, ctx.userId));
      const sendOverlaid = (
        req: FastifyRequest,
        reply: FastifyReply,
        { headers, answer }: OverlayEntry,
        wished: ReadonlySet<number> | null,
      ) => {
        const mine = wished ? withWishlist(answer, wished) : answer;
        reply.headers(headers);
        reply.header('etag', mine.etag);
        return send(req, reply, mine.body, mine.etag);
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
      if (at === null) return;
      routeParams.set(req.routeOptions.url ?? '', params);
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(reply.getHeaders())) {
        if (v === undefined || PER_REQUEST.has(k) || (overlay && k === 'etag')) continue;
        if (Array.isArray(v)) return; // a repeated header (a cookie): nothing shared
        headers[k] = String(v);
      }
      if (!overlay) shared.put(req.website.id, at, Promise.resolve({ headers, body: sent.body, etag: sent.etag }));
      else overlays.put(req.website.id, overlayKey(overlay.warehouseId, at), Promise.resolve({ headers, answer: overlay.answer }));
    },
  };
}

function send(req: FastifyRequest, reply: FastifyReply, body: Body, etag: string) {
  const match = req.headers['if-none-match'];
  if (match && etagMatches(match, etag)) return reply.code(304).send();
  return sendBody(req, reply, body);
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
