import {
  adminPackStockSchema,
  adminStockAdjustResultSchema,
  adminStockAdjustSchema,
  adminStockListSchema,
  adminStockMovementListSchema,
  adminStockMovementsQuerySchema,
  adminStockQuerySchema,
  adminStockSettingsSchema,
  adminThresholdInputSchema,
} from '@grocer/shared/admin-stock';
import { coercedIdSchema } from '@grocer/shared/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adjustPackStock,
  defaultThreshold,
  listStock,
  packMovements,
  packStock,
  setDefaultThreshold,
  setPackThreshold,
} from './admin-service';
import type { InventoryContext } from './needs';
import { purchasingAdminRoutes } from './purchasing-routes';

const params = z.object({ packId: coercedIdSchema });

/**
 * Staff calls on stock (in the staff scope, which guards `/admin`), scoped to the request's
 * website: another website's pack is 404. Made by `createInventory` with the module's context.
 */
export const inventoryAdminRoutes =
  (inv: InventoryContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, auditActor } = inv;
    await app.register(purchasingAdminRoutes(inv));

    app.get('/admin/stock', { schema: { querystring: adminStockQuerySchema, response: { 200: adminStockListSchema } } }, async (req) =>
      listStock(inv, req.website.id, req.query),
    );

    app.get('/admin/stock/settings', { schema: { response: { 200: adminStockSettingsSchema } } }, async (req) => ({
      default_threshold: await defaultThreshold(db, req.website.id),
    }));

    app.put(
      '/admin/stock/settings',
      { schema: { body: adminStockSettingsSchema, response: { 200: adminStockSettingsSchema } } },
      async (req) => ({ default_threshold: await setDefaultThreshold(inv, auditActor(req), req.body.default_threshold) }),
    );

    app.get('/admin/stock/packs/:packId', { schema: { params, response: { 200: adminPackStockSchema } } }, async (req) =>
      packStock(inv, req.website.id, req.params.packId),
    );

    app.get(
      '/admin/stock/packs/:packId/movements',
      { schema: { params, querystring: adminStockMovementsQuerySchema, response: { 200: adminStockMovementListSchema } } },
      async (req) => ({ data: await packMovements(inv, req.website.id, req.params.packId, req.query) }),
    );

    app.post(
      '/admin/stock/packs/:packId/adjust',
      { schema: { params, body: adminStockAdjustSchema, response: { 200: adminStockAdjustResultSchema } } },
      async (req) => adjustPackStock(inv, auditActor(req), req.params.packId, req.body),
    );

    app.put(
      '/admin/stock/packs/:packId/threshold',
      { schema: { params, body: adminThresholdInputSchema, response: { 200: adminPackStockSchema } } },
      async (req) => setPackThreshold(inv, auditActor(req), req.params.packId, req.body.threshold),
    );
  };
