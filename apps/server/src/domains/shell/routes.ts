import { imageUrl } from '@grocer/shared/image';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { websiteCache } from '../../http/cache';
import { Body, sendBody } from '../../http/micro-cache';
import { AppError, Errors } from '../../http/errors';
import { SESSION_COOKIE } from '../../http/session';
import { decodeUrlText } from '../../http/nul-guard';
import { catalogueContext } from '../catalogue/routes';
import { guestHasCart } from '../cart';
import { currentSlugOf, answerFor, type CatalogueAnswers } from '../catalogue';
import { productsQuerySchema, type Product } from '@grocer/shared/catalogue';
import { listSearch, paramsFromSearch } from '@grocer/shared/list-params';
import { findPage, getPageData, movedPageUrl, normalisePageUrl, warnBlockProblems, listSuppliers, SUPPLIERS_PATH } from '../content';
import { loadInit } from '../website/service';
import { queryLanguage, requestLanguage, websiteLanguages } from '../website';
import { LANGUAGE_TAGS, type Language } from '@grocer/shared/languages';
import { registerAppManifest } from './app-manifest';
import { contentSecurityPolicy } from './csp';
import type { AnalyticsSettings } from '@grocer/shared/analytics';
import { cachedAnalyticsSettings, posthogTarget } from '../analytics';
import { registerFonts } from './fonts';
import { errorReportingMeta, renderHead, scriptJson, type HeadData } from './head';
import { closedPage } from './closed';
import { appScripts, eagerScripts, scriptsAfterPaint, type AppScripts } from './scripts';
import { serveBuiltAssets } from './assets';

/** Pages for one signed-in person: rendered by the browser only (nothing personal in server HTML). */
const PRIVATE_ROUTES = /^\/(checkout|order|auth|account)(\/|$)/;

type ServerRenderer = (url: string, input: { init: unknown; data: Prefetched; cdn: string }) => Promise<string | null>;

/** The web app's server renderer (apps/web/dist-server), when it has been built. */
async function loadServerRenderer(dist: string): Promise<ServerRenderer | null> {
  const file = path.join(path.dirname(dist), 'dist-server', 'entry-server.js');
  if (!existsSync(file)) return null;
  const mod = (await import(pathToFileURL(file).href)) as { render: ServerRenderer };
  return mod.render;
}

const APP_ROUTES = /^\/(products|categories|checkout|order|auth|account)(\/|$)/;

/**
 * Serves the built web app: hashed assets with long-lived cache headers, and for every other
 * GET path the HTML shell (history-mode routing) with the page's head written in and the
 * /s/api/init payload inlined, so neither crawlers nor the first paint wait for JavaScript.
 */
