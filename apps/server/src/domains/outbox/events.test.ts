import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, domainEventReceipts, domainEvents, orders, outbox } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { itOnPostgres } from '../../test/on-postgres';
import { staffClients } from '../../test/staff-clients';
import { findAdminOrder, staffMove } from '../orders/admin-service';
import { EventStream } from './events';
import { checkoutBench } from '../orders/test-fixture';

// The order event stream (issue 41 §4): events written in the change's transaction, consumers run
// from the job runner (here: `app.events`, as jobs.ts runs it), each event handled once.
const { t, shop, key, shopper, place, prepaid, simulatorOutcome } = await checkoutBench();
afterAll(() => t.close());

const { as } = staffClients(t, shop.websiteId);
let owner: TestClient;
beforeAll(async () => {
  owner = await as({ hasAdminAccess: true });
});

async function codOrder() {
  const s = await shopper([[shop.packs.dal1.id, 1]]);
  const res = await place(s.c, { address_id: s.addressId, payment_method: 'cod', expected_total: s.cart.amount, idempotency_key: key() });
  expect(res.statusCode, res.body).toBe(200);
  return { ...s, order: res.json().order as { id: string; ordernumber: string; total: number } };
}

const eventsOf = async (orderId: string) =>
  (await t.db.select().from(domainEvents).where(eq(domainEvents.orderId, orderId)).orderBy(domainEvents.id)).map((e) => ({
    topic: e.topic,
    payload: e.payload,
  }));
const mailsTo = async (email: string) => (await t.db.select().from(outbox).where(eq(outbox.to, email))).map((m) => m.subject);

