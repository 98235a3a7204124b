import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { ledgerMismatches } from '../domains/inventory';
import { createTestDatabase } from '../test/app';
import { seedDemo } from './demo';
import { seedYear, yearCounts } from './year';

// A year of a busy shop (issue 42 goal 1) at a tiny scale: the same SQL as `npm run seed -- --large`.
const SCALE = 0.004;
let database: Database;
let websiteId: number;
let times: Map<string, number>;
beforeAll(async () => {
  database = await createTestDatabase();
  websiteId = await seedDemo(database.db, { mediaDir: null });
  times = await seedYear(database.db, websiteId, SCALE);
}, 300_000);
afterAll(() => database.close());

const rows = async <T>(q: ReturnType<typeof sql>): Promise<T[]> => {
  const r = await database.db.execute(q);
  return ((r as unknown as { rows?: T[] }).rows ?? (r as unknown as T[])) as T[];
};
const one = async <T>(q: ReturnType<typeof sql>) => (await rows<T>(q))[0]!;

describe('the year seed (npm run seed -- --large)', () => {
  it('grows the shop to the scale asked, and says how long each table took', async () => {
    const n = yearCounts(SCALE);
    const got = await one<{ products: number; orders: number; customers: number; events: number }>(sql`
      select (select count(*)::int from products where website_id = ${websiteId}) as products,
        (select count(*)::int from orders where website_id = ${websiteId} and idempotency_key like 'year-%') as orders,
        (select count(*)::int from website_members m join users u on u.id = m.user_id where m.website_id = ${websiteId} and u.email like 'year-%') as customers,
        (select count(*)::int from analytics_events where website_id = ${websiteId}) as events`);
    expect(got.products).toBeGreaterThanOrEqual(n.products);
    expect(got).toMatchObject({ orders: n.orders, customers: n.customers, events: n.events });
    expect([...times.keys()]).toEqual(
      expect.arrayContaining(['customers', 'orders', 'order_lines', 'payments', 'order_events', 'stock_movements']),
    );
  });

  it('spreads the orders over twelve months, each with lines, a payment, its history and its own number', async () => {
    const o = await one<{
      months: number;
      without_lines: number;
      without_payment: number;
      without_events: number;
      numbers: number;
      n: number;
    }>(sql`
      select count(distinct date_trunc('month', created_at))::int as months,
        count(*) filter (where not exists (select 1 from order_lines l where l.order_id = o.id))::int as without_lines,
        count(*) filter (where not exists (select 1 from payments p where p.order_id = o.id))::int as without_payment,
        count(*) filter (where not exists (select 1 from order_events e where e.order_id = o.id and e.status = o.status))::int as without_events,
        count(distinct ordernumber)::int as numbers, count(*)::int as n
      from orders o where website_id = ${websiteId} and idempotency_key like 'year-%'`);
    expect(o.months).toBeGreaterThanOrEqual(12);
    expect(o).toMatchObject({ without_lines: 0, without_payment: 0, without_events: 0, numbers: o.n });
    // the amounts add up: items are the lines, the total is items − discount + delivery, the payment is the total
    const wrong = await one<{ n: number }>(sql`
      select count(*)::int as n from orders o join payments p on p.order_id = o.id
      where o.website_id = ${websiteId} and (o.items_total <> (select sum(amount) from order_lines l where l.order_id = o.id)
        or o.total <> o.items_total - o.discount + o.delivery_charge or p.amount <> o.total)`);
    expect(wrong.n).toBe(0);
    // the next real order takes a number after the year's
    const next = await one<{ next: number; top: number }>(sql`
      select (select next from order_counters where website_id = ${websiteId}) as next,
        (select max(substr(ordernumber, 3)::int) from orders where website_id = ${websiteId} and ordernumber like 'GR%') as top`);
    expect(next.next).toBeGreaterThanOrEqual(next.top);
  });

  it('moves stock for every sale and cancellation, so every balance equals the sum of its movements (check:stock)', async () => {
    const m = await one<{ sales: number; cancels: number }>(sql`
      select count(*) filter (where reason = 'order')::int as sales, count(*) filter (where reason = 'cancel')::int as cancels
      from stock_movements where website_id = ${websiteId}`);
    const l = await one<{ sold: number; cancelled: number }>(sql`
      select count(*) filter (where o.status <> 'payment_failed')::int as sold, count(*) filter (where o.status = 'cancelled')::int as cancelled
      from order_lines l join orders o on o.id = l.order_id where o.idempotency_key like 'year-%'`);
    expect(m).toEqual({ sales: l.sold, cancels: l.cancelled });
    const { checked, mismatches } = await ledgerMismatches(database.db);
    expect(checked).toBeGreaterThan(0);
    expect(mismatches).toEqual([]);
  });
});
