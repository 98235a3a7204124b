import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../db/client';
import { auditAdminRoutes } from '../domains/audit/admin-routes';
import { catalogueAdminRoutes } from '../domains/catalogue/admin-routes';
import { catalogueEditAdminRoutes } from '../domains/catalogue/edit-admin-routes';
import { catalogueCsvRoutes } from '../domains/catalogue/csv-routes';
import { contentAdminRoutes } from '../domains/content/admin-routes';
import { couponsAdminRoutes } from '../domains/coupons/admin-routes';
import { promotionsAdminRoutes } from '../domains/promotions/admin-routes';
import { priceListsAdminRoutes } from '../domains/price-lists/admin-routes';
import { deliveryAdminRoutes } from '../domains/delivery/admin-routes';
import { identityAdminRoutes } from '../domains/identity/admin-routes';
import { agentsAdminRoutes } from '../domains/agents/admin-routes';
import type { Outbox } from '../domains/outbox/service';
import type { Payments } from '../domains/payments/service';
import { posAdminRoutes } from '../domains/pos/admin-routes';
import { supportAdminRoutes } from '../domains/support/admin-routes';
import { reportsAdminRoutes } from '../domains/reports/admin-routes';
import { websiteAdminRoutes } from '../domains/website/admin-routes';
import { websiteBosRoutes } from '../domains/website/bos-routes';
import { viewsAdminRoutes } from '../domains/views/admin-routes';
import { translationAdminRoutes } from '../domains/translations/admin-routes';
import { forgetCurrentUser, requirePermission, requireUser, type StaffNeed } from './auth';
import { staffNeedOf } from './staff-permissions';
import { useManagedWebsite } from './website';

/**
 * The staff areas (spec §6): Administration (`/admin`), Website Settings (`/builder`), the point of
 * sale (`/pos`), the sales dashboard (`/agent`) and website switching (`/bos`). Who may call what
 * is a permission of the person's roles (`staff-permissions.ts`).
 */
export const STAFF_AREAS = ['admin', 'builder', 'pos', 'agent', 'rider', 'bos'] as const;

/** What staff calls may use: the database, and the outbox and payments (sales agents' orders and payment links). */
export interface StaffDeps {
  db: Db;
  outbox: Outbox;
  payments: Payments;
}

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
 * Every staff call, from each domain's `admin-routes.ts`, in one scope behind one guard: 401
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

export const staffRoutes = staffScope<StaffDeps>([
  catalogueAdminRoutes,
  catalogueEditAdminRoutes,
  auditAdminRoutes,
  websiteAdminRoutes,
  websiteBosRoutes,
  identityAdminRoutes,
  posAdminRoutes,
  couponsAdminRoutes,
  promotionsAdminRoutes,
  priceListsAdminRoutes,
  deliveryAdminRoutes,
  agentsAdminRoutes,
  supportAdminRoutes,
  reportsAdminRoutes,
  catalogueCsvRoutes,
  contentAdminRoutes,
  viewsAdminRoutes,
  translationAdminRoutes,
]);
