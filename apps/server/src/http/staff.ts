import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../db/client';
import { forgetCurrentUser, requirePermission, requireUser, type StaffNeed } from './auth';
import { staffNeedOf } from './staff-permissions';
import { useManagedWebsite } from './website';

/**
 * The staff areas (spec §6): Administration (`/admin`), Website Settings (`/builder`), the point of
 * sale (`/pos`), the sales dashboard (`/agent`) and website switching (`/bos`). Who may call what
 * is a permission of the person's roles (`staff-permissions.ts`).
 */
export const STAFF_AREAS = ['admin', 'builder', 'pos', 'agent', 'rider', 'bos'] as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * what a staff call needs, from its address (set by staffScope from staff-permissions.ts); a
     * route may declare its own: a permission, or only a signed-in person (`'user'`) when it
     * checks per website itself (the choose screen)
     */
    staffNeed?: StaffNeed;
  }
}

/**
 * Staff calls (each domain's, published by its `index.ts`, listed in app.ts) in one scope behind one guard: 401
 * signed out, 403 without the call's permission, whatever the client shows. A route outside the known
 * areas stops the server from starting, so no staff call can be left unguarded.
 */
export function staffScope<D extends { db: Db }>(plugins: Array<FastifyPluginAsyncZod<D>>): FastifyPluginAsyncZod<D> {
  return async (app, opts) => {
    // the scope's own register options (its prefix) are not the plugins' to apply again
    const { prefix: _prefix, ...deps } = opts as D & { prefix?: string };
    const { db } = deps;
    app.addHook('onRoute', (route) => {
      const url = route.url.slice(route.prefix.length);
      const declared = (route.config as { staffNeed?: StaffNeed } | undefined)?.staffNeed;
      // the address is classified even when the route declares its need: nothing unlisted starts
      const method = Array.isArray(route.method) ? route.method[0] : route.method;
      const fromAddress = staffNeedOf(String(method), url);
      route.config = { ...route.config, staffNeed: declared ?? fromAddress };
    });
    // Staff work on the session's managed website, and their permission is checked there, before
    // the input is validated: a person without it learns nothing of what the call expects.
    app.addHook('preValidation', async (req) => {
      const host = req.website.id;
      if ((await useManagedWebsite(req)).id !== host) forgetCurrentUser(req);
      const need = req.routeOptions.config.staffNeed ?? 'superadmin';
      req.staffUser = need === 'user' ? await requireUser(db, req) : await requirePermission(db, req, need);
    });
    for (const plugin of plugins) await app.register(plugin, deps as unknown as D);
  };
}
