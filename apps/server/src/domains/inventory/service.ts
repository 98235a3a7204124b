import { and, asc, eq, inArray, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { reusable, type DbOrTx, type Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { productStock, stock, stockMovements, warehouses, type StockReason } from './tables';

/**
 * Inventory owns `warehouses`, `stock` and `stock_movements` (DESIGN §3). Every change of a
 * balance goes through `moveStock`, so the ledger and the balance never disagree; other domains
 * read stock through the functions below.
 */

export interface StockMove {
  websiteId: number;
  packId: number;
  warehouseId: number;
  /** units in (positive) or out (negative) */
  quantity: number;
  reason: Exclude<StockReason, 'opening'>;
  /** the document behind the movement: `order:{id}`, a POS bill number, an import file */
  reference: string | null;
  /** `user:{id}`, `system` (a job) */
  actor: string;
  /** the owner's words on an adjustment */
  note?: string;
  /** paise per unit, for goods received (`purchase`) */
  unitCost?: number;
}

/**
 * Moves stock in the caller's transaction: one guarded balance update (`available >= qty` when
 * taking, so two buyers can never take the same last unit) and its movement row with the
 * resulting balance. Answers the new balance, or null (nothing written) when there is not enough
 * stock or, when taking, no balance at all. Units coming in create the balance when it is missing.
 * Callers that move several balances lock them in one order (pack, then warehouse) so that
 * concurrent transactions queue instead of deadlocking.
 */
export async function moveStock(tx: Tx, m: StockMove): Promise<number | null> {
  if (!Number.isInteger(m.quantity) || m.quantity === 0) throw new Error(`moveStock needs a non-zero whole quantity, got ${m.quantity}`);
  if (m.quantity < 0) {
    // Taking units (an order, a sale): the guarded update and its movement in one statement, so a
    // checkout holds the stock row's lock one round trip less (the row stays locked until commit).
    const take = takeStockStatements(m);
    const [taken] = rowsOf<{ balance: number }>(await tx.execute(sql`with moved as (${take.update}) ${take.movement(sql`moved`)}`));
    return taken ? Number(taken.balance) : null;
  }
  const [row] = await tx
    .insert(stock)
    .values({ websiteId: m.websiteId, packId: m.packId, warehouseId: m.warehouseId, available: m.quantity })
    .onConflictDoUpdate({
      target: [stock.packId, stock.warehouseId],
      set: { available: sql`${stock.available} + ${m.quantity}` },
      setWhere: eq(stock.websiteId, m.websiteId),
    })
    .returning({ available: stock.available });
  if (!row) return null;
  await tx.insert(stockMovements).values({ ...m, balance: row.available });
  return row.available;
}

/**
 * `moveStock`'s two statements for taking units, for a caller that takes them inside a statement
 * of its own (checkout takes the slot, each line's stock and the order number in one, as CTEs):
 * `update`, the guarded balance update, answers the new balance (`available`), or no row when there
 * is not enough; `movement(taken)` writes the ledger row from that answer (`taken` names it). With
 * `when`, a condition on what the statement took before (`exists (select 1 from …)`), nothing is
 * taken unless it holds: evaluated before the stock row is read, so a checkout that could not
 * take its slot locks no stock.
 */
export function takeStockStatements(
  m: { [K in keyof StockMove]: StockMove[K] | Placeholder },
  when: SQL = sql`true`,
): { update: SQL; movement: (taken: SQLWrapper) => SQL } {
  if (typeof m.quantity === 'number' && (!Number.isInteger(m.quantity) || m.quantity >= 0))
    throw new Error(`taking stock needs a negative whole quantity, got ${m.quantity}`);
  return {
    update: sql`update ${stock} set available = available + ${m.quantity}::int
      where website_id = ${m.websiteId} and pack_id = ${m.packId} and warehouse_id = ${m.warehouseId} and available >= -(${m.quantity}::int) and ${when}
      returning available`,
    movement: (
      taken,
    ) => sql`insert into ${stockMovements} (website_id, pack_id, warehouse_id, quantity, balance, reason, reference, actor, note)
      select ${m.websiteId}, ${m.packId}, ${m.warehouseId}, ${m.quantity}, available, ${m.reason}, ${m.reference}, ${m.actor}, ${m.note ?? ''}
      from ${taken}
      returning balance`,
  };
}

/**
 * A counted balance (a stock take, an admin correction): moves the balance to `available` with
 * one `adjustment` movement of the difference, the row locked meanwhile. Answers the balance.
 */
export async function adjustStockTo(
  tx: Tx,
  a: { websiteId: number; packId: number; warehouseId: number; available: number; reference: string | null; actor: string },
): Promise<number> {
  if (!Number.isInteger(a.available) || a.available < 0)
    throw new Error(`a counted balance is a whole number of units, got ${a.available}`);
  const [row] = await tx
    .select({ available: stock.available })
    .from(stock)
    .where(and(eq(stock.websiteId, a.websiteId), eq(stock.packId, a.packId), eq(stock.warehouseId, a.warehouseId)))
    .for('update');
  const delta = a.available - (row?.available ?? 0);
  if (delta === 0) return a.available;
  const { available, ...where } = a;
  const balance = await moveStock(tx, { ...where, quantity: delta, reason: 'adjustment' });
  if (balance !== available) throw new Error(`stock of pack ${a.packId} at warehouse ${a.warehouseId} moved while it was counted`);
  return balance;
}

export interface OpeningBalance {
  websiteId: number;
  packId: number;
  warehouseId: number;
  available: number;
}

/** New balances (seed data, a new pack's first stock), each with its opening movement. */
export async function openStock(tx: Tx, rows: OpeningBalance[], actor: string): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(stock).values(rows);
  await tx
    .insert(stockMovements)
    .values(rows.map((r) => ({ ...r, quantity: r.available, balance: r.available, reason: 'opening' as const, reference: null, actor })));
}

/**
 * Opening balances chosen by a query answering `(website_id, pack_id, warehouse_id, available)`
 * rows, set-based (the large generated catalogue).
 */
export async function openStockFrom(tx: Tx, query: SQL, actor: string): Promise<void> {
  await tx.execute(sql`
    with opened as (insert into stock (website_id, pack_id, warehouse_id, available) ${query} returning website_id, pack_id, warehouse_id, available)
    insert into stock_movements (website_id, pack_id, warehouse_id, quantity, balance, reason, actor)
    select website_id, pack_id, warehouse_id, available, available, 'opening', ${actor} from opened`);
}

// ---------------------------------------------------------------------------------------------
// Reading

/** Units available of a pack at a warehouse; null when the warehouse does not stock it. */
export async function stockLevel(db: DbOrTx, websiteId: number, packId: number, warehouseId: number): Promise<number | null> {
  const [row] = await db
    .select({ available: stock.available })
    .from(stock)
    .where(and(eq(stock.websiteId, websiteId), eq(stock.packId, packId), eq(stock.warehouseId, warehouseId)));
  return row?.available ?? null;
}

export const stockKey = (packId: number, warehouseId: number) => `${packId}:${warehouseId}`;

/** Units available for each (pack, warehouse), keyed by `stockKey`; a pair not stocked is absent. */
export async function stockLevels(
  db: DbOrTx,
  websiteId: number,
  pairs: Array<{ packId: number; warehouseId: number }>,
): Promise<Map<string, number>> {
  if (!pairs.length) return new Map();
  const rows = await levelsOf(db, { websiteId, packIds: pairs.map((p) => p.packId), warehouseIds: pairs.map((p) => p.warehouseId) });
  return new Map(rows.map((r) => [stockKey(r.packId, r.warehouseId), r.available]));
}

// the pairs as two arrays of one length, zipped by unnest: the same text for any number of pairs
const levelsOf = reusable('stock_levels_of_pairs', (db, name) =>
  db
    .select({ packId: stock.packId, warehouseId: stock.warehouseId, available: stock.available })
    .from(stock)
    .where(
      and(
        eq(stock.websiteId, sql.placeholder('websiteId')),
        sql`(${stock.packId}, ${stock.warehouseId}) in (select * from unnest(${sql.placeholder('packIds')}::int[], ${sql.placeholder('warehouseIds')}::int[]))`,
      ),
    )
    .prepare(name),
);

/**
 * A scalar subquery: units available of `packId` at `warehouseId` (values or SQL), null when
 * not stocked there. For guarded statements of other domains (a cart line may not exceed it).
 */
export const availableSql = (websiteId: SQLWrapper | number, packId: SQLWrapper | number, warehouseId: SQLWrapper | number): SQL =>
  sql`(select s.available from ${stock} s where s.website_id = ${websiteId} and s.pack_id = ${packId} and s.warehouse_id = ${warehouseId})`;

/**
 * Scalar subquery: units available over every warehouse of the packs `packIds` selects (a
 * subquery of pack ids). For the staff product list's stock column.
 */
export const unitsInStockSql = (packIds: SQL): SQL<number> =>
  sql<number>`(select coalesce(sum(s.available), 0) from (${packIds}) k(id) join ${stock} s on s.pack_id = k.id)`.mapWith(Number);

/**
 * A subquery to join on `productId`: units available per product of the website, over its packs
 * and every warehouse (`product_stock`, one row per product, kept from `stock` by the database).
 * For the staff product list's stock filter (`units > 0`: some pack has units somewhere, as
 * balances are never negative) and its stock sort, which read one row per product instead of every
 * balance of the website.
 */
export const productUnitsSubquery = (db: DbOrTx, websiteId: number) =>
  db
    .select({ productId: productStock.productId, units: productStock.units })
    .from(productStock)
    .where(eq(productStock.websiteId, websiteId))
    .as('product_units');

/** Each pack's balance per warehouse, with the warehouse's name, in warehouse order (the product editor). */
export async function packStockByWarehouse(db: DbOrTx, websiteId: number, packIds: number[]) {
  if (!packIds.length) return [];
  return db
    .select({ packId: stock.packId, warehouse_id: stock.warehouseId, warehouse: warehouses.name, available: stock.available })
    .from(stock)
    .innerJoin(warehouses, eq(warehouses.id, stock.warehouseId))
    .where(and(eq(stock.websiteId, websiteId), inArray(stock.packId, packIds)))
    .orderBy(asc(warehouses.id));
}

/** Each warehouse's state (place of supply on invoices). */
export async function warehouseStates(db: DbOrTx, websiteId: number): Promise<Map<number, string>> {
  const rows = await db.select({ id: warehouses.id, state: warehouses.state }).from(warehouses).where(eq(warehouses.websiteId, websiteId));
  return new Map(rows.map((w) => [w.id, w.state]));
}

/** A warehouse's state, as a value inside the caller's statement (an order line's place of supply). */
export const warehouseStateOf = (websiteId: number | Placeholder, warehouseId: number | null | Placeholder): SQL =>
  sql`(select ${warehouses.state} from ${warehouses} where ${warehouses.websiteId} = ${websiteId} and ${warehouses.id} = ${warehouseId})`;

/** The website's first warehouse (what a visitor without a pincode is shown stock for). */
export async function firstWarehouseId(db: DbOrTx, websiteId: number): Promise<number | null> {
  const [w] = await db
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(eq(warehouses.websiteId, websiteId))
    .orderBy(asc(warehouses.id))
    .limit(1);
  return w?.id ?? null;
}

export async function createWarehouses(tx: DbOrTx, rows: Array<typeof warehouses.$inferInsert>) {
  return tx.insert(warehouses).values(rows).returning();
}

// ---------------------------------------------------------------------------------------------
// The ledger check

export interface LedgerMismatch {
  website_id: number;
  pack_id: number;
  warehouse_id: number;
  /** `stock.available`, null when movements exist without a balance */
  available: number | null;
  /** the sum of the movements */
  moved: number;
  /** the balance the newest movement recorded */
  last_balance: number | null;
}

/**
 * Every balance whose units are not accounted for: `available` differs from the sum of its
 * movements, or from the balance its newest movement recorded. Empty when the ledger holds.
 */
export async function ledgerMismatches(db: DbOrTx): Promise<{ checked: number; mismatches: LedgerMismatch[] }> {
  const mismatches = rowsOf<LedgerMismatch>(
    await db.execute(sql`
      with moved as (
        select website_id, pack_id, warehouse_id, sum(quantity)::int as moved,
               (array_agg(balance order by id desc))[1] as last_balance
        from stock_movements group by website_id, pack_id, warehouse_id
      )
      select coalesce(s.website_id, m.website_id) as website_id, coalesce(s.pack_id, m.pack_id) as pack_id,
             coalesce(s.warehouse_id, m.warehouse_id) as warehouse_id, s.available, coalesce(m.moved, 0) as moved, m.last_balance
      from stock s full join moved m on m.pack_id = s.pack_id and m.warehouse_id = s.warehouse_id
      where s.available is distinct from coalesce(m.moved, 0) or (m.last_balance is not null and s.available is distinct from m.last_balance)
      order by 1, 2, 3`),
  );
  const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from stock`));
  return { checked: n, mismatches };
}

/** One of the website's warehouses (null: not the website's). */
export async function warehouseOf(db: DbOrTx, websiteId: number, id: number) {
  const [w] = await db
    .select()
    .from(warehouses)
    .where(and(eq(warehouses.websiteId, websiteId), eq(warehouses.id, id)));
  return w ?? null;
}

/** The website's warehouses, in order (the till's counter picker). */
export function warehousesOf(db: DbOrTx, websiteId: number) {
  return db
    .select({ id: warehouses.id, name: warehouses.name })
    .from(warehouses)
    .where(eq(warehouses.websiteId, websiteId))
    .orderBy(asc(warehouses.id));
}
