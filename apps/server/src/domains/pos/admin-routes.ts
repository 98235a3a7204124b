import {
  closeShiftSchema,
  customerLookupSchema,
  heldCartSchema,
  heldListSchema,
  looseGoodInputSchema,
  holdInputSchema,
  offlineSeriesSchema,
  openShiftSchema,
  posCounterPackSchema,
  posSettingsInputSchema,
  posSettingsSchema,
  returnInputSchema,
  returnResultSchema,
  saleDetailSchema,
  saleInputSchema,
  saleSchema,
  sendReceiptInputSchema,
  shiftReportSchema,
  shiftSchema,
} from '@grocer/shared/pos';
import { posPromotionListSchema } from '@grocer/shared/promotions';
import { okSchema } from '@grocer/shared/storefront';
import { MOBILE_PATTERN } from '@grocer/shared/validation';
import { coercedIdSchema, idParamsSchema } from '@grocer/shared/ids';
import { posAccountPaymentInputSchema, posAccountReceiptSchema, posAccountsSchema } from '@grocer/shared/wallet';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import type { Outbox } from '../outbox';
import { z } from 'zod';
import { hasPermission } from '../../http/auth';
import { fail } from '../../http/errors';
import { invalidateWebsite } from '../../http/cache';
import { counterCatalogue } from '../catalogue';
import { tillPromotions } from '../promotions';
import { orderById } from '../orders/service';
import { invoiceHtml } from '../orders/invoice';
import { creditNoteHtml, zReportHtml } from './printables';
import { receiptHtml } from './receipt';
import {
  addLooseGood,
  auditActor,
  closeShift,
  counterAccounts,
  creditNote,
  currentShift,
  getSettings,
  heldCarts,
  holdCart,
  lookupCustomer,
  offlineSeries,
  openShift,
  recallCart,
  returnSale,
  saleDetail,
  saveSettings,
  sell,
  sendReceipt,
  shiftReport,
  takeAccountPayment,
  type Cashier,
} from './service';

const till = z.object({ till: z.string().trim().min(1).max(40) });
const receipt = z.object({ receipt: z.string().trim().min(1).max(40) });
const idParams = idParamsSchema;
const cashier = (req: FastifyRequest): Cashier => ({ ...auditActor(req), actorId: req.staffUser!.id });
/** The shop's own calls at the counter (its settings, new loose goods): admins, not cashiers. */
const manager = { staffNeed: 'pos.manage' } as const;

/**
 * The point of sale's staff calls (`/s/api/pos/*`: cashiers and admins; the calls marked
 * `manager` admins only), scoped to the request's website.
 */
