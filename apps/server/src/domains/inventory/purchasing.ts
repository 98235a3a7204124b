import {
  PURCHASE_ORDER_STATUS_LABELS,
  weightedAverageCost,
  type PurchaseOrder,
  type PurchaseOrderStatus,
  type PurchaseOrderSummary,
  type Supplier,
  type goodsReceiptSchema,
  type purchaseOrderInputSchema,
  type purchaseOrderQuerySchema,
  type supplierInputSchema,
} from '@grocer/shared/admin-purchasing';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client';
import { invalidateWebsite } from '../../http/cache';
import { Errors, fail } from '../../http/errors';
import type { AuditActor, InventoryContext, InventoryNeeds } from './needs';
import { moveStock, warehouseOf } from './service';
import { packCosts, purchaseOrderLines, purchaseOrders, stock, stockMovements, suppliers, warehouses } from './tables';

/**
 * Suppliers and purchase orders (issue 40 point 18). A purchase order is written as a draft,
 * ordered, then received in one or more goods received notes: each receipt is one transaction
 * that raises each line's `received` with a guarded update (never past the ordered quantity, so
 * two people receiving the same delivery cannot count it twice), moves the units into the order's
 * warehouse through the ledger (`purchase`, reference `po:{id}`, the unit cost on the movement)
 * and moves the pack's cost price to the weighted average of what is on hand.
 */

export const purchaseOrderNumber = (id: number) => `PO-${String(id).padStart(4, '0')}`;
const actorRef = (a: AuditActor) => (a.actorId ? `user:${a.actorId}` : 'system');

// ---------------------------------------------------------------------------------------------
// Suppliers

