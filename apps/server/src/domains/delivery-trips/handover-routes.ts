import multipart from '@fastify/multipart';
import {
  codReportQuerySchema,
  codRiderReportSchema,
  depositInputSchema,
  depositSchema,
  depositsQuerySchema,
  depositsSchema,
  handoverInputSchema,
  handoverSchema,
  handoversSchema,
  riderTripSchema,
  stopProofSchema,
  type HandoverVia,
} from '@grocer/shared/delivery-trips';
import { coercedIdSchema } from '@grocer/shared/ids';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { Errors, fail } from '../../http/errors';
import { auditActor } from '../audit';
import { codRiderReport, codRiderReportCsv, handovers, listDeposits, recordDeposit, takeHandover } from './handover';
import { DOOR_PHOTO_MAX_BYTES, doorPhoto, saveDoorPhoto, stopProof } from './photo';
import type { TripsDeps } from './service';

const tripParams = z.object({ id: coercedIdSchema });
const orderParams = z.object({ id: z.string().min(1).max(64) });

/**
 * A trip's cash counted by a cashier (issue 45 item 4): the same calls at the till
 * (`/pos/handovers*`, the cashier's `pos` permission) and in Administration
 * (`/admin/dispatch/handovers*`: read with `orders.read`, count with `orders.deliver`); the COD
 * report by day and rider (`/admin/dispatch/cod-report`, `.csv`); the counted cash taken to the
 * bank (`/admin/dispatch/deposits`: read with `orders.read`, recorded by the order manager,
 * `orders.manage`; the accountant reads); the photo at the door (issue 45
 * item 6): the rider's upload for a stop of their own trip, the order's proof of delivery and the
 * photo for Administration.
 */
export const handoverRoutes =
  (d: TripsDeps): FastifyPluginAsyncZod<{ db: Db }> =>
  async (app) => {
    const { db } = d;
    for (const [base, via] of [
      ['/pos/handovers', 'pos'],
      ['/admin/dispatch/handovers', 'admin'],
    ] as Array<[string, HandoverVia]>) {
      app.get(base, { schema: { response: { 200: handoversSchema } } }, async (req) => handovers(db, req.website.id));
      app.post(
        `${base}/:id`,
        { schema: { params: tripParams, body: handoverInputSchema, response: { 200: handoverSchema } } },
        async (req) => takeHandover(db, auditActor(req), req.params.id, req.body, via),
      );
    }

    app.get(
      '/admin/dispatch/cod-report',
      { schema: { querystring: codReportQuerySchema, response: { 200: codRiderReportSchema } } },
      async (req) => codRiderReport(db, req.website.id, req.query.from, req.query.to),
    );
    app.get('/admin/dispatch/cod-report.csv', { schema: { querystring: codReportQuerySchema } }, async (req, reply) => {
      const r = await codRiderReport(db, req.website.id, req.query.from, req.query.to);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="cod-by-rider-${r.from}-to-${r.to}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(codRiderReportCsv(r));
    });

    app.get('/admin/dispatch/deposits', { schema: { querystring: depositsQuerySchema, response: { 200: depositsSchema } } }, async (req) =>
      listDeposits(db, req.website.id, req.query.from, req.query.to),
    );
    app.post(
      '/admin/dispatch/deposits',
      { config: { staffNeed: 'orders.manage' }, schema: { body: depositInputSchema, response: { 200: depositSchema } } },
      async (req) => recordDeposit(db, auditActor(req), req.body),
    );

    // ── the photo at the door ──
    await app.register(async (scope) => {
      const photos = scope.withTypeProvider<ZodTypeProvider>();
      await photos.register(multipart, {
        limits: { fileSize: DOOR_PHOTO_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 256 },
        throwFileSizeLimit: true,
      });
      photos.post('/rider/orders/:id/photo', { schema: { params: orderParams, response: { 200: riderTripSchema } } }, async (req) =>
        saveDoorPhoto(d, auditActor(req), req.staffUser!.id, req.params.id, await fileOf(req)),
      );
    });

    app.get(
      '/admin/dispatch/orders/:id/proof',
      { schema: { params: orderParams, response: { 200: stopProofSchema.nullable() } } },
      async (req) => stopProof(db, req.website.id, req.params.id),
    );
    app.get('/admin/dispatch/orders/:id/photo', { schema: { params: orderParams } }, async (req, reply) => {
      const photo = await doorPhoto(d, req.website.id, req.params.id);
      return reply
        .type('image/jpeg')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(photo);
    });
  };

async function fileOf(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw Errors.invalid({ file: ['Send the photo as a multipart/form-data field named file'] });
  try {
    const part = await req.file();
    const body = part && part.fieldname === 'file' ? await part.toBuffer() : null;
    if (!body?.length) throw Errors.invalid({ file: ['Take or choose a photo'] });
    return body;
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fail('MEDIA_TOO_LARGE', { limit: `${DOOR_PHOTO_MAX_BYTES / 1024 / 1024} MB` });
    if (code?.startsWith('FST_')) throw Errors.invalid({ file: ['The photo could not be read. Please try again.'] });
    throw e;
  }
}
