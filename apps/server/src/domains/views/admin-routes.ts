import { coercedIdSchema } from '@grocer/shared/ids';
import type { Permission } from '@grocer/shared/staff-roles';
import { savedViewListSchema, savedViewSchema, viewInputSchema, viewPatchSchema, VIEW_LISTS, type ViewList } from '@grocer/shared/views';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { auditActor } from '../audit';
import { createView, deleteView, listViews, updateView } from './service';

/**
 * Saved views (issue 40.17) at `/s/api/admin/{list}/views`, on each list's own screen: whoever
 * may open the list may keep views of it (so a packer, who reads orders, saves order views too).
 */
const NEED: Record<ViewList, Permission> = { orders: 'orders.read', products: 'catalogue', customers: 'customers' };

const params = z.object({ viewId: coercedIdSchema });

export const viewsAdminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  for (const list of VIEW_LISTS) {
    const config = { staffNeed: NEED[list] };
    const base = `/admin/${list}/views`;
    // the staff scope's guard has set staffUser before any handler runs
    const actor = (req: Parameters<typeof auditActor>[0]) => ({ ...auditActor(req), actorId: req.staffUser!.id });

    app.get(base, { config, schema: { response: { 200: savedViewListSchema } } }, async (req) => ({
      data: await listViews(db, req.website.id, req.staffUser!.id, list),
    }));

    app.post(base, { config, schema: { body: viewInputSchema, response: { 201: savedViewSchema } } }, async (req, reply) =>
      reply.code(201).send(await createView(db, actor(req), list, req.body)),
    );

    app.patch(`${base}/:viewId`, { config, schema: { params, body: viewPatchSchema, response: { 200: savedViewSchema } } }, async (req) =>
      updateView(db, actor(req), list, req.params.viewId, req.body),
    );

    app.delete(`${base}/:viewId`, { config, schema: { params } }, async (req, reply) => {
      await deleteView(db, actor(req), list, req.params.viewId);
      return reply.code(204).send();
    });
  }
};