export async function listSuppliers(db: DbOrTx, websiteId: number, q: string): Promise<Supplier[]> {
  const where: SQL[] = [eq(suppliers.websiteId, websiteId)];
  if (q) {
    const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(lower(${suppliers.name}) like ${like} or ${suppliers.phone} like ${like} or lower(${suppliers.gstin}) like ${like})`);
  }
  return db
    .select({
      id: suppliers.id,
      name: suppliers.name,
      phone: suppliers.phone,
      gstin: suppliers.gstin,
      open_orders: sql<number>`(select count(*) from ${purchaseOrders} po where po.supplier_id = ${suppliers.id}
        and po.status in ('draft', 'ordered', 'partially_received'))::int`.mapWith(Number),
    })
    .from(suppliers)
    .where(and(...where))
    .orderBy(asc(suppliers.name), asc(suppliers.id))
    .limit(500);
}

async function supplierOf(db: DbOrTx, websiteId: number, id: number) {
  const [s] = await db
    .select()
    .from(suppliers)
    .where(and(eq(suppliers.websiteId, websiteId), eq(suppliers.id, id)));
  if (!s) throw Errors.notFound('Supplier not found');
  return s;
}

type SupplierInput = z.output<typeof supplierInputSchema>;

export async function createSupplier(inv: InventoryContext, actor: AuditActor, input: SupplierInput): Promise<Supplier> {
  const { db, recordAudit } = inv;
  const row = await db.transaction(async (tx) => {
    const [s] = await tx
      .insert(suppliers)
      .values({ websiteId: actor.websiteId, ...input })
      .returning();
    await recordAudit(tx, actor, { entity: 'supplier', entityId: s!.id, action: 'create', after: input });
    return s!;
  });
  return { id: row.id, name: row.name, phone: row.phone, gstin: row.gstin, open_orders: 0 };
}

export async function updateSupplier(inv: InventoryContext, actor: AuditActor, id: number, input: SupplierInput): Promise<Supplier> {
  const { db, recordAudit } = inv;
  await db.transaction(async (tx) => {
    const before = await supplierOf(tx, actor.websiteId, id);
    await tx
      .update(suppliers)
      .set(input)
      .where(and(eq(suppliers.websiteId, actor.websiteId), eq(suppliers.id, id)));
    await recordAudit(tx, actor, {
      entity: 'supplier',
      entityId: id,
      action: 'update',
      before: { name: before.name, phone: before.phone, gstin: before.gstin },
      after: input,
    });
  });
  return (await listSuppliers(db, actor.websiteId, '')).find((s) => s.id === id)!;
}

// ---------------------------------------------------------------------------------------------
// Purchase orders

type PurchaseOrderQuery = z.output<typeof purchaseOrderQuerySchema>;

export async function listPurchaseOrders(db: DbOrTx, websiteId: number, q: PurchaseOrderQuery) {
  const where: SQL[] = [eq(purchaseOrders.websiteId, websiteId)];
  if (q.status) where.push(eq(purchaseOrders.status, q.status));
  if (q.q) {
    const like = `%${q.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const id = /^(po-?)?0*(\d{1,9})$/i.exec(q.q)?.[2];
    where.push(sql`(lower(${suppliers.name}) like ${like}${id ? sql` or ${purchaseOrders.id} = ${Number(id)}` : sql``})`);
  }
  const rows = await db
    .select({
      id: purchaseOrders.id,
      status: purchaseOrders.status,
      supplier: suppliers.name,
      warehouse: warehouses.name,
      expected_on: purchaseOrders.expectedOn,
      createdAt: purchaseOrders.createdAt,
      total:
        sql<number>`(select coalesce(sum(l.quantity * l.unit_cost), 0) from ${purchaseOrderLines} l where l.purchase_order_id = ${purchaseOrders.id})::int`.mapWith(
          Number,
        ),
      ordered:
        sql<number>`(select coalesce(sum(l.quantity), 0) from ${purchaseOrderLines} l where l.purchase_order_id = ${purchaseOrders.id})::int`.mapWith(
          Number,
        ),
      received:
        sql<number>`(select coalesce(sum(l.received), 0) from ${purchaseOrderLines} l where l.purchase_order_id = ${purchaseOrders.id})::int`.mapWith(
          Number,
        ),
      n: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(purchaseOrders)
    .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
    .innerJoin(warehouses, eq(warehouses.id, purchaseOrders.warehouseId))
    .where(and(...where))
    .orderBy(desc(purchaseOrders.id))
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage);
  const data: PurchaseOrderSummary[] = rows.map(({ n: _n, createdAt, ...r }) => ({
    ...r,
    number: purchaseOrderNumber(r.id),
    created_at: createdAt.toISOString(),
  }));
  return { data, meta: { total: rows[0]?.n ?? 0, page: q.page, perPage: q.perPage } };
}

/** GET …/purchase-orders/{id}: the order, its lines by name, and its goods received notes. */
export async function purchaseOrderOf(needs: InventoryNeeds, db: DbOrTx, websiteId: number, id: number): Promise<PurchaseOrder> {
  const { packNamesSubquery, usersByIds } = needs;
  const [po] = await db
    .select({ po: purchaseOrders, supplier: suppliers, warehouse: { id: warehouses.id, name: warehouses.name } })
    .from(purchaseOrders)
    .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
    .innerJoin(warehouses, eq(warehouses.id, purchaseOrders.warehouseId))
    .where(and(eq(purchaseOrders.websiteId, websiteId), eq(purchaseOrders.id, id)));
  if (!po) throw Errors.notFound('Purchase order not found');
  const k = packNamesSubquery(db, websiteId);
  const lines = await db
    .select({
      id: purchaseOrderLines.id,
      pack_id: purchaseOrderLines.packId,
      product: k.product,
      pack: k.pack,
      sku: k.sku,
      quantity: purchaseOrderLines.quantity,
      unit_cost: purchaseOrderLines.unitCost,
      received: purchaseOrderLines.received,
    })
    .from(purchaseOrderLines)
    .innerJoin(k, eq(k.packId, purchaseOrderLines.packId))
    .where(eq(purchaseOrderLines.purchaseOrderId, id))
    .orderBy(asc(purchaseOrderLines.id));
  const moves = await db
    .select({
      packId: stockMovements.packId,
      quantity: stockMovements.quantity,
      unitCost: stockMovements.unitCost,
      note: stockMovements.note,
      actor: stockMovements.actor,
      createdAt: stockMovements.createdAt,
    })
    .from(stockMovements)
    .where(and(eq(stockMovements.websiteId, websiteId), eq(stockMovements.reference, `po:${id}`), eq(stockMovements.reason, 'purchase')))
    .orderBy(asc(stockMovements.id));
  // one receipt is one transaction: its movements share the transaction's time
  const receipts = new Map<string, { at: Date; actor: string; note: string; lines: PurchaseOrder['receipts'][number]['lines'] }>();
  for (const m of moves) {
    const key = `${m.createdAt.toISOString()}|${m.actor}`;
    const r = receipts.get(key) ?? { at: m.createdAt, actor: m.actor, note: m.note, lines: [] };
    r.lines.push({ pack_id: m.packId, quantity: m.quantity, unit_cost: m.unitCost ?? 0 });
    receipts.set(key, r);
  }
  const names = new Map(
    (await usersByIds(db, [...new Set(moves.flatMap((m) => (/^user:\d+$/.test(m.actor) ? [Number(m.actor.slice(5))] : [])))])).map((u) => [
      `user:${u.id}`,
      u.name,
    ]),
  );
  return {
    id: po.po.id,
    number: purchaseOrderNumber(po.po.id),
    status: po.po.status,
    supplier: { id: po.supplier.id, name: po.supplier.name, phone: po.supplier.phone, gstin: po.supplier.gstin },
    warehouse: po.warehouse,
    expected_on: po.po.expectedOn,
    note: po.po.note,
    created_at: po.po.createdAt.toISOString(),
    total: lines.reduce((a, l) => a + l.quantity * l.unit_cost, 0),
    lines,
    receipts: [...receipts.values()].map((r, i) => ({
      reference: `GRN-${po.po.id}-${i + 1}`,
      at: r.at.toISOString(),
      by: names.get(r.actor) ?? r.actor,
      note: r.note,
      lines: r.lines,
    })),
  };
}

/** The website's packs among `packIds` (the rest are another website's or gone). */
async function packsOfWebsite(needs: InventoryNeeds, db: DbOrTx, websiteId: number, packIds: number[]): Promise<Set<number>> {
  const k = needs.packNamesSubquery(db, websiteId);
  const rows = await db.select({ id: k.packId }).from(k).where(inArray(k.packId, packIds));
  return new Set(rows.map((r) => r.id));
}

/** One of the website's warehouses, or 404. */
export async function warehouseIn(db: DbOrTx, websiteId: number, id: number) {
  const w = await warehouseOf(db, websiteId, id);
  if (!w) throw Errors.notFound('Warehouse not found');
  return w;
}

export async function assertPacksOfWebsite(needs: InventoryNeeds, db: DbOrTx, websiteId: number, packIds: number[]) {
  const known = await packsOfWebsite(needs, db, websiteId, packIds);
  if (packIds.some((p) => !known.has(p))) throw Errors.notFound('Pack not found');
}

type PurchaseOrderInput = z.output<typeof purchaseOrderInputSchema>;

/** The supplier, the warehouse and every pack of a purchase order being written are the website's (else 404). */
async function checkPurchaseOrderInput(needs: InventoryNeeds, tx: Tx, websiteId: number, input: PurchaseOrderInput) {
  await supplierOf(tx, websiteId, input.supplier_id);
  await warehouseIn(tx, websiteId, input.warehouse_id);
  await assertPacksOfWebsite(
    needs,
    tx,
    websiteId,
    input.lines.map((l) => l.pack_id),
  );
}

async function insertPurchaseOrderLines(tx: Tx, websiteId: number, purchaseOrderId: number, lines: PurchaseOrderInput['lines']) {
  await tx
    .insert(purchaseOrderLines)
    .values(lines.map((l) => ({ websiteId, purchaseOrderId, packId: l.pack_id, quantity: l.quantity, unitCost: l.unit_cost })));
}

export async function createPurchaseOrder(inv: InventoryContext, actor: AuditActor, input: PurchaseOrderInput): Promise<PurchaseOrder> {
  const { db, recordAudit } = inv;
  const id = await db.transaction(async (tx) => {
    await checkPurchaseOrderInput(inv, tx, actor.websiteId, input);
    const [po] = await tx
      .insert(purchaseOrders)
      .values({
        websiteId: actor.websiteId,
        supplierId: input.supplier_id,
        warehouseId: input.warehouse_id,
        expectedOn: input.expected_on,
        note: input.note,
        createdBy: actorRef(actor),
      })
      .returning({ id: purchaseOrders.id });
    await insertPurchaseOrderLines(tx, actor.websiteId, po!.id, input.lines);
    await recordAudit(tx, actor, { entity: 'purchase_order', entityId: po!.id, action: 'create', after: input });
    return po!.id;
  });
  return purchaseOrderOf(inv, db, actor.websiteId, id);
}

/** The purchase order's row, locked for the transaction's change (of two changes, the second waits and sees the first); or 404. */
async function lockPurchaseOrder(tx: Tx, websiteId: number, id: number) {
  const [po] = await tx
    .select()
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.websiteId, websiteId), eq(purchaseOrders.id, id)))
    .for('update');
  if (!po) throw Errors.notFound('Purchase order not found');
  return po;
}

