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
    await expect(start()).rejects.toThrow('staff route /reports/sales is outside the staff areas');
  });

  it('gives each route the permission of its area, screen and move, and refuses an unlisted screen', async () => {
    const areas: FastifyPluginAsyncZod<{ db: Db }> = async (app) => {
      // answers the need the guard would check, before the guard runs
      app.addHook('onRequest', async (req, reply) => reply.send({ need: req.routeOptions.config.staffNeed }));
      for (const url of ['/admin/products', '/admin/orders/:id', '/builder/x', '/pos/x', '/agent/x', '/bos/x'])
        app.get(url, async () => ({}));
      for (const url of ['/admin/orders/:id/pack', '/admin/orders/:id/ship', '/admin/orders/:id/cancel']) app.post(url, async () => ({}));
      app.post('/pos/settings', { config: { staffNeed: 'pos.manage' } }, async () => ({}));
    };
    const app = Fastify();
    await app.register(staffScope([areas]), { prefix: '/s/api', db: noDb });
    const needOf = async (url: string, method: 'GET' | 'POST' = 'GET') => (await app.inject({ url: `/s/api${url}`, method })).json().need;
    expect({
      products: await needOf('/admin/products'),
      order: await needOf('/admin/orders/7'),
      pack: await needOf('/admin/orders/7/pack', 'POST'),
      ship: await needOf('/admin/orders/7/ship', 'POST'),
      cancel: await needOf('/admin/orders/7/cancel', 'POST'),
      builder: await needOf('/builder/x'),
      pos: await needOf('/pos/x'),
      posSettings: await needOf('/pos/settings', 'POST'),
      agent: await needOf('/agent/x'),
      bos: await needOf('/bos/x'),
    }).toEqual({
      products: 'catalogue',
      order: 'orders.read',
      pack: 'orders.pack',
      ship: 'orders.deliver',
      cancel: 'orders.manage',
      builder: 'builder',
      pos: 'pos',
      posSettings: 'pos.manage',
      agent: 'agent',
      bos: 'superadmin',
    });
    await app.close();

    const unlisted: FastifyPluginAsyncZod<{ db: Db }> = async (app) => {
      app.get('/admin/secrets', async () => ({}));
    };
    const other = Fastify();
    const start = async () => {
      await other.register(staffScope([unlisted]), { prefix: '/s/api', db: noDb });
      await other.ready();
    };
    await expect(start()).rejects.toThrow('staff route /admin/secrets is on no known Administration screen');
  });
});
