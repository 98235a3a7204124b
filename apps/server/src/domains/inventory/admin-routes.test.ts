import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, packs, products, stock, stockMovements, warehouses, websiteDomains, websites } from '../../db/schema';
import { rowsOf } from '../../db/rows';
import { ROLE_STATUS, staffClients } from '../../test/staff-clients';
import { TestClient } from '../../test/client';
import { checkoutBench } from '../orders/test-fixture';
import { ledgerMismatches } from './service';
import { describeOnPostgres } from '../../test/on-postgres';

// Administration's stock calls: the list, adjustments through the ledger, history, thresholds.
const bench = await checkoutBench();
const { t, shop, stockOf } = bench;
afterAll(() => t.close());

let owner: TestClient;
let other: { packId: number; warehouseId: number };
const blr = () => shop.warehouses.blr.id;

beforeAll(async () => {
  for (const [key, pack] of Object.entries(shop.packs))
    await t.db.update(packs).set({ sku: key.toUpperCase() }).where(eq(packs.id, pack.id));
  const [site] = await t.db.insert(websites).values({ name: 'Other Shop' }).returning();
  await t.db.insert(websiteDomains).values({ websiteId: site!.id, host: 'other-stock.test' });
  const [p] = await t.db.insert(products).values({ websiteId: site!.id, name: 'Other Rice', slug: 'other-rice' }).returning();
  const [k] = await t.db
    .insert(packs)
    .values({ websiteId: site!.id, productId: p!.id, name: '1 kg', sku: 'OTHER-1', price: 100, actPrice: 100 })
    .returning();
  const [w] = await t.db.insert(warehouses).values({ websiteId: site!.id, name: 'Other WH', code: 'OTH' }).returning();
  other = { packId: k!.id, warehouseId: w!.id };
  owner = await staffClients(t, shop.websiteId).as({ hasAdminAccess: true });
}, 120_000);

const adjust = (c: TestClient, packId: number, body: Record<string, unknown>) => c.post(`/s/api/admin/stock/packs/${packId}/adjust`, body);

describe('roles on the stock calls', () => {
  it('401 signed out, 403 shopper and agent, 200 admin and superadmin; a refused adjustment moves nothing', async () => {
    const who = await staffClients(t, shop.websiteId).everyone();
    const dal = shop.packs.dal1.id;
    for (const [name, c] of Object.entries(who) as Array<[keyof typeof ROLE_STATUS, TestClient]>) {
      for (const url of [
        '/s/api/admin/stock',
        `/s/api/admin/stock/packs/${dal}`,
        `/s/api/admin/stock/packs/${dal}/movements`,
        '/s/api/admin/stock/settings',
      ])
        expect([url, name, (await c.get(url)).statusCode]).toEqual([url, name, ROLE_STATUS[name]]);
      if (ROLE_STATUS[name] !== 200) {
        const before = await stockOf(dal, blr());
        const res = await adjust(c, dal, { warehouse_id: blr(), reason: 'received', delta: 5 });
        expect([name, res.statusCode]).toEqual([name, ROLE_STATUS[name]]);
        expect(await stockOf(dal, blr())).toBe(before);
        expect((await c.put(`/s/api/admin/stock/packs/${dal}/threshold`, { threshold: 1 })).statusCode).toBe(ROLE_STATUS[name]);
      }
    }
  });
});

describe('the stock list', () => {
  it('lists every pack × warehouse (0 where never stocked), searchable, filterable and sorted', async () => {
    const all = (await owner.get('/s/api/admin/stock?perPage=100')).json();
    const packCount = Object.keys(shop.packs).length;
    expect(all.meta.total).toBe(packCount * 3);
    expect(all.warehouses.map((w: { code: string }) => w.code)).toEqual(['BLR', 'MUM', 'DEL']);
    const ghee = all.data.find((r: { sku: string; warehouse: string }) => r.sku === 'GHEE1' && r.warehouse === 'Delhi CP');
    expect(ghee).toMatchObject({ available: 0, threshold: 5, own_threshold: false, low: true, product: 'Cow Ghee', pack: '500 ml' });

    const rice = (await owner.get(`/s/api/admin/stock?q=basmati&warehouse=${blr()}`)).json();
    expect(rice.data.map((r: { sku: string; available: number }) => [r.sku, r.available])).toEqual([
      ['RICE1', await stockOf(shop.packs.rice1.id, blr())],
      ['RICE5', await stockOf(shop.packs.rice5.id, blr())],
    ]);
    expect((await owner.get('/s/api/admin/stock?q=dal1')).json().meta.total).toBe(3);

    const low = (await owner.get(`/s/api/admin/stock?low=1&warehouse=${blr()}&sort=available&dir=desc&perPage=100`)).json();
    expect(low.data.every((r: { available: number; threshold: number }) => r.available <= r.threshold)).toBe(true);
    const avail = low.data.map((r: { available: number }) => r.available);
    expect(avail).toEqual([...avail].sort((a, b) => b - a));
    expect(low.data.map((r: { sku: string }) => r.sku)).toContain('GHEE1');
    expect(low.data.map((r: { sku: string }) => r.sku)).not.toContain('DAL1');
    // each total counts the rows the pages hold: the low filter's alone, with a warehouse, with a search
    for (const view of [`low=1&warehouse=${blr()}`, 'low=1', 'low=1&q=ghee', 'q=ghee']) {
      const page = (await owner.get(`/s/api/admin/stock?${view}&perPage=100`)).json();
      expect(page.data.length, view).toBeGreaterThan(0);
      expect(page.meta.total, view).toBe(page.data.length);
      expect((await owner.get(`/s/api/admin/stock?${view}&perPage=100&page=2`)).json().meta.total, view).toBe(page.data.length);
    }
  });

  it('refuses a bad view (422) and never shows another website', async () => {
    expect((await owner.get('/s/api/admin/stock?perPage=7')).statusCode).toBe(422);
    expect((await owner.get('/s/api/admin/stock?sort=price')).statusCode).toBe(422);
    const res = (await owner.get(`/s/api/admin/stock?warehouse=${other.warehouseId}`)).json();
    expect(res.meta.total).toBe(0);
    expect((await owner.get('/s/api/admin/stock?q=OTHER-1')).json().meta.total).toBe(0);
  });
});