/**
 * PUT …/purchase-orders/{id}: a draft rewritten whole (supplier, warehouse, date, note, lines). The
 * row is locked first, so of an edit and Mark as ordered racing, the one that comes second sees the
 * other's result: an ordered purchase order is never changed, and a refusal writes nothing.
 */
export async function updatePurchaseOrder(
  inv: InventoryContext,
  actor: AuditActor,
  id: number,
  input: PurchaseOrderInput,
): Promise<PurchaseOrder> {
  const { db, recordAudit } = inv;
  await db.transaction(async (tx) => {
    const po = await lockPurchaseOrder(tx, actor.websiteId, id);
    if (po.status !== 'draft')
      throw fail('DRAFT_ONLY', { document: 'purchase order', status: PURCHASE_ORDER_STATUS_LABELS[po.status].toLowerCase() });
    await checkPurchaseOrderInput(inv, tx, actor.websiteId, input);
    const lines = await tx
      .select({ pack_id: purchaseOrderLines.packId, quantity: purchaseOrderLines.quantity, unit_cost: purchaseOrderLines.unitCost })
      .from(purchaseOrderLines)
      .where(eq(purchaseOrderLines.purchaseOrderId, id))
      .orderBy(asc(purchaseOrderLines.id));
    await tx
      .update(purchaseOrders)
      .set({
        supplierId: input.supplier_id,
        warehouseId: input.warehouse_id,
        expectedOn: input.expected_on,
        note: input.note,
        updatedAt: sql`now()`,
      })
      .where(eq(purchaseOrders.id, id));
    // a draft has received nothing, so its lines are replaced whole
    await tx.delete(purchaseOrderLines).where(eq(purchaseOrderLines.purchaseOrderId, id));
    await insertPurchaseOrderLines(tx, actor.websiteId, id, input.lines);
    await recordAudit(tx, actor, {
      entity: 'purchase_order',
      entityId: id,
      action: 'update',
      before: { supplier_id: po.supplierId, warehouse_id: po.warehouseId, expected_on: po.expectedOn, note: po.note, lines },
      after: input,
    });
  });
  return purchaseOrderOf(inv, db, actor.websiteId, id);
}

