import {
  menusGroupSchema,
  MENU_KINDS,
  languagesGroupSchema,
  navigationGroupSchema,
  popupGroupSchema,
  savedSettingsSchema,
  scriptsGroupSchema,
  seoGroupSchema,
  siteSettingsSchema,
  themeGroupSchema,
  websiteGroupSchema,
  withVersion,
} from '@grocer/shared/site-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { Errors } from '../../http/errors';
import { listWebsites } from './service';
import {
  readSiteSettings,
  saveLanguages,
  saveMenu,
  saveNavigation,
  savePopup,
  saveScripts,
  saveSeo,
  saveTheme,
  saveWebsite,
} from './settings-service';

const saved = { response: { 200: savedSettingsSchema } };

/**
 * Staff calls on websites (registered by staffRoutes, which guards them by area). Website
 * Settings (issue 15) under /builder: one read of every group, one save per group, each with the
 * version it was edited from (409 when stale), refused field by field by the storefront's rules.
 */
export const websiteAdminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // The extra page scripts run on every page of the shop: only its owner (superadmin, DESIGN §8's
  // store owner) may see or change them; hasAdminAccess staff may not.
  const isOwner = (req: { staffUser?: { superadmin: boolean } }) => !!req.staffUser?.superadmin;

  app.get('/builder/settings', { schema: { response: { 200: siteSettingsSchema } } }, async (req) =>
    readSiteSettings(db, req.website.id, isOwner(req)),
  );

  app.put('/builder/settings/website', { schema: { body: withVersion(websiteGroupSchema), ...saved } }, async (req) => {
    const { version, ...input } = req.body;
    return saveWebsite(db, req, version, input);
  });
  app.put('/builder/settings/theme', { schema: { body: withVersion(themeGroupSchema), ...saved } }, async (req) => {
    const { version, ...input } = req.body;
    return saveTheme(db, req, version, input);
  });
  app.put('/builder/settings/navigation', { schema: { body: withVersion(navigationGroupSchema), ...saved } }, async (req) => {
    const { version, ...input } = req.body;
    return saveNavigation(db, req, version, input);
  });
  app.put('/builder/settings/popup', { schema: { body: withVersion(popupGroupSchema), ...saved } }, async (req) => {
    const { version, ...input } = req.body;
    return savePopup(db, req, version, input);
  });
  app.put('/builder/settings/seo', { schema: { body: withVersion(seoGroupSchema), ...saved } }, async (req) => {
    const { version, ...input } = req.body;
    return saveSeo(db, req, version, input);
  });
  app.put('/builder/settings/languages', { schema: { body: withVersion(languagesGroupSchema), ...saved } }, async (req) => {
    const { version, ...input } = req.body;
    return saveLanguages(db, req, version, input);
  });
  app.put('/builder/settings/scripts', { schema: { body: withVersion(scriptsGroupSchema), ...saved } }, async (req) => {
    if (!isOwner(req)) throw Errors.forbidden('Only the store owner can change the extra page scripts');
    const { version, ...input } = req.body;
    return saveScripts(db, req, version, input);
  });
  app.put(
    '/builder/menus/:kind',
    { schema: { params: z.object({ kind: z.enum(MENU_KINDS) }), body: withVersion(menusGroupSchema), ...saved } },
    async (req) => saveMenu(db, req, req.body.version, req.params.kind, req.body.items),
  );

  app.get('/bos/websites', async () => ({ data: await listWebsites(db) }));
};
