import type { CurrentUser } from './auth';
import type { RequestSession } from './session';
import type { WebsiteRef } from './website';

declare module 'fastify' {
  interface FastifyRequest {
    /** The website this request is for (resolved from X-Origin / Origin / Host). */
    website: WebsiteRef;
    /** The website of the host the request came to, when staff calls work on another (http/website.ts useManagedWebsite). */
    hostWebsite?: WebsiteRef;
    /** The visitor's server-side session (lazy). */
    session: RequestSession;
    /** The signed-in staff member, set by the staff scope's guard (http/staff.ts) on staff calls only. */
    staffUser?: CurrentUser;
  }
  interface FastifyContextConfig {
    /** false for calls made by third parties (payment webhooks) */
    csrf?: boolean;
    /** a GET that changes state (spec §7 keeps the method): refused when another site sends it */
    changesState?: boolean;
    /** a load balancer's probe (platform/health.ts): no website, session or front cache, so no database */
    probe?: boolean;
  }
}