/** POST …/{id}/status: draft → ordered, or cancelled while nothing has been received (one guarded update). */
export async function movePurchaseOrder(
  inv: InventoryContext,
  actor: AuditActor,
  id: number,
  to: 'ordered' | 'cancelled',
): Promise<PurchaseOrder> {
  const { db, recordAudit } = inv;
  const from: PurchaseOrderStatus[] = to === 'ordered' ? ['draft'] : ['draft', 'ordered'];
  await db.transaction(async (tx) => {
    const [moved] = await tx
      .update(purchaseOrders)
      .set({ status: to, updatedAt: sql`now()` })
      .where(and(eq(purchaseOrders.websiteId, actor.websiteId), eq(purchaseOrders.id, id), inArray(purchaseOrders.status, from)))
      .returning({ id: purchaseOrders.id });
    if (!moved) {
      const now = await purchaseOrderOf(inv, tx, actor.websiteId, id);
      throw fail('DOCUMENT_STATE', { document: 'purchase order', status: now.status.replace('_', ' ') });
    }
    await recordAudit(tx, actor, {
      entity: 'purchase_order',
      entityId: id,
      action: to === 'ordered' ? 'order' : 'cancel',
      after: { status: to },
    });
  });
  return purchaseOrderOf(inv, db, actor.websiteId, id);
}

/**
 * Sets the pack's cost price to the weighted average after `quantity` units at `unitCost` arrive
 * (in the caller's transaction, before the units are moved in). The cost row is locked first, so
 * two receipts of one pack queue instead of both averaging from the same old cost.
 */
