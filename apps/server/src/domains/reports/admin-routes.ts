import { codReportCsv, gstReportCsv, salesReportCsv } from '@grocer/shared/report-csv';
import { codReportSchema, dashboardSchema, gstReportSchema, reportRangeQuerySchema, salesReportSchema } from '@grocer/shared/reports';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { codReport, dashboard, gstReport, salesReport, type ReportsNeeds } from './service';

const csv = (reply: FastifyReply, name: string, r: { from: string; to: string }, body: string) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${r.from}-to-${r.to}.csv"`)
    .header('cache-control', 'private, no-store')
    .send(body);

/**
 * The dashboard and the reports (`/admin/reports/*`, hasAdminAccess), read-only, for a range of
 * India's calendar days (`from`, `to`; a bad range is 422). Each report also downloads as CSV.
 */
export const reportsAdminRoutes =
  (needs: ReportsNeeds): FastifyPluginAsyncZod<{ db: Db }> =>
  async (app, { db }) => {
    const query = { querystring: reportRangeQuerySchema };
    app.get('/admin/reports/dashboard', { schema: { ...query, response: { 200: dashboardSchema } } }, async (req) =>
      dashboard(db, req.website.id, req.query, needs),
    );
    app.get('/admin/reports/gst', { schema: { ...query, response: { 200: gstReportSchema } } }, async (req) =>
      gstReport(db, req.website.id, req.query),
    );
    app.get('/admin/reports/gst.csv', { schema: query }, async (req, reply) => {
      const r = await gstReport(db, req.website.id, req.query);
      return csv(reply, 'gst-hsn-summary', r, gstReportCsv(r));
    });
    app.get('/admin/reports/sales', { schema: { ...query, response: { 200: salesReportSchema } } }, async (req) =>
      salesReport(db, req.website.id, req.query),
    );
    const salesCsvQuery = z.intersection(reportRangeQuerySchema, z.object({ by: z.enum(['product', 'category']).default('product') }));
    app.get('/admin/reports/sales.csv', { schema: { querystring: salesCsvQuery } }, async (req, reply) => {
      const r = await salesReport(db, req.website.id, req.query, { all: true });
      return csv(reply, `sales-by-${req.query.by}`, r, salesReportCsv(r, req.query.by));
    });
    app.get('/admin/reports/cod', { schema: { ...query, response: { 200: codReportSchema } } }, async (req) =>
      codReport(db, req.website.id, req.query),
    );
    app.get('/admin/reports/cod.csv', { schema: query }, async (req, reply) => {
      const r = await codReport(db, req.website.id, req.query);
      return csv(reply, 'cod-to-collect', r, codReportCsv(r));
    });
  };
