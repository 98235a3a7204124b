import type { PageComponent } from '@grocer/shared/blocks';
import type { FastifyBaseLogger } from 'fastify';
import type { PageData } from '@grocer/shared/storefront';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { pageComponents, pageRedirects, pages } from './tables';
import { Errors } from '../../http/errors';
import { decodeUrlText } from '../../http/nul-guard';
import type { CatalogueContext } from '../catalogue';
import { isProblem, resolveBlock, type BlockProblem } from './blocks';
import { scopedPageCss } from './page-css';
import { translatedBlocks } from './translated';

/** '/about-us/' and 'about-us' both mean '/about-us'; '' means home '/'. Null: no page can have it. */
export function normalisePageUrl(url: string): string | null {
  const path = '/' + url.split('?')[0]!.replace(/^\/+|\/+$/g, '');
  return decodeUrlText(path);
}

export async function findPage(db: Db, websiteId: number, url: string) {
  const path = normalisePageUrl(url);
  if (path === null) return null;
  const [page] = await db
    .select()
    .from(pages)
    .where(and(eq(pages.websiteId, websiteId), eq(pages.url, path), eq(pages.published, true)))
    .limit(1);
  return page ?? null;
}

/**
 * GET /s/api/page/data{url}: the page's ordered blocks with their data checked and their
 * responses resolved. Components that fit no block are left out and passed to `onProblems`.
 */
export async function getPageData(
  db: Db,
  ctx: CatalogueContext,
  url: string,
  onProblems?: (problems: BlockProblem[]) => void,
): Promise<PageData> {
  const page = await findPage(db, ctx.websiteId, url);
  if (!page) throw Errors.notFound('Page not found');
  const components = await db
    .select()
    .from(pageComponents)
    .where(and(eq(pageComponents.pageId, page.id), eq(pageComponents.websiteId, ctx.websiteId)))
    .orderBy(asc(pageComponents.position), asc(pageComponents.id));
  const texts = ctx.language ? await translatedBlocks(db, ctx.websiteId, ctx.language, page.id, components) : components;
  const resolved = await Promise.all(texts.map((c) => resolveBlock(db, ctx, c)));
  const problems = resolved.filter(isProblem);
  if (problems.length) onProblems?.(problems);
  return {
    data: resolved.filter((r): r is PageComponent => !isProblem(r)),
    css: scopedPageCss(page.css),
    show_footer: page.showFooter,
    show_sub_navbar: page.showSubNavbar,
    show_navbar: page.showNavbar,
    seo_title: page.seoTitle,
    seo_description: page.seoDescription,
    seo_keyword: page.seoKeyword,
    schema_script: page.schemaScript,
  };
}

/** Where getPageData reports the components it left out: the request's log. */
export const warnBlockProblems = (log: FastifyBaseLogger) => (problems: BlockProblem[]) =>
  log.warn({ problems }, 'page components that fit no block were left out');

/** The published pages (for the footer and the sitemap of /s/api/init), by url. */
export function publishedPages(db: Db, websiteId: number) {
  return db
    .select({
      url: pages.url,
      title: pages.title,
      show_footer: pages.showFooter,
      show_sub_navbar: pages.showSubNavbar,
      show_navbar: pages.showNavbar,
    })
    .from(pages)
    .where(and(eq(pages.websiteId, websiteId), eq(pages.published, true)))
    .orderBy(asc(pages.url));
}

/** The current url of the published page that once had `url` (a URL change), or null. */
export async function movedPageUrl(db: DbOrTx, websiteId: number, url: string): Promise<string | null> {
  const path = normalisePageUrl(url);
  if (path === null) return null;
  const [row] = await db
    .select({ url: pages.url })
    .from(pageRedirects)
    .innerJoin(pages, eq(pages.id, pageRedirects.pageId))
    .where(and(eq(pageRedirects.websiteId, websiteId), eq(pageRedirects.fromUrl, path), eq(pages.published, true)))
    .limit(1);
  return row?.url ?? null;
}
