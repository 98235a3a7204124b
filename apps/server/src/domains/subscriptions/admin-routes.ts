import { addShopDays, shopDayOf } from '@grocer/shared/shop-time';
import {
  adminSubscriptionListSchema,
  adminSubscriptionsQuerySchema,
  deliveryListSchema,
  demandQuerySchema,
  demandSchema,
  generateBodySchema,
  generationSummarySchema,
  lowBalanceSchema,
  subscriptionPackChoicesSchema,
  subscriptionPacksQuerySchema,
  subscriptionSettingsSchema,
  subscriptionSettingsViewSchema,
  type SubscriptionSettings,
} from '@grocer/shared/subscriptions';
import { packLabel } from '@grocer/shared/labels';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { deliveryList } from './deliveries';
import { auditActor, packLines, recordAudit, searchPacks, type Wallet } from './deps';
import type { GenerationSummary } from './generation';
import { demandOn, listForOwner, lowBalancesOn, saveSettings, settingsJson } from './service';

/**
 * Administration's subscription calls (`/admin/subscriptions*`, the customers' permission, in the
 * staff scope), scoped to the request's website. The settings' change is audited.
 */
export const subscriptionAdminRoutes: FastifyPluginAsyncZod<{
  db: Db;
  wallet: Pick<Wallet, 'accountOf'>;
  /** the generation of one website's date (the module's, with its wallet and outbox) */
  generate: (date: string, websiteId: number) => Promise<GenerationSummary>;
}> = async (app, { db, wallet, generate }) => {
  const tomorrow = () => addShopDays(shopDayOf(), 1);
  // the settings with their subscribable packs named, for the settings screen's chosen packs
  const named = async (websiteId: number, s: SubscriptionSettings) => {
    const lines = new Map((await packLines(db, websiteId, s.subscribable_pack_ids)).map((p) => [p.packId, p]));
    const packs = s.subscribable_pack_ids.flatMap((id) => {
      const p = lines.get(id);
      return p ? [{ id, label: packLabel(p.productName, p.packName), pricePaise: p.price }] : [];
    });
    return { ...s, packs };
  };

  app.get('/admin/subscriptions/settings', { schema: { response: { 200: subscriptionSettingsViewSchema } } }, async (req) =>
    named(req.website.id, await settingsJson(db, req.website.id)),
  );

  app.put(
    '/admin/subscriptions/settings',
    { schema: { body: subscriptionSettingsSchema, response: { 200: subscriptionSettingsViewSchema } } },
    async (req) => named(req.website.id, await saveSettings(db, auditActor(req), req.body)),
  );

  // the settings' pack picker: the website's packs by product, pack name or SKU
  app.get(
    '/admin/subscriptions/packs',
    { schema: { querystring: subscriptionPacksQuerySchema, response: { 200: subscriptionPackChoicesSchema } } },
    async (req) => ({ data: await searchPacks(db, req.website.id, req.query.q) }),
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

  // the morning delivery list: a date's deliveries by pincode and area in route order (tomorrow by default)
  app.get(
    '/admin/subscriptions/deliveries',
    { schema: { querystring: demandQuerySchema, response: { 200: deliveryListSchema } } },
    async (req) => deliveryList(db, req.website.id, req.query.date ?? tomorrow()),
  );

  // the owner prepares a date's orders now (the nightly job does it after the cut-off): idempotent,
  // and the date's changes close for every delivery it orders
  app.post(
    '/admin/subscriptions/generate',
    { schema: { body: generateBodySchema, response: { 200: generationSummarySchema } } },
    async (req) => {
      const summary = await generate(req.body.date, req.website.id);
      await recordAudit(db, auditActor(req), {
        entity: 'subscription_generation',
        entityId: req.body.date,
        action: 'generate',
        after: summary,
        label: `Subscription orders for ${req.body.date}`,
      });
      return summary;
    },
  );
};
