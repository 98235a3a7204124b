import {
  addDomainInputSchema,
  chooseWebsiteInputSchema,
  chooseWebsiteResultSchema,
  createWebsiteInputSchema,
  createWebsiteResultSchema,
  domainListSchema,
  manageableListSchema,
  updateWebsiteInputSchema,
  websiteStateSchema,
} from '@grocer/shared/websites';
import { coercedIdSchema } from '@grocer/shared/ids';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { AuditActor } from '../audit';
import {
  addDomain,
  assertMayManage,
  createWebsite,
  listDomains,
  manageableWebsites,
  removeDomain,
  setPaused,
  setPrimaryDomain,
} from './bos-service';

const id = coercedIdSchema;
const websiteParams = z.object({ id });
const domainParams = z.object({ id, domainId: id });

/** Audit rows of a change to a website land on that website (not the one the staff session manages). */
const actorOn = (req: FastifyRequest, websiteId: number): AuditActor => ({ websiteId, actorId: req.staffUser?.id ?? null });

/**
 * Many shops on one installation (issue 16, spec §2 `/auth/bos/choose` and `/auth/bos/create`),
 * in the `bos` staff area (superadmin). Choosing is for anyone who manages a website: those two
 * calls ask only for a signed-in person and check each website themselves.
 */
export const websiteBosRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/bos/choose', { config: { staffNeed: 'user' }, schema: { response: { 200: manageableListSchema } } }, async (req) => ({
    data: await manageableWebsites(db, req.staffUser!.id, req.website.id),
    can_create: req.staffUser!.superadmin,
  }));

  // The staff session's managed website: every staff call works on it from the next request on.
  app.post(
    '/bos/choose',
    { config: { staffNeed: 'user' }, schema: { body: chooseWebsiteInputSchema, response: { 200: chooseWebsiteResultSchema } } },
    async (req) => {
      const website = await assertMayManage(db, req.staffUser!.id, req.body.website_id);
      await req.session.update({ managedWebsiteId: website.id });
      return { website };
    },
  );

  app.post(
    '/bos/websites',
    { schema: { body: createWebsiteInputSchema, response: { 201: createWebsiteResultSchema } } },
    async (req, reply) => reply.code(201).send(await createWebsite(db, req.staffUser!.id, req.body)),
  );

  app.patch(
    '/bos/websites/:id',
    { schema: { params: websiteParams, body: updateWebsiteInputSchema, response: { 200: websiteStateSchema } } },
    async (req) => setPaused(db, actorOn(req, req.params.id), req.params.id, req.body.paused),
  );

  app.get('/bos/websites/:id/domains', { schema: { params: websiteParams, response: { 200: domainListSchema } } }, async (req) => {
    await assertMayManage(db, req.staffUser!.id, req.params.id);
    return { data: await listDomains(db, req.params.id) };
  });

  app.post(
    '/bos/websites/:id/domains',
    { schema: { params: websiteParams, body: addDomainInputSchema, response: { 201: domainListSchema } } },
    async (req, reply) => {
      await assertMayManage(db, req.staffUser!.id, req.params.id);
      const data = await addDomain(db, actorOn(req, req.params.id), req.params.id, req.body.host, req.body.primary);
      return reply.code(201).send({ data });
    },
  );

  app.delete(
    '/bos/websites/:id/domains/:domainId',
    { schema: { params: domainParams, response: { 200: domainListSchema } } },
    async (req) => ({
      data: await removeDomain(db, actorOn(req, req.params.id), req.params.id, req.params.domainId),
    }),
  );

  app.post(
    '/bos/websites/:id/domains/:domainId/primary',
    { schema: { params: domainParams, response: { 200: domainListSchema } } },
    async (req) => ({ data: await setPrimaryDomain(db, actorOn(req, req.params.id), req.params.id, req.params.domainId) }),
  );
};
