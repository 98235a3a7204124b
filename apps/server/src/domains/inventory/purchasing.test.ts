import { weightedAverageCost } from '@grocer/shared/admin-purchasing';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orderLines, packCosts, purchaseOrders, stockMovements, stockTransfers } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { describeOnPostgres } from '../../test/on-postgres';
import { staffClients } from '../../test/staff-clients';
import { checkoutBench } from '../orders/test-fixture';
import { ledgerMismatches } from './service';

// Purchasing and transfers (issue 40 point 18): suppliers, purchase orders received into stock at
// cost, transfers sent and received through the ledger, and committed vs on hand vs available.
const bench = await checkoutBench();
const { t, shop, stockOf } = bench;
afterAll(() => t.close());

let owner: TestClient;
const blr = () => shop.warehouses.blr.id;
const mum = () => shop.warehouses.mum.id;
const del = () => shop.warehouses.del.id;

beforeAll(async () => {
  owner = await staffClients(t, shop.websiteId).as({ hasAdminAccess: true });
}, 120_000);

const movementsOf = (reference: string) =>
  t.db
    .select()
    .from(stockMovements)
    .where(and(eq(stockMovements.websiteId, shop.websiteId), eq(stockMovements.reference, reference)))
    .orderBy(asc(stockMovements.id));
const ledgerHolds = async () => expect((await ledgerMismatches(t.db)).mismatches).toEqual([]);
/** units on their way to a warehouse, as the stock list and the pack's card show them (they must agree) */
const inTransitAt = async (packId: number, warehouseId: number) => {
  const list = (await owner.get(`/s/api/admin/stock?warehouse=${warehouseId}&perPage=100`)).json();
  const row = list.data.find((r: { pack_id: number }) => r.pack_id === packId);
  const card = (await owner.get(`/s/api/admin/stock/packs/${packId}`)).json();
  const level = card.levels.find((l: { warehouse_id: number }) => l.warehouse_id === warehouseId);
  expect(level.in_transit).toBe(row.in_transit);
  return row.in_transit as number;
};

describe('suppliers', () => {
  it('are created and edited with a valid GSTIN, audited; a shopper may not see them', async () => {
    let res = await owner.post('/s/api/admin/stock/suppliers', { name: 'Fresh Farms', phone: '9876543210', gstin: 'bad' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toContain('gstin');
    res = await owner.post('/s/api/admin/stock/suppliers', { name: 'Fresh Farms', phone: '9876543210', gstin: '29abcde1234f1z5' });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json();
    expect(s).toMatchObject({ name: 'Fresh Farms', gstin: '29ABCDE1234F1Z5', open_orders: 0 });
    res = await owner.put(`/s/api/admin/stock/suppliers/${s.id}`, { name: 'Fresh Farms Pvt Ltd', phone: '', gstin: '' });
    expect(res.json()).toMatchObject({ name: 'Fresh Farms Pvt Ltd', phone: '' });
    expect((await owner.get('/s/api/admin/stock/suppliers?q=fresh')).json().data.map((x: { id: number }) => x.id)).toEqual([s.id]);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'supplier'));
    expect(audits.map((a) => a.action)).toEqual(['create', 'update']);
    const who = await staffClients(t, shop.websiteId).everyone();
    expect((await who.shopper!.get('/s/api/admin/stock/suppliers')).statusCode).toBe(403);
    expect((await who.shopper!.post('/s/api/admin/stock/transfers', {})).statusCode).toBe(403);
  });
});

