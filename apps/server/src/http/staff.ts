import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../db/client';
import { auditAdminRoutes } from '../domains/audit/admin-routes';
import { catalogueAdminRoutes } from '../domains/catalogue/admin-routes';
import { catalogueEditAdminRoutes } from '../domains/catalogue/edit-admin-routes';
import { catalogueCsvRoutes } from '../domains/catalogue/csv-routes';
import { contentAdminRoutes } from '../domains/content/admin-routes';
import { inventoryAdminRoutes } from '../domains/inventory/admin-routes';
import { couponsAdminRoutes } from '../domains/coupons/admin-routes';
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
import { forgetCurrentUser, requireRole, requireUser, type Role } from './auth';
import { useManagedWebsite } from './website';

/**
 * The staff areas (spec §6) and the role each needs: Administration (`/admin`) and Website
 * Settings (`/builder`) need hasAdminAccess (a superadmin has it everywhere), POS (`/pos`) a
 * cashier or an admin (its manager's calls ask for admin themselves), the sales dashboard
 * (`/agent`) isSalesAgent, website switching (`/bos`) superadmin.
 */
export const STAFF_AREAS: Record<string, Role> = { admin: 'admin', builder: 'admin', pos: 'cashier', agent: 'agent', bos: 'superadmin' };

/** What staff calls may use: the database, and the outbox and payments (sales agents' orders and payment links). */
export interface StaffDeps {
  db: Db;
  outbox: Outbox;
  payments: Payments;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * the role a staff call needs, from its area (set by staffRoutes); a route may ask only for
     * a signed-in person (`'user'`) when it checks per website itself (the choose screen)
     */
    staffRole?: Role | 'user';
  }
}

/**
 * Every staff call, from each domain's `admin-routes.ts`, in one scope behind one guard: 401
 * signed out, 403 without the area's role, whatever the client shows. A route outside the known
 * areas stops the server from starting, so no staff call can be left unguarded.
 */
export function staffScope<D extends { db: Db }>(plugins: Array<FastifyPluginAsyncZod<D>>): FastifyPluginAsyncZod<D> {
  return async (app, opts) => {
    // the scope's own register options (its prefix) are not the plugins' to apply again
    const { prefix: _prefix, ...deps } = opts as D & { prefix?: string };
    const { db } = deps;
    app.addHook('onRoute', (route) => {
      const area = route.url.slice(route.prefix.length).split('/')[1] ?? '';
      const role = STAFF_AREAS[area];
      if (!role) throw new Error(`staff route ${route.url} is outside the staff areas (${Object.keys(STAFF_AREAS).join(', ')})`);
      const declared = (route.config as { staffRole?: Role | 'user' } | undefined)?.staffRole;
      route.config = { ...route.config, staffRole: declared ?? role };
    });
    // Staff work on the session's managed website, and their role is checked there.
    app.addHook('preHandler', async (req) => {
      const host = req.website.id;
      if ((await useManagedWebsite(req)).id !== host) forgetCurrentUser(req);
      const role = req.routeOptions.config.staffRole ?? 'superadmin';
      req.staffUser = role === 'user' ? await requireUser(db, req) : await requireRole(db, req, role);
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
  deliveryAdminRoutes,
  agentsAdminRoutes,
  supportAdminRoutes,
  reportsAdminRoutes,
  inventoryAdminRoutes,
  catalogueCsvRoutes,
  contentAdminRoutes,
]);
