import {
  productListSchema,
  productSchema,
  productsQuerySchema,
  relatedProductsSchema,
  suggestionsSchema,
  suggestQuerySchema,
} from '@grocer/shared/catalogue';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { websiteCache } from '../../http/cache';
import { sendAnswer, sendBody, withWishlist, type CachedAnswer } from '../../http/micro-cache';
import { deliveryContext } from '../delivery';
import { AppError } from '../../http/errors';
import { recentSession } from '../../http/session';
import { wishedIn, type CatalogueAnswers } from './answers';
import { currentSlugOf } from './product-records';
import type { CatalogueContext } from './service';
import { suggest } from './suggest';
import { requestLanguage, websiteLanguages } from '../website';

// The warehouse serving a pincode (the default zone's for visitors without one), per website.
const zoneWarehouse = websiteCache<number | null>({ ttlMs: 5000, maxEntries: 20_000 });

const zoneKey = (pincode: string | null) => (pincode === null ? 'zone' : `zone:${pincode}`);

/** The website, the warehouse serving the visitor's pincode (or the default zone's), the user. */
export async function catalogueContext(db: Db, req: FastifyRequest): Promise<CatalogueContext> {
  const websiteId = req.website.id;
  const session = await req.session.get();
  const pincode = session?.pincode ?? null;
  const [warehouseId, language, offered] = await Promise.all([
    zoneWarehouse.get(websiteId, zoneKey(pincode), async () => (await deliveryContext(db, websiteId, pincode)).zone?.warehouseId ?? null),
    requestLanguage(db, req),
    websiteLanguages(db, websiteId),
  ]);
  // the default language is the rows' own text: no `language` (issue 46)
  return { websiteId, warehouseId, userId: session?.userId ?? null, ...(language !== offered.defaultLanguage && { language }) };
}

/**
 * The same from what recent requests left in the caches (the session row, the pincode's
 * warehouse), without waiting: undefined when something is not at hand (`catalogueContext` then).
 */
export function catalogueContextNow(websiteId: number, sessionToken: string): CatalogueContext | undefined {
  const session = recentSession(websiteId, sessionToken);
  if (session === undefined) return undefined;
  const warehouse = zoneWarehouse.settled(websiteId, zoneKey(session?.pincode ?? null));
  return warehouse && { websiteId, warehouseId: warehouse.value, userId: session?.userId ?? null };
}

/** Seconds a shared cache (a CDN) may keep a catalogue answer: as long as this process does. */
const SHARED_MAX_AGE_S = 3;

/**
 * Sends a shared catalogue answer with this shopper's wishlist flags laid over it. `params`: the
 * query parameters the route reads (an address with only those may be kept by the front cache).
 */
export async function sendPersonal(
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
  ctx: CatalogueContext,
  answer: CachedAnswer,
  params: readonly string[] = [],
) {
  const wished = await wishedIn(db, ctx, answer);
  return sendAnswer(req, reply, wished ? withWishlist(answer, wished) : answer, {
    sharedMaxAgeS: SHARED_MAX_AGE_S,
    params,
    overlay: { answer, warehouseId: ctx.warehouseId },
  });
}

const LIST_PARAMS = Object.keys(productsQuerySchema.shape);

export const catalogueRoutes: FastifyPluginAsyncZod<{ db: Db; answers: CatalogueAnswers }> = async (app, { db, answers }) => {
  // Every shopper of one website and warehouse gets the same catalogue answer (answers.ts); a
  // signed-in shopper's flags are laid over it.
  app.get('/products', { schema: { querystring: productsQuerySchema, response: { 200: productListSchema } } }, async (req, reply) => {
    const ctx = await catalogueContext(db, req);
    return sendPersonal(db, req, reply, ctx, await answers.list(ctx, req.query), LIST_PARAMS);
  });

  // `:id` is a slug or a numeric product_id (spec §3, §7).
  const productParams = z.object({ id: z.string().min(1).max(200) });

  app.get('/products/:id', { schema: { params: productParams, response: { 200: productSchema } } }, async (req, reply) => {
    const ctx = await catalogueContext(db, req);
    try {
      return await sendPersonal(db, req, reply, ctx, await answers.product(ctx, req.params.id));
    } catch (e) {
      // a product's old slug (it was renamed): a permanent redirect to its current one
      const moved = e instanceof AppError && e.statusCode === 404 ? await currentSlugOf(db, ctx.websiteId, req.params.id) : null;
      if (!moved) throw e;
      const search = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
      return reply.redirect(`${req.url.split('?')[0]!.replace(/[^/]+$/, encodeURIComponent(moved))}${search}`, 301);
    }
  });

  // Nothing personal, but ranked as the results page ranks for the visitor's warehouse (in stock
  // there first): cached by the words, lower-cased, and the warehouse; any other parameter is
  // dropped by the schema. Private: a shared cache would hand one pincode's order to another.
  app.get('/search/suggest', { schema: { querystring: suggestQuerySchema, response: { 200: suggestionsSchema } } }, async (req, reply) => {
    const q = req.query.q.toLowerCase();
    const { websiteId, warehouseId, language } = await catalogueContext(db, req);
    reply.header('cache-control', 'private, max-age=60');
    // names in the shopper's language (issue 46): keyed by it; the default language keeps its old key
    const key = language ? `suggest|${warehouseId}|${language}|${q}` : `suggest|${warehouseId}|${q}`;
    return sendBody(req, reply, (await answers.plain(websiteId, key, () => suggest(db, websiteId, q, warehouseId, language))).body);
  });

  app.get('/products/:id/related', { schema: { params: productParams, response: { 200: relatedProductsSchema } } }, async (req, reply) => {
    const ctx = await catalogueContext(db, req);
    return sendPersonal(db, req, reply, ctx, await answers.related(ctx, req.params.id));
  });
};
