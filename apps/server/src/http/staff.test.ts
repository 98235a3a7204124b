import Fastify from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { staffScope } from './staff';

const noDb = {} as Db;

describe('the staff scope', () => {
  it('refuses to start with a staff route outside the known areas (it would have no role to check)', async () => {
    const stray: FastifyPluginAsyncZod<{ db: Db }> = async (app) => {
      app.get('/reports/sales', async () => ({ secret: true }));
    };
    const app = Fastify();
    const start = async () => {
      await app.register(staffScope([stray]), { prefix: '/s/api', db: noDb });
      await app.ready();
    };
    await expect(start()).rejects.toThrow('staff route /s/api/reports/sales is outside the staff areas');
  });

  it('gives each route the role of its area', async () => {
    const areas: FastifyPluginAsyncZod<{ db: Db }> = async (app) => {
      // answers the role the guard would check, before the guard runs
      app.addHook('onRequest', async (req, reply) => reply.send({ role: req.routeOptions.config.staffRole }));
      for (const url of ['/admin/x', '/builder/x', '/pos/x', '/agent/x', '/bos/x']) app.get(url, async () => ({}));
    };
    const app = Fastify();
    await app.register(staffScope([areas]), { prefix: '/s/api', db: noDb });
    const roleOf = async (url: string) => (await app.inject(`/s/api${url}`)).json().role;
    expect({
      admin: await roleOf('/admin/x'),
      builder: await roleOf('/builder/x'),
      pos: await roleOf('/pos/x'),
      agent: await roleOf('/agent/x'),
      bos: await roleOf('/bos/x'),
    }).toEqual({
      admin: 'admin',
      builder: 'admin',
      pos: 'cashier',
      agent: 'agent',
      bos: 'superadmin',
    });
    await app.close();
  });
});
