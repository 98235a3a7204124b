import {
  accountIdParamsSchema,
  accountSummarySchema,
  adminAccountListSchema,
  adminAccountsQuerySchema,
  adminCustomerAccountsSchema,
  goodwillSchema,
  khataSettingsSchema,
  khataLimitSchema,
  khataOpenSchema,
  khataPaymentSchema,
  postedEntrySchema,
  statementQuerySchema,
  statementSchema,
  userIdParamsSchema,
} from '@grocer/shared/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { auditActor, customerDetail } from './deps';
import { accountById } from './ledger';
import { getKhataSettings, saveKhataSettings } from './notices';
import { accountsOf, grantGoodwill, listAccounts, openKhata, recordKhataPayment, setKhataLimit, statementOf } from './service';

/**
 * Administration's wallet and khata calls (`/admin/wallets*`, the customers' permission), scoped
 * to the request's website: another website's customer or account is 404. Every change is
 * audited in its own transaction.
 */
export const walletAdminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  /** a customer of this website (404 otherwise, or for staff) */
  const customer = async (websiteId: number, userId: number) => (await customerDetail(db, websiteId, userId)).id;

  app.get('/admin/wallets', { schema: { querystring: adminAccountsQuerySchema, response: { 200: adminAccountListSchema } } }, async (req) =>
    listAccounts(db, req.website.id, req.query),
  );

  app.get(
    '/admin/wallets/customers/:userId',
    { schema: { params: userIdParamsSchema, response: { 200: adminCustomerAccountsSchema } } },
    async (req) => {
      const userId = await customer(req.website.id, req.params.userId);
      return { user_id: userId, ...(await accountsOf(db, req.website.id, userId)) };
    },
  );

  app.post(
    '/admin/wallets/customers/:userId/khata',
    { schema: { params: userIdParamsSchema, body: khataOpenSchema, response: { 200: accountSummarySchema } } },
    async (req) => openKhata(db, auditActor(req), await customer(req.website.id, req.params.userId), req.body.credit_limit_paise),
  );

  app.post(
    '/admin/wallets/customers/:userId/goodwill',
    { schema: { params: userIdParamsSchema, body: goodwillSchema, response: { 200: postedEntrySchema } } },
    async (req) => grantGoodwill(db, auditActor(req), await customer(req.website.id, req.params.userId), req.body),
  );

  app.put(
    '/admin/wallets/accounts/:accountId/limit',
    { schema: { params: accountIdParamsSchema, body: khataLimitSchema, response: { 200: accountSummarySchema } } },
    async (req) => setKhataLimit(db, auditActor(req), req.params.accountId, req.body.credit_limit_paise),
  );

  app.post(
    '/admin/wallets/accounts/:accountId/payments',
    { schema: { params: accountIdParamsSchema, body: khataPaymentSchema, response: { 200: postedEntrySchema } } },
    async (req) => recordKhataPayment(db, auditActor(req), req.params.accountId, req.body),
  );

  /** the website's khata terms: days to pay after the monthly statement (default 7) */
  app.get('/admin/wallets/settings', { schema: { response: { 200: khataSettingsSchema } } }, async (req) =>
    getKhataSettings(db, req.website.id),
  );
  app.put('/admin/wallets/settings', { schema: { body: khataSettingsSchema, response: { 200: khataSettingsSchema } } }, async (req) =>
    saveKhataSettings(db, auditActor(req), req.body),
  );

  app.get(
    '/admin/wallets/accounts/:accountId/statement',
    { schema: { params: accountIdParamsSchema, querystring: statementQuerySchema, response: { 200: statementSchema } } },
    async (req) => statementOf(db, await accountById(db, req.website.id, req.params.accountId), req.query),
  );
};
