import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { websiteCache } from '../../http/cache';
import { activeProductSlugs } from '../catalogue';
import { SUPPLIERS_PATH } from '../content';
import { loadStoreData } from './service';
import { websiteLanguages } from './language';
import { LANGUAGE_TAGS } from '@grocer/shared/languages';

/** A sitemap file holds at most 50,000 URLs (sitemaps.org). */
const MAX_URLS = 50_000;
const cache = websiteCache<string>({ ttlMs: 60_000, maxEntries: 200 });

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** The address the request came to: a sitemap lists URLs of its own host (each host is one website). */
const originOf = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

/** Paths crawlers should leave alone: personal pages, the staff app, the API. */
const PRIVATE = ['/account', '/checkout', '/order', '/auth', '/bos', '/page-builder', '/pos', '/s/'];

/**
 * GET /sitemap.xml and /robots.txt of the website a host resolves to (spec §1 SEO): the sitemap
 * lists the home page, the product list, the categories, the suppliers page when shown, every
 * published page and every active product; robots.txt keeps crawlers out of the private paths
 * and names the sitemap. Cached a minute per website (a staff change drops it at once).
 */
export async function registerSeoRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get('/robots.txt', { schema: { hide: true } }, async (req, reply) => {
    const lines = ['User-agent: *', ...PRIVATE.map((p) => `Disallow: ${p}`), '', `Sitemap: ${originOf(req)}/sitemap.xml`, ''];
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=300').send(lines.join('\n'));
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (req, reply) => {
    const origin = originOf(req);
    const xml = await cache.get(req.website.id, `sitemap:${origin}`, async () => {
      const [store, { languages }] = await Promise.all([loadStoreData(db, req.website.id), websiteLanguages(db, req.website.id)]);
      // a website of several languages: each address names its versions (`?lang=xx`) and x-default (issue 46)
      const alternates = (loc: string) =>
        languages.length < 2
          ? ''
          : [...languages.map((l) => [LANGUAGE_TAGS[l], `${loc}?lang=${l}`]), ['x-default', loc]]
              .map(([tag, href]) => `<xhtml:link rel="alternate" hreflang="${tag}" href="${escapeXml(href!)}"/>`)
              .join('');
      const rows = await activeProductSlugs(db, req.website.id, MAX_URLS);
      const urls: Array<{ loc: string; lastmod?: Date }> = [{ loc: '/' }, { loc: '/products' }, { loc: '/categories' }];
      if (store.web.show_supplier_page) urls.push({ loc: SUPPLIERS_PATH });
      for (const p of store.webPages) if (p.url !== '/') urls.push({ loc: p.url });
      for (const p of rows) urls.push({ loc: `/products/${encodeURIComponent(p.slug)}`, lastmod: p.updatedAt });
      const body = urls
        .slice(0, MAX_URLS)
        .map(
          (u) =>
            `<url><loc>${escapeXml(origin + u.loc)}</loc>${alternates(origin + u.loc)}${u.lastmod ? `<lastmod>${u.lastmod.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`,
        )
        .join('\n');
      const xhtml = languages.length < 2 ? '' : ' xmlns:xhtml="http://www.w3.org/1999/xhtml"';
      return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${xhtml}>\n${body}\n</urlset>\n`;
    });
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=300').send(xml);
  });
}
