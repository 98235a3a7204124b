import {
  calendarSchema,
  subscriptionCreateSchema,
  subscriptionDaySchema,
  subscriptionExtraSchema,
  subscriptionIdParamsSchema,
  subscriptionListSchema,
  subscriptionOfferSchema,
  subscriptionPauseSchema,
  subscriptionSchema,
} from '@grocer/shared/subscriptions';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { requireUser } from '../../http/auth';
import { setExtra } from './extras';
import { firstChangeableDay } from './rules';
import {
  calendarOf,
  cancel,
  changeDay,
  createSubscription,
  listMine,
  pauseRange,
  resume,
  settingsOf,
  subscribablePackIds,
  subscriptionOf,
} from './service';

/** The shopper's own subscriptions (`/account/subscriptions*`, signed in, this website's only: another's is 404). */
export const subscriptionRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const shopper = async (req: FastifyRequest) => ({ websiteId: req.website.id, userId: (await requireUser(db, req)).id });
  const one = { params: subscriptionIdParamsSchema };

  // public: the product page offers "Subscribe" on these packs, from this first date
  app.get('/subscriptions/offer', { schema: { response: { 200: subscriptionOfferSchema } } }, async (req) => {
    const { cutoffTime } = await settingsOf(db, req.website.id);
    return {
      pack_ids: await subscribablePackIds(db, req.website.id),
      cutoff_time: cutoffTime,
      first_date: firstChangeableDay(new Date(), cutoffTime),
    };
  });

  app.get('/account/subscriptions', { schema: { response: { 200: subscriptionListSchema } } }, async (req) =>
    listMine(db, await shopper(req)),
  );

  app.post('/account/subscriptions', { schema: { body: subscriptionCreateSchema, response: { 200: subscriptionSchema } } }, async (req) =>
    createSubscription(db, await shopper(req), req.body),
  );

  app.get('/account/subscriptions/:id', { schema: { ...one, response: { 200: subscriptionSchema } } }, async (req) =>
    subscriptionOf(db, await shopper(req), req.params.id),
  );

  app.get('/account/subscriptions/:id/calendar', { schema: { ...one, response: { 200: calendarSchema } } }, async (req) =>
    calendarOf(db, await shopper(req), req.params.id),
  );

  // skip a day (quantity 0) or change its quantity
  app.put(
    '/account/subscriptions/:id/days',
    { schema: { ...one, body: subscriptionDaySchema, response: { 200: calendarSchema } } },
    async (req) => changeDay(db, await shopper(req), req.params.id, req.body),
  );

  // a one-off item in a delivery ("add bread to tomorrow's milk"); quantity 0 removes it
  app.put(
    '/account/subscriptions/:id/extras',
    { schema: { ...one, body: subscriptionExtraSchema, response: { 200: calendarSchema } } },
    async (req) => setExtra(db, await shopper(req), req.params.id, req.body),
  );

  app.post(
    '/account/subscriptions/:id/pause',
    { schema: { ...one, body: subscriptionPauseSchema, response: { 200: subscriptionSchema } } },
    async (req) => pauseRange(db, await shopper(req), req.params.id, req.body),
  );

  app.post('/account/subscriptions/:id/resume', { schema: { ...one, response: { 200: subscriptionSchema } } }, async (req) =>
    resume(db, await shopper(req), req.params.id),
  );

  app.post('/account/subscriptions/:id/cancel', { schema: { ...one, response: { 200: subscriptionSchema } } }, async (req) =>
    cancel(db, await shopper(req), req.params.id),
  );
};
