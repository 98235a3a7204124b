import type { StaffBoot } from '@grocer/shared/staff';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { currentUser, forgetCurrentUser } from '../../http/auth';
import { Errors } from '../../http/errors';
import { useManagedWebsite } from '../../http/website';
import { errorReportingMeta, escapeHtml, scriptJson } from './head';
import { cachedAnalyticsSettings, staffTelemetryMeta } from '../analytics';
import { websiteSettingsRow } from '../website/service';
import { siteFontHead } from './fonts';
import { primaryHost } from '../website/bos-service';
import { registerRiderShell } from './rider';
import { serveBuiltAssets } from './assets';

/**
 * The staff app (apps/staff, DESIGN §10): its hashed assets under /staff/assets/ (immutable, like
 * the web app's) and its own HTML shell for /bos/admin/*, carrying the website and the signed-in
 * person (and for the point of sale at /pos/*). Nothing of it is referenced by a storefront page.
 */
export async function registerStaffShell(app: FastifyInstance, opts: { config: Config; db: Db }) {
  const { config, db } = opts;
  await serveBuiltAssets(app, config.staffDist, '/staff/assets/');
  const indexFile = path.join(config.staffDist, 'index.html');
  let template: string | undefined;

  const shell = async (req: FastifyRequest, reply: FastifyReply) => {
    template ??= existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
    if (!template) throw Errors.unavailable('The staff app is not built yet: run `npm run build`.');
    // The staff session's managed website (/auth/bos/choose), and the person's flags there.
    const host = req.website.id;
    let storefront: string | undefined;
    if ((await useManagedWebsite(req)).id !== host) {
      forgetCurrentUser(req);
      // "View shop" opens the managed website's own storefront, on this request's scheme and port
      const primary = await primaryHost(db, req.website.id);
      const port = req.host.match(/:\d+$/)?.[0] ?? '';
      if (primary) storefront = `${req.protocol}://${primary}${primary.includes(':') ? '' : port}/`;
    }
    const user = await currentUser(db, req);
    const settings = await cachedAnalyticsSettings(db, req.website.id);
    const boot: StaffBoot = {
      website: { id: req.website.id, name: req.website.name },
      ...(storefront ? { storefront } : {}),
      user: user && {
        name: user.name,
        email: user.email,
        phone: user.phone,
        superadmin: user.superadmin,
        hasAdminAccess: user.hasAdminAccess,
        isCashier: user.isCashier,
        isPacker: user.isPacker,
        isDeliveryManager: user.isDeliveryManager,
        isCatalogueEditor: user.isCatalogueEditor,
        isAccountant: user.isAccountant,
        isSalesAgent: user.isSalesAgent,
        isRider: user.isRider,
      },
    };
    // Website Settings previews the storefront's blocks in the site's own font (the page builder only).
    const fontHead = req.url.startsWith('/page-builder') ? siteFontHead((await websiteSettingsRow(db, req.website.id))?.fontFamily) : '';
    const area = req.url.startsWith('/page-builder') ? 'Website Settings' : 'Administration';
    const page = template
      .replace('<title>Administration</title>', () => `<title>${area} | ${escapeHtml(req.website.name)}</title>`)
      .replace('<!--staff-data-->', () => `<script id="__STAFF__" type="application/json">${scriptJson(boot)}</script>`)
      .replace(
        '</head>',
        () => `  ${staffTelemetryMeta(config, settings, user?.id ?? null)}\n  ${errorReportingMeta(config)}\n  ${fontHead}\n  </head>`,
      );
    // Personal (who is signed in), and never for search engines.
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('x-robots-tag', 'noindex').send(page);
  };
  // The service worker that shows new-order pushes (issue 40.17): served from /bos/admin so its
  // scope is Administration's, never the storefront's; always the current copy.
  const worker = path.join(config.staffDist, 'push-sw.js');
  app.get('/bos/admin/push-sw.js', { schema: { hide: true } }, async (_req, reply) => {
    if (!existsSync(worker)) throw Errors.notFound();
    return reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('service-worker-allowed', '/bos/admin/')
      .send(readFileSync(worker, 'utf8'));
  });
  // Pages, not API calls: kept out of the OpenAPI document of /s/api.
  app.get('/bos/admin', { schema: { hide: true } }, shell);
  app.get('/bos/admin/*', { schema: { hide: true } }, shell);
  // The point of sale (its own area of the same app, for cashiers and admins).
  app.get('/pos', { schema: { hide: true } }, shell);
  app.get('/pos/*', { schema: { hide: true } }, shell);
  // Website Settings: the page builder and the site's settings (hasAdminAccess, its own area).
  app.get('/page-builder', { schema: { hide: true } }, shell);
  app.get('/page-builder/*', { schema: { hide: true } }, shell);
  // Choosing and creating websites (spec §2), the staff app's `bos` area.
  app.get('/auth/bos/choose', { schema: { hide: true } }, shell);
  app.get('/auth/bos/create', { schema: { hide: true } }, shell);
  // The rider's phone app (apps/rider): staff too, a bundle and a page of its own at /rider.
  await registerRiderShell(app, { config });
}
