import {
  DEFAULT_LOW_STOCK_THRESHOLD,
  type adminStockAdjustSchema,
  type AdminPackStock,
  type AdminStockList,
  type AdminStockMovement,
  type AdminStockQuery,
} from '@grocer/shared/admin-stock';
import { and, asc, count, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { invalidateWebsite } from '../../http/cache';
import { Errors, fail } from '../../http/errors';
import type { AuditActor, InventoryContext } from './needs';
import { moveStock, stockKey } from './service';
import { inTransitUnits } from './transfers';
import { inventorySettings, lowStock, packCosts, packThresholds, stock, stockMovements, warehouses } from './tables';

/**
 * Administration's stock: balances per pack per warehouse (a pack a warehouse never stocked shows
 * 0), adjustments through the ledger (`moveStock`: one guarded update and one movement with who,
 * why and the balance after), each pack's movements, and low-stock thresholds.
 */

/** The website's default low-stock threshold. */
export async function defaultThreshold(db: DbOrTx, websiteId: number): Promise<number> {
  const [row] = await db
    .select({ t: inventorySettings.lowStockThreshold })
    .from(inventorySettings)
    .where(eq(inventorySettings.websiteId, websiteId));
  return row?.t ?? DEFAULT_LOW_STOCK_THRESHOLD;
}

export async function setDefaultThreshold(inv: InventoryContext, actor: AuditActor, threshold: number): Promise<number> {
  const { db, recordAudit } = inv;
  await db.transaction(async (tx) => {
    const before = await defaultThreshold(tx, actor.websiteId);
    await tx
      .insert(inventorySettings)
      .values({ websiteId: actor.websiteId, lowStockThreshold: threshold })
      .onConflictDoUpdate({ target: inventorySettings.websiteId, set: { lowStockThreshold: threshold } });
    await recordAudit(tx, actor, {
      entity: 'inventory_settings',
      entityId: actor.websiteId,
      action: 'update',
      before: { default_threshold: before },
      after: { default_threshold: threshold },
    });
  });
  return threshold;
}

/**
 * GET /s/api/admin/stock: the page, then its total counted apart. A window count over the page's
 * query would judge every pack × warehouse in name order before the first row (2.7 s at a quarter
 * of a year's shop); without it the page stops at its last row, and the low filter's total is a
 * count of the website's `low_stock` rows alone.
 */
export async function listStock(inv: InventoryContext, websiteId: number, q: AdminStockQuery): Promise<AdminStockList> {
  const { db, packNamesSubquery, committedUnits } = inv;
  const fallback = await defaultThreshold(db, websiteId);
  const k = packNamesSubquery(db, websiteId);
  const available = sql<number>`coalesce(${stock.available}, 0)`.mapWith(Number);
  const threshold = sql<number>`coalesce(${packThresholds.threshold}, ${fallback}::int)`.mapWith(Number);
  const where: SQL[] = [eq(warehouses.websiteId, websiteId)];
  if (q.q) {
    const like = `%${q.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(lower(${k.product}) like ${like} or lower(${k.pack}) like ${like} or ${k.sku} = ${q.q.toUpperCase()})`);
  }
  if (q.warehouse !== undefined) where.push(eq(warehouses.id, q.warehouse));
  // low: the pairs the database keeps in `low_stock` (available ≤ threshold, a pair never stocked at 0), joined below
  const sortBy: Record<AdminStockQuery['sort'], SQL> = {
    product: sql`${k.product}`,
    sku: sql`${k.sku}`,
    warehouse: sql`${warehouses.name}`,
    available: sql`${available}`,
    threshold: sql`${threshold}`,
  };
  const order = q.dir === 'asc' ? asc(sortBy[q.sort]) : desc(sortBy[q.sort]);
  const from = db
    .select({
      pack_id: k.packId,
      product_id: k.productId,
      product: k.product,
      pack: k.pack,
      sku: k.sku,
      warehouse_id: warehouses.id,
      warehouse: warehouses.name,
      available,
      threshold,
      own_threshold: sql<boolean>`(${packThresholds.threshold} is not null)`,
    })
    .from(k)
    .innerJoin(warehouses, eq(warehouses.websiteId, websiteId))
    .$dynamic();
  const rows = await (q.low ? from.innerJoin(lowStock, and(eq(lowStock.packId, k.packId), eq(lowStock.warehouseId, warehouses.id))) : from)
    .leftJoin(stock, and(eq(stock.packId, k.packId), eq(stock.warehouseId, warehouses.id)))
    .leftJoin(packThresholds, eq(packThresholds.packId, k.packId))
    .where(and(...where))
    .orderBy(order, asc(k.product), asc(k.position), asc(k.packId), asc(warehouses.id))
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage);
  const whs = await db
    .select({ id: warehouses.id, name: warehouses.name, code: warehouses.code })
    .from(warehouses)
    .where(eq(warehouses.websiteId, websiteId))
    .orderBy(asc(warehouses.id));
  const total = await stockTotal(inv, websiteId, q, k, where);
  const packIds = rows.map((r) => r.pack_id);
  const committed = await committedUnits(db, websiteId, packIds);
  const inTransit = await inTransitUnits(db, websiteId, packIds);
  return {
    data: rows.map((r) => {
      const key = stockKey(r.pack_id, r.warehouse_id);
      const held = committed.get(key) ?? 0;
      return {
        ...r,
        committed: held,
        on_hand: r.available + held,
        in_transit: inTransit.get(key) ?? 0,
        own_threshold: !!r.own_threshold,
        low: r.available <= r.threshold,
      };
    }),
    meta: { total, page: q.page, perPage: q.perPage },
    warehouses: whs,
    default_threshold: fallback,
  };
}

