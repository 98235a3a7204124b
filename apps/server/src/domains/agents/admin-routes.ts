import { addressInputSchema, addressListSchema, addressSchema } from '@grocer/shared/account';
import {
  adminAgentListSchema,
  adminAgentSchema,
  agentCustomerListSchema,
  agentDashboardSchema,
  agentOrderBodySchema,
  agentOrderResponseSchema,
  agentRateBodySchema,
  agentReportSchema,
  assignCustomerBodySchema,
  salesRangeQuerySchema,
} from '@grocer/shared/agents';
import { cartSchema } from '@grocer/shared/cart';
import { agentReportCsv } from '@grocer/shared/report-csv';
import { coercedIdSchema } from '@grocer/shared/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import type { Outbox } from '../outbox';
import { z } from 'zod';
import { auditActor } from '../audit';
import { cartContext } from '../cart';
import { browserOrigin } from '../orders/routes';
import {
  addCustomerAddress,
  adminAgents,
  agentCustomers,
  agentDashboard,
  agentReport,
  assignAgentCustomer,
  cartForCustomer,
  customerAddresses,
  orderForCustomer,
  setAgentRate,
  unassignAgentCustomer,
} from './service';

const agentParams = z.object({ id: coercedIdSchema });
const customerParams = z.object({ id: coercedIdSchema });
const assignmentParams = z.object({ id: coercedIdSchema, customerId: coercedIdSchema });

/**
 * Sales agents (issue 17). Administration (`/admin/agents*`, hasAdminAccess): agents, their
 * commission rate and customers, the sales report. The agent's own calls (`/agent/*`,
 * isSalesAgent): dashboard, customers, ordering for a customer. An agent only ever reaches their
 * own customers (another's: 404) and their own figures (the agent is the signed-in user).
 */
export const agentsAdminRoutes: FastifyPluginAsyncZod<{ db: Db; outbox: Outbox }> = async (app, { db, outbox }) => {
  app.get('/admin/agents', { schema: { response: { 200: adminAgentListSchema } } }, async (req) => ({
    data: await adminAgents(db, req.website.id),
  }));
  app.put(
    '/admin/agents/:id',
    { schema: { params: agentParams, body: agentRateBodySchema, response: { 200: adminAgentSchema } } },
    async (req) => setAgentRate(db, auditActor(req), req.params.id, req.body.commission_rate),
  );
  app.post(
    '/admin/agents/:id/customers',
    { schema: { params: agentParams, body: assignCustomerBodySchema, response: { 200: adminAgentSchema } } },
    async (req) => assignAgentCustomer(db, auditActor(req), req.params.id, req.body.identifier),
  );
  app.delete(
    '/admin/agents/:id/customers/:customerId',
    { schema: { params: assignmentParams, response: { 200: adminAgentSchema } } },
    async (req) => unassignAgentCustomer(db, auditActor(req), req.params.id, req.params.customerId),
  );
  app.get('/admin/agents/report', { schema: { querystring: salesRangeQuerySchema, response: { 200: agentReportSchema } } }, async (req) =>
    agentReport(db, req.website.id, req.query),
  );
  /** The same report as a CSV file (for a spreadsheet). */
  app.get('/admin/agents/report.csv', { schema: { querystring: salesRangeQuerySchema } }, async (req, reply) => {
    const report = await agentReport(db, req.website.id, req.query);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="agent-sales-${report.from}-to-${report.to}.csv"`)
      .header('cache-control', 'private, no-store')
      .send(agentReportCsv(report));
  });

  app.get('/agent/dashboard', { schema: { querystring: salesRangeQuerySchema, response: { 200: agentDashboardSchema } } }, async (req) =>
    agentDashboard(db, req.website, req.staffUser!, req.query),
  );
  app.get('/agent/customers', { schema: { response: { 200: agentCustomerListSchema } } }, async (req) => ({
    data: await agentCustomers(db, req.website.id, req.staffUser!.id),
  }));
  app.get('/agent/customers/:id/addresses', { schema: { params: customerParams, response: { 200: addressListSchema } } }, async (req) => ({
    data: await customerAddresses(db, req.website.id, req.staffUser!.id, req.params.id),
  }));
  app.post(
    '/agent/customers/:id/addresses',
    { schema: { params: customerParams, body: addressInputSchema, response: { 200: addressSchema } } },
    async (req) => addCustomerAddress(db, auditActor(req), req.staffUser!.id, req.params.id, req.body),
  );
  app.get(
    '/agent/customers/:id/cart',
    {
      schema: { params: customerParams, querystring: z.object({ address_id: coercedIdSchema.optional() }), response: { 200: cartSchema } },
    },
    async (req) => cartForCustomer(db, await cartContext(req), req.staffUser!.id, req.params.id, req.query.address_id),
  );
  app.post('/agent/orders', { schema: { body: agentOrderBodySchema, response: { 200: agentOrderResponseSchema } } }, async (req) =>
    orderForCustomer({ db, outbox }, req.website, req.staffUser!, await cartContext(req), req.body, browserOrigin(req)),
  );
};
