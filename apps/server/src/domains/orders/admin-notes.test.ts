import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orderAdjustments, orderNotes, orderTags, packs, payments } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { staffClients } from '../../test/staff-clients';
import { checkoutBench, curdAndBread } from './test-fixture';

// Issue 40 §12: the staff's notes and tags on an order, a refund of any amount with a reason, the
// staff's timeline wording, the GST invoice and bulk printing. Curd is ₹32 and bread ₹26; delivery
// is ₹30 under ₹499, so one of each is an order of ₹88 (refunds go to the gateway simulator).
const { t, shop, key, shopper, place, prepaid, simulatorOutcome } = await checkoutBench();
afterAll(() => t.close());
const { as } = staffClients(t, shop.websiteId);

let owner: TestClient & { userId?: number };
let packer: TestClient;
let curd: number;
let bread: number;

beforeAll(async () => {
  owner = await as({ hasAdminAccess: true });
  packer = await as({ isPacker: true });
  ({ curd, bread } = await curdAndBread(t.db, shop));
  await t.db.update(packs).set({ sku: 'CURD-400', barcode: '8901234567890' }).where(eq(packs.id, curd));
});

type Placed = { id: string; ordernumber: string; total: number; lines: Array<{ line_id: number; pack_id: number }> };

async function paidOrder(): Promise<Placed & { c: TestClient }> {
  const s = await prepaid('razorpay', [
    [curd, 1],
    [bread, 1],
  ]);
  await simulatorOutcome(s.placed.payment.checkout_url, 'success');
  return { ...(s.placed.order as Placed), c: s.c };
}

async function codOrder(): Promise<Placed & { c: TestClient }> {
  const s = await shopper([[curd, 1]]);
  const res = await place(s.c, { address_id: s.addressId, payment_method: 'cod', expected_total: s.cart.amount, idempotency_key: key() });
  expect(res.statusCode, res.body).toBe(200);
  return { ...(res.json().order as Placed), c: s.c };
}

const paymentOf = async (orderId: string) => (await t.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]!;
const refund = (id: string, body: Record<string, unknown>) => owner.post(`/s/api/admin/orders/${id}/refunds`, body);

describe('staff notes', () => {
  it('are on the staff timeline with author and time, audited, and never on the shopper’s order', async () => {
    const s = await prepaid('razorpay', [[curd, 1]]);
    await simulatorOutcome(s.placed.payment.checkout_url, 'success');
    const order = s.placed.order as Placed;
    const res = await owner.post(`/s/api/admin/orders/${order.id}/notes`, { text: '  Customer called: leave at the gate  ' });
    expect(res.statusCode, res.body).toBe(200);
    const note = res.json().timeline.at(-1);
    expect(note).toMatchObject({ kind: 'note', note: 'Customer called: leave at the gate', by: 'Staff 1' });
    expect(Date.parse(note.at)).toBeGreaterThan(Date.now() - 60_000);
    const [row] = await t.db.select().from(orderNotes).where(eq(orderNotes.orderId, order.id));
    expect(row).toMatchObject({ authorId: owner.userId, text: 'Customer called: leave at the gate' });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'note')));
    expect(audit).toHaveLength(1);

    const mine = (await s.c.get(`/s/api/orders/${order.id}`)).json();
    expect(JSON.stringify(mine)).not.toContain('leave at the gate');
    expect((await s.c.get(`/s/api/orders/${order.id}/invoice`)).body).not.toContain('leave at the gate');
  });

  it('refuses an empty note, a packer, and another website’s order', async () => {
    const order = await codOrder();
    const empty = await owner.post(`/s/api/admin/orders/${order.id}/notes`, { text: '   ' });
    expect([empty.statusCode, empty.json().errors?.text]).toEqual([422, ['Write the note']]);
    expect((await packer.post(`/s/api/admin/orders/${order.id}/notes`, { text: 'hi' })).statusCode).toBe(403);
    expect((await owner.post(`/s/api/admin/orders/${randomUUID()}/notes`, { text: 'hi' })).statusCode).toBe(404);
    expect(await t.db.select().from(orderNotes).where(eq(orderNotes.orderId, order.id))).toHaveLength(0);
  });
});

