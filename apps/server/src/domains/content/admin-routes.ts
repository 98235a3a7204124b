import {
  builderDraftSchema,
  builderPageCreateSchema,
  builderPageDetailSchema,
  builderPageDuplicateSchema,
  builderPageListSchema,
  builderPageSchema,
  builderPageUpdateSchema,
  builderResolveSchema,
  builderRevisionListSchema,
  builderVersionSchema,
} from '@grocer/shared/builder-pages';
import { coercedIdSchema } from '@grocer/shared/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { pageComponentSchema } from '@grocer/shared/blocks';
import { auditActor } from '../audit';
import { catalogueContext } from '../catalogue/routes';
import {
  createPage,
  deletePage,
  duplicatePage,
  getBuilderPage,
  listBuilderPages,
  listRevisions,
  previewBlock,
  publishPage,
  unpublishPage,
  rollbackPage,
  saveDraft,
  updatePage,
} from './pages-admin';

const id = coercedIdSchema;
const params = z.object({ id });

/** Website Settings → Pages (area `builder`: hasAdminAccess), each scoped to the staff session's website and audited. */
export const contentAdminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/builder/pages', { schema: { response: { 200: builderPageListSchema } } }, async (req) => ({
    data: await listBuilderPages(db, req.website.id),
  }));

  app.post('/builder/pages', { schema: { body: builderPageCreateSchema, response: { 201: builderPageSchema } } }, async (req, reply) =>
    reply.status(201).send(await createPage(db, auditActor(req), req.body)),
  );

  app.get('/builder/pages/:id', { schema: { params, response: { 200: builderPageDetailSchema } } }, async (req) =>
    getBuilderPage(db, req.website.id, req.params.id),
  );

  app.patch(
    '/builder/pages/:id',
    { schema: { params, body: builderPageUpdateSchema, response: { 200: builderPageSchema } } },
    async (req) => updatePage(db, auditActor(req), req.params.id, req.body),
  );

  app.delete('/builder/pages/:id', { schema: { params } }, async (req, reply) => {
    await deletePage(db, auditActor(req), req.params.id);
    return reply.status(204).send();
  });

  app.post(
    '/builder/pages/:id/duplicate',
    { schema: { params, body: builderPageDuplicateSchema, response: { 201: builderPageSchema } } },
    async (req, reply) => reply.status(201).send(await duplicatePage(db, auditActor(req), req.params.id, req.body)),
  );

  app.put(
    '/builder/pages/:id/draft',
    { schema: { params, body: builderDraftSchema, response: { 200: builderPageDetailSchema } } },
    async (req) => saveDraft(db, auditActor(req), req.params.id, req.body),
  );

  app.post(
    '/builder/pages/:id/publish',
    { schema: { params, body: builderVersionSchema, response: { 200: builderPageDetailSchema } } },
    async (req) => publishPage(db, auditActor(req), req.params.id, req.body.version),
  );

  app.post(
    '/builder/pages/:id/unpublish',
    { schema: { params, body: builderVersionSchema, response: { 200: builderPageDetailSchema } } },
    async (req) => unpublishPage(db, auditActor(req), req.params.id, req.body.version),
  );

  app.get('/builder/pages/:id/revisions', { schema: { params, response: { 200: builderRevisionListSchema } } }, async (req) => ({
    data: await listRevisions(db, req.website.id, req.params.id),
  }));

  app.post(
    '/builder/pages/:id/revisions/:number/rollback',
    { schema: { params: z.object({ id, number: id }), body: builderVersionSchema, response: { 200: builderPageDetailSchema } } },
    async (req) => rollbackPage(db, auditActor(req), req.params.id, req.params.number, req.body.version),
  );

  // the editor's preview shows the default text the owner edits (never the language of their `lang` cookie)
  app.post('/builder/blocks/resolve', { schema: { body: builderResolveSchema, response: { 200: pageComponentSchema } } }, async (req) =>
    previewBlock(db, { ...(await catalogueContext(db, req)), language: undefined }, req.body),
  );
};