describe('purchase orders', () => {
  it('draft → ordered → partially received → received: stock rises through the ledger at cost; the cost price is the weighted average', async () => {
    const supplier = (await owner.post('/s/api/admin/stock/suppliers', { name: 'Dal Traders' })).json();
    const dal = shop.packs.dal1.id;
    const ghee = shop.packs.ghee1.id;
    let res = await owner.post('/s/api/admin/stock/purchase-orders', {
      supplier_id: supplier.id,
      warehouse_id: blr(),
      expected_on: '2026-12-01',
      lines: [
        { pack_id: dal, quantity: 10, unit_cost: 9000 },
        { pack_id: ghee, quantity: 4, unit_cost: 25000 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    let po = res.json();
    expect(po).toMatchObject({ status: 'draft', total: 10 * 9000 + 4 * 25000, number: expect.stringMatching(/^PO-\d{4}$/) });
    const [dalLine, gheeLine] = po.lines;

    // a draft receives nothing
    res = await owner.post(`/s/api/admin/stock/purchase-orders/${po.id}/receive`, { lines: [{ line_id: dalLine.id, quantity: 1 }] });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('DOCUMENT_STATE');
    expect((await owner.post(`/s/api/admin/stock/purchase-orders/${po.id}/status`, { status: 'ordered' })).json().status).toBe('ordered');

    const dalBefore = await stockOf(dal, blr());
    const onHandBefore = dalBefore + (await stockOf(dal, mum())) + (await stockOf(dal, del()));
    res = await owner.post(`/s/api/admin/stock/purchase-orders/${po.id}/receive`, {
      note: 'Invoice 77',
      lines: [
        { line_id: dalLine.id, quantity: 6 },
        { line_id: gheeLine.id, quantity: 0 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    po = res.json();
    expect(po.status).toBe('partially_received');
    expect(po.lines[0].received).toBe(6);
    expect(po.receipts).toHaveLength(1);
    expect(po.receipts[0]).toMatchObject({
      reference: `GRN-${po.id}-1`,
      note: 'Invoice 77',
      lines: [{ pack_id: dal, quantity: 6, unit_cost: 9000 }],
    });
    expect(await stockOf(dal, blr())).toBe(dalBefore + 6);
    const moves = await movementsOf(`po:${po.id}`);
    expect(moves.map((m) => [m.reason, m.quantity, m.unitCost, m.balance])).toEqual([['purchase', 6, 9000, dalBefore + 6]]);
    // no cost before: the receipt's
    expect((await owner.get(`/s/api/admin/stock/packs/${dal}`)).json().cost_price).toBe(9000);

    // more than is still to come: refused, nothing written
    res = await owner.post(`/s/api/admin/stock/purchase-orders/${po.id}/receive`, { lines: [{ line_id: dalLine.id, quantity: 5 }] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'OVER_RECEIPT', message: 'Toor Dal 1 kg: only 4 still to receive' });
    expect(await stockOf(dal, blr())).toBe(dalBefore + 6);
    // cancelling after goods came in is refused
    expect((await owner.post(`/s/api/admin/stock/purchase-orders/${po.id}/status`, { status: 'cancelled' })).statusCode).toBe(409);

    res = await owner.post(`/s/api/admin/stock/purchase-orders/${po.id}/receive`, {
      lines: [
        { line_id: dalLine.id, quantity: 4 },
        { line_id: gheeLine.id, quantity: 4 },
      ],
    });
    po = res.json();
    expect(po.status).toBe('received');
    expect(po.receipts).toHaveLength(2);
    expect(await stockOf(dal, blr())).toBe(dalBefore + 10);
    expect(await stockOf(ghee, blr())).toBe(4);
    expect(
      (await owner.post(`/s/api/admin/stock/purchase-orders/${po.id}/receive`, { lines: [{ line_id: dalLine.id, quantity: 1 }] }))
        .statusCode,
    ).toBe(409);

    // a second order at a dearer cost: the weighted average over what is on hand
    const po2 = (
      await owner.post('/s/api/admin/stock/purchase-orders', {
        supplier_id: supplier.id,
        warehouse_id: mum(),
        lines: [{ pack_id: dal, quantity: 20, unit_cost: 12000 }],
      })
    ).json();
    await owner.post(`/s/api/admin/stock/purchase-orders/${po2.id}/status`, { status: 'ordered' });
    const onHand = onHandBefore + 10;
    await owner.post(`/s/api/admin/stock/purchase-orders/${po2.id}/receive`, { lines: [{ line_id: po2.lines[0].id, quantity: 20 }] });
    const [cost] = await t.db.select().from(packCosts).where(eq(packCosts.packId, dal));
    expect(cost!.cost).toBe(Math.round((9000 * onHand + 12000 * 20) / (onHand + 20)));
    expect(cost!.cost).toBe(weightedAverageCost({ cost: 9000, onHand }, { quantity: 20, unitCost: 12000 }));

    const list = (await owner.get('/s/api/admin/stock/purchase-orders?status=received')).json();
    expect(list.data.map((p: { id: number }) => p.id)).toContain(po.id);
    const html = await owner.get(`/s/api/admin/stock/purchase-orders/${po.id}/print`);
    expect(html.headers['content-type']).toMatch(/text\/html/);
    expect(html.body).toContain(`Purchase order · ${po.number}`);
    expect(html.body).toContain('Dal Traders');
    expect((await t.db.select().from(auditLog).where(eq(auditLog.entity, 'purchase_order'))).map((a) => a.action)).toEqual([
      'create',
      'order',
      'receive',
      'receive',
      'create',
      'order',
      'receive',
    ]);
    await ledgerHolds();
  });

  it('refuses another website’s or unknown packs and suppliers, and bad lines, writing nothing', async () => {
    const supplier = (await owner.post('/s/api/admin/stock/suppliers', { name: 'Checks' })).json();
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(purchaseOrders);
    const cases: Array<[Record<string, unknown>, number]> = [
      [{ supplier_id: supplier.id, warehouse_id: blr(), lines: [] }, 422],
      [{ supplier_id: supplier.id, warehouse_id: blr(), lines: [{ pack_id: shop.packs.dal1.id, quantity: 0, unit_cost: 1 }] }, 422],
      [{ supplier_id: supplier.id, warehouse_id: blr(), lines: [{ pack_id: shop.packs.dal1.id, quantity: 1, unit_cost: -1 }] }, 422],
      [{ supplier_id: supplier.id, warehouse_id: blr(), lines: [{ pack_id: 999999, quantity: 1, unit_cost: 1 }] }, 404],
      [{ supplier_id: 999999, warehouse_id: blr(), lines: [{ pack_id: shop.packs.dal1.id, quantity: 1, unit_cost: 1 }] }, 404],
    ];
    for (const [body, status] of cases)
      expect([body, (await owner.post('/s/api/admin/stock/purchase-orders', body)).statusCode]).toEqual([body, status]);
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(purchaseOrders)).toEqual(before);
  });
});

describe('transfers', () => {
  it('send moves units out of the source (in transit); receive in parts; short units need a reason; the ledger recounts equal', async () => {
    const dal = shop.packs.dal1.id;
    const rice = shop.packs.rice1.id;
    const [fromBefore, toBefore, riceFrom, riceTo] = [await stockOf(dal, mum()), await stockOf(dal, del()), await stockOf(rice, mum()), 0];
    const transitBefore = await inTransitAt(dal, del());
    let res = await owner.post('/s/api/admin/stock/transfers', {
      from_warehouse_id: mum(),
      to_warehouse_id: del(),
      lines: [
        { pack_id: dal, quantity: 8 },
        { pack_id: rice, quantity: 2 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    let tr = res.json();
    expect(tr).toMatchObject({ status: 'draft', from: { id: mum() }, to: { id: del() } });
    expect(await stockOf(dal, mum())).toBe(fromBefore); // a draft moves nothing
    expect(await inTransitAt(dal, del())).toBe(transitBefore);

    res = await owner.post(`/s/api/admin/stock/transfers/${tr.id}/send`);
    expect(res.statusCode, res.body).toBe(200);
    tr = res.json();
    expect(tr.status).toBe('in_transit');
    expect(await stockOf(dal, mum())).toBe(fromBefore - 8);
    expect(await stockOf(rice, mum())).toBe(riceFrom - 2);
    expect(await stockOf(dal, del())).toBe(toBefore);
    expect((await owner.post(`/s/api/admin/stock/transfers/${tr.id}/send`)).statusCode).toBe(409);
    // on its way: in transit at the destination only, not at the source
    expect(await inTransitAt(dal, del())).toBe(transitBefore + 8);
    expect(await inTransitAt(rice, del())).toBe(2);
    expect(await inTransitAt(dal, mum())).toBe(0);

    const [dalLine, riceLine] = tr.lines;
    res = await owner.post(`/s/api/admin/stock/transfers/${tr.id}/receive`, { lines: [{ line_id: dalLine.id, received: 5 }] });
    tr = res.json();
    expect(tr.status).toBe('partially_received');
    expect(await stockOf(dal, del())).toBe(toBefore + 5);
    expect(await inTransitAt(dal, del())).toBe(transitBefore + 3);

    res = await owner.post(`/s/api/admin/stock/transfers/${tr.id}/receive`, { lines: [{ line_id: dalLine.id, received: 1, short: 2 }] });
    expect(res.statusCode).toBe(422);
    res = await owner.post(`/s/api/admin/stock/transfers/${tr.id}/receive`, { lines: [{ line_id: dalLine.id, received: 4 }] });
    expect(res.json()).toMatchObject({ code: 'OVER_RECEIPT', message: 'Toor Dal 1 kg: only 3 still to receive' });
    res = await owner.post(`/s/api/admin/stock/transfers/${tr.id}/receive`, {
      lines: [
        { line_id: dalLine.id, received: 1, short: 2, short_reason: 'Torn in the van' },
        { line_id: riceLine.id, received: 2 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    tr = res.json();
    expect(tr.status).toBe('received');
    expect(tr.lines[0]).toMatchObject({ received: 6, short: 2, short_reason: 'Torn in the van' });
    // received or written off as short: nothing left on the way
    expect(await inTransitAt(dal, del())).toBe(transitBefore);
    expect(await inTransitAt(rice, del())).toBe(0);
    expect(await stockOf(dal, del())).toBe(toBefore + 6);
    expect(await stockOf(rice, del())).toBe(riceTo + 2);
    const moves = await movementsOf(`transfer:${tr.id}`);
    expect(moves.map((m) => [m.reason, m.warehouseId, m.packId, m.quantity])).toEqual([
      // sent in pack order (as every writer of several balances locks them)
      ...[
        ['transfer_out', mum(), dal, -8],
        ['transfer_out', mum(), rice, -2],
      ].sort((a, b) => (a[2] as number) - (b[2] as number)),
      ['transfer_in', del(), dal, 5],
      ...[
        ['transfer_in', del(), dal, 1],
        ['transfer_in', del(), rice, 2],
      ].sort((a, b) => (a[2] as number) - (b[2] as number)),
    ]);
    expect((await owner.get(`/s/api/admin/stock/transfers?status=received`)).json().data[0]).toMatchObject({
      id: tr.id,
      units: 10,
      received: 8,
      short: 2,
    });
    await ledgerHolds();
  });

  it('cannot send more than is available: 409, nothing moves, the transfer stays a draft', async () => {
    const rice = shop.packs.rice1.id;
    const have = await stockOf(rice, mum());
    const tr = (
      await owner.post('/s/api/admin/stock/transfers', {
        from_warehouse_id: mum(),
        to_warehouse_id: blr(),
        lines: [
          { pack_id: shop.packs.dal1.id, quantity: 1 },
          { pack_id: rice, quantity: have + 1 },
        ],
      })
    ).json();
    const dalBefore = await stockOf(shop.packs.dal1.id, mum());
    const res = await owner.post(`/s/api/admin/stock/transfers/${tr.id}/send`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'NOT_ENOUGH_TO_SEND',
      message: `Only ${have} of Basmati Rice 1 kg available at ${shop.warehouses.mum.name}: send fewer or receive stock first`,
    });
    expect(await stockOf(rice, mum())).toBe(have);
    expect(await stockOf(shop.packs.dal1.id, mum())).toBe(dalBefore);
    expect((await owner.get(`/s/api/admin/stock/transfers/${tr.id}`)).json().status).toBe('draft');
    expect((await owner.post(`/s/api/admin/stock/transfers/${tr.id}/cancel`)).json().status).toBe('cancelled');
    expect((await owner.post(`/s/api/admin/stock/transfers/${tr.id}/send`)).statusCode).toBe(409);
    expect(
      (
        await owner.post('/s/api/admin/stock/transfers', {
          from_warehouse_id: mum(),
          to_warehouse_id: mum(),
          lines: [{ pack_id: rice, quantity: 1 }],
        })
      ).statusCode,
    ).toBe(422);
    await ledgerHolds();
  });
});

describe('editing drafts', () => {
  const auditsOf = (entity: string, id: number) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id))))
      .orderBy(asc(auditLog.id));

  it('a draft purchase order is rewritten whole (supplier, warehouse, lines, note), audited; once ordered an edit is refused and nothing changes', async () => {
    const first = (await owner.post('/s/api/admin/stock/suppliers', { name: 'Edit Traders' })).json();
    const second = (await owner.post('/s/api/admin/stock/suppliers', { name: 'Better Traders' })).json();
    const [dal, ghee, rice] = [shop.packs.dal1.id, shop.packs.ghee1.id, shop.packs.rice1.id];
    let po = (
      await owner.post('/s/api/admin/stock/purchase-orders', {
        supplier_id: first.id,
        warehouse_id: blr(),
        lines: [
          { pack_id: dal, quantity: 10, unit_cost: 9000 },
          { pack_id: ghee, quantity: 4, unit_cost: 25000 },
        ],
      })
    ).json();
    const edit = {
      supplier_id: second.id,
      warehouse_id: mum(),
      expected_on: '2026-12-20',
      note: 'Call before delivery',
      // ghee removed, dal changed, rice added
      lines: [
        { pack_id: dal, quantity: 12, unit_cost: 8800 },
        { pack_id: rice, quantity: 5, unit_cost: 7000 },
      ],
    };
    let res = await owner.put(`/s/api/admin/stock/purchase-orders/${po.id}`, edit);
    expect(res.statusCode, res.body).toBe(200);
    po = res.json();
    expect(po).toMatchObject({
      status: 'draft',
      supplier: { id: second.id },
      warehouse: { id: mum() },
      expected_on: '2026-12-20',
      note: 'Call before delivery',
      total: 12 * 8800 + 5 * 7000,
    });
    expect(po.lines.map((l: { pack_id: number; quantity: number; unit_cost: number }) => [l.pack_id, l.quantity, l.unit_cost])).toEqual([
      [dal, 12, 8800],
      [rice, 5, 7000],
    ]);
    const [, update] = await auditsOf('purchase_order', po.id);
    expect(update).toMatchObject({
      action: 'update',
      before: { supplier_id: first.id, warehouse_id: blr(), lines: [{ pack_id: dal, quantity: 10 }, { pack_id: ghee }] },
      after: { supplier_id: second.id, warehouse_id: mum() },
    });

    // invalid edits: 422 / 404, nothing written
    expect((await owner.put(`/s/api/admin/stock/purchase-orders/${po.id}`, { ...edit, lines: [] })).statusCode).toBe(422);
    expect((await owner.put(`/s/api/admin/stock/purchase-orders/${po.id}`, { ...edit, supplier_id: 999999 })).statusCode).toBe(404);
    expect((await owner.put('/s/api/admin/stock/purchase-orders/999999', edit)).statusCode).toBe(404);
    expect((await owner.get(`/s/api/admin/stock/purchase-orders/${po.id}`)).json()).toEqual(po);

    // ordered: the supplier has it, so it is no longer a draft to change
    await owner.post(`/s/api/admin/stock/purchase-orders/${po.id}/status`, { status: 'ordered' });
    const ordered = (await owner.get(`/s/api/admin/stock/purchase-orders/${po.id}`)).json();
    res = await owner.put(`/s/api/admin/stock/purchase-orders/${po.id}`, {
      ...edit,
      note: 'Too late',
      lines: [{ pack_id: dal, quantity: 1, unit_cost: 1 }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'DRAFT_ONLY',
      message: 'Only a draft purchase order can be changed: this one is ordered. Nothing was changed',
    });
    expect((await owner.get(`/s/api/admin/stock/purchase-orders/${po.id}`)).json()).toEqual(ordered);
    expect((await auditsOf('purchase_order', po.id)).map((a) => a.action)).toEqual(['create', 'update', 'order']);
  });

  it('a draft transfer is rewritten whole (warehouses, lines, note), audited, moving nothing; once sent an edit is refused and nothing changes', async () => {
    const [dal, rice] = [shop.packs.dal1.id, shop.packs.rice1.id];
    const stockBefore = [await stockOf(dal, blr()), await stockOf(dal, del()), await stockOf(rice, blr())];
    let tr = (
      await owner.post('/s/api/admin/stock/transfers', {
        from_warehouse_id: blr(),
        to_warehouse_id: mum(),
        lines: [{ pack_id: dal, quantity: 2 }],
      })
    ).json();
    const edit = {
      from_warehouse_id: blr(),
      to_warehouse_id: del(),
      note: 'Weekend top-up',
      lines: [
        { pack_id: dal, quantity: 3 },
        { pack_id: rice, quantity: 1 },
      ],
    };
    let res = await owner.put(`/s/api/admin/stock/transfers/${tr.id}`, edit);
    expect(res.statusCode, res.body).toBe(200);
    tr = res.json();
    expect(tr).toMatchObject({ status: 'draft', from: { id: blr() }, to: { id: del() }, note: 'Weekend top-up' });
    expect(tr.lines.map((l: { pack_id: number; quantity: number }) => [l.pack_id, l.quantity])).toEqual([
      [dal, 3],
      [rice, 1],
    ]);
    expect([await stockOf(dal, blr()), await stockOf(dal, del()), await stockOf(rice, blr())]).toEqual(stockBefore);
    expect((await owner.put(`/s/api/admin/stock/transfers/${tr.id}`, { ...edit, to_warehouse_id: blr() })).statusCode).toBe(422);
    const [, update] = await auditsOf('stock_transfer', tr.id);
    expect(update).toMatchObject({
      action: 'update',
      before: { to_warehouse_id: mum(), lines: [{ pack_id: dal, quantity: 2 }] },
      after: { to_warehouse_id: del(), note: 'Weekend top-up' },
    });

    const sent = (await owner.post(`/s/api/admin/stock/transfers/${tr.id}/send`)).json();
    res = await owner.put(`/s/api/admin/stock/transfers/${tr.id}`, { ...edit, lines: [{ pack_id: dal, quantity: 1 }] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'DRAFT_ONLY',
      message: 'Only a draft transfer can be changed: this one is in transit. Nothing was changed',
    });
    expect((await owner.get(`/s/api/admin/stock/transfers/${tr.id}`)).json()).toEqual(sent);
    expect(await stockOf(dal, blr())).toBe(stockBefore[0]! - 3);
    await ledgerHolds();
  });
});

describe('committed vs on hand vs available', () => {
  it('a placed order commits its units (on hand unchanged); shipping it releases the commitment', async () => {
    const dal = shop.packs.dal1.id;
    const s = await bench.shopper([[dal, 2]]);
    const row = async (warehouseId: number) => {
      const list = (await owner.get('/s/api/admin/stock?q=toor&perPage=100')).json();
      return list.data.find((r: { warehouse_id: number }) => r.warehouse_id === warehouseId);
    };
    const starts = await Promise.all([blr(), mum(), del()].map(row));
    for (const st of starts) expect(st).toMatchObject({ committed: 0, on_hand: st.available });
    const placed = await bench.place(s.c, {
      address_id: s.addressId,
      payment_method: 'cod',
      expected_total: s.cart.amount,
      idempotency_key: bench.key(),
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().id ?? placed.json().order?.id;
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    const wh = line!.warehouseId!;
    const start = starts.find((st) => st.warehouse_id === wh);
    let now = await row(wh);
    expect(now).toMatchObject({ available: start.available - 2, committed: 2, on_hand: start.on_hand });
    const card = (await owner.get(`/s/api/admin/stock/packs/${dal}`)).json();
    expect(card.levels.find((l: { warehouse_id: number }) => l.warehouse_id === wh)).toMatchObject({
      committed: 2,
      on_hand: start.on_hand,
    });

    for (const step of ['confirm', 'pack']) expect((await owner.post(`/s/api/admin/orders/${orderId}/${step}`, {})).statusCode).toBe(200);
    const ship = await owner.post(`/s/api/admin/orders/${orderId}/ship`, { delivery: { person: 'Ravi', phone: '9000000099' } });
    expect(ship.statusCode, ship.body).toBe(200);
    now = await row(wh);
    expect(now).toMatchObject({ available: start.available - 2, committed: 0, on_hand: start.on_hand - 2 });
    await ledgerHolds();
  });
});

describeOnPostgres('racing sends (PostgreSQL)', () => {
  it('one transfer sent five times at once moves once; two transfers wanting the last units: one is sent', async () => {
    const dal = shop.packs.dal1.id;
    const one = (
      await owner.post('/s/api/admin/stock/transfers', {
        from_warehouse_id: blr(),
        to_warehouse_id: del(),
        lines: [{ pack_id: dal, quantity: 3 }],
      })
    ).json();
    const before = await stockOf(dal, blr());
    const sends = await Promise.all(Array.from({ length: 5 }, () => owner.post(`/s/api/admin/stock/transfers/${one.id}/send`)));
    expect(sends.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await stockOf(dal, blr())).toBe(before - 3);

    const have = await stockOf(dal, blr());
    const make = async () =>
      (
        await owner.post('/s/api/admin/stock/transfers', {
          from_warehouse_id: blr(),
          to_warehouse_id: mum(),
          lines: [{ pack_id: dal, quantity: have - 1 }],
        })
      ).json();
    const [a, b] = [await make(), await make()];
    const results = await Promise.all([a, b].map((x) => owner.post(`/s/api/admin/stock/transfers/${x.id}/send`)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await stockOf(dal, blr())).toBe(1);
    const statuses = await t.db
      .select({ status: stockTransfers.status })
      .from(stockTransfers)
      .where(sql`${stockTransfers.id} in (${a.id}, ${b.id})`);
    expect(statuses.map((s) => s.status).sort()).toEqual(['draft', 'in_transit']);
    await ledgerHolds();
  });

  it('an edit racing Send: the units that leave are the lines the sent transfer shows; an edit after Send is refused', async () => {
    const dal = shop.packs.dal1.id;
    for (let round = 0; round < 3; round++) {
      const tr = (
        await owner.post('/s/api/admin/stock/transfers', {
          from_warehouse_id: del(),
          to_warehouse_id: mum(),
          lines: [{ pack_id: dal, quantity: 1 }],
        })
      ).json();
      const before = await stockOf(dal, del());
      const [edit, send] = await Promise.all([
        owner.put(`/s/api/admin/stock/transfers/${tr.id}`, {
          from_warehouse_id: del(),
          to_warehouse_id: mum(),
          lines: [{ pack_id: dal, quantity: 2 }],
        }),
        owner.post(`/s/api/admin/stock/transfers/${tr.id}/send`),
      ]);
      expect(send.statusCode, send.body).toBe(200);
      expect([200, 409]).toContain(edit.statusCode);
      if (edit.statusCode === 409) expect(edit.json().code).toBe('DRAFT_ONLY');
      const sent = (await owner.get(`/s/api/admin/stock/transfers/${tr.id}`)).json();
      expect(sent.status).toBe('in_transit');
      expect(await stockOf(dal, del())).toBe(before - sent.lines[0].quantity);
    }
    await ledgerHolds();
  });

  it('two people receiving the same delivery at once: the line never counts more than was ordered', async () => {
    const supplier = (await owner.post('/s/api/admin/stock/suppliers', { name: 'Race Supplies' })).json();
    const ghee = shop.packs.ghee1.id;
    const po = (
      await owner.post('/s/api/admin/stock/purchase-orders', {
        supplier_id: supplier.id,
        warehouse_id: del(),
        lines: [{ pack_id: ghee, quantity: 10, unit_cost: 20000 }],
      })
    ).json();
    await owner.post(`/s/api/admin/stock/purchase-orders/${po.id}/status`, { status: 'ordered' });
    const before = await stockOf(ghee, del()).catch(() => 0);
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        owner.post(`/s/api/admin/stock/purchase-orders/${po.id}/receive`, { lines: [{ line_id: po.lines[0].id, quantity: 6 }] }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await stockOf(ghee, del())).toBe(before + 6);
    expect((await owner.get(`/s/api/admin/stock/purchase-orders/${po.id}`)).json()).toMatchObject({
      status: 'partially_received',
      lines: [{ received: 6 }],
    });
    await ledgerHolds();
  });
});