describe('adjusting stock', () => {
  it('received adds units: one movement with who, why, the note and the balance; audited; history shows it', async () => {
    const dal = shop.packs.dal1.id;
    const before = await stockOf(dal, blr());
    const res = await adjust(owner, dal, { warehouse_id: blr(), reason: 'received', delta: 12, note: 'Invoice 4411' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.stock.levels.find((l: { warehouse_id: number }) => l.warehouse_id === blr()).available).toBe(before + 12);
    expect(body.movement).toMatchObject({ quantity: 12, balance: before + 12, reason: 'received', note: 'Invoice 4411' });
    expect(body.movement.actor).toMatch(/^Staff /);
    expect(await stockOf(dal, blr())).toBe(before + 12);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'stock')).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({
      entityId: `${dal}:${blr()}`,
      action: 'adjust',
      before: { available: before },
      after: { available: before + 12, reason: 'received', quantity: 12 },
    });
    const history = (await owner.get(`/s/api/admin/stock/packs/${dal}/movements?warehouse=${blr()}`)).json();
    expect(history.data[0]).toMatchObject({ quantity: 12, reason: 'received', note: 'Invoice 4411' });
    expect(history.data.at(-1)).toMatchObject({ reason: 'opening', actor: expect.any(String) });
    expect((await ledgerMismatches(t.db)).mismatches).toEqual([]);
  });

  it('damaged removes units; more than the balance is a 409 that writes nothing', async () => {
    const rice = shop.packs.rice1.id;
    const before = await stockOf(rice, blr());
    const movesBefore = await t.db.select({ n: sql<number>`count(*)::int` }).from(stockMovements);
    const res = await adjust(owner, rice, { warehouse_id: blr(), reason: 'damaged', delta: -(before + 1) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'STOCK_BELOW_ZERO',
      message: `Only ${before} in stock at Bengaluru Central: stock cannot go below zero`,
    });
    expect(await stockOf(rice, blr())).toBe(before);
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(stockMovements)).toEqual(movesBefore);
    expect((await adjust(owner, rice, { warehouse_id: blr(), reason: 'expired', delta: -1 })).statusCode).toBe(200);
    expect(await stockOf(rice, blr())).toBe(before - 1);
  });

  it('a count correction sets the counted quantity (one movement of the difference), even where never stocked', async () => {
    const ghee = shop.packs.ghee1.id;
    const del = shop.warehouses.del.id;
    let res = await adjust(owner, ghee, { warehouse_id: del, reason: 'count', counted: 7, note: 'shelf count' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().movement).toMatchObject({ quantity: 7, balance: 7, reason: 'count' });
    res = await adjust(owner, ghee, { warehouse_id: del, reason: 'count', counted: 0 });
    expect(res.json().movement).toMatchObject({ quantity: -7, balance: 0 });
    res = await adjust(owner, ghee, { warehouse_id: del, reason: 'count', counted: 0 });
    expect(res.json().movement).toBeNull();
    expect(await stockOf(ghee, del)).toBe(0);
    expect((await ledgerMismatches(t.db)).mismatches).toEqual([]);
  });

  it('bad input is 422 at its field; another website’s pack or warehouse is 404', async () => {
    const dal = shop.packs.dal1.id;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ warehouse_id: blr(), reason: 'received', delta: -3 }, 'delta'],
      [{ warehouse_id: blr(), reason: 'damaged', delta: 3 }, 'delta'],
      [{ warehouse_id: blr(), reason: 'received', delta: 1.5 }, 'delta'],
      [{ warehouse_id: blr(), reason: 'count' }, 'counted'],
      [{ warehouse_id: blr(), reason: 'count', counted: -1 }, 'counted'],
      [{ warehouse_id: blr(), reason: 'stolen', delta: -1 }, 'reason'],
    ];
    for (const [body, field] of cases) {
      const res = await adjust(owner, dal, body);
      expect([body, res.statusCode]).toEqual([body, 422]);
      expect(Object.keys(res.json().errors ?? {})).toContain(field);
    }
    expect((await adjust(owner, other.packId, { warehouse_id: blr(), reason: 'received', delta: 1 })).statusCode).toBe(404);
    expect((await adjust(owner, dal, { warehouse_id: other.warehouseId, reason: 'received', delta: 1 })).statusCode).toBe(404);
    expect((await owner.get(`/s/api/admin/stock/packs/${other.packId}`)).statusCode).toBe(404);
    expect((await owner.get(`/s/api/admin/stock/packs/${other.packId}/movements`)).statusCode).toBe(404);
    expect((await owner.put(`/s/api/admin/stock/packs/${other.packId}/threshold`, { threshold: 3 })).statusCode).toBe(404);
    const [o] = await t.db.select().from(stock).where(eq(stock.packId, other.packId));
    expect(o).toBeUndefined();
  });
});

