import {
  goodsReceiptSchema,
  purchaseOrderInputSchema,
  purchaseOrderListSchema,
  purchaseOrderMoveSchema,
  purchaseOrderQuerySchema,
  purchaseOrderSchema,
  supplierInputSchema,
  supplierListSchema,
  supplierQuerySchema,
  supplierSchema,
  transferInputSchema,
  transferListSchema,
  transferQuerySchema,
  transferReceiptSchema,
  transferSchema,
} from '@grocer/shared/admin-purchasing';
import { idParamsSchema } from '@grocer/shared/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { InventoryContext } from './needs';
import { purchaseOrderHtml } from './purchase-order-print';
import {
  createPurchaseOrder,
  createSupplier,
  listPurchaseOrders,
  listSuppliers,
  movePurchaseOrder,
  purchaseOrderOf,
  receivePurchaseOrder,
  updatePurchaseOrder,
  updateSupplier,
} from './purchasing';
import { cancelTransfer, createTransfer, listTransfers, receiveTransfer, sendTransfer, transferOf, updateTransfer } from './transfers';

const params = idParamsSchema;

/** Suppliers, purchase orders and transfers: screens of Stock (permission `stock`), scoped to the request's website. */
export const purchasingAdminRoutes =
  (inv: InventoryContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, auditActor } = inv;
    app.get(
      '/admin/stock/suppliers',
      { schema: { querystring: supplierQuerySchema, response: { 200: supplierListSchema } } },
      async (req) => ({
        data: await listSuppliers(db, req.website.id, req.query.q),
      }),
    );
    app.post('/admin/stock/suppliers', { schema: { body: supplierInputSchema, response: { 200: supplierSchema } } }, async (req) =>
      createSupplier(inv, auditActor(req), req.body),
    );
    app.put(
      '/admin/stock/suppliers/:id',
      { schema: { params, body: supplierInputSchema, response: { 200: supplierSchema } } },
      async (req) => updateSupplier(inv, auditActor(req), req.params.id, req.body),
    );

    app.get(
      '/admin/stock/purchase-orders',
      { schema: { querystring: purchaseOrderQuerySchema, response: { 200: purchaseOrderListSchema } } },
      async (req) => listPurchaseOrders(db, req.website.id, req.query),
    );
    app.post(
      '/admin/stock/purchase-orders',
      { schema: { body: purchaseOrderInputSchema, response: { 200: purchaseOrderSchema } } },
      async (req) => createPurchaseOrder(inv, auditActor(req), req.body),
    );
    app.put(
      '/admin/stock/purchase-orders/:id',
      { schema: { params, body: purchaseOrderInputSchema, response: { 200: purchaseOrderSchema } } },
      async (req) => updatePurchaseOrder(inv, auditActor(req), req.params.id, req.body),
    );
    app.get('/admin/stock/purchase-orders/:id', { schema: { params, response: { 200: purchaseOrderSchema } } }, async (req) =>
      purchaseOrderOf(inv, db, req.website.id, req.params.id),
    );
    app.get('/admin/stock/purchase-orders/:id/print', { schema: { params } }, async (req, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .send(purchaseOrderHtml(await purchaseOrderOf(inv, db, req.website.id, req.params.id), req.website.name)),
    );
    app.post(
      '/admin/stock/purchase-orders/:id/status',
      { schema: { params, body: purchaseOrderMoveSchema, response: { 200: purchaseOrderSchema } } },
      async (req) => movePurchaseOrder(inv, auditActor(req), req.params.id, req.body.status),
    );
    app.post(
      '/admin/stock/purchase-orders/:id/receive',
      { schema: { params, body: goodsReceiptSchema, response: { 200: purchaseOrderSchema } } },
      async (req) => receivePurchaseOrder(inv, auditActor(req), req.params.id, req.body),
    );

    app.get(
      '/admin/stock/transfers',
      { schema: { querystring: transferQuerySchema, response: { 200: transferListSchema } } },
      async (req) => listTransfers(db, req.website.id, req.query),
    );
    app.post('/admin/stock/transfers', { schema: { body: transferInputSchema, response: { 200: transferSchema } } }, async (req) =>
      createTransfer(inv, auditActor(req), req.body),
    );
    app.put(
      '/admin/stock/transfers/:id',
      { schema: { params, body: transferInputSchema, response: { 200: transferSchema } } },
      async (req) => updateTransfer(inv, auditActor(req), req.params.id, req.body),
    );
    app.get('/admin/stock/transfers/:id', { schema: { params, response: { 200: transferSchema } } }, async (req) =>
      transferOf(inv, db, req.website.id, req.params.id),
    );
    app.post('/admin/stock/transfers/:id/send', { schema: { params, response: { 200: transferSchema } } }, async (req) =>
      sendTransfer(inv, auditActor(req), req.params.id),
    );
    app.post('/admin/stock/transfers/:id/cancel', { schema: { params, response: { 200: transferSchema } } }, async (req) =>
      cancelTransfer(inv, auditActor(req), req.params.id),
    );
    app.post(
      '/admin/stock/transfers/:id/receive',
      { schema: { params, body: transferReceiptSchema, response: { 200: transferSchema } } },
      async (req) => receiveTransfer(inv, auditActor(req), req.params.id, req.body),
    );
  };
