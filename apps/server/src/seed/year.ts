import { sql, type SQL } from 'drizzle-orm';
import { SHOP_TIME_ZONE } from '@grocer/shared/shop-time';
import { SHOP_EVENTS } from '@grocer/shared/analytics-events';
import type { Db, DbOrTx } from '../db/client';
import { seedLargeCatalogue } from './large';

/**
 * A year of a busy shop (issue 42 goal 1): grows a seeded website to `scale` × 100,000 products
 * (2 packs each, stock in every warehouse, more brands), 250,000 customers, 1,000,000 orders placed
 * over the last 12 months (lines, payments, the status history, stock movements) and 500,000
 * analytics events, in set-based SQL (`insert … select` over `generate_series`, never row by row).
 *
 * Orders are written a month per transaction: each month's lines are taken from the stock of the
 * warehouse serving the order's pincode, a `received` movement brings each (pack, warehouse) the
 * units the month sells, and every sale (`order`) and cancellation (`cancel`) is a movement whose
 * balance runs on from the stock row, so `npm run check:stock` holds throughout. Answers the time
 * each table took (ms), in the order written.
 */
export interface YearCounts {
  products: number;
  customers: number;
  orders: number;
  events: number;
}

export const yearCounts = (scale: number): YearCounts => ({
  products: Math.max(10, Math.round(100_000 * scale)),
  customers: Math.max(10, Math.round(250_000 * scale)),
  orders: Math.max(24, Math.round(1_000_000 * scale)),
  events: Math.max(10, Math.round(500_000 * scale)),
});

const rowsOf = <T>(r: unknown) => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];
const tz = sql.raw(`'${SHOP_TIME_ZONE}'`);

export async function seedYear(
  db: Db,
  websiteId: number,
  scale: number,
  log: (line: string) => void = () => {},
): Promise<Map<string, number>> {
  const n = yearCounts(scale);
  const times = new Map<string, number>();
  const timed = async <T>(table: string, fn: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    const out = await fn();
    times.set(table, (times.get(table) ?? 0) + (performance.now() - t0));
    return out;
  };
  const tuned = async (tx: DbOrTx) => {
    await tx.execute(sql`set local work_mem = '256MB'`);
    await tx.execute(sql`set local synchronous_commit = off`);
  };

  // ---- catalogue: brands, then products with packs, stock and their opening movements
  const [{ have = 0 } = {}] = rowsOf<{ have: number }>(
    await db.execute(sql`select count(*)::int as have from products where website_id = ${websiteId}`),
  );
  await timed('brands', () =>
    db.execute(sql`
      insert into brands (website_id, name, slug)
      select ${websiteId}, 'Brand ' || g, 'year-brand-' || g from generate_series(1, ${Math.max(5, Math.round(n.products / 500))}) g
      on conflict do nothing`),
  );
  if (n.products > have) await timed('products, packs, stock', () => seedLargeCatalogue(db, websiteId, n.products - have));
  log(`catalogue: ${n.products} products`);

  // ---- customers: people and their membership of the website, joined over the year
  await timed('customers', () =>
    db.transaction(async (tx) => {
      await tuned(tx);
      await tx.execute(sql`
        insert into users (name, email, phone, created_at)
        select (array['Aarav','Diya','Ishaan','Ananya','Vihaan','Saanvi','Arjun','Meera','Kabir','Priya','Rohan','Kavya'])[1 + g % 12] || ' ' ||
               (array['Sharma','Iyer','Reddy','Patel','Nair','Gupta','Rao','Khan','Das','Menon','Joshi','Singh'])[1 + (g / 12) % 12] || ' ' || g,
               'year-' || ${websiteId} || '-' || g || '@example.com', '6' || lpad((${websiteId} * 10000000 + g)::text, 9, '0'),
               now() - interval '365 days' + (g * (365 * 86400 / ${n.customers}::float)) * interval '1 second'
        from generate_series(1, ${n.customers}) g
        on conflict do nothing`);
      await tx.execute(sql`
        insert into website_members (website_id, user_id, created_at)
        select ${websiteId}, u.id, u.created_at from users u where u.email like ${`year-${websiteId}-%@example.com`}
        on conflict do nothing`);
    }),
  );
  log(`customers: ${n.customers}`);

  // ---- orders, a month per transaction
  const [counter] = rowsOf<{ next: number }>(
    await db.execute(sql`select coalesce((select next from order_counters where website_id = ${websiteId}), 1000)::int as next`),
  );
  const base = counter!.next;
  const step = (365 * 86400) / n.orders; // seconds between two orders
  for (let m = 0; m < 12; m++) {
    const lo = Math.floor((m * n.orders) / 12) + 1;
    const hi = Math.floor(((m + 1) * n.orders) / 12);
    if (hi < lo) continue;
    await db.transaction(async (tx) => {
      await tuned(tx);
      await yearMonth(tx, { websiteId, lo, hi, base, step, timed });
    });
    log(`orders: month ${m + 1} of 12 (${hi} of ${n.orders})`);
  }
  await db.execute(sql`
    insert into order_counters (website_id, next) values (${websiteId}, ${base + n.orders})
    on conflict (website_id) do update set next = greatest(order_counters.next, excluded.next)`);

  // ---- analytics: the storefront's events over the year
  await timed('analytics_events', () =>
    db.transaction(async (tx) => {
      await tuned(tx);
      await yearEvents(tx, websiteId, n.events);
    }),
  );
  log(`analytics events: ${n.events}`);

  // what a real shop's autovacuum would have done by now: statistics, and the visibility map index-only scans rely on
  await timed('vacuum, analyze', () => db.execute(sql`vacuum (analyze)`));
  return times;
}

