import {
  ALSO_CODE_MESSAGE,
  accountSchema,
  detailsBodySchema,
  detailsResponseSchema,
  detailsVerifyBodySchema,
  detailsVerifyResponseSchema,
  type Account,
  type Identifier,
} from '@grocer/shared/account';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { currentUser, forgetCurrentUser, requireUser } from '../../http/auth';
import { Errors } from '../../http/errors';
import { requestHost } from '../../http/website';
import { requestLanguage } from '../website';
import { countAddresses } from '../addresses';
import {
  confirmCodes,
  liveCodes,
  accountErrors,
  changeContact,
  clientLimit,
  identifierTaken,
  renameUser,
  sendCode,
  type SignInDeps,
} from '../identity';
import { wishlistCounts } from '../wishlist';
import { messageRoutes } from './message-routes';
import { privacyRoutes } from './privacy-routes';

/** What the orders domain adds to the dashboard (none until it is registered). */
export type OrdersSummary = (db: Db, websiteId: number, userId: number) => Promise<{ count: number; recent: Account['recent_orders'] }>;

/**
 * The account area's calls: the dashboard's figures, and the profile, where a changed email or
 * mobile is saved only once a code sent to the new one is confirmed.
 */
export const accountRoutes: FastifyPluginAsyncZod<SignInDeps & { ordersSummary?: OrdersSummary }> = async (app, deps) => {
  const { db, config } = deps;
  await app.register(privacyRoutes, { db });
  await app.register(messageRoutes, { db, outbox: deps.outbox });

  app.get('/account', { schema: { response: { 200: accountSchema } } }, async (req) => {
    const user = await requireUser(db, req);
    const o = { websiteId: req.website.id, userId: user.id };
    const wishlists = await wishlistCounts(db, o);
    const orders = deps.ordersSummary ? await deps.ordersSummary(db, o.websiteId, o.userId) : { count: 0, recent: [] };
    return {
      user,
      counts: { addresses: await countAddresses(db, o), wishlists: wishlists.lists, wishlist_items: wishlists.items, orders: orders.count },
      recent_orders: orders.recent,
    };
  });

  app.put('/account/details', { schema: { body: detailsBodySchema, response: { 200: detailsResponseSchema } } }, async (req) => {
    const user = await requireUser(db, req);
    const { name, email, phone } = req.body;
    const changed: Identifier[] = [];
    if (email !== user.email) changed.push({ kind: 'email', value: email });
    if (phone !== user.phone) changed.push({ kind: 'phone', value: phone });
    if (changed.length && (await identifierTaken(db, user.id, { email, phone }))) throw accountErrors.taken();
    if (name !== user.name) await renameUser(db, user.id, name);
    let pending = null;
    if (changed.length) {
      await clientLimit(db, 'send', req.ip);
      pending = await sendCode(deps, req.website, req.ip, {
        purpose: 'change',
        to: changed as [Identifier] | [Identifier, Identifier],
        userId: user.id,
        payload: { email, phone },
        host: requestHost(req),
        language: await requestLanguage(db, req),
      });
    }
    forgetCurrentUser(req);
    return { user: (await currentUser(db, req))!, pending };
  });

  app.post(
    '/account/details/verify',
    { schema: { body: detailsVerifyBodySchema, response: { 200: detailsVerifyResponseSchema } } },
    async (req) => {
      const user = await requireUser(db, req);
      await clientLimit(db, 'verify', req.ip);
      // the pending change's codes, one per new identifier (email first), each proving its own
      const [first, second] = await liveCodes(db, { websiteId: req.website.id, purposes: ['change'], userId: user.id });
      const { code, also_code } = req.body;
      if (second && !also_code) throw Errors.invalid({ also_code: [ALSO_CODE_MESSAGE] });
      const [row] = await confirmCodes(
        db,
        config.sessionSecret,
        second
          ? [
              { row: first, code, field: 'code' },
              { row: second, code: also_code!, field: 'also_code' },
            ]
          : [{ row: first, code }],
      );
      const { email, phone } = row!.payload;
      if (await identifierTaken(db, user.id, { email: email!, phone: phone! })) throw accountErrors.taken();
      // another account may take the email or mobile between the check above and this update: 409 too
      await changeContact(db, user.id, { email: email!, phone: phone! });
      forgetCurrentUser(req);
      return { user: (await currentUser(db, req))! };
    },
  );
};
