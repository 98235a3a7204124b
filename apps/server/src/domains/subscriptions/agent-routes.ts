import {
  calendarSchema,
  subscriptionCreateSchema,
  subscriptionDaySchema,
  subscriptionExtraSchema,
  subscriptionListSchema,
  subscriptionPauseSchema,
  subscriptionSchema,
} from '@grocer/shared/subscriptions';
import { coercedIdSchema } from '@grocer/shared/ids';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { auditActor } from './deps';
import { setExtra } from './extras';
import { calendarOf, cancel, changeDay, createSubscription, listMine, pauseRange, resume, subscriptionOf, type Shopper } from './service';

/** The agents module's check (given by app.ts): the customer when assigned to this agent, else 404 CUSTOMER_NOT_ASSIGNED. */
export type MyCustomer = (db: Db, websiteId: number, agentId: number, customerId: number) => Promise<{ id: number; name: string }>;

const customerParams = z.object({ id: coercedIdSchema });
const one = z.object({ id: coercedIdSchema, sid: coercedIdSchema });

/**
 * A sales agent manages their customers' subscriptions (issue 44), as the customer does at
 * `/account/subscriptions*`: `/agent/customers/{id}/subscriptions*` (isSalesAgent, in the staff
 * scope), the same bodies, answers and rules (the cut-off is the service's). Each call first checks
 * the customer is the agent's (another agent's, nobody's: 404, nothing read or changed); a
 * subscription of another customer is 404 as the shopper's own calls answer it. Every change is
 * audited with the agent as actor, naming the customer.
 */
export const subscriptionAgentRoutes: FastifyPluginAsyncZod<{ db: Db; myCustomer: MyCustomer }> = async (app, { db, myCustomer }) => {
  const customer = async (req: FastifyRequest & { params: { id: number } }): Promise<Shopper> => {
    const c = await myCustomer(db, req.website.id, req.staffUser!.id, req.params.id);
    return { websiteId: req.website.id, userId: c.id, agent: { actor: auditActor(req), customerName: c.name } };
  };
  const base = '/agent/customers/:id/subscriptions';

  app.get(base, { schema: { params: customerParams, response: { 200: subscriptionListSchema } } }, async (req) =>
    listMine(db, await customer(req)),
  );

  app.post(
    base,
    { schema: { params: customerParams, body: subscriptionCreateSchema, response: { 200: subscriptionSchema } } },
    async (req) => createSubscription(db, await customer(req), req.body),
  );

  app.get(`${base}/:sid`, { schema: { params: one, response: { 200: subscriptionSchema } } }, async (req) =>
    subscriptionOf(db, await customer(req), req.params.sid),
  );

  app.get(`${base}/:sid/calendar`, { schema: { params: one, response: { 200: calendarSchema } } }, async (req) =>
    calendarOf(db, await customer(req), req.params.sid),
  );

  app.put(`${base}/:sid/days`, { schema: { params: one, body: subscriptionDaySchema, response: { 200: calendarSchema } } }, async (req) =>
    changeDay(db, await customer(req), req.params.sid, req.body),
  );

  app.put(
    `${base}/:sid/extras`,
    { schema: { params: one, body: subscriptionExtraSchema, response: { 200: calendarSchema } } },
    async (req) => setExtra(db, await customer(req), req.params.sid, req.body),
  );

  app.post(
    `${base}/:sid/pause`,
    { schema: { params: one, body: subscriptionPauseSchema, response: { 200: subscriptionSchema } } },
    async (req) => pauseRange(db, await customer(req), req.params.sid, req.body),
  );

  app.post(`${base}/:sid/resume`, { schema: { params: one, response: { 200: subscriptionSchema } } }, async (req) =>
    resume(db, await customer(req), req.params.sid),
  );

  app.post(`${base}/:sid/cancel`, { schema: { params: one, response: { 200: subscriptionSchema } } }, async (req) =>
    cancel(db, await customer(req), req.params.sid),
  );
};