/**
 * The stock list's total: the low filter's is the website's `low_stock` rows (each pair in it is
 * one of the website's packs in one of its warehouses); a search's counts the joined rows.
 */
async function stockTotal(
  { db }: InventoryContext,
  websiteId: number,
  q: AdminStockQuery,
  k: ReturnType<InventoryContext['packNamesSubquery']>,
  where: SQL[],
): Promise<number> {
  const inWarehouse = q.warehouse === undefined ? undefined : eq(lowStock.warehouseId, q.warehouse);
  if (q.low && !q.q) {
    const [r] = await db
      .select({ n: count() })
      .from(lowStock)
      .where(and(eq(lowStock.websiteId, websiteId), inWarehouse));
    return r?.n ?? 0;
  }
  const counted = db.select({ n: count() }).from(k).innerJoin(warehouses, eq(warehouses.websiteId, websiteId)).$dynamic();
  const [r] = await (
    q.low ? counted.innerJoin(lowStock, and(eq(lowStock.packId, k.packId), eq(lowStock.warehouseId, warehouses.id))) : counted
  ).where(and(...where));
  return r?.n ?? 0;
}

/**
 * The dashboard's low stock: the website's stocked pairs at or under their threshold (the pack's
 * own, else `fallback`, the website's) of products on sale, fewest units first: the first `limit`
 * and how many. Found from `low_stock` (the pairs the database keeps judged), not by judging every
 * balance of the website.
 */
