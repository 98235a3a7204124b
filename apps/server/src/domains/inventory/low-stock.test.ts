import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { inventorySettings, lowStock, packs, packThresholds, products, stock, warehouses, websites } from '../../db/schema';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { createTestDatabase } from '../../test/app';

// `low_stock` (migration 0064) against a recount of the stock list's rule (available ≤ the pack's own
// threshold, else the website's default, else 5; a pair never stocked at 0), after any mix of writes
// straight into a real database (PGlite, or PostgreSQL with TEST_DB=postgres): balances opened, moved
// up and down and removed, thresholds set, changed and removed, the default changed or removed, new
// packs and warehouses, several in one transaction, a transaction rolled back.
const database = await createTestDatabase();
const db = database.db;
afterAll(() => database.close());

const op = fc.oneof(
  fc.record({ kind: fc.constant('balance' as const), pack: fc.nat(), warehouse: fc.nat(), available: fc.nat(12) }),
  fc.record({ kind: fc.constant('sell' as const), pack: fc.nat(), units: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ kind: fc.constant('remove balance' as const), pack: fc.nat(), warehouse: fc.nat() }),
  fc.record({ kind: fc.constant('threshold' as const), pack: fc.nat(), threshold: fc.option(fc.nat(10)) }),
  fc.record({ kind: fc.constant('default' as const), threshold: fc.option(fc.nat(10)) }),
  fc.record({ kind: fc.constant('pack' as const) }),
  fc.record({ kind: fc.constant('warehouse' as const) }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

let site = 0;
async function shop() {
  const [w] = await db
    .insert(websites)
    .values({ name: `Low ${++site}` })
    .returning();
  const [p] = await db
    .insert(products)
    .values({ websiteId: w!.id, name: 'Rice', slug: `rice-${site}` })
    .returning();
  const s = { websiteId: w!.id, productId: p!.id, packs: [] as number[], warehouses: [] as number[] };
  for (let i = 0; i < 2; i++) await apply(db, s, { kind: 'pack' });
  await apply(db, s, { kind: 'warehouse' });
  return s;
}

async function apply(tx: Db, s: { websiteId: number; productId: number; packs: number[]; warehouses: number[] }, o: Op) {
  const pack = (n: number) => s.packs[n % s.packs.length]!;
  const warehouse = (n: number) => s.warehouses[n % s.warehouses.length]!;
  switch (o.kind) {
    case 'balance':
      if (!s.warehouses.length) return;
      await tx
        .insert(stock)
        .values({ websiteId: s.websiteId, packId: pack(o.pack), warehouseId: warehouse(o.warehouse), available: o.available })
        .onConflictDoUpdate({ target: [stock.packId, stock.warehouseId], set: { available: o.available } });
      return;
    case 'sell': // every warehouse's balance of the pack at once, as far as it goes
      await tx
        .update(stock)
        .set({ available: sql`greatest(0, ${stock.available} - ${o.units})` })
        .where(eq(stock.packId, pack(o.pack)));
      return;
    case 'remove balance':
      if (s.warehouses.length)
        await tx.delete(stock).where(and(eq(stock.packId, pack(o.pack)), eq(stock.warehouseId, warehouse(o.warehouse))));
      return;
    case 'threshold':
      if (o.threshold === null) await tx.delete(packThresholds).where(eq(packThresholds.packId, pack(o.pack)));
      else
        await tx
          .insert(packThresholds)
          .values({ packId: pack(o.pack), websiteId: s.websiteId, threshold: o.threshold })
          .onConflictDoUpdate({ target: packThresholds.packId, set: { threshold: o.threshold } });
      return;
    case 'default':
      if (o.threshold === null) await tx.delete(inventorySettings).where(eq(inventorySettings.websiteId, s.websiteId));
      else
        await tx
          .insert(inventorySettings)
          .values({ websiteId: s.websiteId, lowStockThreshold: o.threshold })
          .onConflictDoUpdate({ target: inventorySettings.websiteId, set: { lowStockThreshold: o.threshold } });
      return;
    case 'pack': {
      const [k] = await tx
        .insert(packs)
        .values({ websiteId: s.websiteId, productId: s.productId, name: `${s.packs.length + 1} kg`, price: 100, actPrice: 100 })
        .returning();
      s.packs.push(k!.id);
      return;
    }
    case 'warehouse': {
      const [h] = await tx
        .insert(warehouses)
        .values({ websiteId: s.websiteId, name: `WH ${s.warehouses.length + 1}`, code: `W${s.warehouses.length + 1}` })
        .returning();
      s.warehouses.push(h!.id);
    }
  }
}

/** The kept pairs, and the pairs the stock list's rule finds low now. */
async function pairs(websiteId: number) {
  const kept = await db
    .select({ pack: lowStock.packId, warehouse: lowStock.warehouseId })
    .from(lowStock)
    .where(eq(lowStock.websiteId, websiteId))
    .orderBy(lowStock.packId, lowStock.warehouseId);
  const recount = rowsOf<{ pack: number; warehouse: number }>(
    await db.execute(sql`
      select k.id as pack, h.id as warehouse from packs k join warehouses h on h.website_id = k.website_id
        left join stock s on s.pack_id = k.id and s.warehouse_id = h.id
        left join pack_thresholds t on t.pack_id = k.id
        left join inventory_settings i on i.website_id = k.website_id
      where k.website_id = ${websiteId} and coalesce(s.available, 0) <= coalesce(t.threshold, i.low_stock_threshold, 5)
      order by 1, 2`),
  ).map((r) => ({ pack: Number(r.pack), warehouse: Number(r.warehouse) }));
  return { kept, recount };
}

describe('low_stock equals a recount', () => {
  it('after any mix of balances, thresholds, packs and warehouses, in transactions or not', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ ops: fc.array(op, { minLength: 1, maxLength: 4 }), tx: fc.boolean(), rollback: fc.boolean() }), {
          minLength: 1,
          maxLength: 12,
        }),
        async (batches) => {
          const s = await shop();
          for (const b of batches) {
            if (!b.tx) {
              for (const o of b.ops) await apply(db, s, o);
              continue;
            }
            const before = { packs: [...s.packs], warehouses: [...s.warehouses] };
            await db
              .transaction(async (tx) => {
                for (const o of b.ops) await apply(tx as unknown as Db, s, o);
                if (b.rollback) throw new Error('rolled back');
              })
              .catch((e: Error) => {
                if (e.message !== 'rolled back') throw e;
                Object.assign(s, before);
              });
          }
          const p = await pairs(s.websiteId);
          expect(p.kept).toEqual(p.recount);
        },
      ),
      { numRuns: 15 },
    );
  }, 240_000);
});
