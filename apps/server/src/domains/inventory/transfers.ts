import {
  TRANSFER_STATUS_LABELS,
  type Transfer,
  type TransferStatus,
  type TransferSummary,
  type transferInputSchema,
  type transferQuerySchema,
  type transferReceiptSchema,
} from '@grocer/shared/admin-purchasing';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client';
import { invalidateWebsite } from '../../http/cache';
import { Errors, fail } from '../../http/errors';
import type { AuditActor, InventoryContext, InventoryNeeds } from './needs';
import { assertPacksOfWebsite, warehouseIn } from './purchasing';
import { moveStock } from './service';
import { stock, stockTransferLines, stockTransfers, warehouses } from './tables';

/**
 * Stock transfers between two warehouses of the website (issue 40 point 18). Sending is one
 * transaction: a guarded status update (draft → in_transit: of two people pressing Send, one
 * wins) and a `transfer_out` movement per line through `moveStock`'s guarded update (never more
 * than is available at the source; otherwise nothing is written). Receiving locks the transfer,
 * raises each line's received and short counts with a guarded update (never past what was sent)
 * and moves the received units into the destination (`transfer_in`). Units short are recorded on
 * the line with the reason: they left the source and never arrived, so no balance changes.
 */

export const transferNumber = (id: number) => `TR-${String(id).padStart(4, '0')}`;
const actorRef = (a: AuditActor) => (a.actorId ? `user:${a.actorId}` : 'system');
const from = alias(warehouses, 'from_warehouse');
const to = alias(warehouses, 'to_warehouse');