export async function registerShell(app: FastifyInstance, opts: { config: Config; db: Db; answers: CatalogueAnswers }) {
  const { config, db, answers } = opts;
  const dist = config.webDist;
  await serveBuiltAssets(app, dist, '/assets/', { decorateReply: true });
  registerFonts(app);
  registerAppManifest(app, { config, db });
  const preloads = routePreloads(dist);
  const ssr = await loadServerRenderer(dist);
  const indexFile = path.join(dist, 'index.html');
  let scripts: AppScripts | undefined;
  const readTemplate = () => (scripts ??= existsSync(indexFile) ? appScripts(readFileSync(indexFile, 'utf8')) : undefined);

  const sharedPages = websiteCache<Rendered>({ ttlMs: 3000, maxEntries: 100, name: 'pages' });
  app.setNotFoundHandler(async (req, reply) => {
    if (
      req.url.startsWith('/s/') ||
      req.url.startsWith('/media/') ||
      req.url.startsWith('/assets/') ||
      req.url.startsWith('/staff/') ||
      req.url.startsWith('/rider/assets/') ||
      req.url.startsWith('/fonts/') ||
      (req.method !== 'GET' && req.method !== 'HEAD')
    ) {
      throw Errors.routeNotFound(req.method, req.url.split('?')[0]!);
    }
    // A paused website's storefront is closed (its staff still work at /bos/admin).
    if (req.website.paused) {
      return reply
        .status(503)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('retry-after', '3600')
        .send(closedPage(req.website.name));
    }
    const built = readTemplate();
    if (!built) throw Errors.unavailable('The web app is not built yet: run `npm run build`.');

    /** The page for this request, with its Content-Security-Policy. */
    const render = async (): Promise<Rendered> => {
      const init = await loadInit(db, req);
      // show_register off (spec §3): the sign-up page is closed, before any of it is sent
      if (!init.navSetting.show_register && /^\/auth\/register\/?$/.test(new URL(req.url, 'http://x').pathname))
        return { redirect: '/auth/login', code: 302 };
      const { head, status, data, redirect } = await headFor(db, answers, config, req, init);
      if (redirect) return { redirect, code: 301 };
      const { pageScripts, ...publicInit } = init;
      const pathname = new URL(req.url, 'http://x').pathname;
      let body: string | null = null;
      if (ssr && !PRIVATE_ROUTES.test(pathname)) {
        try {
          body = await ssr(`${req.protocol}://${req.host}${req.url}`, { init: publicInit, data, cdn: config.cdnUrl });
        } catch (e) {
          req.log.error({ err: e }, 'server rendering failed; the browser renders the page');
        }
      }
      const { template, entry, imports } = built;
      const telemetry = telemetryMeta(config, await cachedAnalyticsSettings(db, req.website.id));
      const chunks = [...imports, ...preloads(pathname)];
      // A server-rendered page is complete without JavaScript: its scripts wait for the first paint.
      const afterPaint = body === null ? '' : scriptsAfterPaint(entry, chunks);
      const page = (
        body === null
          ? template
          : template.replace(/<div id="app">[\s\S]*?<\/div><\/div>/, () => `<div id="app" data-ssr="1">${body}</div>`)
      )
        .replace(/<meta name="environment"[^>]*>/, () => telemetry)
        // the page's language (issue 46): what screen readers, fonts and search engines go by
        .replace(/<html lang="[^"]*"/, () => `<html lang="${LANGUAGE_TAGS[init.language]}"`)
        // replacements as functions: a `$&` or `$'` in a product's name or the data is text, not a pattern
        .replace('<!--app-head-->', () => `${head}\n    ${body === null ? eagerScripts(entry, chunks) : ''}\n    ${pageScripts.head}`)
        .replace(
          '<!--app-data-->',
          () =>
            `<script id="__INIT__" type="application/json">${scriptJson(publicInit)}</script><script id="__DATA__" type="application/json">${scriptJson(data)}</script>${afterPaint}`,
        )
        .replace('</body>', () => `${pageScripts.body}\n  </body>`);
      const csp = contentSecurityPolicy(afterPaint, pageScripts.head + pageScripts.body);
      return { status, page: new Body(page), csp, shareable: body !== null && status === 200 };
    };

    // A page nothing personal is in is shared by every visitor it is the same for: kept 3 s (a
    // staff edit drops it at once), like the answers in it.
    let rendered: Rendered;
    const language = await requestLanguage(db, req);
    const key = config.catalogueCache ? await sharedPageKey(db, req, language) : null;
    if (key !== null) {
      rendered = await sharedPages.get(req.website.id, key, render);
      if ('page' in rendered && !rendered.shareable) sharedPages.forget(req.website.id, key);
    } else rendered = await render();
    if ('redirect' in rendered) return reply.redirect(rendered.redirect, rendered.code);
    reply.status(rendered.status).header('cache-control', 'no-cache').header('content-security-policy', rendered.csp);
    // one address, a page per language (the `lang` cookie): a cache between must keep them apart
    if ((await websiteLanguages(db, req.website.id)).languages.length > 1) reply.header('vary', 'Cookie');
    // Compressed here (this handler is not a route, so the compression plugin does not see it),
    // once per encoding for a page every visitor without a session shares.
    return sendBody(req, reply, rendered.page, 'text/html; charset=utf-8');
  });
}

/**
 * The key of the page a visitor shares with others, or null when it is theirs alone. A visitor
 * without a session (a first visit, a crawler, a CDN) shares the address's page. A guest whose
 * session holds no cart yet (one who has only given a pincode, say) shares it with every such
 * guest of that pincode: their page's init and data hold nothing but the pincode's own (no user,
 * an empty cart, no saved products). Signed in, or with a cart, or with a session cookie that
 * names no session: rendered for the request.
 */
