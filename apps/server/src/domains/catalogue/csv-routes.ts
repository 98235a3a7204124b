import { catalogueImportBodySchema, catalogueImportQuerySchema, catalogueImportReportSchema } from '@grocer/shared/catalogue-import';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { auditActor } from '../audit';
import { applyImport, dryRunImport, exportCatalogue } from './csv-service';

/** Staff calls for the catalogue's CSV (in the staff scope, which guards `/admin`): import (dry run or apply) and export. */
export const catalogueCsvRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/admin/catalogue/import',
    {
      // a catalogue of 10,000 packs is a few megabytes of CSV
      bodyLimit: 25 * 1024 * 1024,
      schema: { querystring: catalogueImportQuerySchema, body: catalogueImportBodySchema, response: { 200: catalogueImportReportSchema } },
    },
    async (req) => (req.query.dry_run ? dryRunImport(db, req.website.id, req.body.csv) : applyImport(db, auditActor(req), req.body.csv)),
  );

  app.get('/admin/catalogue/export.csv', async (req, reply) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="catalogue.csv"')
      .header('cache-control', 'private, no-store')
      .send(await exportCatalogue(db, req.website.id)),
  );
};