export async function listTransfers(db: DbOrTx, websiteId: number, q: z.output<typeof transferQuerySchema>) {
  const where: SQL[] = [eq(stockTransfers.websiteId, websiteId)];
  if (q.status) where.push(eq(stockTransfers.status, q.status));
  if (q.q) {
    const like = `%${q.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const id = /^(tr-?)?0*(\d{1,9})$/i.exec(q.q)?.[2];
    where.push(
      sql`(lower(${from.name}) like ${like} or lower(${to.name}) like ${like}${id ? sql` or ${stockTransfers.id} = ${Number(id)}` : sql``})`,
    );
  }
  const sum = (col: SQL) =>
    sql<number>`(select coalesce(sum(${col}), 0) from ${stockTransferLines} l where l.transfer_id = ${stockTransfers.id})::int`.mapWith(
      Number,
    );
  const rows = await db
    .select({
      id: stockTransfers.id,
      status: stockTransfers.status,
      from: from.name,
      to: to.name,
      createdAt: stockTransfers.createdAt,
      units: sum(sql`l.quantity`),
      received: sum(sql`l.received`),
      short: sum(sql`l.short`),
      n: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(stockTransfers)
    .innerJoin(from, eq(from.id, stockTransfers.fromWarehouseId))
    .innerJoin(to, eq(to.id, stockTransfers.toWarehouseId))
    .where(and(...where))
    .orderBy(desc(stockTransfers.id))
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage);
  const data: TransferSummary[] = rows.map(({ n: _n, createdAt, ...r }) => ({
    ...r,
    number: transferNumber(r.id),
    created_at: createdAt.toISOString(),
  }));
  return { data, meta: { total: rows[0]?.n ?? 0, page: q.page, perPage: q.perPage } };
}

/**
 * Units in transit per (pack, destination warehouse), keyed `${packId}:${warehouseId}`: sent on the
 * website's transfers and neither received nor written off as short yet. They have left the source's
 * balance and are not in the destination's, so the stock list shows them beside on hand.
 */
export async function inTransitUnits(db: DbOrTx, websiteId: number, packIds: number[]): Promise<Map<string, number>> {
  if (!packIds.length) return new Map();
  const left = sql`${stockTransferLines.quantity} - ${stockTransferLines.received} - ${stockTransferLines.short}`;
  const rows = await db
    .select({
      packId: stockTransferLines.packId,
      warehouseId: stockTransfers.toWarehouseId,
      units: sql<number>`sum(${left})::int`.mapWith(Number),
    })
    .from(stockTransferLines)
    .innerJoin(stockTransfers, eq(stockTransfers.id, stockTransferLines.transferId))
    .where(
      and(
        eq(stockTransfers.websiteId, websiteId),
        inArray(stockTransfers.status, ['in_transit', 'partially_received']),
        inArray(stockTransferLines.packId, [...new Set(packIds)]),
        sql`${left} > 0`,
      ),
    )
    .groupBy(stockTransferLines.packId, stockTransfers.toWarehouseId);
  return new Map(rows.map((r) => [`${r.packId}:${r.warehouseId}`, r.units]));
}

export async function transferOf(needs: InventoryNeeds, db: DbOrTx, websiteId: number, id: number): Promise<Transfer> {
  const { packNamesSubquery } = needs;
  const [t] = await db
    .select({ t: stockTransfers, from: { id: from.id, name: from.name }, to: { id: to.id, name: to.name } })
    .from(stockTransfers)
    .innerJoin(from, eq(from.id, stockTransfers.fromWarehouseId))
    .innerJoin(to, eq(to.id, stockTransfers.toWarehouseId))
    .where(and(eq(stockTransfers.websiteId, websiteId), eq(stockTransfers.id, id)));
  if (!t) throw Errors.notFound('Transfer not found');
  const k = packNamesSubquery(db, websiteId);
  const lines = await db
    .select({
      id: stockTransferLines.id,
      pack_id: stockTransferLines.packId,
      product: k.product,
      pack: k.pack,
      sku: k.sku,
      quantity: stockTransferLines.quantity,
      received: stockTransferLines.received,
      short: stockTransferLines.short,
      short_reason: stockTransferLines.shortReason,
      available_at_source: sql<number>`coalesce(${stock.available}, 0)::int`.mapWith(Number),
    })
    .from(stockTransferLines)
    .innerJoin(k, eq(k.packId, stockTransferLines.packId))
    .leftJoin(stock, and(eq(stock.packId, stockTransferLines.packId), eq(stock.warehouseId, t.t.fromWarehouseId)))
    .where(eq(stockTransferLines.transferId, id))
    .orderBy(asc(stockTransferLines.id));
  return {
    id: t.t.id,
    number: transferNumber(t.t.id),
    status: t.t.status,
    from: t.from,
    to: t.to,
    note: t.t.note,
    created_at: t.t.createdAt.toISOString(),
    sent_at: t.t.sentAt?.toISOString() ?? null,
    received_at: t.t.receivedAt?.toISOString() ?? null,
    lines,
  };
}

type TransferInput = z.output<typeof transferInputSchema>;

/** Both warehouses and every pack of a transfer being written are the website's (else 404). */
async function checkTransferInput(needs: InventoryNeeds, tx: Tx, websiteId: number, input: TransferInput) {
  await warehouseIn(tx, websiteId, input.from_warehouse_id);
  await warehouseIn(tx, websiteId, input.to_warehouse_id);
  await assertPacksOfWebsite(
    needs,
    tx,
    websiteId,
    input.lines.map((l) => l.pack_id),
  );
}

async function insertTransferLines(tx: Tx, websiteId: number, transferId: number, lines: TransferInput['lines']) {
  await tx.insert(stockTransferLines).values(lines.map((l) => ({ websiteId, transferId, packId: l.pack_id, quantity: l.quantity })));
}

export async function createTransfer(inv: InventoryContext, actor: AuditActor, input: TransferInput): Promise<Transfer> {
  const { db, recordAudit } = inv;
  const id = await db.transaction(async (tx) => {
    await checkTransferInput(inv, tx, actor.websiteId, input);
    const [t] = await tx
      .insert(stockTransfers)
      .values({
        websiteId: actor.websiteId,
        fromWarehouseId: input.from_warehouse_id,
        toWarehouseId: input.to_warehouse_id,
        note: input.note,
        createdBy: actorRef(actor),
      })
      .returning({ id: stockTransfers.id });
    await insertTransferLines(tx, actor.websiteId, t!.id, input.lines);
    await recordAudit(tx, actor, { entity: 'stock_transfer', entityId: t!.id, action: 'create', after: input });
    return t!.id;
  });
  return transferOf(inv, db, actor.websiteId, id);
}

/** The transfer's row, locked for the transaction's change (of two changes, the second waits and sees the first); or 404. */
async function lockTransfer(tx: Tx, websiteId: number, id: number) {
  const [t] = await tx
    .select()
    .from(stockTransfers)
    .where(and(eq(stockTransfers.websiteId, websiteId), eq(stockTransfers.id, id)))
    .for('update');
  if (!t) throw Errors.notFound('Transfer not found');
  return t;
}

/**
 * PUT …/transfers/{id}: a draft rewritten whole (warehouses, note, lines). The row is locked first,
 * so an edit racing Send either lands before the units leave or is refused: a sent transfer is never
 * changed, and a refusal writes nothing.
 */
export async function updateTransfer(inv: InventoryContext, actor: AuditActor, id: number, input: TransferInput): Promise<Transfer> {
  const { db, recordAudit } = inv;
  await db.transaction(async (tx) => {
    const t = await lockTransfer(tx, actor.websiteId, id);
    if (t.status !== 'draft') throw fail('DRAFT_ONLY', { document: 'transfer', status: TRANSFER_STATUS_LABELS[t.status].toLowerCase() });
    await checkTransferInput(inv, tx, actor.websiteId, input);
    const lines = await tx
      .select({ pack_id: stockTransferLines.packId, quantity: stockTransferLines.quantity })
      .from(stockTransferLines)
      .where(eq(stockTransferLines.transferId, id))
      .orderBy(asc(stockTransferLines.id));
    await tx
      .update(stockTransfers)
      .set({ fromWarehouseId: input.from_warehouse_id, toWarehouseId: input.to_warehouse_id, note: input.note })
      .where(eq(stockTransfers.id, id));
    // nothing of a draft has moved, so its lines are replaced whole
    await tx.delete(stockTransferLines).where(eq(stockTransferLines.transferId, id));
    await insertTransferLines(tx, actor.websiteId, id, input.lines);
    await recordAudit(tx, actor, {
      entity: 'stock_transfer',
      entityId: id,
      action: 'update',
      before: { from_warehouse_id: t.fromWarehouseId, to_warehouse_id: t.toWarehouseId, note: t.note, lines },
      after: input,
    });
  });
  return transferOf(inv, db, actor.websiteId, id);
}

async function refuseState(needs: InventoryNeeds, db: DbOrTx, websiteId: number, id: number): Promise<never> {
  const now = await transferOf(needs, db, websiteId, id);
  throw fail('DOCUMENT_STATE', { document: 'transfer', status: now.status.replace('_', ' ') });
}

/** POST …/transfers/{id}/send: the units leave the source (`transfer_out`), or nothing does. */
export async function sendTransfer(inv: InventoryContext, actor: AuditActor, id: number): Promise<Transfer> {
  const { db, recordAudit } = inv;
  await db.transaction(async (tx) => {
    const [t] = await tx
      .update(stockTransfers)
      .set({ status: 'in_transit', sentAt: sql`now()` })
      .where(and(eq(stockTransfers.websiteId, actor.websiteId), eq(stockTransfers.id, id), eq(stockTransfers.status, 'draft')))
      .returning();
    if (!t) return refuseState(inv, tx, actor.websiteId, id);
    const detail = await transferOf(inv, tx, actor.websiteId, id);
    const source = await warehouseIn(tx, actor.websiteId, t.fromWarehouseId);
    // pack order, as every writer that moves several balances (moveStock)
    for (const line of [...detail.lines].sort((a, b) => a.pack_id - b.pack_id)) {
      const balance = await moveStock(tx, {
        websiteId: actor.websiteId,
        packId: line.pack_id,
        warehouseId: t.fromWarehouseId,
        quantity: -line.quantity,
        reason: 'transfer_out',
        reference: `transfer:${id}`,
        actor: actorRef(actor),
        note: `To ${detail.to.name}`,
      });
      if (balance === null) {
        const [now] = await tx
          .select({ available: stock.available })
          .from(stock)
          .where(and(eq(stock.packId, line.pack_id), eq(stock.warehouseId, t.fromWarehouseId)));
        throw fail('NOT_ENOUGH_TO_SEND', { item: `${line.product} ${line.pack}`, available: now?.available ?? 0, warehouse: source.name });
      }
    }
    await recordAudit(tx, actor, {
      entity: 'stock_transfer',
      entityId: id,
      action: 'send',
      before: { status: 'draft' },
      after: { status: 'in_transit', lines: detail.lines.map((l) => ({ sku: l.sku, quantity: l.quantity })) },
    });
  });
  invalidateWebsite(actor.websiteId);
  return transferOf(inv, db, actor.websiteId, id);
}

/** POST …/transfers/{id}/cancel: a draft only (nothing has moved yet). */
export async function cancelTransfer(inv: InventoryContext, actor: AuditActor, id: number): Promise<Transfer> {
  const { db, recordAudit } = inv;
  await db.transaction(async (tx) => {
    const [t] = await tx
      .update(stockTransfers)
      .set({ status: 'cancelled' })
      .where(and(eq(stockTransfers.websiteId, actor.websiteId), eq(stockTransfers.id, id), eq(stockTransfers.status, 'draft')))
      .returning({ id: stockTransfers.id });
    if (!t) return refuseState(inv, tx, actor.websiteId, id);
    await recordAudit(tx, actor, {
      entity: 'stock_transfer',
      entityId: id,
      action: 'cancel',
      before: { status: 'draft' },
      after: { status: 'cancelled' },
    });
  });
  return transferOf(inv, db, actor.websiteId, id);
}

/**
 * POST …/transfers/{id}/receive: units that arrived go into the destination (`transfer_in`); units
 * short are recorded with the reason. The transfer is received once every unit sent is either.
 */
export async function receiveTransfer(
  inv: InventoryContext,
  actor: AuditActor,
  id: number,
  input: z.output<typeof transferReceiptSchema>,
): Promise<Transfer> {
  const { db, recordAudit } = inv;
  await db.transaction(async (tx) => {
    const t = await lockTransfer(tx, actor.websiteId, id);
    if (t.status !== 'in_transit' && t.status !== 'partially_received') return refuseState(inv, tx, actor.websiteId, id);
    const detail = await transferOf(inv, tx, actor.websiteId, id);
    const byId = new Map(detail.lines.map((l) => [l.id, l]));
    for (const w of input.lines) if (!byId.has(w.line_id)) throw Errors.notFound('Transfer line not found');
    const wanted = input.lines.filter((l) => l.received > 0 || l.short > 0);
    wanted.sort((a, b) => byId.get(a.line_id)!.pack_id - byId.get(b.line_id)!.pack_id);
    for (const w of wanted) {
      const line = byId.get(w.line_id)!;
      const [raised] = await tx
        .update(stockTransferLines)
        .set({
          received: sql`${stockTransferLines.received} + ${w.received}`,
          short: sql`${stockTransferLines.short} + ${w.short}`,
          ...(w.short > 0
            ? {
                shortReason: sql`case when ${stockTransferLines.shortReason} is null then ${w.short_reason} else ${stockTransferLines.shortReason} || '; ' || ${w.short_reason} end`,
              }
            : {}),
        })
        .where(
          and(
            eq(stockTransferLines.id, w.line_id),
            eq(stockTransferLines.transferId, id),
            sql`${stockTransferLines.received} + ${stockTransferLines.short} + ${w.received + w.short} <= ${stockTransferLines.quantity}`,
          ),
        )
        .returning({ id: stockTransferLines.id });
      if (!raised) throw fail('OVER_RECEIPT', { item: `${line.product} ${line.pack}`, left: line.quantity - line.received - line.short });
      if (w.received > 0)
        await moveStock(tx, {
          websiteId: actor.websiteId,
          packId: line.pack_id,
          warehouseId: t.toWarehouseId,
          quantity: w.received,
          reason: 'transfer_in',
          reference: `transfer:${id}`,
          actor: actorRef(actor),
          note: `From ${detail.from.name}`,
        });
    }
    const [{ left } = { left: 0 }] = await tx
      .select({
        left: sql<number>`coalesce(sum(${stockTransferLines.quantity} - ${stockTransferLines.received} - ${stockTransferLines.short}), 0)::int`.mapWith(
          Number,
        ),
      })
      .from(stockTransferLines)
      .where(eq(stockTransferLines.transferId, id));
    const status: TransferStatus = left === 0 ? 'received' : 'partially_received';
    await tx
      .update(stockTransfers)
      .set({ status, ...(left === 0 ? { receivedAt: sql`now()` } : {}) })
      .where(eq(stockTransfers.id, id));
    await recordAudit(tx, actor, {
      entity: 'stock_transfer',
      entityId: id,
      action: 'receive',
      before: { status: t.status },
      after: {
        status,
        lines: wanted.map((w) => ({
          sku: byId.get(w.line_id)!.sku,
          received: w.received,
          short: w.short,
          short_reason: w.short_reason || null,
        })),
      },
    });
  });
  invalidateWebsite(actor.websiteId);
  return transferOf(inv, db, actor.websiteId, id);
}
