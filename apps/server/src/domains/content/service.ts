import { SORTS, type Sort } from '@grocer/shared/catalogue';
import { productCarouselDataSchema, type PageData } from '@grocer/shared/storefront';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pageComponents, pages } from './tables';
import { Errors } from '../../http/errors';
import { decodeUrlText } from '../../http/nul-guard';
import { hydrateProducts, listProducts, loadTaxonomy, productIdsBySlug, type CatalogueContext } from '../catalogue/service';

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

/** GET /s/api/page/data{url}: the page's ordered components with carousel data resolved. */
export async function getPageData(db: Db, ctx: CatalogueContext, url: string): Promise<PageData> {
  const page = await findPage(db, ctx.websiteId, url);
  if (!page) throw Errors.notFound('Page not found');
  const components = await db
    .select()
    .from(pageComponents)
    .where(and(eq(pageComponents.pageId, page.id), eq(pageComponents.websiteId, ctx.websiteId)))
    .orderBy(asc(pageComponents.position), asc(pageComponents.id));
  const data = await Promise.all(
    components.map(async (c) => ({
      name: c.name,
      type: c.type,
      data: c.data ?? null,
      settings: c.settings ?? null,
      logicdata: c.logicdata ?? null,
      order: c.position,
      response: await resolveComponent(db, ctx, c.type, c.data),
    })),
  );
  return {
    data,
    css: page.css,
    show_footer: page.showFooter,
    show_sub_navbar: page.showSubNavbar,
    show_navbar: page.showNavbar,
    seo_title: page.seoTitle,
    seo_description: page.seoDescription,
    seo_keyword: page.seoKeyword,
    schema_script: page.schemaScript,
  };
}

async function resolveComponent(db: Db, ctx: CatalogueContext, type: string, raw: unknown): Promise<unknown> {
  switch (type) {
    case 'product-carousel': {
      const parsed = productCarouselDataSchema.safeParse(raw ?? {});
      if (!parsed.success) return [];
      const d = parsed.data;
      if (d.products?.length) {
        return hydrateProducts(db, ctx, await productIdsBySlug(db, ctx.websiteId, d.products));
      }
      const sort = SORTS.includes(d.sort as Sort) ? (d.sort as Sort) : undefined;
      const list = await listProducts(db, ctx, { page: 1, perPage: d.limit, c: d.category ? [d.category] : [], b: d.brand ? [d.brand] : [], s: sort, q: undefined });
      return list.data;
    }
    case 'category-carousel': {
      const { tree, bySlug } = await loadTaxonomy(db, ctx.websiteId);
      const parent = typeof (raw as { parent?: unknown })?.parent === 'string' ? bySlug.get((raw as { parent: string }).parent) : undefined;
      return (parent ? parent.children : tree).map(({ children: _c, ...c }) => c);
    }
    case 'brand-carousel': {
      const { brands } = await loadTaxonomy(db, ctx.websiteId);
      const limit = Number((raw as { limit?: unknown })?.limit) || 20;
      return brands.slice(0, limit);
    }
    default:
      return null;
  }
}

/** The published pages (for the footer and the sitemap of /s/api/init), by url. */
export function publishedPages(db: Db, websiteId: number) {
  return db
    .select({ url: pages.url, title: pages.title, show_footer: pages.showFooter, show_sub_navbar: pages.showSubNavbar, show_navbar: pages.showNavbar })
    .from(pages)
    .where(and(eq(pages.websiteId, websiteId), eq(pages.published, true)))
    .orderBy(asc(pages.url));
}
