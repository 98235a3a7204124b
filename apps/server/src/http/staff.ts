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
import { requireRole, type Role } from './auth';

/**
 * The staff areas (spec §6) and the role each needs: Administration (`/admin`), Website Settings
 * (`/builder`) and POS (`/pos`) need hasAdminAccess (a superadmin has it everywhere), the sales
 * dashboard (`/agent`) isSalesAgent, website switching (`/bos`) superadmin.
 */
export const STAFF_AREAS: Record<string, Role> = { admin: 'admin', builder: 'admin', pos: 'admin', agent: 'agent', bos: 'superadmin' };

/** What staff calls may use: the database, and the outbox and payments (sales agents' orders and payment links). */
export interface StaffDeps {
  db: Db;
  outbox: Outbox;
  payments: Payments;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the role a staff call needs, from its area (set by staffRoutes) */
    staffRole?: Role;
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
      route.config = { ...route.config, staffRole: role };
    });
    app.addHook('preHandler', async (req) => {
      req.staffUser = await requireRole(db, req, req.routeOptions.config.staffRole ?? 'superadmin');
    });
    for (const plugin of plugins) await app.register(plugin, deps as unknown as D);
  };
}

export const staffRoutes = staffScope<StaffDeps>([
  catalogueAdminRoutes,
  catalogueEditAdminRoutes,
  auditAdminRoutes,
  websiteAdminRoutes,
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