describe('order tags', () => {
  it('adds and removes tags without case duplicates, and the list filters by tag', async () => {
    const a = await codOrder();
    const b = await codOrder();
    const added = await owner.post(`/s/api/admin/orders/${a.id}/tags`, { tag: '  VIP  ' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().tags).toEqual(['VIP']);
    expect((await owner.post(`/s/api/admin/orders/${a.id}/tags`, { tag: 'vip' })).json().tags).toEqual(['VIP']);
    expect((await owner.post(`/s/api/admin/orders/${a.id}/tags`, { tag: 'Fragile   items' })).json().tags).toEqual([
      'VIP',
      'Fragile items',
    ]);
    await owner.post(`/s/api/admin/orders/${b.id}/tags`, { tag: 'Fragile items' });
    expect(await t.db.select().from(orderTags).where(eq(orderTags.orderId, a.id))).toHaveLength(2);

    const vip = (await owner.get('/s/api/admin/orders?tag=vip&perPage=100')).json();
    expect(vip.data.map((o: { id: string }) => o.id)).toEqual([a.id]);
    expect(vip.data[0].tags).toEqual(['VIP', 'Fragile items']);
    const fragile = (await owner.get(`/s/api/admin/orders?tag=${encodeURIComponent('fragile items')}&perPage=100`)).json();
    expect(fragile.data.map((o: { id: string }) => o.id).sort()).toEqual([a.id, b.id].sort());
    expect((await owner.get('/s/api/admin/orders?tag=nobody&perPage=100')).json().meta.total).toBe(0);

    const tags = (await owner.get('/s/api/admin/orders/tags')).json().data;
    expect(tags[0]).toEqual({ tag: 'Fragile items', orders: 2 });
    expect(tags).toContainEqual({ tag: 'VIP', orders: 1 });

    const removed = await owner.delete(`/s/api/admin/orders/${a.id}/tags/${encodeURIComponent('vip')}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().tags).toEqual(['Fragile items']);
    expect((await owner.get('/s/api/admin/orders?tag=VIP')).json().meta.total).toBe(0);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, a.id)));
    expect(audits.map((x) => x.action).sort()).toEqual(['tag', 'tag', 'untag']);
  });

  it('refuses a tag too long or empty, and a packer', async () => {
    const a = await codOrder();
    expect((await owner.post(`/s/api/admin/orders/${a.id}/tags`, { tag: 'x'.repeat(41) })).statusCode).toBe(422);
    expect((await owner.post(`/s/api/admin/orders/${a.id}/tags`, { tag: '  ' })).statusCode).toBe(422);
    expect((await packer.post(`/s/api/admin/orders/${a.id}/tags`, { tag: 'VIP' })).statusCode).toBe(403);
    // a packer reads the tags (orders.read)
    expect((await packer.get('/s/api/admin/orders/tags')).statusCode).toBe(200);
    expect(await t.db.select().from(orderTags).where(eq(orderTags.orderId, a.id))).toHaveLength(0);
  });
});

describe('a refund of any amount', () => {
  it('refunds ₹20 goodwill through the provider, once under a double submit, in the refund summary and the invoice', async () => {
    const order = await paidOrder();
    const s = { c: order.c };
    const body = { amount: 20, reason: 'goodwill', note: 'Late delivery', key: `rf-${randomUUID()}` };
    const [first, second] = await Promise.all([refund(order.id, body), refund(order.id, body)]);
    expect([first.statusCode, second.statusCode], first.body).toEqual([200, 200]);
    const again = await refund(order.id, body);
    expect(again.statusCode).toBe(200);
    const o = again.json();
    expect(o.total).toBe(88);
    expect(o.refunds).toMatchObject({
      paid: 88,
      refunded: 20,
      refunded_other: 20,
      refunded_lines: 0,
      refund_pending: 0,
      net: 68,
      refundable: 68,
    });
    expect(o.adjustments).toHaveLength(1);
    expect(o.adjustments[0]).toMatchObject({ kind: 'refund', reason: 'goodwill', amount: 20, refund_status: 'refunded' });
    expect(await t.db.select().from(orderAdjustments).where(eq(orderAdjustments.orderId, order.id))).toHaveLength(1);
    const p = await paymentOf(order.id);
    expect([p.status, p.refunded, p.refundPending]).toEqual(['paid', 2000, 0]);
    // the staff's timeline: a change in staff wording and the private reason as a note; never a second "Placed"
    const kinds = o.timeline.map((e: { kind: string; status: string }) => [e.kind, e.status]);
    expect(kinds.filter((k: string[]) => k[0] === 'status' && k[1] === 'placed')).toHaveLength(1);
    expect(o.timeline.find((e: { kind: string }) => e.kind === 'change').note).toBe(
      "₹20 refunded to the customer's Razorpay payment (goodwill)",
    );
    expect(o.timeline.find((e: { kind: string }) => e.kind === 'note').note).toBe('Refund of ₹20 (goodwill): Late delivery');
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'refund')));
    expect(audit).toHaveLength(1);

    const invoice = (await owner.get(`/s/api/admin/orders/${order.id}/invoice`)).body;
    expect(invoice).toContain('Paid ₹88 · Refunded ₹20 (₹20 goodwill and other refunds) · Net ₹68');
    expect(invoice).toContain('<li>Refund by the shop (goodwill): ₹20 refunded</li>');
    // the shopper reads it among the order's changes, without the staff's note
    const seen = (await s.c.get(`/s/api/orders/${order.id}`)).json();
    expect(seen.adjustments).toMatchObject([{ kind: 'refund', description: 'Refund by the shop', reason: 'goodwill', amount: 20 }]);
    expect(seen.refunds).toMatchObject({ refunded: 20, refunded_other: 20, net: 68 });
    expect(JSON.stringify(seen)).not.toContain('Late delivery');
    expect(invoice).not.toContain('Late delivery');
  });

  it('refuses more than is still refundable, changing nothing; the rest may still be refunded', async () => {
    const order = await paidOrder();
    expect((await refund(order.id, { amount: 30, reason: 'delivery_fee', key: `rf-${randomUUID()}` })).statusCode).toBe(200);
    const over = await refund(order.id, { amount: 58.01, reason: 'goodwill', key: `rf-${randomUUID()}` });
    expect([over.statusCode, over.json().code, over.json().errors]).toEqual([422, 'REFUND_TOO_LARGE', { amount: ['At most ₹58'] }]);
    expect(over.json().message).toBe('At most ₹58 can be refunded on this order');
    const p = await paymentOf(order.id);
    expect([p.refunded, p.refundPending]).toEqual([3000, 0]);
    const rest = await refund(order.id, { amount: 58, reason: 'other', note: 'Spoilt milk', key: `rf-${randomUUID()}` });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().refunds).toMatchObject({ refunded: 88, net: 0, refundable: 0 });
    expect((await refund(order.id, { amount: 1, reason: 'goodwill', key: `rf-${randomUUID()}` })).json().code).toBe('REFUND_TOO_LARGE');
  });

  it('refuses bad input with field messages', async () => {
    const order = await paidOrder();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ amount: 0, reason: 'goodwill' }, 'amount', 'More than ₹0'],
      [{ amount: 1.005, reason: 'goodwill' }, 'amount', 'At most 2 decimals (paise)'],
      [{ amount: 5, reason: 'other' }, 'note', 'Say why'],
      [{ amount: 5, reason: 'because' }, 'reason', 'Choose a reason'],
    ];
    for (const [b, field, message] of cases) {
      const res = await refund(order.id, { ...b, key: `rf-${randomUUID()}` });
      expect([res.statusCode, res.json().errors?.[field]], JSON.stringify(b)).toEqual([422, [message]]);
    }
    expect((await paymentOf(order.id)).refundPending).toBe(0);
    expect(
      (await packer.post(`/s/api/admin/orders/${order.id}/refunds`, { amount: 5, reason: 'goodwill', key: `rf-${randomUUID()}` }))
        .statusCode,
    ).toBe(403);
  });

  it('refuses a cash-on-delivery order not yet collected, with why', async () => {
    const order = await codOrder();
    const res = await refund(order.id, { amount: 5, reason: 'goodwill', key: `rf-${randomUUID()}` });
    expect([res.statusCode, res.json().code]).toEqual([409, 'REFUND_NOT_POSSIBLE']);
    expect(res.json().message).toBe(
      'No refund can be made on this order: it is cash on delivery and nothing has been collected yet (edit the order to lower what is collected)',
    );
    expect(await t.db.select().from(orderAdjustments).where(eq(orderAdjustments.orderId, order.id))).toHaveLength(0);
  });
});

describe('the staff timeline', () => {
  it('says how a prepaid order was paid, and a substitution is a change, not a second "Placed"', async () => {
    const order = await paidOrder();
    const lineOf = (packId: number) => order.lines.find((l) => l.pack_id === packId)!.line_id;
    const res = await owner.post(`/s/api/admin/orders/${order.id}/lines/${lineOf(curd)}/remove`, {
      quantity: 1,
      reason: 'missing',
      key: `chg-${randomUUID()}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const tl = res.json().timeline as Array<{ kind: string; status: string; note: string | null }>;
    expect(tl.map((e) => [e.kind, e.status])).toEqual([
      ['status', 'pending_payment'],
      ['status', 'placed'],
      ['change', 'placed'],
    ]);
    expect(tl[1]!.note).toMatch(/^Paid ₹88 (by [A-Za-z ]+|online) \(Razorpay\)$/);
    expect(tl[2]!.note).toBe("1 × Curd - 400 g removed (missing): ₹32 refunded to the customer's Razorpay payment");
    expect(JSON.stringify(tl)).not.toContain('your');
    // the shopper's page: the same change, in the shopper's words, not a second "Placed" either
    const mine = (await order.c.get(`/s/api/orders/${order.id}`)).json().timeline as Array<{ kind: string; note: string | null }>;
    expect(mine.map((e) => e.kind)).toEqual(['status', 'status', 'change']);
    expect(mine[2]!.note).toBe('1 × Curd - 400 g removed (missing): ₹32 refunded to your Razorpay payment');
  });
});

describe('printing', () => {
  it('prints a GST invoice with seller, buyer, place of supply, HSN and tax by rate', async () => {
    const order = await paidOrder();
    const res = await owner.get(`/s/api/admin/orders/${order.id}/invoice`);
    expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
    const html = res.body;
    for (const part of [
      'Tax Invoice',
      `Invoice no. ${order.ordernumber}`,
      'Place of supply',
      'HSN',
      'GST by rate',
      'Taxable value',
      '@page{size:A4',
    ])
      expect(html).toContain(part);
    expect(html).toMatch(/CGST|IGST/);
    expect((await packer.get(`/s/api/admin/orders/${order.id}/invoice`)).statusCode).toBe(200);
  });

  it('prints many invoices and packing slips in one document, a page per order, with SKU, barcode and warehouse', async () => {
    const a = await codOrder();
    const b = await paidOrder();
    const ids = `${a.id},${b.id},${randomUUID()}`;
    const inv = await owner.get(`/s/api/admin/orders/invoices?ids=${ids}`);
    expect(inv.statusCode, inv.body).toBe(200);
    expect(inv.body.match(/<section class="invoice">/g)).toHaveLength(2);
    expect(inv.body.indexOf(a.ordernumber)).toBeLessThan(inv.body.indexOf(b.ordernumber));
    expect(inv.body).toContain('.invoice{break-after:page}');

    const slips = await owner.get(`/s/api/admin/orders/packing-slips?ids=${a.id}&ids=${b.id}`);
    expect(slips.statusCode, slips.body).toBe(200);
    expect(slips.body.match(/<section class="sheet">/g)).toHaveLength(2);
    expect(slips.body).toContain('<th>SKU</th><th>Barcode</th>');
    expect(slips.body).toContain('<td class="code">CURD-400</td><td class="code">8901234567890</td>');
    expect(slips.body).toContain(`Warehouse: ${shop.warehouses.blr.name}`);
    expect(slips.body.match(/<p class="muted">Test Grocery<\/p><h1>Packing slip/g)).toHaveLength(2);
    expect(slips.body).toContain('.sheet{break-after:page}');

    expect((await owner.get(`/s/api/admin/orders/packing-slips?ids=${randomUUID()}`)).statusCode).toBe(404);
    expect((await owner.get('/s/api/admin/orders/invoices?ids=nope')).statusCode).toBe(422);
    const other = await staffClients(t, shop.websiteId).as(null);
    expect((await other.get(`/s/api/admin/orders/invoices?ids=${a.id}`)).statusCode).toBe(401);
  });
});
