import { cartSchema } from '@grocer/shared/cart';
import { coercedIdSchema } from '@grocer/shared/ids';
import { applyCouponBodySchema, cartOffersSchema } from '@grocer/shared/coupon';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { findAddress } from '../addresses';
import { requestLanguage } from '../website';
import { addToCart, applyCoupon, cartOffers, loadCart, removeCoupon, removeFromCart, type CartContext } from './service';

/** Who is asking, from the session; `create` makes a session for a guest's first change. */
export async function cartContext(req: FastifyRequest, create = false): Promise<CartContext> {
  const session = create ? await req.session.ensure() : await req.session.get();
  return { websiteId: req.website.id, userId: session?.userId ?? null, sessionId: session?.id ?? null, pincode: session?.pincode ?? null };
}

/** The same for a shopper on the storefront: the cart's notes in the request's language (issue 46). */
export async function shopperCartContext(db: Db, req: FastifyRequest, create = false): Promise<CartContext> {
  const ctx = await cartContext(req, create);
  return { ...ctx, language: await requestLanguage(db, req) };
}

const addBody = z.object({ pack_id: coercedIdSchema, warehouse_id: coercedIdSchema.nullish() });
const removeBody = z.object({ pack_id: coercedIdSchema, remove: z.boolean().optional().default(false) });
const cartQuery = z.object({
  address_id: coercedIdSchema.optional(),
  /** present (any value, `?groupby_delivery` included) → `grouped_items` is filled */
  groupby_delivery: z.string().optional(),
});

export const cartRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const reply200 = { response: { 200: cartSchema } };

  app.get('/cart', { schema: { querystring: cartQuery, ...reply200 } }, async (req) => {
    const ctx = await shopperCartContext(db, req);
    if (req.query.address_id && ctx.userId !== null) {
      const address = await findAddress(db, { websiteId: ctx.websiteId, userId: ctx.userId }, req.query.address_id);
      if (address) ctx.pincode = address.pincode;
    }
    return (await loadCart(db, ctx, req.query.groupby_delivery !== undefined)).cart;
  });

  app.post('/cart/add', { schema: { body: addBody, ...reply200 } }, async (req) => {
    const ctx = await shopperCartContext(db, req, true);
    await addToCart(db, ctx, { packId: req.body.pack_id, warehouseId: req.body.warehouse_id ?? null });
    return (await loadCart(db, ctx)).cart;
  });

  app.post('/cart/remove', { schema: { body: removeBody, ...reply200 } }, async (req) => {
    const ctx = await shopperCartContext(db, req, true);
    await removeFromCart(db, ctx, { packId: req.body.pack_id, whole: req.body.remove });
    return (await loadCart(db, ctx)).cart;
  });

  app.post('/apply/coupon', { schema: { body: applyCouponBodySchema, ...reply200 } }, async (req) => {
    const ctx = await shopperCartContext(db, req, true);
    await applyCoupon(db, ctx, req.body.code);
    return (await loadCart(db, ctx)).cart;
  });

  // The coupons the shop lists, judged against this cart: the cart's "Offers for you" and /offers.
  app.get('/cart/offers', { schema: { response: { 200: cartOffersSchema } } }, async (req) => ({
    data: await cartOffers(db, await shopperCartContext(db, req)),
  }));

  app.get('/remove/coupon', { schema: reply200, config: { changesState: true } }, async (req) => {
    const ctx = await shopperCartContext(db, req);
    await removeCoupon(db, ctx);
    return (await loadCart(db, ctx)).cart;
  });
};
