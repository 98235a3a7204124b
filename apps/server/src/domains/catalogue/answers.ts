import type { ProductsQuery } from '@grocer/shared/catalogue';
import type { Db } from '../../db/client';
import { createMicroCache, withWishlist, type CachedAnswer } from '../../http/micro-cache';
import { savedProductIds } from '../wishlist/saved';
import { canonicalProductsQuery, listKey } from './list-key';
import { getProduct, listAnswer, loadTaxonomy, relatedProducts, type CatalogueContext } from './service';

/**
 * The catalogue's shared answers (issue 20, "personalisation as an overlay"): a product list,
 * a product, its related products, a page's data. Each is the same for every shopper of a website
 * and warehouse, so it is computed once without anyone's wishlist (`userId: null`), serialised
 * once and kept a few seconds (`createMicroCache`), keyed only by what changes it (the list's
 * canonical parameters: list-key.ts). The API routes send it with the shopper's wishlist flags
 * laid over it, and the server renderer uses the same answers for the page it writes, so a first
 * load and the calls after it cost the same cached work. An answer computed afresh (a miss) takes
 * its products from the product cache (`productCache`, catalogue/service.ts). CATALOGUE_CACHE=off
 * turns both off, `products` the answers only (to measure each path).
 */
export function catalogueAnswers(db: Db, opts: { enabled: boolean; productCache: boolean }) {
  const cache = createMicroCache({ ttlMs: 3000, enabled: opts.enabled });
  const shared = (ctx: CatalogueContext): CatalogueContext => ({ ...ctx, userId: null, productCache: opts.productCache });
  // the answer's warehouse and language (issue 46: one answer per language; '' the default)
  const at = (ctx: CatalogueContext) => (ctx.language ? `${ctx.warehouseId}|${ctx.language}` : `${ctx.warehouseId}`);
  return {
    /** The product list of `query` (already parsed by `productsQuerySchema`). */
    async list(ctx: CatalogueContext, query: ProductsQuery): Promise<CachedAnswer> {
      const taxonomy = await loadTaxonomy(db, ctx.websiteId);
      const canonical = canonicalProductsQuery(query, taxonomy.known);
      const { page, perPage } = query;
      return cache.get(ctx.websiteId, `list|${at(ctx)}|${listKey(canonical, page, perPage)}`, async () =>
        canonical ? listAnswer(db, shared(ctx), canonical) : { data: [], meta: { total: 0, perPage, page } },
      );
    },
    /** A product by slug or id (404 when there is none: not kept). */
    product: (ctx: CatalogueContext, idOrSlug: string) =>
      cache.get(ctx.websiteId, `product|${at(ctx)}|${idOrSlug}`, () => getProduct(db, shared(ctx), idOrSlug)),
    related: (ctx: CatalogueContext, idOrSlug: string) =>
      cache.get(ctx.websiteId, `related|${at(ctx)}|${idOrSlug}`, async () => ({
        data: await relatedProducts(db, shared(ctx), idOrSlug),
      })),
    /** A page's data by its normalised url; `produce` computes it (the content domain's getPageData). */
    page: (ctx: CatalogueContext, url: string, produce: (ctx: CatalogueContext) => Promise<unknown>) =>
      cache.get(ctx.websiteId, `page|${at(ctx)}|${url}`, () => produce(shared(ctx))),
    /** Anything else the same for every visitor of a website (search suggestions). */
    plain: (websiteId: number, key: string, produce: () => Promise<unknown>) => cache.get(websiteId, key, produce),
  };
}

export type CatalogueAnswers = ReturnType<typeof catalogueAnswers>;

/** The signed-in shopper's saved products, when the answer holds any products at all. */
export async function wishedIn(db: Db, ctx: CatalogueContext, answer: CachedAnswer): Promise<ReadonlySet<number> | null> {
  return ctx.userId === null || !answer.productIds.size ? null : savedProductIds(db, ctx.websiteId, ctx.userId);
}

/**
 * The answer as a value for this shopper (the server renderer's data): the shared value itself,
 * or, when some of its products are the shopper's saved ones, that answer with their flags set.
 */
export async function answerFor<T>(db: Db, ctx: CatalogueContext, answer: CachedAnswer): Promise<T> {
  const wished = await wishedIn(db, ctx, answer);
  const mine = wished ? withWishlist(answer, wished) : null;
  return (mine?.personal ? JSON.parse(mine.json) : answer.value) as T;
}
