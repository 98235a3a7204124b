import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

  const sessionOf = requestSessions(opts.db, opts.config);
  refuseNulBytes(app);
  app.addHook('onRequest', async (req, reply) => {
    if (req.url.startsWith('/assets/') || req.url.startsWith('/media/') || req.routeOptions.config.probe) return;
    req.website = await resolver.resolve(req);
    // (the front cache may have attached it already: front-cache.ts)
    req.session ??= sessionOf(req, reply);
  });

  app.addHook('preHandler', async (req) => {
    if (req.url.startsWith('/s/api/')) await checkCsrf(req, opts.config.sessionSecret);
  });
});

/** The lazy session of a request (its row read only when asked for). */
export function requestSessions(db: Db, config: Config) {
  const { sessionSecret: secret, production: secure } = config;
  const onNewId = (reply: FastifyReply, sessionId: string) => setXsrfCookie(reply, mintXsrfToken(secret, sessionId), secure);
  return (req: FastifyRequest, reply: FastifyReply) => new RequestSession(db, req, reply, { secure, secret, onNewId });
}

declare module 'fastify' {
  interface FastifyInstance {
    websites: WebsiteResolver;
    /** Shared catalogue answers kept by address (front-cache.ts). */
    frontCache: FrontCache;
  }
}