export const posAdminRoutes: FastifyPluginAsyncZod<{ db: Db; outbox: Outbox }> = async (app, { db, outbox }) => {
  app.get('/pos/settings', { schema: { response: { 200: posSettingsSchema } } }, async (req) => getSettings(db, req.website.id));
  app.put(
    '/pos/settings',
    { config: manager, schema: { body: posSettingsInputSchema, response: { 200: posSettingsSchema } } },
    async (req) => saveSettings(db, auditActor(req), req.body),
  );

  /** The counter's catalogue with stock at a warehouse: `q` searches as the cashier types; empty `q` is the till's offline copy. */
  app.get(
    '/pos/packs',
    {
      schema: {
        querystring: z.object({
          warehouse_id: coercedIdSchema,
          q: z.string().trim().max(100).default(''),
          limit: z.coerce.number().int().min(1).max(5000).default(30),
          /** `1`: only packs with a unit at the warehouse (an order line's substitute) */
          in_stock: z.enum(['0', '1']).default('0'),
        }),
        response: { 200: z.object({ data: z.array(posCounterPackSchema) }) },
      },
    },
    async (req) => ({
      data: await counterCatalogue(db, req.website.id, req.query.warehouse_id, req.query.q, req.query.limit, {
        inStock: req.query.in_stock === '1',
      }),
    }),
  );

  /** The automatic promotions live now, for the till to price its bills (and keep for offline sales). */
  app.get('/pos/promotions', { schema: { response: { 200: posPromotionListSchema } } }, async (req) => ({
    data: await tillPromotions(db, req.website.id, new Date()),
  }));

  app.get('/pos/shift', { schema: { querystring: till, response: { 200: z.object({ shift: shiftSchema.nullable() }) } } }, async (req) => ({
    shift: await currentShift(db, req.website.id, req.query.till, req.staffUser!.id),
  }));
  app.post('/pos/shift/open', { schema: { body: openShiftSchema, response: { 200: shiftSchema } } }, async (req) =>
    openShift(db, cashier(req), req.body),
  );
  /** Closes the till's shift; another cashier's only with admin access and a reason (audited). */
  app.post('/pos/shift/close', { schema: { body: closeShiftSchema.extend(till.shape), response: { 200: shiftSchema } } }, async (req) =>
    closeShift(db, { ...cashier(req), manager: hasPermission(req.staffUser!, 'pos.manage') }, req.body),
  );
  app.get('/pos/shifts/:id/report', { schema: { params: idParams, response: { 200: shiftReportSchema } } }, async (req) => {
    const r = await shiftReport(db, req.website.id, req.params.id, req.staffUser!.id);
    if (!r) throw fail('NOT_FOUND');
    return r;
  });

  /** The shift's Z report (an X report while it is open) as an 80 mm printable page. */
  app.get('/pos/shifts/:id/z-report', { schema: { params: idParams } }, async (req, reply) => {
    const r = await shiftReport(db, req.website.id, req.params.id, req.staffUser!.id);
    if (!r) throw fail('NOT_FOUND');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .send(await zReportHtml(db, req.website.id, r));
  });
  /** A till device's offline receipt series (asked for once per device, while online). */
  app.post('/pos/offline-series', { schema: { body: till, response: { 200: offlineSeriesSchema } } }, async (req) =>
    offlineSeries(db, cashier(req), req.body.till),
  );

  app.post('/pos/sales', { schema: { body: saleInputSchema, response: { 200: saleSchema } } }, async (req) => {
    const sale = await sell(db, cashier(req), req.body);
    if (sale.created) invalidateWebsite(req.website.id);
    return sale;
  });
  app.get('/pos/sales/:receipt', { schema: { params: receipt, response: { 200: saleDetailSchema } } }, async (req) => {
    const s = await saleDetail(db, req.website.id, req.params.receipt);
    if (!s) throw fail('ORDER_NOT_FOUND');
    return s;
  });
  /** The 80 mm receipt (`?format=a4`: the A4 tax invoice) as a printable page; a reprint is the same page again. */
  app.get(
    '/pos/sales/:receipt/print',
    { schema: { params: receipt, querystring: z.object({ format: z.enum(['80mm', 'a4']).default('80mm') }) } },
    async (req, reply) => {
      const s = await saleDetail(db, req.website.id, req.params.receipt);
      const o = s && (await orderById(db, s.order_id));
      if (!s || !o) throw fail('ORDER_NOT_FOUND');
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .send(req.query.format === 'a4' ? await invoiceHtml(db, o) : await receiptHtml(db, o, s));
    },
  );
  /** The receipt sent to the customer (email or SMS) through the outbox; audited. */
  app.post(
    '/pos/sales/:receipt/send',
    { schema: { params: receipt, body: sendReceiptInputSchema, response: { 200: okSchema } } },
    async (req) => {
      await sendReceipt(db, outbox, cashier(req), req.params.receipt, req.body.to, `${req.protocol}://${req.host}`);
      return { ok: true as const };
    },
  );
  app.post(
    '/pos/sales/:receipt/return',
    { schema: { params: receipt, body: returnInputSchema, response: { 200: returnResultSchema } } },
    async (req) => {
      const r = await returnSale(db, cashier(req), req.params.receipt, req.body);
      invalidateWebsite(req.website.id);
      return r;
    },
  );

  /** A return's credit note as an 80 mm printable page; a reprint is the same page again. */
  app.get(
    '/pos/returns/:number/print',
    { schema: { params: z.object({ number: z.string().trim().min(1).max(40) }) } },
    async (req, reply) => {
      const cn = await creditNote(db, req.website.id, req.params.number);
      const sale = cn && (await saleDetail(db, req.website.id, cn.order.ordernumber));
      if (!cn || !sale) throw fail('NOT_FOUND');
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .send(await creditNoteHtml(db, cn, sale));
    },
  );

  app.get('/pos/held', { schema: { querystring: till, response: { 200: heldListSchema } } }, async (req) =>
    heldCarts(db, req.website.id, req.query.till),
  );
  app.post('/pos/held', { schema: { body: holdInputSchema, response: { 200: z.object({ id: z.number().int() }) } } }, async (req) =>
    holdCart(db, cashier(req), req.body.till, req.body.label, req.body.cart),
  );
  app.post('/pos/held/:id/recall', { schema: { params: idParams, response: { 200: heldCartSchema } } }, async (req) => {
    const cart = await recallCart(db, cashier(req), req.params.id);
    if (!cart) throw fail('NOT_FOUND');
    return cart;
  });

  app.post(
    '/pos/loose-goods',
    { config: manager, schema: { body: looseGoodInputSchema, response: { 200: z.object({ pack_id: z.number().int() }) } } },
    async (req) => addLooseGood(db, cashier(req), req.body),
  );

  app.get(
    '/pos/customers',
    { schema: { querystring: z.object({ mobile: z.string().regex(MOBILE_PATTERN) }), response: { 200: customerLookupSchema } } },
    async (req) => lookupCustomer(db, req.website.id, req.query.mobile),
  );

  /** A customer's wallet and khata at the till (issue 44 §7): balances, the khata's limit and the credit left. */
  app.get(
    '/pos/accounts',
    { schema: { querystring: z.object({ mobile: z.string().regex(MOBILE_PATTERN) }), response: { 200: posAccountsSchema } } },
    async (req) => counterAccounts(db, req.website.id, req.query.mobile),
  );
  /** Cash or UPI taken to settle a khata or top up a wallet: the ledger entry, the shift's drawer, audited; once per key. */
  app.post(
    '/pos/accounts/payments',
    { schema: { body: posAccountPaymentInputSchema, response: { 200: posAccountReceiptSchema } } },
    async (req) => takeAccountPayment(db, cashier(req), req.body),
  );
};