async function averageCostIn(
  needs: InventoryNeeds,
  tx: Tx,
  websiteId: number,
  packId: number,
  quantity: number,
  unitCost: number,
): Promise<number> {
  await tx.insert(packCosts).values({ packId, websiteId, cost: unitCost }).onConflictDoNothing();
  const [row] = await tx.select({ cost: packCosts.cost }).from(packCosts).where(eq(packCosts.packId, packId)).for('update');
  const [{ units } = { units: 0 }] = await tx
    .select({ units: sql<number>`coalesce(sum(${stock.available}), 0)::int`.mapWith(Number) })
    .from(stock)
    .where(and(eq(stock.websiteId, websiteId), eq(stock.packId, packId)));
  const committed = [...(await needs.committedUnits(tx, websiteId, [packId])).values()].reduce((a, b) => a + b, 0);
  const cost = weightedAverageCost({ cost: row?.cost ?? null, onHand: units + committed }, { quantity, unitCost });
  await tx
    .update(packCosts)
    .set({ cost, updatedAt: sql`now()` })
    .where(eq(packCosts.packId, packId));
  return cost;
}

/**
 * POST …/{id}/receive: a goods received note. The order's row is locked for the receipt; each
 * line's `received` rises by a guarded update (`received + n <= quantity`), the units enter the
 * order's warehouse through the ledger at the line's cost, and the order becomes received or
 * partially received. More than is still to come is refused (409) with nothing written.
 */
export async function receivePurchaseOrder(
  inv: InventoryContext,
  actor: AuditActor,
  id: number,
  input: z.output<typeof goodsReceiptSchema>,
): Promise<PurchaseOrder> {
  const { db, recordAudit } = inv;
  await db.transaction(async (tx) => {
    const po = await lockPurchaseOrder(tx, actor.websiteId, id);
    if (po.status !== 'ordered' && po.status !== 'partially_received')
      throw fail('DOCUMENT_STATE', { document: 'purchase order', status: po.status.replace('_', ' ') });
    const detail = await purchaseOrderOf(inv, tx, actor.websiteId, id);
    const byId = new Map(detail.lines.map((l) => [l.id, l]));
    const wanted = input.lines.filter((l) => l.quantity > 0);
    for (const w of wanted) if (!byId.has(w.line_id)) throw Errors.notFound('Purchase order line not found');
    // one pack order for every writer, so receipts of overlapping packs queue instead of deadlocking
    wanted.sort((a, b) => byId.get(a.line_id)!.pack_id - byId.get(b.line_id)!.pack_id);
    const received: Array<{ sku: string; quantity: number; unit_cost: number; cost_price: number }> = [];
    for (const w of wanted) {
      const line = byId.get(w.line_id)!;
      const [raised] = await tx
        .update(purchaseOrderLines)
        .set({ received: sql`${purchaseOrderLines.received} + ${w.quantity}` })
        .where(
          and(
            eq(purchaseOrderLines.id, w.line_id),
            eq(purchaseOrderLines.purchaseOrderId, id),
            sql`${purchaseOrderLines.received} + ${w.quantity} <= ${purchaseOrderLines.quantity}`,
          ),
        )
        .returning({ received: purchaseOrderLines.received });
      if (!raised) throw fail('OVER_RECEIPT', { item: `${line.product} ${line.pack}`, left: line.quantity - line.received });
      const costPrice = await averageCostIn(inv, tx, actor.websiteId, line.pack_id, w.quantity, line.unit_cost);
      await moveStock(tx, {
        websiteId: actor.websiteId,
        packId: line.pack_id,
        warehouseId: po.warehouseId,
        quantity: w.quantity,
        reason: 'purchase',
        reference: `po:${id}`,
        actor: actorRef(actor),
        note: input.note,
        unitCost: line.unit_cost,
      });
      received.push({ sku: line.sku, quantity: w.quantity, unit_cost: line.unit_cost, cost_price: costPrice });
    }
    const [{ left } = { left: 0 }] = await tx
      .select({ left: sql<number>`coalesce(sum(${purchaseOrderLines.quantity} - ${purchaseOrderLines.received}), 0)::int`.mapWith(Number) })
      .from(purchaseOrderLines)
      .where(eq(purchaseOrderLines.purchaseOrderId, id));
    const status: PurchaseOrderStatus = left === 0 ? 'received' : 'partially_received';
    await tx
      .update(purchaseOrders)
      .set({ status, updatedAt: sql`now()` })
      .where(eq(purchaseOrders.id, id));
    await recordAudit(tx, actor, {
      entity: 'purchase_order',
      entityId: id,
      action: 'receive',
      before: { status: po.status },
      after: { status, note: input.note, lines: received },
    });
  });
  invalidateWebsite(actor.websiteId);
  return purchaseOrderOf(inv, db, actor.websiteId, id);
}
