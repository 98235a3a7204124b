import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { brands, categories, packs, products, stock, websiteMembers, websiteSettings, websites } from '../../db/schema';
import { requireUser, roleGuard } from '../../http/auth';
import { catalogueAdminRoutes } from '../catalogue/admin-routes';

/**
 * The staff areas' calls, each area behind one role guard (spec §6): Administration and Website
 * Settings and POS need hasAdminAccess, the sales dashboard isSalesAgent, website switching
 * superadmin. Later calls of an area are registered inside its plugin and inherit the guard.
 */
export const areaRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  await app.register(async (admin) => {
    admin.addHook('preHandler', roleGuard(db, 'admin'));
    await admin.register(catalogueAdminRoutes, { db });
    admin.get('/admin/summary', { schema: { response: { 200: z.object({ products: z.number(), categories: z.number(), brands: z.number(), members: z.number() }) } } }, async (req) => {
      const w = req.website.id;
      const n = async (q: Promise<Array<{ n: number }>>) => (await q)[0]?.n ?? 0;
      return {
        products: await n(db.select({ n: count() }).from(products).where(eq(products.websiteId, w))),
        categories: await n(db.select({ n: count() }).from(categories).where(eq(categories.websiteId, w))),
        brands: await n(db.select({ n: count() }).from(brands).where(eq(brands.websiteId, w))),
        members: await n(db.select({ n: count() }).from(websiteMembers).where(eq(websiteMembers.websiteId, w))),
      };
    });
  });

  await app.register(async (builder) => {
    builder.addHook('preHandler', roleGuard(db, 'admin'));
    builder.get('/builder/settings', async (req) => {
      const [row] = await db.select().from(websiteSettings).where(eq(websiteSettings.websiteId, req.website.id));
      // A website without a settings row runs on the defaults of /s/api/init.
      return { website: req.website, settings: row ?? null };
    });
  });

  await app.register(async (plugin) => {
    const pos = plugin.withTypeProvider<ZodTypeProvider>();
    pos.addHook('preHandler', roleGuard(db, 'admin'));
    /** Counter sale search: packs by product name or SKU with their price and stock per warehouse. */
    pos.get('/pos/catalogue', { schema: { querystring: z.object({ q: z.string().trim().max(100).default('') }) } }, async (req) => {
      const w = req.website.id;
      const like = `%${req.query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows = await db
        .select({ pack_id: packs.id, product: products.name, pack: packs.name, sku: packs.sku, price: packs.price, available: sql<number>`coalesce(sum(${stock.available}), 0)::int` })
        .from(packs)
        .innerJoin(products, eq(products.id, packs.productId))
        .leftJoin(stock, eq(stock.packId, packs.id))
        .where(and(eq(packs.websiteId, w), req.query.q ? or(ilike(products.name, like), ilike(packs.sku, like)) : undefined))
        .groupBy(packs.id, products.name)
        .orderBy(asc(products.name), asc(packs.position))
        .limit(50);
      return { data: rows.map((r) => ({ ...r, price: r.price / 100 })) };
    });
  });

  await app.register(async (agent) => {
    agent.addHook('preHandler', roleGuard(db, 'agent'));
    agent.get('/agent/dashboard', async (req) => {
      const me = await requireUser(db, req);
      const [shoppers] = await db
        .select({ n: count() })
        .from(websiteMembers)
        .where(and(eq(websiteMembers.websiteId, req.website.id), eq(websiteMembers.hasAdminAccess, false), eq(websiteMembers.isSalesAgent, false)));
      return { agent: me.name, website: req.website.name, shoppers: shoppers?.n ?? 0 };
    });
  });

  await app.register(async (bos) => {
    bos.addHook('preHandler', roleGuard(db, 'superadmin'));
    bos.get('/bos/websites', async () => ({ data: await db.select({ id: websites.id, name: websites.name, is_default: websites.isDefault }).from(websites).orderBy(asc(websites.id)) }));
  });

};