export async function lowStockPacks({ db, packNamesSubquery }: InventoryContext, websiteId: number, fallback: number, limit: number) {
  const k = packNamesSubquery(db, websiteId);
  const threshold = sql<number>`coalesce(${packThresholds.threshold}, ${fallback}::int)`.mapWith(Number);
  // a pair never stocked is low in the stock list, but not a balance to show here (the inner join);
  // the sort reads every low pair anyway, so the count rides along
  const rows = await db
    .select({
      packId: k.packId,
      productId: k.productId,
      product: k.product,
      pack: k.pack,
      warehouseId: stock.warehouseId,
      available: stock.available,
      threshold,
      n: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(lowStock)
    .innerJoin(stock, and(eq(stock.packId, lowStock.packId), eq(stock.warehouseId, lowStock.warehouseId)))
    .innerJoin(k, eq(k.packId, lowStock.packId))
    .leftJoin(packThresholds, eq(packThresholds.packId, lowStock.packId))
    .where(and(eq(lowStock.websiteId, websiteId), sql`${k.active}`))
    .orderBy(asc(stock.available), asc(k.product), asc(k.packId), asc(stock.warehouseId))
    .limit(limit);
  return { rows: rows.map(({ n: _n, ...r }) => r), total: rows[0]?.n ?? 0 };
}

/** GET /s/api/admin/stock/packs/{packId}: the balance in every warehouse of the website (0 where none). */
export async function packStock(inv: InventoryContext, websiteId: number, packId: number): Promise<AdminPackStock> {
  const { db, packNamed: packOf, committedUnits } = inv;
  const k = await packOf(db, websiteId, packId);
  const levels = await db
    .select({ warehouse_id: warehouses.id, warehouse: warehouses.name, available: sql<number>`coalesce(${stock.available}, 0)::int` })
    .from(warehouses)
    .leftJoin(stock, and(eq(stock.warehouseId, warehouses.id), eq(stock.packId, packId)))
    .where(eq(warehouses.websiteId, websiteId))
    .orderBy(asc(warehouses.id));
  const [own] = await db.select({ t: packThresholds.threshold }).from(packThresholds).where(eq(packThresholds.packId, packId));
  const committed = await committedUnits(db, websiteId, [packId]);
  const inTransit = await inTransitUnits(db, websiteId, [packId]);
  const [cost] = await db.select({ cost: packCosts.cost }).from(packCosts).where(eq(packCosts.packId, packId));
  return {
    pack_id: k.id,
    product_id: k.productId,
    product: k.product,
    pack: k.name,
    sku: k.sku,
    threshold: own?.t ?? (await defaultThreshold(db, websiteId)),
    own_threshold: !!own,
    levels: levels.map((l) => {
      const key = stockKey(packId, l.warehouse_id);
      const held = committed.get(key) ?? 0;
      return {
        ...l,
        available: Number(l.available),
        committed: held,
        on_hand: Number(l.available) + held,
        in_transit: inTransit.get(key) ?? 0,
      };
    }),
    cost_price: cost?.cost ?? null,
  };
}

const movementColumns = {
  id: stockMovements.id,
  warehouse_id: stockMovements.warehouseId,
  warehouse: warehouses.name,
  quantity: stockMovements.quantity,
  balance: stockMovements.balance,
  reason: stockMovements.reason,
  reference: stockMovements.reference,
  note: stockMovements.note,
  rawActor: stockMovements.actor,
  createdAt: stockMovements.createdAt,
};

function actorLabel(raw: string, name: string | null): string {
  if (name) return name;
  if (raw === 'system') return 'System';
  if (raw === 'seed' || raw === 'migration') return 'Setup';
  return raw;
}

async function movements(inv: InventoryContext, where: SQL, limit: number): Promise<AdminStockMovement[]> {
  const { db, usersByIds } = inv;
  const rows = await db
    .select(movementColumns)
    .from(stockMovements)
    .innerJoin(warehouses, eq(warehouses.id, stockMovements.warehouseId))
    .where(where)
    .orderBy(desc(stockMovements.id))
    .limit(limit);
  const ids = [...new Set(rows.flatMap((r) => (/^user:\d+$/.test(r.rawActor) ? [Number(r.rawActor.slice(5))] : [])))];
  const names = new Map((await usersByIds(db, ids)).map((u) => [`user:${u.id}`, u.name]));
  return rows.map(({ rawActor, createdAt, ...m }) => ({
    ...m,
    actor: actorLabel(rawActor, names.get(rawActor) ?? null),
    created_at: createdAt.toISOString(),
  }));
}

/** GET /s/api/admin/stock/packs/{packId}/movements: newest first; `before` is a keyset cursor (an id). */
export async function packMovements(
  inv: InventoryContext,
  websiteId: number,
  packId: number,
  q: { warehouse?: number; before?: number; limit: number },
): Promise<AdminStockMovement[]> {
  const { db, packNamed: packOf } = inv;
  await packOf(db, websiteId, packId);
  const where = [eq(stockMovements.websiteId, websiteId), eq(stockMovements.packId, packId)];
  if (q.warehouse !== undefined) where.push(eq(stockMovements.warehouseId, q.warehouse));
  if (q.before !== undefined) where.push(lt(stockMovements.id, q.before));
  return movements(inv, and(...where)!, q.limit);
}

export type StockAdjustInput = z.output<typeof adminStockAdjustSchema>;

/**
 * POST /s/api/admin/stock/packs/{packId}/adjust: one ledger movement in one transaction with its
 * audit row. A difference goes through `moveStock`'s guarded update (a removal larger than the
 * balance is refused: 409, nothing written); a counted quantity locks the balance, so a checkout
 * at the same moment either took its units before the count (and the count wins) or waits and
 * takes from the counted balance.
 */
export async function adjustPackStock(inv: InventoryContext, actor: AuditActor, packId: number, input: StockAdjustInput) {
  const { db, recordAudit, packNamed: packOf } = inv;
  const websiteId = actor.websiteId;
  const movementId = await db.transaction(async (tx) => {
    const k = await packOf(tx, websiteId, packId);
    const [w] = await tx
      .select()
      .from(warehouses)
      .where(and(eq(warehouses.websiteId, websiteId), eq(warehouses.id, input.warehouse_id)));
    if (!w) throw Errors.notFound('Warehouse not found');
    let delta = input.delta ?? 0;
    if (input.counted !== undefined) {
      // a count: the balance (made first when the warehouse never stocked the pack, so two counts
      // queue on it) is locked from reading it to writing the difference
      await tx.insert(stock).values({ websiteId, packId, warehouseId: w.id, available: 0 }).onConflictDoNothing();
      const [row] = await tx
        .select({ available: stock.available })
        .from(stock)
        .where(and(eq(stock.packId, packId), eq(stock.warehouseId, w.id)))
        .for('update');
      delta = input.counted - (row?.available ?? 0);
    }
    if (delta === 0) return null;
    const balance = await moveStock(tx, {
      websiteId,
      packId,
      warehouseId: w.id,
      quantity: delta,
      reason: input.reason,
      reference: null,
      actor: actor.actorId ? `user:${actor.actorId}` : 'system',
      note: input.note,
    });
    if (balance === null) {
      const now = (
        await tx
          .select({ available: stock.available })
          .from(stock)
          .where(and(eq(stock.packId, packId), eq(stock.warehouseId, w.id)))
      )[0]?.available;
      throw fail('STOCK_BELOW_ZERO', { available: now ?? 0, warehouse: w.name });
    }
    await recordAudit(tx, actor, {
      entity: 'stock',
      entityId: `${packId}:${w.id}`,
      action: 'adjust',
      before: { sku: k.sku, warehouse: w.code, available: balance - delta },
      after: { sku: k.sku, warehouse: w.code, available: balance, reason: input.reason, quantity: delta, note: input.note },
    });
    const [m] = await tx
      .select({ id: stockMovements.id })
      .from(stockMovements)
      .where(and(eq(stockMovements.packId, packId), eq(stockMovements.warehouseId, w.id)))
      .orderBy(desc(stockMovements.id))
      .limit(1);
    return m!.id;
  });
  // the storefront shows the new balance at once: the product pages and lists cached for the website go
  invalidateWebsite(websiteId);
  return {
    stock: await packStock(inv, websiteId, packId),
    movement: movementId === null ? null : ((await movements(inv, eq(stockMovements.id, movementId), 1))[0] ?? null),
  };
}

/** PUT /s/api/admin/stock/packs/{packId}/threshold: the pack's own threshold, or null for the website's. */
export async function setPackThreshold(
  inv: InventoryContext,
  actor: AuditActor,
  packId: number,
  threshold: number | null,
): Promise<AdminPackStock> {
  const { db, recordAudit, packNamed: packOf } = inv;
  await db.transaction(async (tx) => {
    await packOf(tx, actor.websiteId, packId);
    const [old] = await tx.select({ t: packThresholds.threshold }).from(packThresholds).where(eq(packThresholds.packId, packId));
    if (threshold === null) await tx.delete(packThresholds).where(eq(packThresholds.packId, packId));
    else
      await tx
        .insert(packThresholds)
        .values({ packId, websiteId: actor.websiteId, threshold })
        .onConflictDoUpdate({ target: packThresholds.packId, set: { threshold } });
    await recordAudit(tx, actor, {
      entity: 'pack',
      entityId: packId,
      action: 'update',
      before: { low_stock_threshold: old?.t ?? null },
      after: { low_stock_threshold: threshold },
    });
  });
  return packStock(inv, actor.websiteId, packId);
}