async function sharedPageKey(db: Db, req: FastifyRequest, language: Language): Promise<string | null> {
  // a page per language (issue 46): the `lang` cookie or the account chooses it at one address
  const address = `${language}\u0000${req.protocol}://${req.host}${req.url}`;
  if (!req.cookies[SESSION_COOKIE]) return address;
  const session = await req.session.get();
  if (!session || session.userId !== null || (await guestHasCart(db, req.website.id, session.id))) return null;
  return `${address}\u0000guest\u0000${session.pincode ?? ''}`;
}

/**
 * What the browser's lazily loaded error and analytics code reads from the page (spec §1): the
 * environment label, the consent mode, the PostHog project key (first-party: none needed), and the
 * DSN the error SDK names in its envelopes (first-party: a placeholder; the tunnel keeps them).
 */
export function telemetryMeta(config: Config, settings: AnalyticsSettings): string {
  const target = posthogTarget(settings, config);
  return [
    `<meta name="analytics" content="${settings.consent}" data-key="${escapeAttr(target?.key || 'first-party')}" />`,
    errorReportingMeta(config),
  ].join('\n    ');
}

const escapeAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The route module (in the web app's router) that serves a path. */
function routeModule(pathname: string): string {
  if (/^\/products\/[^/]+\/?$/.test(pathname)) return 'src/app/routes/product.tsx';
  if (/^\/products\/?$/.test(pathname)) return 'src/app/routes/products.tsx';
  if (/^\/categories\/?$/.test(pathname)) return 'src/app/routes/categories.tsx';
  if (pathname === SUPPLIERS_PATH) return 'src/app/routes/suppliers.tsx';
  if (pathname.startsWith('/auth/')) return 'src/app/routes/auth.tsx';
  if (/^\/(checkout|order)(\/|$)/.test(pathname)) return 'src/app/routes/checkout.tsx';
  if (/^\/account(\/|$)/.test(pathname)) return 'src/app/routes/account.tsx';
  return 'src/app/routes/page.tsx';
}

/**
 * The chunks of the route a path opens (to modulepreload), from Vite's build manifest, so the
 * browser fetches them with the entry instead of after it has run (the router only discovers a
 * lazy route's module once the entry executes).
 */
function routePreloads(dist: string): (pathname: string) => string[] {
  const file = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(file)) return () => [];
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;
  // The entry's own static imports are preloaded with the entry already.
  const entry = Object.values(manifest).find((m) => m.isEntry);
  const fromIndex = new Set((entry?.imports ?? []).map((k) => manifest[k]?.file));
  const cache = new Map<string, string[]>();
  return (pathname) => {
    const key = routeModule(pathname);
    let links = cache.get(key);
    if (links === undefined) {
      const files = new Set<string>();
      const visit = (k: string) => {
        const m = manifest[k];
        if (!m || m.isEntry || files.has(m.file)) return;
        if (!fromIndex.has(m.file)) files.add(m.file);
        m.imports?.forEach(visit);
      };
      visit(key);
      links = [...files].map((f) => `/${f}`);
      cache.set(key, links);
    }
    return links;
  };
}

/** A storefront page as rendered: a redirect, or the HTML (its bytes, compressed once per encoding) and its CSP. */
type Rendered = { redirect: string; code: 301 | 302 } | { status: number; page: Body; csp: string; shareable: boolean };

/** Query data the page will ask for first, keyed like the web app's TanStack Query keys. */
type Prefetched = [unknown[], unknown][];