interface Month {
  websiteId: number;
  lo: number;
  hi: number;
  base: number;
  step: number;
  timed: <T>(table: string, fn: () => Promise<T>) => Promise<T>;
}

async function yearMonth(tx: DbOrTx, { websiteId, lo, hi, base, step, timed }: Month) {
  const x = (q: SQL) => tx.execute(q);
  await timed('(working tables)', async () => {
    // where orders go: each pincode with its zone, warehouse and slots
    await x(sql`
      create temporary table if not exists year_routes on commit drop as
      select row_number() over (order by zp.pincode, s.id) - 1 as k, zp.pincode, z.id as zone_id, z.warehouse_id, s.id as slot_id,
        s.start_time, s.end_time, w.city, w.state
      from zone_pincodes zp join delivery_zones z on z.id = zp.zone_id join warehouses w on w.id = z.warehouse_id
      left join delivery_slots s on s.zone_id = z.id
      where zp.website_id = ${websiteId}`);
    // what each warehouse can sell: packs sold by the unit, of active products, that it stocks
    await x(sql`
      create temporary table if not exists year_stock on commit drop as
      select row_number() over (partition by s.warehouse_id order by s.pack_id) - 1 as k, s.warehouse_id, s.pack_id,
        k.product_id, k.name as pack_name, k.price, k.act_price, p.name as product_name, p.slug, p.hsn_code, p.gst_rate
      from stock s join packs k on k.id = s.pack_id join products p on p.id = k.product_id
      where s.website_id = ${websiteId} and p.status = 'active' and not k.sold_by_weight`);
    await x(sql`
      create temporary table if not exists year_wh on commit drop as
      select warehouse_id, count(*)::int as n from year_stock group by 1`);
    await x(sql`
      create temporary table if not exists year_customers on commit drop as
      select row_number() over (order by u.id) - 1 as k, u.id, u.name, u.phone
      from users u where u.email like ${`year-${websiteId}-%@example.com`}`);
    await x(sql`create index on year_stock (warehouse_id, k)`);
    await x(sql`create index on year_customers (k)`);
    // the month's orders; the last two days' are still being worked, the rest delivered or not
    await x(sql`
      create temporary table year_orders on commit drop as
      select g, gen_random_uuid()::text as id, c.id as user_id, c.name, c.phone, r.pincode, r.zone_id, r.warehouse_id, r.slot_id,
        r.start_time, r.end_time, r.city, r.state, t.at, st.status,
        case when st.status in ('pending_payment', 'payment_failed') or g % 3 = 0 then 'razorpay' else 'cod' end as payment_method
      from generate_series(${lo}::int, ${hi}::int) g
      join year_customers c on c.k = (g::bigint * 7919) % (select count(*) from year_customers)
      join year_routes r on r.k = g % (select count(*) from year_routes)
      cross join lateral (select least(now() - interval '5 minutes',
        now() - interval '365 days' + ((g - 1) * ${step}::float + (g * 7919) % 600) * interval '1 second') as at) t
      cross join lateral (select case
        when t.at > now() - interval '2 days' then (array['placed','confirmed','packed','shipped','pending_payment','placed'])[1 + g % 6]
        when g % 50 < 3 then 'cancelled' when g % 50 = 3 then 'payment_failed' else 'delivered' end as status) st`);
    await x(sql`
      create temporary table year_lines on commit drop as
      select row_number() over (order by o.g, i.n) as ord, o.id as order_id, o.at, o.status, s.warehouse_id, s.pack_id, s.product_id, s.slug,
        s.product_name, s.pack_name, s.hsn_code, s.gst_rate, s.price, s.act_price, q.qty, s.price * q.qty as amount
      from year_orders o
      cross join lateral generate_series(1, 1 + o.g % 4) i(n)
      join year_wh w on w.warehouse_id = o.warehouse_id
      join year_stock s on s.warehouse_id = o.warehouse_id and s.k = (o.g::bigint * 31 + i.n * 977) % w.n
      cross join lateral (select 1 + (o.g + i.n) % 3 as qty) q`);
    await x(sql`
      create temporary table year_totals on commit drop as
      select order_id, sum(amount)::int as items from year_lines group by 1`);
  });
  await timed('orders', () =>
    x(sql`
      insert into orders (id, website_id, ordernumber, user_id, status, payment_method, idempotency_key, address, pincode, zone_id, slot_id,
        slot_date, slot_start, slot_end, items_total, discount, coupon_code, delivery_charge, total, delivered_at, created_at, updated_at)
      select o.id, ${websiteId}, 'GR' || (${base} + o.g), o.user_id, o.status, o.payment_method, 'year-' || o.g,
        jsonb_build_object('name', o.name, 'phone', o.phone, 'pincode', o.pincode, 'line1', 'House ' || o.g, 'line2', 'Main Road',
          'landmark', null, 'city', o.city, 'state', o.state, 'type', 'home'),
        o.pincode, o.zone_id, o.slot_id, to_char(o.at at time zone ${tz} + interval '1 day', 'YYYY-MM-DD'), o.start_time, o.end_time,
        t.items, d.discount, case when o.g % 7 = 0 then 'SAVE10' end, d.charge, t.items - d.discount + d.charge,
        case when o.status = 'delivered' then o.at + interval '20 hours' end, o.at,
        case when o.status = 'delivered' then o.at + interval '20 hours' else o.at end
      from year_orders o join year_totals t on t.order_id = o.id
      cross join lateral (select case when o.g % 7 = 0 then least(10000, t.items / 10) else 0 end as discount,
        case when t.items < 50000 then 3000 else 0 end as charge) d`),
  );
  await timed('order_lines', () =>
    x(sql`
      insert into order_lines (website_id, order_id, pack_id, product_id, slug, image, product_name, pack_name, hsn_code, gst_rate,
        price, act_price, quantity, amount, warehouse_id, warehouse_state)
      select ${websiteId}, l.order_id, l.pack_id, l.product_id, l.slug, '', l.product_name, l.pack_name, l.hsn_code, l.gst_rate,
        l.price, l.act_price, l.qty, l.amount, l.warehouse_id, w.state
      from year_lines l join warehouses w on w.id = l.warehouse_id order by l.ord`),
  );
  await timed('payments', () =>
    x(sql`
      insert into payments (website_id, order_id, provider, status, amount, provider_order_id, provider_payment_id, refunded, collected,
        handed_over_at, created_at, updated_at)
      select ${websiteId}, o.id, o.payment_method, p.status, r.total,
        case when o.payment_method = 'razorpay' then 'order_year' || o.g end,
        case when p.status in ('paid', 'refunded') then 'pay_year' || o.g end,
        case when p.status = 'refunded' then r.total else 0 end,
        case when p.status in ('collected', 'handed_over') then r.total end,
        case when p.status = 'handed_over' then o.at + interval '1 day' end, o.at, o.at
      from year_orders o join orders r on r.id = o.id
      cross join lateral (select case
        when o.payment_method = 'cod' then case o.status when 'delivered' then case when o.at < now() - interval '7 days' then 'handed_over' else 'collected' end
          when 'cancelled' then 'not_collected' else 'cod' end
        else case o.status when 'pending_payment' then 'pending' when 'payment_failed' then 'failed' when 'cancelled' then 'refunded' else 'paid' end
        end as status) p`),
  );
  await timed('order_events', () =>
    x(sql`
      insert into order_events (website_id, order_id, status, actor, created_at)
      select ${websiteId}, o.id, e.status, case when e.i = 1 then case when o.payment_method = 'razorpay' then 'razorpay' else 'system' end else 'system' end,
        o.at + (e.i - 1) * interval '4 hours'
      from year_orders o
      cross join lateral (select s.status, s.i from unnest(case o.status
        when 'pending_payment' then array['pending_payment']
        when 'payment_failed' then array['pending_payment', 'payment_failed']
        when 'placed' then array['placed']
        when 'confirmed' then array['placed', 'confirmed']
        when 'packed' then array['placed', 'confirmed', 'packed']
        when 'shipped' then array['placed', 'confirmed', 'packed', 'shipped']
        when 'cancelled' then array['placed', 'cancelled']
        else array['placed', 'confirmed', 'packed', 'shipped', 'delivered'] end) with ordinality s(status, i)) e
      order by o.at, o.id, e.i`),
  );
  await timed('stock_movements', async () => {
    // the month's movements: a delivery of what it sells at its start, each sale, each cancellation put back
    await x(sql`
      create temporary table year_moves on commit drop as
      select pack_id, warehouse_id, (select min(at) from year_orders) - interval '1 hour' as at, 0::bigint as ord, sum(qty)::int as qty,
        'received' as reason, null::text as reference
      from year_lines where status <> 'payment_failed' group by 1, 2
      union all
      select pack_id, warehouse_id, at, ord, -qty, 'order', 'order:' || order_id from year_lines where status <> 'payment_failed'
      union all
      select pack_id, warehouse_id, at + interval '3 hours', ord, qty, 'cancel', 'order:' || order_id from year_lines where status = 'cancelled'`);
    await x(sql`
      insert into stock_movements (website_id, pack_id, warehouse_id, quantity, balance, reason, reference, actor, note, created_at)
      select ${websiteId}, m.pack_id, m.warehouse_id, m.qty,
        s.available + sum(m.qty) over (partition by m.pack_id, m.warehouse_id order by m.at, m.ord, m.reason rows unbounded preceding),
        m.reason, m.reference, case when m.reason = 'received' then 'seed' else 'system' end,
        case when m.reason = 'received' then 'Monthly delivery (generated)' else '' end, m.at
      from year_moves m join stock s on s.pack_id = m.pack_id and s.warehouse_id = m.warehouse_id
      order by m.at, m.ord, m.reason`);
    await x(sql`
      update stock s set available = s.available + d.net
      from (select pack_id, warehouse_id, sum(qty)::int as net from year_moves group by 1, 2) d
      where s.pack_id = d.pack_id and s.warehouse_id = d.warehouse_id and d.net <> 0`);
  });
  await x(sql`drop table year_orders, year_lines, year_totals, year_moves`);
}

