import {
  productListSchema,
  productSchema,
  productsQuerySchema,
  relatedProductsSchema,
  suggestionsSchema,
  suggestQuerySchema,
} from '@grocer/shared/catalogue';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { websiteCache } from '../../http/cache';
import { createMicroCache, sendJson } from '../../http/micro-cache';
import { deliveryContext } from '../delivery/service';
import { AppError } from '../../http/errors';
import { currentSlugOf } from './product-edit';
import { getProduct, listProducts, relatedProducts, type CatalogueContext } from './service';
import { suggest } from './suggest';

// The warehouse of the default zone, for visitors without a pincode.
const defaultWarehouse = websiteCache<number | null>({ ttlMs: 5000 });

/** The website, the warehouse serving the visitor's pincode (or the default zone's), the user. */
export async function catalogueContext(db: Db, req: FastifyRequest): Promise<CatalogueContext> {
  const websiteId = req.website.id;
  const session = await req.session.get();
  if (session?.pincode) {
    const d = await deliveryContext(db, websiteId, session.pincode);
    return { websiteId, warehouseId: d.zone?.warehouseId ?? null, userId: session.userId ?? null };
  }
  const warehouseId = await defaultWarehouse.get(
    websiteId,
    'zone',
    async () => (await deliveryContext(db, websiteId, null)).zone?.warehouseId ?? null,
  );
  return { websiteId, warehouseId, userId: session?.userId ?? null };
}

export const catalogueRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // Signed-out visitors of one website and warehouse all see the same catalogue answer.
  const cache = createMicroCache(3000);
  const anonymousKey = (ctx: CatalogueContext, url: string) => (ctx.userId === null ? `${ctx.warehouseId}|${url}` : null);

  app.get('/products', { schema: { querystring: productsQuerySchema, response: { 200: productListSchema } } }, async (req, reply) => {
    const ctx = await catalogueContext(db, req);
    const key = anonymousKey(ctx, req.url);
    if (!key) return listProducts(db, ctx, req.query);
    return sendJson(
      reply,
      await cache.get(ctx.websiteId, key, () => listProducts(db, ctx, req.query).then((r) => productListSchema.parse(r))),
    );
  });

  // `:id` is a slug or a numeric product_id (spec §3, §7).
  const productParams = z.object({ id: z.string().min(1).max(200) });

  app.get('/products/:id', { schema: { params: productParams, response: { 200: productSchema } } }, async (req, reply) => {
    const ctx = await catalogueContext(db, req);
    const key = anonymousKey(ctx, req.url);
    try {
      if (!key) return await getProduct(db, ctx, req.params.id);
      return sendJson(
        reply,
        await cache.get(ctx.websiteId, key, () => getProduct(db, ctx, req.params.id).then((r) => productSchema.parse(r))),
      );
    } catch (e) {
      // a product's old slug (it was renamed): a permanent redirect to its current one
      const moved = e instanceof AppError && e.statusCode === 404 ? await currentSlugOf(db, ctx.websiteId, req.params.id) : null;
      if (!moved) throw e;
      const search = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
      return reply.redirect(`${req.url.split('?')[0]!.replace(/[^/]+$/, encodeURIComponent(moved))}${search}`, 301);
    }
  });

  // The same for every visitor of a website (no prices of a pincode, nothing personal): cached by
  // the words alone, lower-cased; any other parameter is dropped by the schema.
  app.get('/search/suggest', { schema: { querystring: suggestQuerySchema, response: { 200: suggestionsSchema } } }, async (req, reply) => {
    const q = req.query.q.toLowerCase();
    reply.header('cache-control', 'public, max-age=60');
    return sendJson(reply, await cache.get(req.website.id, `suggest|${q}`, () => suggest(db, req.website.id, q)));
  });

  app.get('/products/:id/related', { schema: { params: productParams, response: { 200: relatedProductsSchema } } }, async (req) => ({
    data: await relatedProducts(db, await catalogueContext(db, req), req.params.id),
  }));
};