describe('low-stock thresholds', () => {
  it('a pack’s own threshold, the website default, and the low-stock list follow them', async () => {
    const dal = shop.packs.dal1.id;
    expect((await owner.put('/s/api/admin/stock/settings', { default_threshold: 2 })).json()).toEqual({ default_threshold: 2 });
    expect((await owner.put('/s/api/admin/stock/settings', { default_threshold: -1 })).statusCode).toBe(422);
    let res = await owner.put(`/s/api/admin/stock/packs/${dal}/threshold`, { threshold: 1000 });
    expect(res.json()).toMatchObject({ threshold: 1000, own_threshold: true });
    const low = (await owner.get(`/s/api/admin/stock?low=1&warehouse=${blr()}&perPage=100`)).json();
    expect(low.default_threshold).toBe(2);
    expect(low.data.find((r: { sku: string }) => r.sku === 'DAL1')).toMatchObject({ threshold: 1000, low: true });
    expect(low.data.every((r: { available: number; threshold: number }) => r.available <= r.threshold)).toBe(true);
    res = await owner.put(`/s/api/admin/stock/packs/${dal}/threshold`, { threshold: null });
    expect(res.json()).toMatchObject({ threshold: 2, own_threshold: false });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'pack'), eq(auditLog.entityId, String(dal))));
    expect(audits.map((a) => a.after)).toEqual([{ low_stock_threshold: 1000 }, { low_stock_threshold: null }]);
  });
});

describe('the storefront after an adjustment', () => {
  it('shows a pack out of stock at once when it is set to 0 (the cached product page is dropped)', async () => {
    const rice5 = shop.packs.rice5.id;
    const visitor = new TestClient(t.app);
    const shown = async () =>
      ((await visitor.get('/s/api/products/basmati-rice')).json().packs as Array<{ pack_id: number; stock: number }>).find(
        (k) => k.pack_id === rice5,
      )!.stock;
    expect(await shown()).toBe(await stockOf(rice5, blr()));
    expect(await shown()).toBeGreaterThan(0); // now cached for anonymous visitors
    expect((await adjust(owner, rice5, { warehouse_id: blr(), reason: 'count', counted: 0 })).statusCode).toBe(200);
    expect(await shown()).toBe(0);
  });
});

describeOnPostgres('an adjustment racing checkouts (PostgreSQL)', () => {
  it('loses nothing: final balance = start + adjustments − sold, and the movements sum to it', async () => {
    const dal = shop.packs.dal1.id;
    const start = await stockOf(dal, blr());
    const shoppers = await Promise.all(Array.from({ length: 8 }, () => bench.shopper([[dal, 2]])));
    const results = await Promise.all([
      ...shoppers.map((s) =>
        bench.place(s.c, { address_id: s.addressId, payment_method: 'cod', expected_total: s.cart.amount, idempotency_key: bench.key() }),
      ),
      ...Array.from({ length: 8 }, (_, i) =>
        adjust(owner, dal, { warehouse_id: blr(), reason: i % 2 ? 'received' : 'damaged', delta: i % 2 ? 3 : -1 }),
      ),
    ]);
    const placed = results.slice(0, 8).filter((r) => r.statusCode === 200).length;
    const adjusted = results.slice(8).map((r, i) => (r.statusCode === 200 ? (i % 2 ? 3 : -1) : 0));
    for (const r of results) expect([200, 409]).toContain(r.statusCode);
    const end = await stockOf(dal, blr());
    expect(end).toBe(start + adjusted.reduce((a: number, b) => a + b, 0) - placed * 2);
    const [{ sum }] = rowsOf<{ sum: number }>(
      await t.db.execute(sql`select sum(quantity)::int as sum from stock_movements where pack_id = ${dal} and warehouse_id = ${blr()}`),
    ) as [{ sum: number }];
    expect(sum).toBe(end);
    expect((await ledgerMismatches(t.db)).mismatches).toEqual([]);
  });
});
