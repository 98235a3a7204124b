import {
  cancelChoiceSchema,
  orderDetailSchema,
  orderListSchema,
  orderPaymentMethodsSchema,
  placeOrderBodySchema,
  placeOrderResponseSchema,
  reorderResponseSchema,
  switchPaymentBodySchema,
  type OrderDetail,
} from '@grocer/shared/order';
import { PAY_VIA } from '@grocer/shared/labels';
import { pageSchema } from '@grocer/shared/ids';
import { relatedProductsSchema } from '@grocer/shared/catalogue';
import type { FastifyRequest } from 'fastify';
import { refuseBlocked } from '../identity';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { requireUser } from '../../http/auth';
import { AppError } from '../../http/errors';
import { cartContext, shopperCartContext, cartProductIds } from '../cart';
import { requestLanguage, websiteLanguages } from '../website';
import { catalogueContext } from '../catalogue/routes';
import { activeProductIds, hydrateProducts } from '../catalogue';
import type { Payments } from '../payments';
import {
  boughtProductIds,
  cancelOrder,
  findOrder,
  findOrderByNumber,
  listOrders,
  orderDetail,
  orderLinesOf,
  placeOrder,
  reorder,
  type Shopper,
} from './service';
import type { WalletPayer } from './placement';
import { orderErrors } from './errors';
import { invoiceHtml } from './invoice';
import { oftenBoughtWith } from './often-bought';
import { orderInLanguage } from './translated';
import { orderEditRoutes } from './edit-routes';

const idParams = z.object({ id: z.string().uuid() });
const pageQuery = z.object({ page: pageSchema, perPage: z.coerce.number().int().min(1).max(50).default(10) });

/** The shop's address as the shopper's browser sees it (for payment return URLs). */
export function browserOrigin(req: FastifyRequest): string {
  const o = req.headers['x-origin'] ?? req.headers.origin;
  if (typeof o === 'string' && /^https?:\/\/[^/]+$/.test(o)) return o;
  return `${req.protocol}://${req.host}`;
}