async function headFor(
  db: Db,
  answers: CatalogueAnswers,
  config: Config,
  req: FastifyRequest,
  init: Awaited<ReturnType<typeof loadInit>>,
): Promise<{ head: string; status: number; data: Prefetched; redirect?: string }> {
  const data: Prefetched = [];
  const url = new URL(req.url, `${req.protocol}://${req.host}`);
  const origin = config.publicUrl?.replace(/\/$/, '') ?? `${req.protocol}://${req.host}`;
  const seo = init.webSeo;
  const base: HeadData = {
    title: seo.og_title || init.web.name,
    description: seo.og_description || init.web.description,
    keywords: seo.meta_keywords,
    image: seo.og_image,
    url: origin + url.pathname,
    type: 'website',
  };
  const path = url.pathname;
  let status = 200;
  let head: HeadData;
  const product = /^\/products\/([^/]+)\/?$/.exec(path);
  if (product) {
    try {
      const slug = decodeUrlText(product[1]!);
      if (slug === null) throw Errors.notFound('Product not found');
      // the API's own shared answers, with this shopper's wishlist flags
      const ctx = await catalogueContext(db, req);
      const p = await answerFor<Product>(db, ctx, await answers.product(ctx, slug));
      data.push([['product', slug], p]);
      data.push([['product', slug, 'related'], await answerFor(db, ctx, await answers.related(ctx, slug))]);
      const pack = p.packs[0];
      head = {
        ...base,
        title: `${p.product_name} | ${init.web.name}`,
        description: String(p.product_description || base.description).slice(0, 300),
        image: p.image || base.image,
        type: 'product',
        preloadImage: imageUrl(p.image, 'large', config.cdnUrl),
        jsonLd: [
          {
            '@context': 'https://schema.org',
            '@type': 'Product',
            name: p.product_name,
            image: p.medias.map((m) => origin + imageUrl(m.src, 'large', config.cdnUrl)),
            description: p.product_description,
            sku: pack ? String(pack.pack_id) : undefined,
            brand: { '@type': 'Brand', name: p.brand_name },
            // approved shoppers' reviews only (issue 39 §15), when there are any
            ...(p.rating && p.rating.count > 0
              ? {
                  aggregateRating: {
                    '@type': 'AggregateRating',
                    ratingValue: p.rating.average,
                    reviewCount: p.rating.count,
                    bestRating: 5,
                    worstRating: 1,
                  },
                }
              : {}),
            offers: p.packs.map((k) => ({
              '@type': 'Offer',
              name: k.pack_name,
              price: k.price.toFixed(2),
              priceCurrency: 'INR',
              availability: k.stock === 0 ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
              url: origin + path,
            })),
          },
        ],
      };
    } catch (e) {
      if (!(e instanceof AppError && e.statusCode === 404)) throw e;
      // an old slug of a renamed product: a permanent redirect to its current address
      const slug = decodeUrlText(product[1]!);
      const moved = slug === null ? null : await currentSlugOf(db, req.website.id, slug);
      if (moved) return { head: '', status: 301, data, redirect: `/products/${encodeURIComponent(moved)}${url.search}` };
      status = 404;
      head = { ...base, title: `Product not found | ${init.web.name}`, noindex: true };
    }
  } else if (path === '/products') {
    // The list the page opens with, under the web app's query key, so it renders at once.
    const params = paramsFromSearch(url.searchParams);
    const query = productsQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(listSearch(params))));
    if (query.success) {
      const ctx = await catalogueContext(db, req);
      data.push([['products', params], await answerFor(db, ctx, await answers.list(ctx, query.data))]);
    }
    const q = url.searchParams.get('q');
    head = { ...base, title: q ? `Results for "${q}" | ${init.web.name}` : `All products | ${init.web.name}`, url: origin + path };
  } else if (path === '/categories') {
    head = { ...base, title: `Categories | ${init.web.name}` };
  } else if (path === SUPPLIERS_PATH && init.web.show_supplier_page) {
    data.push([['suppliers'], { data: await listSuppliers(db, req.website.id) }]);
    head = { ...base, title: `Suppliers | ${init.web.name}` };
  } else if (!APP_ROUTES.test(path)) {
    const page = await findPage(db, req.website.id, path);
    if (page) {
      const ctx = await catalogueContext(db, req);
      const url = normalisePageUrl(path) ?? path;
      const answer = await answers.page(ctx, url, (shared) => getPageData(db, shared, path, warnBlockProblems(req.log)));
      data.push([['page', path], await answerFor(db, ctx, answer)]);
      head = {
        ...base,
        title: page.seoTitle || page.title || base.title,
        description: page.seoDescription || base.description,
        keywords: page.seoKeyword || base.keywords,
        schemaScript: page.schemaScript,
      };
    } else {
      // an old address of a page whose URL changed: a permanent redirect to its current one
      const moved = await movedPageUrl(db, req.website.id, path);
      if (moved) return { head: '', status: 301, data, redirect: `${moved}${url.search}` };
      status = 404;
      head = { ...base, title: `Page not found | ${init.web.name}`, noindex: true };
    }
  } else {
    head = { ...base, noindex: path.startsWith('/account') || path.startsWith('/checkout') || path.startsWith('/auth') };
  }
  head.languageInUrl = queryLanguage(req.url) === init.language;
  return { head: renderHead(head, init, config.cdnUrl, origin), status, data };
}
