import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { checkCsrf, mintXsrfToken, setXsrfCookie } from './csrf';
import { refuseNulBytes } from './nul-guard';
import { RequestSession } from './session';
import './types';
import type { FrontCache } from './front-cache';
import type { WebsiteResolver } from './website';

/**
 * The request pipeline of DESIGN §4 for every /s/api call and every HTML page: resolve the
 * website, attach the lazy session, enforce CSRF on state-changing calls; NUL bytes are refused first.
 */
export const requestPipeline = fp(async (app: FastifyInstance, opts: { db: Db; config: Config; websites: WebsiteResolver }) => {
  const resolver = opts.websites;
  app.decorate('websites', resolver);
  app.decorateRequest('website', null as never);
  app.decorateRequest('session', null as never);

  const { sessionSecret: secret, production: secure } = opts.config;
  const onNewId = (reply: FastifyReply, sessionId: string) => setXsrfCookie(reply, mintXsrfToken(secret, sessionId), secure);
  refuseNulBytes(app);
  app.addHook('onRequest', async (req, reply) => {
    if (req.url.startsWith('/assets/') || req.url.startsWith('/media/')) return;
    req.website = await resolver.resolve(req);
    req.session = new RequestSession(opts.db, req, reply, { secure, secret, onNewId });
  });

  app.addHook('preHandler', async (req) => {
    if (req.url.startsWith('/s/api/')) await checkCsrf(req, opts.config.sessionSecret);
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    websites: WebsiteResolver;
    /** Shared catalogue answers kept by address (front-cache.ts). */
    frontCache: FrontCache;
  }
}
