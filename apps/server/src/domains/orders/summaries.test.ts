import { randomUUID } from 'node:crypto';
import { ORDER_STATUSES, type OrderStatus } from '@grocer/shared/order';
import { adminOrdersQuerySchema, type AdminOrdersQuery } from '@grocer/shared/admin-orders';
import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { customerStats, orders, payments, users, websiteMembers, websites } from '../../db/schema';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { shopDayEnd, shopDayStart } from '@grocer/shared/shop-time';
import { toRupees } from '@grocer/shared/money';
import { createTestDatabase } from '../../test/app';
import { countOrders, foldOrderCounts } from './order-counts';
import { customerOrderRecount } from './queries';
import { CUSTOMER_SORTS, customersQuerySchema } from '@grocer/shared/admin-customers';
import { customerOf, listCustomers } from '../identity/customers';

// The owner's summaries (migration 0064) against a recount, after any mix of writes straight into a
// real database (PGlite, or PostgreSQL with TEST_DB=postgres): orders placed online and at the counter,
// moved through every status (cancelled, delivered, failed payments), edited (items, coupon), refunded
// (payments.refunded, a counter return), deleted, several rows in one statement, several statements in one
// transaction, a transaction rolled back, new members, and the counts' deltas folded at any moment.
const database = await createTestDatabase();
const db = database.db;
afterAll(() => database.close());

const DAYS = ['2026-03-01', '2026-03-02', '2026-03-03'];
const at = (day: number, hour: number) => new Date(`${DAYS[day]}T00:00:00+05:30`).getTime() + hour * 3_600_000;

