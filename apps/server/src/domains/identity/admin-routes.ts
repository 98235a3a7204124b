import { addStaffInputSchema, staffFlagsSchema, staffListSchema, staffMemberSchema } from '@grocer/shared/admin-staff';
import { coercedIdSchema } from '@grocer/shared/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { requireUser } from '../../http/auth';
import { auditActor } from '../audit';
import { addStaff, listStaff, updateStaff } from './staff-service';

/** Staff calls on the shop's staff (registered by staffRoutes, which guards them by area). The sales dashboard is the agents domain's. */
export const identityAdminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/admin/staff', { schema: { response: { 200: staffListSchema } } }, async (req) => {
    const me = await requireUser(db, req);
    return { data: await listStaff(db, req.website.id, me), canGrantSuperadmin: me.superadmin };
  });

  app.post('/admin/staff', { schema: { body: addStaffInputSchema, response: { 201: staffMemberSchema } } }, async (req, reply) =>
    reply.code(201).send(await addStaff(db, auditActor(req), await requireUser(db, req), req.body)),
  );

  app.put(
    '/admin/staff/:userId',
    {
      schema: {
        params: z.object({ userId: coercedIdSchema }),
        body: staffFlagsSchema,
        response: { 200: staffMemberSchema },
      },
    },
    async (req) => updateStaff(db, auditActor(req), await requireUser(db, req), req.params.userId, req.body),
  );
};
