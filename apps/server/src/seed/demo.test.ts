import { sql } from 'drizzle-orm';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createTestDatabase } from '../test/app';
import { ledgerMismatches } from '../domains/inventory';
import { seedDemo, seedIfEmpty } from './demo';
import { seedLargeCatalogue } from './large';

let database: Database;
const mediaDir = mkdtempSync(path.join(os.tmpdir(), 'grocer-media-'));
beforeAll(async () => {
  database = await createTestDatabase();
  expect(await seedIfEmpty(database.db, { mediaDir })).toBe(true);
});
afterAll(() => database.close());

const one = async <T>(q: ReturnType<typeof sql>): Promise<T> => {
  const r = await database.db.execute(q);
  return ((r as unknown as { rows?: T[] }).rows ?? (r as unknown as T[]))[0]!;
};

describe('the demo shop (DESIGN §8)', () => {
  it('has 300+ products with 1–4 packs, 20+ categories up to three levels, 30+ brands', async () => {
    expect(Number((await one<{ n: number }>(sql`select count(*) n from products`)).n)).toBeGreaterThanOrEqual(300);
    const packs = await one<{ lo: number; hi: number }>(
      sql`select min(c) lo, max(c) hi from (select count(*) c from packs group by product_id) x`,
    );
    expect([Number(packs.lo), Number(packs.hi)]).toEqual([1, 4]);
    expect(Number((await one<{ n: number }>(sql`select count(*) n from categories`)).n)).toBeGreaterThanOrEqual(20);
    expect(
      Number(
        (
          await one<{ n: number }>(
            sql`select count(*) n from categories c join categories p on c.parent_id = p.id join categories g on p.parent_id = g.id`,
          )
        ).n,
      ),
    ).toBeGreaterThan(0);
    expect(Number((await one<{ n: number }>(sql`select count(*) n from brands`)).n)).toBeGreaterThanOrEqual(30);
  });

  it('has discounted products, out-of-stock products, 2+ warehouses and GST data', async () => {
    expect(Number((await one<{ n: number }>(sql`select count(*) n from packs where act_price > price`)).n)).toBeGreaterThan(30);
    expect(
      Number(
        (
          await one<{ n: number }>(
            sql`select count(*) n from products p where not exists (select 1 from packs k join stock s on s.pack_id = k.id where k.product_id = p.id and s.available > 0)`,
          )
        ).n,
      ),
    ).toBeGreaterThan(0);
    expect(Number((await one<{ n: number }>(sql`select count(*) n from warehouses`)).n)).toBeGreaterThanOrEqual(2);
    expect(Number((await one<{ n: number }>(sql`select count(*) n from products where hsn_code = '' `)).n)).toBe(0);
  });

  it('has the demo people with their flags', async () => {
    const r = await database.db.execute(
      sql`select u.email, u.phone, u.superadmin, m.has_admin_access, m.is_sales_agent from users u join website_members m on m.user_id = u.id order by u.phone`,
    );
    const rows = ((r as unknown as { rows?: unknown[] }).rows ?? r) as unknown[];
    expect(rows).toEqual([
      { email: 'admin@demo.shop', phone: '9000000001', superadmin: true, has_admin_access: true, is_sales_agent: false },
      { email: 'agent@demo.shop', phone: '9000000002', superadmin: false, has_admin_access: false, is_sales_agent: true },
      { email: 'shopper@demo.shop', phone: '9000000003', superadmin: false, has_admin_access: false, is_sales_agent: false },
    ]);
  });

  it('writes generated images for products, categories and banners', async () => {
    const src = await one<{ src: string }>(sql`select src from product_media limit 1`);
    expect(existsSync(path.join(mediaDir, src.src))).toBe(true);
    expect(existsSync(path.join(mediaDir, 'banners/fresh.svg'))).toBe(true);
    expect(existsSync(path.join(mediaDir, 'placeholder.svg'))).toBe(true);
  });

  it('opens every balance in the stock ledger, the generated large catalogue too', async () => {
    const demo = await ledgerMismatches(database.db);
    expect(demo.checked).toBeGreaterThan(1000);
    expect(demo.mismatches).toEqual([]);
    const opening = await one<{ n: number }>(sql`select count(*)::int n from stock_movements where reason = 'opening' and actor = 'seed'`);
    expect(opening.n).toBe(demo.checked);
    const site = await one<{ id: number }>(sql`select id from websites`);
    await seedLargeCatalogue(database.db, site.id, 10);
    const large = await ledgerMismatches(database.db);
    expect(large.checked).toBe(demo.checked + 10 * 2 * 3);
    expect(large.mismatches).toEqual([]);
  });

  it('seeds only an empty database', async () => {
    expect(await seedIfEmpty(database.db, { mediaDir })).toBe(false);
    await expect(seedDemo(database.db, { mediaDir: null })).rejects.toThrow();
    expect(Number((await one<{ n: number }>(sql`select count(*) n from websites`)).n)).toBe(1);
  });
});