/** The storefront's first-party events: visits, product views, searches and the funnel, over the year. */
async function yearEvents(tx: DbOrTx, websiteId: number, count: number) {
  await tx.execute(sql`
    insert into analytics_events (website_id, uuid, event, distinct_id, session_id, pathname, props, occurred_at)
    select ${websiteId}, md5('year-' || ${websiteId} || '-' || g), e.event, 'visitor-' || (g / 6) % 40000, 'session-' || g / 6, e.path, e.props,
      now() - interval '365 days' + (g * (365 * 86400 / ${count}::float)) * interval '1 second'
    from generate_series(1, ${count}) g
    cross join lateral (select (array['atta','toor dal','basmati rice','ghee','paneer','tea','maggi','sugar','onion','haldi','xyzzy'])[1 + g % 11] as q) w
    cross join lateral (select case g % 6
      when 0 then '$pageview' when 1 then ${SHOP_EVENTS.productViewed} when 2 then ${SHOP_EVENTS.searched}
      when 3 then ${SHOP_EVENTS.addedToCart} when 4 then case when g % 12 = 4 then ${SHOP_EVENTS.checkoutStarted} else '$pageview' end
      else case when g % 24 = 5 then ${SHOP_EVENTS.orderPlaced} else ${SHOP_EVENTS.productViewed} end end as event) v
    cross join lateral (select v.event,
      case when v.event = ${SHOP_EVENTS.searched} then '/search' when v.event = '$pageview' then '/' else '/p/bulk-' || (1 + g % 1000) end as path,
      case when v.event = ${SHOP_EVENTS.searched} then jsonb_build_object('query', w.q, 'results', case when w.q = 'xyzzy' then 0 else 1 + g % 40 end)
        when v.event in (${SHOP_EVENTS.productViewed}, ${SHOP_EVENTS.addedToCart}) then jsonb_build_object('product', 'bulk-' || (1 + (g * 13) % 1000))
        else '{}'::jsonb end as props) e
    on conflict do nothing`);
}
