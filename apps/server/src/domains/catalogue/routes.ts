import { productListSchema, productSchema, productsQuerySchema } from '@grocer/shared/catalogue';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { createMicroCache, sendJson } from '../../http/micro-cache';
import { deliveryContext } from '../delivery/service';
import { catalogueGeneration, getProductBySlug, listProducts, relatedProducts, type CatalogueContext } from './service';

const zoneCache = new Map<number, { at: number; warehouseId: number | null }>();

/** The website, the warehouse serving the visitor's pincode (or the default zone's), the user. */
export async function catalogueContext(db: Db, req: FastifyRequest): Promise<CatalogueContext> {
  const websiteId = req.website.id;
  const session = await req.session.get();
  if (session?.pincode) {
    const d = await deliveryContext(db, websiteId, session.pincode);
    return { websiteId, warehouseId: d.zone?.warehouseId ?? null, userId: session.userId ?? null };
  }
  let hit = zoneCache.get(websiteId);
  if (!hit || Date.now() - hit.at > 5000) {
    const d = await deliveryContext(db, websiteId, null);
    hit = { at: Date.now(), warehouseId: d.zone?.warehouseId ?? null };
    zoneCache.set(websiteId, hit);
  }
  return { websiteId, warehouseId: hit.warehouseId, userId: session?.userId ?? null };
}

export const catalogueRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // Signed-out visitors of one website and warehouse all see the same catalogue answer.
  const cache = createMicroCache(3000);
  const anonymousKey = (ctx: CatalogueContext, url: string) => (ctx.userId === null ? `${ctx.websiteId}|${catalogueGeneration(ctx.websiteId)}|${ctx.warehouseId}|${url}` : null);

  app.get('/products', { schema: { querystring: productsQuerySchema, response: { 200: productListSchema } } }, async (req, reply) => {
    const ctx = await catalogueContext(db, req);
    const key = anonymousKey(ctx, req.url);
    if (!key) return listProducts(db, ctx, req.query);
    return sendJson(reply, await cache.get(key, () => listProducts(db, ctx, req.query).then((r) => productListSchema.parse(r))));
  });

  app.get('/products/:slug', { schema: { params: z.object({ slug: z.string().min(1).max(200) }), response: { 200: productSchema } } }, async (req, reply) => {
    const ctx = await catalogueContext(db, req);
    const key = anonymousKey(ctx, req.url);
    if (!key) return getProductBySlug(db, ctx, req.params.slug);
    return sendJson(reply, await cache.get(key, () => getProductBySlug(db, ctx, req.params.slug).then((r) => productSchema.parse(r))));
  });

  app.get(
    '/products/:slug/related',
    { schema: { params: z.object({ slug: z.string().min(1).max(200) }), response: { 200: z.object({ data: z.array(productSchema) }) } } },
    async (req) => ({ data: await relatedProducts(db, await catalogueContext(db, req), req.params.slug) }),
  );
};