const op = fc.oneof(
  fc.record({
    kind: fc.constant('place' as const),
    user: fc.nat(3),
    n: fc.integer({ min: 1, max: 3 }),
    status: fc.constantFrom<OrderStatus>(...ORDER_STATUSES),
    pos: fc.boolean(),
    items: fc.integer({ min: 100, max: 90_000 }),
    discount: fc.integer({ min: 0, max: 120_000 }),
    day: fc.nat(2),
    hour: fc.constantFrom(0, 5, 23),
  }),
  fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), status: fc.constantFrom<OrderStatus>(...ORDER_STATUSES) }),
  fc.record({ kind: fc.constant('edit' as const), pick: fc.nat(), items: fc.integer({ min: 0, max: 90_000 }), discount: fc.nat(5_000) }),
  fc.record({ kind: fc.constant('refund' as const), pick: fc.nat(), refunded: fc.nat(100_000) }),
  fc.record({ kind: fc.constant('cancel all' as const), user: fc.nat(3) }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('member' as const) }),
  fc.record({ kind: fc.constant('fold' as const) }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

let site = 0;
async function shop() {
  const [w] = await db
    .insert(websites)
    .values({ name: `Summaries ${++site}` })
    .returning();
  const people = await db
    .insert(users)
    .values([0, 1, 2, 3].map((i) => ({ name: `Shopper ${site}.${i}`, email: `s${site}.${i}@example.com` })))
    .returning();
  // three members; the fourth orders without being one (the list shows members only)
  await db.insert(websiteMembers).values(people.slice(0, 3).map((u) => ({ websiteId: w!.id, userId: u.id })));
  return { websiteId: w!.id, people: people.map((u) => u.id) };
}

async function apply(tx: Db, s: { websiteId: number; people: number[] }, o: Op) {
  const ids = (await tx.select({ id: orders.id }).from(orders).where(eq(orders.websiteId, s.websiteId)).orderBy(orders.id)).map(
    (r) => r.id,
  );
  const pick = (n: number) => ids[n % ids.length];
  const delivered = (status: OrderStatus) => (status === 'delivered' ? new Date(at(2, 20)) : null);
  switch (o.kind) {
    case 'place': {
      const rows = Array.from({ length: o.n }, () => {
        const id = randomUUID();
        return {
          id,
          websiteId: s.websiteId,
          ordernumber: id.slice(0, 8),
          userId: s.people[o.user]!,
          status: o.status,
          paymentMethod: o.pos ? ('pos' as const) : ('cod' as const),
          channel: o.pos ? ('pos' as const) : ('online' as const),
          idempotencyKey: id,
          address: {
            name: 'A',
            phone: '9000000011',
            pincode: '560001',
            line1: 'x',
            line2: 'y',
            landmark: null,
            city: 'c',
            state: 'Karnataka',
            type: 'home',
          },
          pincode: '560001',
          itemsTotal: o.items,
          discount: o.discount,
          total: Math.max(0, o.items - o.discount),
          createdAt: new Date(at(o.day, o.hour)),
          deliveredAt: delivered(o.status),
        };
      });
      await tx.insert(orders).values(rows);
      await tx.insert(payments).values(
        rows.map((r) => ({
          websiteId: s.websiteId,
          orderId: r.id,
          provider: r.paymentMethod,
          status: 'pending' as const,
          amount: r.total,
        })),
      );
      return;
    }
    case 'move':
      if (pick(o.pick))
        await tx
          .update(orders)
          .set({ status: o.status, deliveredAt: delivered(o.status) })
          .where(eq(orders.id, pick(o.pick)!));
      return;
    case 'edit':
      if (pick(o.pick))
        await tx
          .update(orders)
          .set({ itemsTotal: o.items, discount: o.discount })
          .where(eq(orders.id, pick(o.pick)!));
      return;
    case 'refund':
      if (pick(o.pick))
        await tx
          .update(payments)
          .set({ refunded: o.refunded })
          .where(eq(payments.orderId, pick(o.pick)!));
      return;
    case 'cancel all':
      await tx
        .update(orders)
        .set({ status: 'cancelled', deliveredAt: null })
        .where(and(eq(orders.websiteId, s.websiteId), eq(orders.userId, s.people[o.user]!)));
      return;
    case 'delete':
      if (pick(o.pick)) {
        await tx.delete(payments).where(eq(payments.orderId, pick(o.pick)!));
        await tx.delete(orders).where(eq(orders.id, pick(o.pick)!));
      }
      return;
    case 'member': {
      const [u] = await tx
        .insert(users)
        .values({ name: 'New', email: `${randomUUID()}@example.com` })
        .returning();
      await tx.insert(websiteMembers).values({ websiteId: s.websiteId, userId: u!.id });
      s.people.push(u!.id);
      return;
    }
    case 'fold':
      await foldOrderCounts(tx);
  }
}

/** The summary's rows for the website's members, and the same figures recounted by `customerStatFields`. */
async function customerFigures(websiteId: number) {
  const summary = await db
    .select({ userId: customerStats.userId, count: customerStats.ordersCount, spent: customerStats.spent, last: customerStats.lastOrderAt })
    .from(customerStats)
    .innerJoin(websiteMembers, and(eq(websiteMembers.websiteId, customerStats.websiteId), eq(websiteMembers.userId, customerStats.userId)))
    .where(eq(customerStats.websiteId, websiteId))
    .orderBy(customerStats.userId);
  const r = customerOrderRecount(db, websiteId);
  const recount = await db
    .select({ userId: websiteMembers.userId, count: r.count, spent: r.spent, last: r.last })
    .from(websiteMembers)
    .leftJoin(r, eq(r.userId, websiteMembers.userId))
    .where(eq(websiteMembers.websiteId, websiteId))
    .orderBy(websiteMembers.userId);
  const norm = (rows: Array<{ userId: number; count: unknown; spent: unknown; last: unknown }>) =>
    rows.map((x) => ({
      userId: x.userId,
      count: Number(x.count ?? 0),
      spent: Number(x.spent ?? 0),
      last: x.last ? new Date(x.last as string).toISOString() : null,
    }));
  return { summary: norm(summary), recount: norm(recount) };
}

/**
 * The customer list as it reads the summary, against the list as it was before the summary (every
 * order aggregated per call, `coalesce` for a customer without orders): the same rows in the same
 * order, every sort both ways.
 */
async function customerLists(websiteId: number) {
  const out = [];
  for (const sort of CUSTOMER_SORTS)
    for (const dir of ['asc', 'desc'] as const) {
      const q = customersQuerySchema.parse({ sort, dir, perPage: 100 });
      const now = (await listCustomers(db, websiteId, q)).data.map((c) => [c.id, c.orders, c.spent, c.last_order]);
      const r = customerOrderRecount(db, websiteId);
      const by = dir === 'asc' ? asc : desc;
      const order = {
        name: by(users.name),
        orders: by(sql`coalesce(${r.count}, 0)`),
        spent: by(sql`coalesce(${r.spent}, 0)`),
        last_order: sql`${r.last} ${dir === 'asc' ? sql`asc nulls first` : sql`desc nulls last`}`,
        joined: by(websiteMembers.createdAt),
      }[sort];
      const before = (
        await db
          .select({ id: users.id, count: r.count, spent: r.spent, last: r.last })
          .from(websiteMembers)
          .innerJoin(users, eq(users.id, websiteMembers.userId))
          .leftJoin(r, eq(r.userId, websiteMembers.userId))
          .where(customerOf(websiteId))
          .orderBy(order, asc(users.id))
          .limit(100)
      ).map((c) => [c.id, Number(c.count ?? 0), toRupees(Number(c.spent ?? 0)), c.last ? new Date(c.last).toISOString() : null]);
      out.push({ sort, dir, now, before });
    }
  return out;
}

const FILTERS: Array<Partial<AdminOrdersQuery>> = [
  {},
  { status: 'placed' },
  { status: 'delivered', payment_method: 'cod' },
  { payment_method: 'pos' },
  { from: DAYS[1], to: DAYS[1] },
  { from: DAYS[1] },
  { to: DAYS[0], status: 'cancelled' },
];

/** The order list's filters counted by the summary, and by `count(*)` over the orders as the list filters them. */
async function orderCounts(websiteId: number) {
  return Promise.all(
    FILTERS.map(async (f) => {
      const q = adminOrdersQuerySchema.parse(f);
      const where: SQL[] = [eq(orders.websiteId, websiteId)];
      if (q.status) where.push(eq(orders.status, q.status));
      if (q.payment_method) where.push(eq(orders.paymentMethod, q.payment_method));
      if (q.from) where.push(gte(orders.createdAt, shopDayStart(q.from)));
      if (q.to) where.push(lt(orders.createdAt, shopDayEnd(q.to)));
      const [{ n } = { n: 0 }] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .where(and(...where));
      return { f, summary: await countOrders(db, websiteId, q), recount: Number(n) };
    }),
  );
}

describe('the owner’s summaries equal a recount', () => {
  it('after any mix of writes, in transactions or not, rolled back or not', async () => {
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
            const people = [...s.people];
            await db
              .transaction(async (tx) => {
                for (const o of b.ops) await apply(tx as unknown as Db, s, o);
                if (b.rollback) throw new Error('rolled back');
              })
              .catch((e: Error) => {
                if (e.message !== 'rolled back') throw e;
                s.people = people;
              });
          }
          const c = await customerFigures(s.websiteId);
          expect(c.summary).toEqual(c.recount);
          for (const l of await customerLists(s.websiteId)) expect({ ...l, now: l.now }).toEqual({ ...l, now: l.before });
          for (const r of await orderCounts(s.websiteId)) expect({ f: r.f, n: r.summary }).toEqual({ f: r.f, n: r.recount });
          await foldOrderCounts(db);
          for (const r of await orderCounts(s.websiteId)) expect({ f: r.f, n: r.summary }).toEqual({ f: r.f, n: r.recount });
        },
      ),
      { numRuns: 15 },
    );
  }, 240_000);

  it('leaves nothing noted once a transaction has committed', async () => {
    const left = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from customer_stats_changes`));
    expect(left[0]!.n).toBe(0);
  });
});