describe('the order event stream', () => {
  it('a placed cash-on-delivery order writes order.placed with it; the route sends nothing, the consumer sends the confirmation once', async () => {
    const { user, order } = await codOrder();
    expect(await eventsOf(order.id)).toEqual([{ topic: 'order.placed', payload: {} }]);
    // the request wrote the event, not the message
    expect(await mailsTo(user.email!)).toEqual([]);
    expect((await t.app.events.drain()).notifications).toBeGreaterThanOrEqual(1);
    expect(await mailsTo(user.email!)).toEqual([`Order ${order.ordernumber} confirmed`]);
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.to, user.email!));
    expect(mail).toMatchObject({ status: 'logged' });
    expect(mail!.body).toContain(`Thank you, ${user.name}. Your order ${order.ordernumber} is placed.`);
    // a retried run (the job again, another process) finds it handled
    expect(await t.app.events.drain()).toEqual({ notifications: 0 });
    expect(await mailsTo(user.email!)).toHaveLength(1);
    const receipts = await t.db.select().from(domainEventReceipts).where(eq(domainEventReceipts.consumer, 'notifications'));
    expect(receipts.length).toBeGreaterThanOrEqual(1);
  });

  it('a prepaid order writes order.placed when it is paid, not before', async () => {
    const { user, placed } = await prepaid('razorpay', [[shop.packs.dal1.id, 1]]);
    const order = placed.order as { id: string; ordernumber: string };
    expect(await eventsOf(order.id)).toEqual([]);
    await simulatorOutcome(placed.payment.checkout_url, 'success');
    expect(await eventsOf(order.id)).toEqual([{ topic: 'order.placed', payload: {} }]);
    await t.app.events.drain();
    expect(await mailsTo(user.email!)).toEqual([`Order ${order.ordernumber} confirmed`]);
  });

  it('staff moves write order.status_changed with the order as it moved; a cancel of a paid order also order.refunded', async () => {
    const { user, order } = await codOrder();
    await t.app.events.drain();
    expect((await owner.post(`/s/api/admin/orders/${order.id}/confirm`, {})).statusCode).toBe(200);
    expect((await owner.post(`/s/api/admin/orders/${order.id}/pack`, {})).statusCode).toBe(200);
    expect(await mailsTo(user.email!)).toHaveLength(1);
    await t.app.events.drain();
    // each status as it was, though the order has moved on by the time the consumer runs
    expect(await mailsTo(user.email!)).toEqual([
      `Order ${order.ordernumber} confirmed`,
      `Order ${order.ordernumber}: Confirmed`,
      `Order ${order.ordernumber}: Packed`,
    ]);
    expect((await eventsOf(order.id)).map((e) => e.topic)).toEqual(['order.placed', 'order.status_changed', 'order.status_changed']);
    expect((await eventsOf(order.id))[2]!.payload).toMatchObject({
      from: 'confirmed',
      status: 'packed',
      total: Math.round(order.total * 100),
    });

    const paid = await prepaid('razorpay', [[shop.packs.dal1.id, 1]]);
    await simulatorOutcome(paid.placed.payment.checkout_url, 'success');
    const id = (paid.placed.order as { id: string }).id;
    expect((await owner.post(`/s/api/admin/orders/${id}/cancel`, { reason: 'Out of delivery range' })).statusCode).toBe(200);
    expect((await eventsOf(id)).map((e) => e.topic)).toEqual(['order.placed', 'order.refunded', 'order.status_changed']);
    await t.app.events.drain();
    const ordernumber = (paid.placed.order as { ordernumber: string }).ordernumber;
    expect(await mailsTo(paid.user.email!)).toEqual([`Order ${ordernumber} confirmed`, `Order ${ordernumber}: Cancelled`]);
  });

  it('a change that fails after writing its event leaves no event and no message', async () => {
    const { user, order } = await codOrder();
    await t.app.events.drain();
    const before = await eventsOf(order.id);
    const row = await findAdminOrder(t.db, shop.websiteId, order.id);
    await expect(
      t.db.transaction(async (tx) => {
        const moved = await staffMove(tx, row, { action: 'confirm', actor: { websiteId: shop.websiteId, actorId: null } });
        expect(moved?.order.status).toBe('confirmed');
        throw new Error('the line to the database broke after the write');
      }),
    ).rejects.toThrow('after the write');
    expect(await eventsOf(order.id)).toEqual(before);
    await t.app.events.drain();
    expect(await mailsTo(user.email!)).toEqual([`Order ${order.ordernumber} confirmed`]);
    expect((await t.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe('placed');
    expect(
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'confirm'))),
    ).toEqual([]);
  });

  itOnPostgres('a committed order yields exactly one message when the consumer runs twice at once (PostgreSQL)', async () => {
    const orders = await Promise.all([codOrder(), codOrder(), codOrder()]);
    // two processes' job runs at the same moment: separate connections, separate transactions
    const runs = await Promise.all([t.app.events.drain(), t.app.events.drain()]);
    expect(runs.reduce((n, r) => n + r.notifications!, 0)).toBeGreaterThanOrEqual(3);
    const sent = await t.db
      .select()
      .from(outbox)
      .where(
        inArray(
          outbox.to,
          orders.map((o) => o.user.email!),
        ),
      );
    expect(sent.map((m) => m.subject).sort()).toEqual(orders.map((o) => `Order ${o.order.ordernumber} confirmed`).sort());
  });

  it('events that keep failing at the head of the stream rest, and never hold back the ones behind them', async () => {
    let clock = Date.now();
    const broken = new Set<number>();
    const seen: number[] = [];
    const stream = new EventStream(
      t.db,
      t.app.log,
      {
        flaky: async (_tx, e) => {
          if (broken.has(e.id)) throw new Error('the mail server refused');
          seen.push(e.id);
        },
      },
      () => clock,
    );
    await stream.drain(); // what earlier tests left
    seen.length = 0;
    // 60 events whose handling fails, more than one pass reads (50), then one that can be handled
    const failing = await t.db
      .insert(domainEvents)
      .values(Array.from({ length: 60 }, (_, i) => ({ websiteId: shop.websiteId, orderId: `flaky-${i}`, topic: 'order.placed' as const })))
      .returning({ id: domainEvents.id });
    for (const e of failing) broken.add(e.id);
    const [fine] = await t.db
      .insert(domainEvents)
      .values({ websiteId: shop.websiteId, orderId: 'fine', topic: 'order.placed' })
      .returning();
    expect(await stream.drain()).toEqual({ flaky: 1 });
    expect(seen).toEqual([fine!.id]);
    // resting: the next pass leaves them alone; once their rest is over and the cause is gone, each is handled once
    expect(await stream.drain()).toEqual({ flaky: 0 });
    broken.clear();
    clock += 2_001;
    expect(await stream.drain()).toEqual({ flaky: 60 });
    expect(seen.slice(1).sort((a, b) => a - b)).toEqual(failing.map((e) => e.id).sort((a, b) => a - b));
    expect(await stream.drain()).toEqual({ flaky: 0 });
  });
});
