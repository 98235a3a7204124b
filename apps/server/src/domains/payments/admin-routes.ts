import {
  KEYED_PROVIDERS,
  codBodySchema,
  connectionResultSchema,
  paymentSettingsSchema,
  providerKeysBodySchema,
  testConnectionBodySchema,
  type ProviderKeysBody,
} from '@grocer/shared/admin-payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { auditActor } from '../audit';
import { browserOrigin } from '../orders/routes';
import { paymentSettingsOf, removeProviderKeys, saveProviderKeys, setCod, testConnection } from './settings';

const params = z.object({ provider: z.enum(KEYED_PROVIDERS) });

/**
 * Staff calls on the website's payments settings (in the staff scope, which guards `/admin`).
 * No answer ever carries a secret: only the key id and the secrets' last four characters.
 */
export const paymentAdminRoutes =
  (deps: { config: Config; selfUrl: () => string }): FastifyPluginAsyncZod<{ db: Db }> =>
  async (app, { db }) => {
    const settings = (req: Parameters<typeof browserOrigin>[0]) => paymentSettingsOf(db, deps.config, req.website.id, browserOrigin(req));

    app.get('/admin/payments', { schema: { response: { 200: paymentSettingsSchema } } }, async (req) => settings(req));

    app.put(
      '/admin/payments/:provider',
      { schema: { params, body: providerKeysBodySchema, response: { 200: paymentSettingsSchema } } },
      async (req) => {
        await saveProviderKeys(db, deps.config, auditActor(req), req.params.provider, req.body);
        return settings(req);
      },
    );

    app.delete('/admin/payments/:provider', { schema: { params, response: { 200: paymentSettingsSchema } } }, async (req) => {
      await removeProviderKeys(db, auditActor(req), req.params.provider);
      return settings(req);
    });

    app.put('/admin/payments/cod', { schema: { body: codBodySchema, response: { 200: paymentSettingsSchema } } }, async (req) => {
      await setCod(db, auditActor(req), req.body.cod_enabled);
      return settings(req);
    });

    /** Tries the saved keys, or keys typed in the form before saving them. */
    app.post(
      '/admin/payments/:provider/test',
      { schema: { params, body: testConnectionBodySchema, response: { 200: connectionResultSchema } } },
      async (req) =>
        testConnection(
          db,
          deps.config,
          req.website.id,
          req.params.provider,
          deps.selfUrl,
          req.body && 'key_id' in req.body ? (req.body as ProviderKeysBody) : undefined,
        ),
    );
  };
