import type { RequestSession } from './session';
import type { WebsiteRef } from './website';

declare module 'fastify' {
  interface FastifyRequest {
    /** The website this request is for (resolved from X-Origin / Origin / Host). */
    website: WebsiteRef;
    /** The visitor's server-side session (lazy). */
    session: RequestSession;
  }
  interface FastifyContextConfig {
    /** false for calls made by third parties (payment webhooks) */
    csrf?: boolean;
    /** a GET that changes state (spec §7 keeps the method): refused when another site sends it */
    changesState?: boolean;
  }
}