/** Checkout and the shopper's orders (a shopper never sees another's order: 404). */
export const orderRoutes: FastifyPluginAsyncZod<{
  db: Db;
  payments: Payments;
  /** the delivery code of an order out for delivery (own delivery, issue 45), shown on the shopper's order page */
  deliveryCodeOf?: (websiteId: number, orderId: string) => Promise<string | null>;
  /** pays a checkout from the shopper's wallet (`use_wallet`, issue 44): the wallet module's, handed over by app.ts */
  wallet?: WalletPayer;
}> = async (app, { db, payments, deliveryCodeOf, wallet }) => {
  // the code only while the order is on its way: before, there is none; after, it is used
  const withCode = async (websiteId: number, d: OrderDetail): Promise<OrderDetail> =>
    d.status === 'shipped' && deliveryCodeOf ? { ...d, delivery_code: await deliveryCodeOf(websiteId, d.id) } : d;
  const shopper = async (req: FastifyRequest): Promise<Shopper> => ({ websiteId: req.website.id, userId: (await requireUser(db, req)).id });
  // the order as the shopper reads it: its lines named in their language where translated (issue 46 §2)
  const inLanguage = async (req: FastifyRequest, d: OrderDetail): Promise<OrderDetail> => {
    const [language, offered] = await Promise.all([requestLanguage(db, req), websiteLanguages(db, req.website.id)]);
    return orderInLanguage(db, req.website.id, language === offered.defaultLanguage ? undefined : language, d);
  };
  // changing an order until it is packed (issue 39 §14)
  await app.register(orderEditRoutes, { db, payments, inLanguage });

  app.post('/orders', { schema: { body: placeOrderBodySchema, response: { 200: placeOrderResponseSchema } } }, async (req) => {
    const user = await requireUser(db, req);
    const s: Shopper = { websiteId: req.website.id, userId: user.id };
    await refuseBlocked(db, req.website, s.userId, user);
    const { order, known } = await placeOrder(db, s, await shopperCartContext(db, req), req.body, undefined, {
      wallet,
      // the order's messages and documents speak the language it was placed in (issue 46 §5)
      language: await requestLanguage(db, req),
    });
    // as just written (a retried key's order: read once for the answer). A placed order's
    // confirmation follows from its `order.placed` event, written with it (notifications consumer).
    const lines = known?.lines ?? (await orderLinesOf(db, order.id));
    // The order is saved: a provider that fails now must not invite a second order. It is answered
    // without a hand-off, awaiting payment; the pay page asks for one again (POST /orders/:id/pay).
    const payment = await payments.handoff(order, browserOrigin(req)).catch((e: unknown) => {
      if (!(e instanceof AppError) || e.statusCode < 500) throw e;
      req.log.warn({ err: e, order: order.id }, 'payment hand-off failed after the order was saved');
      return null;
    });
    // The order as written (a confirmation changes nothing in it), but for a prepaid order's
    // payment row, read again: the hand-off records the provider's order on it.
    const parts = !known ? { lines } : order.paymentMethod === 'cod' ? known : { ...known, payment: undefined };
    return { order: await inLanguage(req, await orderDetail(db, order, parts)), payment };
  });

  app.get('/orders', { schema: { querystring: pageQuery, response: { 200: orderListSchema } } }, async (req) => {
    const { data, total } = await listOrders(db, await shopper(req), req.query.page, req.query.perPage);
    return { data, meta: { total, perPage: req.query.perPage, page: req.query.page } };
  });

  // Before /orders/:id (a uuid): the products this shopper bought here, priced as the catalogue does.
  app.get('/orders/buy-again', { schema: { response: { 200: relatedProductsSchema } } }, async (req) => {
    const ids = await activeProductIds(db, req.website.id, await boughtProductIds(db, await shopper(req)));
    return { data: await hydrateProducts(db, await catalogueContext(db, req), ids.slice(0, 24)) };
  });

  // "Often bought with" what is in the caller's cart (issue 39 §17): a guest's too, no sign-in.
  app.get('/orders/often-bought', { schema: { response: { 200: relatedProductsSchema } } }, async (req) => {
    const ctx = await catalogueContext(db, req);
    const ranked = await oftenBoughtWith(db, req.website.id, await cartProductIds(db, await cartContext(req)));
    // still sold, and with a pack in stock where this shopper is served: 12 at most
    const ids = await activeProductIds(
      db,
      req.website.id,
      ranked.map((r) => r.productId),
    );
    const products = await hydrateProducts(db, ctx, ids.slice(0, 24));
    return { data: products.filter((p) => p.packs.some((k) => (k.stock ?? 0) > 0)).slice(0, 12) };
  });

  app.get('/orders/:id', { schema: { params: idParams, response: { 200: orderDetailSchema } } }, async (req) =>
    withCode(req.website.id, await inLanguage(req, await orderDetail(db, await findOrder(db, await shopper(req), req.params.id)))),
  );

  app.get(
    '/orders/number/:ordernumber',
    { schema: { params: z.object({ ordernumber: z.string().max(40) }), response: { 200: orderDetailSchema } } },
    async (req) =>
      withCode(
        req.website.id,
        await inLanguage(req, await orderDetail(db, await findOrderByNumber(db, await shopper(req), req.params.ordernumber))),
      ),
  );

  /** A pending prepaid order's payment hand-off again (retry after a failure or cancel). */
  app.post(
    '/orders/:id/pay',
    {
      schema: {
        params: idParams,
        // how the shopper chose to pay (UPI, card…): kept for the order page and the invoice
        querystring: z.object({ via: z.enum(PAY_VIA).optional() }),
        response: { 200: placeOrderResponseSchema },
      },
    },
    async (req) => {
      const o = await findOrder(db, await shopper(req), req.params.id);
      const payment = await payments.handoff(o, browserOrigin(req), req.query.via);
      return { order: await inLanguage(req, await orderDetail(db, o)), payment };
    },
  );

  /** How an order awaiting payment may be paid now (issue 39): the other gateway, cash on delivery where allowed. */
  app.get('/orders/:id/payment-methods', { schema: { params: idParams, response: { 200: orderPaymentMethodsSchema } } }, async (req) => ({
    data: await payments.methodsFor(await findOrder(db, await shopper(req), req.params.id)),
  }));

  /**
   * The same order paid another way (issue 39): the previous attempt closed, stock and slot kept.
   * Cash on delivery answers the placed order; a gateway answers its hand-off, as checkout does.
   */
  app.post(
    '/orders/:id/payment-method',
    { schema: { params: idParams, body: switchPaymentBodySchema, response: { 200: placeOrderResponseSchema } } },
    async (req) => {
      const s = await shopper(req);
      const o = await payments.switchMethod(
        await findOrder(db, s, req.params.id),
        req.body.payment_method,
        req.body.via ?? null,
        `user:${s.userId}`,
      );
      const payment = await payments.handoff(o, browserOrigin(req), req.body.via);
      return { order: await inLanguage(req, await orderDetail(db, await findOrder(db, s, o.id))), payment };
    },
  );

  /** The confirm page asks: the server asks the provider, then answers the order as it stands. */
  app.get('/orders/:id/confirm', { schema: { params: idParams, response: { 200: orderDetailSchema } } }, async (req) => {
    const s = await shopper(req);
    const o = await findOrder(db, s, req.params.id);
    if (o.status === 'pending_payment') await payments.reconcile(o);
    // a placed order's return from paying the balance a staff edit left (issue 40 §12)
    else await payments.balances.reconcile(o);
    return inLanguage(req, await orderDetail(db, await findOrder(db, s, o.id)));
  });

  app.post(
    '/orders/:id/cancel',
    { schema: { params: idParams, body: cancelChoiceSchema, response: { 200: orderDetailSchema } } },
    async (req) => {
      const s = await shopper(req);
      const { order, refund } = await cancelOrder(db, s, req.params.id);
      // the shopper's choice for a paid order's refund (issue 44 §2): the wallet at once, or the source
      if (refund && req.body?.refund_to === 'wallet') await payments.chooseRefundTo(order.id, 'wallet');
      if (refund) await payments.refundOrder(order.id);
      return inLanguage(req, await orderDetail(db, await findOrder(db, s, order.id)));
    },
  );

  app.post('/orders/:id/reorder', { schema: { params: idParams, response: { 200: reorderResponseSchema } } }, async (req) => {
    const s = await shopper(req);
    return reorder(db, s, await shopperCartContext(db, req, true), req.params.id);
  });

  /** GST tax invoice as a printable page. */
  app.get('/orders/:id/invoice', { schema: { params: idParams } }, async (req, reply) => {
    const o = await findOrder(db, await shopper(req), req.params.id);
    // No invoice for an order that was never placed (awaiting or failed payment, or cancelled before).
    if (o.status === 'pending_payment' || o.status === 'payment_failed') throw orderErrors.invoiceNotIssued();
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .send(await invoiceHtml(db, o));
  });
};
