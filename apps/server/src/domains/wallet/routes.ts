import {
  khataPayStartSchema,
  myStatementQuerySchema,
  myWalletSchema,
  statementSchema,
  topupSchema,
  topupStartedSchema,
  topupStartSchema,
  topupVerifySchema,
  TOPUP_MAX_PAISE,
} from '@grocer/shared/wallet';
import { idParamsSchema } from '@grocer/shared/ids';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { requireUser } from '../../http/auth';
import { smallestTopup } from './ledger';
import { accountsOf, myStatement } from './service';
import type { Topups } from './topups';

/** The shop's address as the shopper's browser sees it (the gateway's return URL). */
function browserOrigin(req: FastifyRequest): string {
  const o = req.headers['x-origin'] ?? req.headers.origin;
  if (typeof o === 'string' && /^https?:\/\/[^/]+$/.test(o)) return o;
  return `${req.protocol}://${req.host}`;
}

/** The shopper's own wallet and khata (signed in; another's is never seen: 404). */
export const walletRoutes: FastifyPluginAsyncZod<{ db: Db; topups: Topups }> = async (app, { db, topups }) => {
  app.get('/account/wallet', { schema: { response: { 200: myWalletSchema } } }, async (req) => {
    const user = await requireUser(db, req);
    return {
      ...(await accountsOf(db, req.website.id, user.id)),
      topup: { min_paise: await smallestTopup(db, req.website.id), max_paise: TOPUP_MAX_PAISE },
    };
  });

  app.get(
    '/account/wallet/statement',
    { schema: { querystring: myStatementQuerySchema, response: { 200: statementSchema } } },
    async (req) => {
      const user = await requireUser(db, req);
      const { kind, ...months } = req.query;
      return myStatement(db, req.website.id, user.id, kind, months);
    },
  );

  app.post('/account/wallet/topups', { schema: { body: topupStartSchema, response: { 200: topupStartedSchema } } }, async (req) => {
    const user = await requireUser(db, req);
    return topups.start({ websiteId: req.website.id, ...user }, req.body, browserOrigin(req));
  });

  // the shopper pays what they owe on their khata online (issue 44 §4): a gateway payment like a top-up
  app.post('/account/khata/payments', { schema: { body: khataPayStartSchema, response: { 200: topupStartedSchema } } }, async (req) => {
    const user = await requireUser(db, req);
    return topups.startKhataPayment({ websiteId: req.website.id, ...user }, req.body, browserOrigin(req));
  });

  // the return page: asks the provider when the webhook has not come yet
  app.get('/account/wallet/topups/:id', { schema: { params: idParamsSchema, response: { 200: topupSchema } } }, async (req) => {
    const user = await requireUser(db, req);
    return topups.reconcile(req.website.id, user.id, req.params.id);
  });

  app.post(
    '/account/wallet/topups/:id/verify',
    { schema: { params: idParamsSchema, body: topupVerifySchema, response: { 200: topupSchema } } },
    async (req) => {
      const user = await requireUser(db, req);
      return topups.verifyRazorpay(req.website.id, user.id, req.params.id, req.body);
    },
  );
};
