import { okSchema } from '@grocer/shared/storefront';
import { addressInputSchema, addressListSchema, addressSchema } from '@grocer/shared/account';
import { coercedIdSchema } from '@grocer/shared/ids';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { requireUser } from '../../http/auth';
import { requestLanguage } from '../website';
import { createAddress, deleteAddress, listAddresses, setDefaultAddress, updateAddress, type Owner } from './service';

const idParams = z.object({ id: coercedIdSchema });

/** The signed-in shopper's delivery addresses; another shopper's id is 404. */
export const addressRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // the delivery line in the request's language (issue 46)
  const owner = async (req: FastifyRequest): Promise<Owner> => ({
    websiteId: req.website.id,
    userId: (await requireUser(db, req)).id,
    language: await requestLanguage(db, req),
  });

  app.get('/addresses', { schema: { response: { 200: addressListSchema } } }, async (req) => ({
    data: await listAddresses(db, await owner(req)),
  }));
  app.post('/addresses', { schema: { body: addressInputSchema, response: { 200: addressSchema } } }, async (req) =>
    createAddress(db, await owner(req), req.body),
  );
  app.put('/addresses/:id', { schema: { params: idParams, body: addressInputSchema, response: { 200: addressSchema } } }, async (req) =>
    updateAddress(db, await owner(req), req.params.id, req.body),
  );
  app.delete('/addresses/:id', { schema: { params: idParams, response: { 200: okSchema } } }, async (req) => {
    await deleteAddress(db, await owner(req), req.params.id);
    return { ok: true as const };
  });
  app.post('/addresses/:id/default', { schema: { params: idParams, response: { 200: addressSchema } } }, async (req) =>
    setDefaultAddress(db, await owner(req), req.params.id),
  );
};
