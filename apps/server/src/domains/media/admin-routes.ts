import { idParamsSchema } from '@grocer/shared/ids';
import multipart from '@fastify/multipart';
import { mediaListQuerySchema, mediaListSchema, mediaSchema, mediaUpdateSchema } from '@grocer/shared/media';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { Errors, fail } from '../../http/errors';
import { auditActor } from '../audit';
import { removeMedia, sizeLimitText, uploadMedia } from './admin-service';
import { getMedia, listMedia, updateMediaAlt } from './service';
import type { MediaStorage } from './storage';

const params = idParamsSchema;

/**
 * The media library's staff calls (registered in a staff scope, which guards `/admin`): upload one
 * image per request (multipart field `file`; the app sends several files as several requests, so
 * each has its own progress and error), list, alt text, delete.
 */
export const mediaAdminRoutes =
  (deps: { storage: MediaStorage; mediaDir: string; maxBytes: number }): FastifyPluginAsyncZod<{ db: Db }> =>
  async (app, { db }) => {
    const ctx = { db, storage: deps.storage, mediaDir: deps.mediaDir };
    await app.register(multipart, {
      limits: { fileSize: deps.maxBytes, files: 1, fields: 4, parts: 5, fieldSize: 1024 },
      throwFileSizeLimit: true,
    });

    app.post('/admin/media', { schema: { response: { 201: mediaSchema } } }, async (req, reply) => {
      if (!req.isMultipart()) throw Errors.invalid({ file: ['Send the image as a multipart/form-data field named file'] });
      let file: { body: Buffer; name: string } | null = null;
      try {
        const part = await req.file();
        if (part && part.fieldname === 'file') file = { body: await part.toBuffer(), name: part.filename ?? '' };
      } catch (e) {
        const code = (e as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw fail('MEDIA_TOO_LARGE', { limit: sizeLimitText(deps.maxBytes) });
        if (code?.startsWith('FST_')) throw Errors.invalid({ file: ['The upload could not be read. Please try again.'] });
        throw e;
      }
      if (!file || !file.body.length) throw Errors.invalid({ file: ['Choose an image to upload'] });
      return reply.status(201).send(await uploadMedia(ctx, auditActor(req), file));
    });

    app.get('/admin/media', { schema: { querystring: mediaListQuerySchema, response: { 200: mediaListSchema } } }, async (req) =>
      listMedia(db, req.website.id, req.query),
    );

    app.get('/admin/media/:id', { schema: { params, response: { 200: mediaSchema } } }, async (req) =>
      getMedia(db, req.website.id, req.params.id),
    );

    app.patch('/admin/media/:id', { schema: { params, body: mediaUpdateSchema, response: { 200: mediaSchema } } }, async (req) =>
      updateMediaAlt(db, auditActor(req), req.params.id, req.body.alt),
    );

    app.delete('/admin/media/:id', { schema: { params } }, async (req, reply) => {
      await removeMedia(ctx, auditActor(req), req.params.id);
      return reply.status(204).send();
    });
  };
