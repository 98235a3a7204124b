import { coercedIdSchema } from '@grocer/shared/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { requireUser } from '../../http/auth';
import { browserOrigin } from '../orders/routes';
import { askRestockAlert, pendingRestockPacks } from './service';

const body = z.object({ pack_id: coercedIdSchema, warehouse_id: coercedIdSchema });

/** "Notify me" when an out-of-stock pack is back (signed-in shoppers; told by email, and SMS where configured). */
export const restockRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/products/notify',
    { schema: { body, response: { 200: z.object({ pack_id: z.number().int(), subscribed: z.literal(true) }) } } },
    async (req) => {
      const user = await requireUser(db, req);
      await askRestockAlert(db, {
        websiteId: req.website.id,
        userId: user.id,
        packId: req.body.pack_id,
        warehouseId: req.body.warehouse_id,
        origin: browserOrigin(req),
      });
      return { pack_id: req.body.pack_id, subscribed: true as const };
    },
  );

  app.get('/products/notify', { schema: { response: { 200: z.object({ data: z.array(z.number().int()) }) } } }, async (req) => ({
    data: await pendingRestockPacks(db, req.website.id, (await requireUser(db, req)).id),
  }));
};
