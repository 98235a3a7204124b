import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { stock, warehouses } from './tables';

/**
 * Stock in bulk, for the catalogue's CSV import and export: balances read per pack (optionally
 * locked), and counted balances written as one update and one movement per difference, a few
 * statements per thousand rows.
 */

// rows per statement (each chunk is one JSON parameter)
const CHUNK = 5000;
const chunks = <T>(xs: T[], n = CHUNK): T[][] => Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, i * n + n));

export const stockKeyOf = (packId: number, warehouseId: number) => `${packId}:${warehouseId}`;

/** The website's warehouses with their codes (the CSV's `stock:<code>` columns), in order. */
export function warehouseCodes(db: DbOrTx, websiteId: number) {
  return db
    .select({ id: warehouses.id, code: warehouses.code })
    .from(warehouses)
    .where(eq(warehouses.websiteId, websiteId))
    .orderBy(asc(warehouses.id));
}

/**
 * Balances of `packIds` (every pack of the website when omitted), keyed by `stockKeyOf`. With
 * `lock`, the rows are locked in (pack, warehouse) order, the order checkouts lock them in.
 */
export async function balancesOf(db: DbOrTx, websiteId: number, packIds?: number[], lock = false): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const part of packIds ? chunks(packIds, 5000) : [null]) {
    const q = db
      .select({ packId: stock.packId, warehouseId: stock.warehouseId, available: stock.available })
      .from(stock)
      .where(and(eq(stock.websiteId, websiteId), part ? inArray(stock.packId, part) : undefined))
      .orderBy(asc(stock.packId), asc(stock.warehouseId));
    for (const s of await (lock ? q.for('update') : q)) out.set(stockKeyOf(s.packId, s.warehouseId), s.available);
  }
  return out;
}

/**
 * Counted balances (a stock take in a file): the balances locked, each difference written as the
 * new balance and one movement of `reason` `import` with the balance after it. Answers how many
 * balances changed. Runs in the caller's transaction.
 */
export async function countStockBulk(
  tx: Tx,
  websiteId: number,
  counted: Array<{ packId: number; warehouseId: number; available: number }>,
  reference: string,
  actor: string,
): Promise<number> {
  let rows = counted;
  if (!rows.length) return 0;
  const json = (xs: Array<{ packId: number; warehouseId: number; available: number; quantity?: number }>) =>
    JSON.stringify(
      xs.map((r) => ({ pack_id: r.packId, warehouse_id: r.warehouseId, available: r.available, quantity: r.quantity ?? null })),
    );
  const recordset = (xs: Parameters<typeof json>[0]) =>
    sql`jsonb_to_recordset(${json(xs)}::jsonb) as v(pack_id int, warehouse_id int, available int, quantity int)`;
  // balances the warehouse never had are made at the counted quantity, each with its movement, in one statement
  const made = new Set<string>();
  for (const part of chunks(rows.filter((r) => r.available > 0))) {
    const inserted = rowsOf<{ pack_id: number; warehouse_id: number }>(
      await tx.execute(sql`
        with made as (
          insert into stock (website_id, pack_id, warehouse_id, available)
          select ${websiteId}::int, pack_id, warehouse_id, available from ${recordset(part)}
          on conflict do nothing
          returning pack_id, warehouse_id, available
        )
        insert into stock_movements (website_id, pack_id, warehouse_id, quantity, balance, reason, reference, actor)
        select ${websiteId}::int, pack_id, warehouse_id, available, available, 'import', ${reference}, ${actor} from made
        returning pack_id, warehouse_id`),
    );
    for (const r of inserted) made.add(stockKeyOf(Number(r.pack_id), Number(r.warehouse_id)));
  }
  rows = rows.filter((r) => !made.has(stockKeyOf(r.packId, r.warehouseId)));
  if (!rows.length) return made.size;
  // the others: locked (in pack, warehouse order), then each difference written with its movement
  const now = await balancesOf(tx, websiteId, [...new Set(rows.map((r) => r.packId))], true);
  const changes = rows
    .map((r) => ({ ...r, quantity: r.available - (now.get(stockKeyOf(r.packId, r.warehouseId)) ?? 0) }))
    .filter((r) => r.quantity !== 0);
  for (const part of chunks(changes))
    await tx.execute(sql`
      with v as (select * from ${recordset(part)}),
      counted as (
        update stock s set available = v.available from v
        where s.pack_id = v.pack_id and s.warehouse_id = v.warehouse_id and s.website_id = ${websiteId}
      )
      insert into stock_movements (website_id, pack_id, warehouse_id, quantity, balance, reason, reference, actor)
      select ${websiteId}::int, pack_id, warehouse_id, quantity, available, 'import', ${reference}, ${actor} from v`);
  return made.size + changes.length;
}
