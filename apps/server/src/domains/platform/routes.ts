import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { pingDatabase } from '../../db/client';
import { mintXsrfToken, setXsrfCookie } from '../../http/csrf';
import type { Config } from '../../config';

export const platformRoutes: FastifyPluginAsyncZod<{ database: Database; config: Config }> = async (app, { database, config }) => {
  app.get(
    '/health',
    { schema: { response: { 200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }) } } },
    async () => {
      await pingDatabase(database.db);
      return { status: 'ok' as const, database: database.kind };
    },
  );

  /** Spec §7: sets the readable XSRF-TOKEN cookie the client echoes in X-XSRF-TOKEN. */
  // Bound to the session, or to the pre-session id it will have: no row is written here, so a
  // visitor (or a crawler) that never changes anything leaves nothing in the sessions table.
  app.get('/cookie', async (req, reply) => {
    const id = (await req.session.csrfId(true))!;
    setXsrfCookie(reply, mintXsrfToken(config.sessionSecret, id), config.production);
    return reply.status(204).send();
  });
};
