import { okSchema } from '@grocer/shared/storefront';
import {
  ALSO_CODE_MESSAGE,
  loginBodySchema,
  codeSentSchema,
  registerBodySchema,
  verifyBodySchema,
  verifyResponseSchema,
} from '@grocer/shared/account';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, forgetCurrentUser } from '../../http/auth';
import { XSRF_COOKIE, mintXsrfToken, setXsrfCookie } from '../../http/csrf';
import { loadCart, mergeGuestCart } from '../cart';
import { Errors, fail } from '../../http/errors';
import type { Db } from '../../db/client';
import { loadStoreData } from '../website/service';
import { languageAtSignIn, requestLanguage } from '../website';
import { requestHost } from '../../http/website';
import { confirmCodes, liveCodes } from './codes';
import { refuseBlocked } from './customers';
import {
  accountErrors,
  clientLimit,
  createUser,
  findUserBy,
  registrationMobileCode,
  sendCode,
  verifyLimit,
  type SignInDeps,
} from './service';

/** The website's show_register (spec §3) off: no new accounts, whatever the client shows. */
async function refuseClosedRegistration(db: Db, websiteId: number) {
  if (!(await loadStoreData(db, websiteId)).navSetting.show_register) throw fail('REGISTRATION_CLOSED');
}

/**
 * The browser asking: its session id, or before its first write the pre-session id its XSRF token
 * is bound to (the CSRF check has verified it). A code may be tried only by the browser that asked.
 */
async function browserOf(req: FastifyRequest): Promise<string> {
  const id = await req.session.csrfId(false);
  if (!id) throw Errors.csrfMismatch();
  return id;
}

/** Sign-in by one-time code (DESIGN §5): login or register, then verify; logout. */
export const identityRoutes: FastifyPluginAsyncZod<SignInDeps> = async (app, deps) => {
  const { db, config } = deps;

  app.post('/auth/login', { schema: { body: loginBodySchema, response: { 200: codeSentSchema } } }, async (req) => {
    await clientLimit(db, 'send', req.ip);
    const user = await findUserBy(db, req.body.identifier);
    if (!user) throw accountErrors.notFound();
    await refuseBlocked(db, req.website, user.id);
    return sendCode(deps, req.website, req.ip, {
      purpose: 'login',
      to: [req.body.identifier],
      userId: user.id,
      host: requestHost(req),
      holder: await browserOf(req),
      language: await requestLanguage(db, req),
    });
  });

  app.post('/auth/register', { schema: { body: registerBodySchema, response: { 200: codeSentSchema } } }, async (req) => {
    await refuseClosedRegistration(db, req.website.id);
    await clientLimit(db, 'send', req.ip);
    const { name, email, phone } = req.body;
    if ((await findUserBy(db, { kind: 'email', value: email })) || (await findUserBy(db, { kind: 'phone', value: phone })))
      throw accountErrors.exists();
    return sendCode(deps, req.website, req.ip, {
      purpose: 'register',
      to: [
        { kind: 'email', value: email },
        { kind: 'phone', value: phone },
      ],
      payload: { name, email, phone },
      host: requestHost(req),
      holder: await browserOf(req),
      language: await requestLanguage(db, req),
    });
  });

  app.post('/auth/verify', { schema: { body: verifyBodySchema, response: { 200: verifyResponseSchema } } }, async (req, reply) => {
    await clientLimit(db, 'verify', req.ip);
    await verifyLimit(db, req.body.identifier.value, req.ip);
    const { code, also_code } = req.body;
    const newest = (
      await liveCodes(db, {
        websiteId: req.website.id,
        purposes: ['login', 'register'],
        identifier: req.body.identifier.value,
        holder: await browserOf(req),
      })
    ).at(-1);
    // a registration is verified by its email; its mobile's code comes as `also_code`
    const row = newest?.purpose === 'register' && newest.identifier !== newest.payload.email ? undefined : newest;
    let user;
    if (row?.purpose === 'register') {
      // a registration proves its email and its mobile: both codes, or nothing is saved
      // registration closed after the code was sent: no account is made
      await refuseClosedRegistration(db, req.website.id);
      if (!also_code) throw Errors.invalid({ also_code: [ALSO_CODE_MESSAGE] });
      await confirmCodes(db, config.sessionSecret, [
        { row, code, field: 'code' },
        { row: await registrationMobileCode(db, req.website.id, row), code: also_code, field: 'also_code' },
      ]);
      const p = row.payload;
      user = await createUser(db, req.website.id, { name: p.name!, email: p.email!, phone: p.phone! });
    } else {
      await confirmCodes(db, config.sessionSecret, [{ row, code }]);
      user = await findUserBy(db, req.body.identifier);
    }
    if (!user) throw accountErrors.notFound();
    // blocked after the code was sent: still no session
    await refuseBlocked(db, req.website, user.id);
    // A new session id at sign-in (no fixation); the guest's cart joins the user's.
    const guest = await req.session.get();
    const session = await req.session.rotate(db, user.id);
    setXsrfCookie(reply, mintXsrfToken(config.sessionSecret, session.id), config.production);
    const merged = guest ? await mergeGuestCart(db, { websiteId: req.website.id, userId: user.id, sessionId: guest.id }) : 0;
    forgetCurrentUser(req);
    const me = (await currentUser(db, req))!;
    // A fresh browser speaks the account's language (issue 46) unless the shopper already chose one here.
    await languageAtSignIn(db, req, reply, me.language, config.production);
    const { cart } = await loadCart(db, { websiteId: req.website.id, userId: user.id, sessionId: session.id, pincode: session.pincode });
    return { user: me, cart, cart_merged: merged };
  });

  app.get('/auth/logout', { schema: { response: { 200: okSchema } }, config: { changesState: true } }, async (req, reply) => {
    await req.session.revoke();
    reply.clearCookie(XSRF_COOKIE, { path: '/' });
    forgetCurrentUser(req);
    return { ok: true as const };
  });
};
