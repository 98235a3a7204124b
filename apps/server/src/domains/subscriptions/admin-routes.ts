import { addShopDays, shopDayOf } from '@grocer/shared/shop-time';
import {
  adminSubscriptionListSchema,
  adminSubscriptionsQuerySchema,
  demandQuerySchema,
  demandSchema,
  lowBalanceSchema,
  subscriptionSettingsSchema,
} from '@grocer/shared/subscriptions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { auditActor, type Wallet } from './deps';
import { demandOn, listForOwner, lowBalancesOn, saveSettings, settingsJson } from './service';

/**
 * Administration's subscription calls (`/admin/subscriptions*`, the customers' permission, in the
 * staff scope), scoped to the request's website. The settings' change is audited.
 */
export const subscriptionAdminRoutes: FastifyPluginAsyncZod<{ db: Db; wallet: Pick<Wallet, 'accountOf'> }> = async (
  app,
  { db, wallet },
) => {
  const tomorrow = () => addShopDays(shopDayOf(), 1);

  app.get('/admin/subscriptions/settings', { schema: { response: { 200: subscriptionSettingsSchema } } }, async (req) =>
    settingsJson(db, req.website.id),
  );

  app.put(
    '/admin/subscriptions/settings',
    { schema: { body: subscriptionSettingsSchema, response: { 200: subscriptionSettingsSchema } } },
    async (req) => saveSettings(db, auditActor(req), req.body),
  );

  // units of each pack due on a date (tomorrow by default): the dairy order
  app.get('/admin/subscriptions/demand', { schema: { querystring: demandQuerySchema, response: { 200: demandSchema } } }, async (req) =>
    demandOn(db, req.website.id, req.query.date ?? tomorrow()),
  );

  app.get(
    '/admin/subscriptions',
    { schema: { querystring: adminSubscriptionsQuerySchema, response: { 200: adminSubscriptionListSchema } } },
    async (req) => listForOwner(db, req.website.id, req.query.status),
  );

  // who cannot pay for a date's deliveries (tomorrow by default)
  app.get(
    '/admin/subscriptions/low-balance',
    { schema: { querystring: demandQuerySchema, response: { 200: lowBalanceSchema } } },
    async (req) => lowBalancesOn(db, wallet, req.website.id, req.query.date ?? tomorrow()),
  );
};
