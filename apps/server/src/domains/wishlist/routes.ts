import { okSchema } from '@grocer/shared/storefront';
import { coercedIdSchema } from '@grocer/shared/ids';
import {
  wishlistCategoryBodySchema,
  wishlistCategoryRowSchema,
  wishlistResponseSchema,
  wishlistToCartBodySchema,
  wishlistToCartResponseSchema,
  wishlistUpdateBodySchema,
  wishlistUpdateResponseSchema,
} from '@grocer/shared/wishlist';
import type { Language } from '@grocer/shared/languages';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { requireUser } from '../../http/auth';
import { shopperCartContext, loadCart } from '../cart';
import { deliveryContext } from '../delivery';
import { pick, translate } from '../translations';
import { requestLanguage, websiteLanguages } from '../website';
import {
  createWishlistCategory,
  deleteWishlistCategory,
  forgetSavedProductIds,
  listWishlists,
  renameWishlistCategory,
  toggleWishlist,
  wishlistToCart,
  type WishlistOwner,
} from './service';

const idParams = z.object({ id: coercedIdSchema });

export const wishlistRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  /** The request's language when it is not the website's default (undefined: the rows' own names). */
  const otherLanguage = async (req: FastifyRequest): Promise<Language | undefined> => {
    const [language, offered] = await Promise.all([requestLanguage(db, req), websiteLanguages(db, req.website.id)]);
    return language === offered.defaultLanguage ? undefined : language;
  };

  /** Wishlists belong to signed-in shoppers: 401 otherwise. */
  const owner = async (req: FastifyRequest): Promise<WishlistOwner> => ({
    websiteId: req.website.id,
    userId: (await requireUser(db, req)).id,
  });

  // A change to the shopper's lists: their saved products are read again for the next answer
  // (after the write, so a concurrent read cannot keep the old set).
  app.addHook('onResponse', async (req) => {
    if (req.method === 'GET' || req.method === 'HEAD') return;
    const session = await req.session?.get().catch(() => null);
    if (session?.userId) forgetSavedProductIds(req.website.id, session.userId);
  });

  app.get('/wishlist', { schema: { response: { 200: wishlistResponseSchema } } }, async (req) => {
    const who = await owner(req);
    const session = await req.session.get();
    const delivery = await deliveryContext(db, who.websiteId, session?.pincode ?? null);
    return { WishlistCategories: await listWishlists(db, who, delivery.zone?.warehouseId ?? null, await otherLanguage(req)) };
  });

  app.post(
    '/wishlist/update',
    { schema: { body: wishlistUpdateBodySchema, response: { 200: wishlistUpdateResponseSchema } } },
    async (req) => toggleWishlist(db, await owner(req), { productId: req.body.product_id, categoryId: req.body.wishlist_category_id }),
  );

  app.post(
    '/wishlist/to-cart',
    { schema: { body: wishlistToCartBodySchema, response: { 200: wishlistToCartResponseSchema } } },
    async (req) => {
      const who = await owner(req);
      const ctx = await shopperCartContext(db, req, true);
      const result = await wishlistToCart(db, who, ctx, {
        categoryId: req.body.wishlist_category_id,
        productId: req.body.product_id,
        move: req.body.move,
      });
      // the products named as the cart names them: in the shopper's language where translated (issue 46)
      const language = await otherLanguage(req);
      const names = language
        ? await translate(
            db,
            who.websiteId,
            language,
            'product',
            [...result.added, ...result.skipped].map((i) => i.product_id),
            ['name'],
          )
        : new Map<string, Map<string, string>>();
      const named = <T extends { product_id: number; name: string }>(i: T) => ({ ...i, name: pick(names, i.product_id, 'name', i.name) });
      return { added: result.added.map(named), skipped: result.skipped.map(named), cart: (await loadCart(db, ctx)).cart };
    },
  );

  app.post(
    '/wishlistCategory',
    { schema: { body: wishlistCategoryBodySchema, response: { 200: wishlistCategoryRowSchema } } },
    async (req) => createWishlistCategory(db, await owner(req), req.body.name),
  );

  app.put(
    '/wishlistCategory/:id',
    { schema: { params: idParams, body: wishlistCategoryBodySchema, response: { 200: wishlistCategoryRowSchema } } },
    async (req) => renameWishlistCategory(db, await owner(req), req.params.id, req.body.name),
  );

  app.delete('/wishlistCategory/:id', { schema: { params: idParams, response: { 200: okSchema } } }, async (req) => {
    await deleteWishlistCategory(db, await owner(req), req.params.id);
    return { ok: true as const };
  });
};
