import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { SHOP_TIME_ZONE } from '@grocer/shared/shop-time';

/**
 * Adds `count` generated orders to a seeded website, in set-based SQL (100,000 orders with
 * 250,000 lines: 35–50 s on the shared 2-core machine, most of it index upkeep), for the order list, dashboard and report benchmarks: 2,000 shoppers, placed over the
 * last 90 days, every status (mostly delivered), cash on delivery and Razorpay, four pincodes in
 * three states, one to four lines of the website's packs copied with their HSN code and GST rate
 * from warehouses in three states, some with a coupon. Stock, slots and payments are not touched:
 * these are history for reading, not orders to fulfil.
 */
export async function seedLargeOrders(db: Db, websiteId: number, count: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into users (name, email, phone)
      select 'Bench Shopper ' || g, 'bench-shopper-' || g || '-' || ${websiteId} || '@example.com', null
      from generate_series(1, 2000) g
      on conflict do nothing`);
    await tx.execute(sql`
      insert into website_members (website_id, user_id)
      select ${websiteId}, u.id from users u where u.email like ${`bench-shopper-%-${websiteId}@example.com`}
      on conflict do nothing`);
    await tx.execute(sql`
      create temporary table bench_shoppers on commit drop as
      select row_number() over (order by id) - 1 as k, id from users where email like ${`bench-shopper-%-${websiteId}@example.com`}`);
    await tx.execute(sql`
      create temporary table bench_packs on commit drop as
      select row_number() over (order by k.id) - 1 as k, k.id, k.product_id, k.name as pack_name, k.price, k.act_price,
        p.name as product_name, p.slug, p.hsn_code, p.gst_rate
      from packs k join products p on p.id = k.product_id
      where k.website_id = ${websiteId} and p.status = 'active'`);
    await tx.execute(sql`
      create temporary table bench_wh on commit drop as
      select row_number() over (order by id) - 1 as k, id, state from warehouses where website_id = ${websiteId}`);
    await tx.execute(sql`
      insert into orders (id, website_id, ordernumber, user_id, status, payment_method, idempotency_key, address, pincode,
        slot_date, slot_start, slot_end, items_total, discount, coupon_code, delivery_charge, total, cash_collected, created_at, updated_at)
      select gen_random_uuid()::text, ${websiteId}, 'BN' || g, s.id,
        (array['delivered','delivered','delivered','delivered','delivered','delivered','delivered','delivered','delivered','delivered',
               'delivered','delivered','shipped','packed','confirmed','placed','placed','cancelled','pending_payment','payment_failed'])[1 + g % 20],
        case when g % 3 = 0 then 'razorpay' else 'cod' end,
        'bench-' || g,
        jsonb_build_object('name', 'Bench Shopper ' || s.k, 'phone', '9' || lpad((g % 1000000000)::text, 9, '0'), 'pincode', a.pincode,
          'line1', 'House ' || g, 'line2', 'Main Road', 'landmark', null, 'city', a.city, 'state', a.state, 'type', 'home'),
        a.pincode,
        to_char(t.at at time zone ${sql.raw(`'${SHOP_TIME_ZONE}'`)} + interval '1 day', 'YYYY-MM-DD'), '07:00', '10:00',
        0, 0, case when g % 7 = 0 then 'SAVE10' end, case when g % 4 = 0 then 3000 else 0 end, 0, null, t.at, t.at
      from generate_series(1, ${count}) g
      join bench_shoppers s on s.k = g % 2000
      cross join lateral (select (array['560001','560034','400001','110001'])[1 + g % 4] as pincode,
        (array['Bengaluru','Bengaluru','Mumbai','New Delhi'])[1 + g % 4] as city,
        (array['Karnataka','Karnataka','Maharashtra','Delhi'])[1 + g % 4] as state) a
      cross join lateral (select now() - ((g * 7919) % (90 * 86400)) * interval '1 second' as at) t`);
    await tx.execute(sql`
      insert into order_lines (website_id, order_id, pack_id, product_id, slug, image, product_name, pack_name, hsn_code, gst_rate,
        price, act_price, quantity, amount, warehouse_id, warehouse_state)
      select ${websiteId}, o.id, p.id, p.product_id, p.slug, '', p.product_name, p.pack_name, p.hsn_code, p.gst_rate,
        p.price, p.act_price, q.qty, p.price * q.qty, w.id, w.state
      from (select id, substr(ordernumber, 3)::int as g from orders where website_id = ${websiteId} and ordernumber like 'BN%') o
      cross join lateral generate_series(1, 1 + o.g % 4) n
      join bench_packs p on p.k = ((o.g * 31 + n * 977) % (select count(*) from bench_packs))
      join bench_wh w on w.k = (o.g + n) % (select count(*) from bench_wh)
      cross join lateral (select 1 + (o.g + n) % 3 as qty) q`);
    await tx.execute(sql`
      update orders o set items_total = l.items, discount = l.discount, total = l.items - l.discount + o.delivery_charge,
        cash_collected = case when o.status = 'delivered' and o.payment_method = 'cod' then l.items - l.discount + o.delivery_charge end,
        delivered_at = case when o.status = 'delivered' then o.created_at end
      from (select x.order_id, sum(x.amount)::int as items,
              case when bool_or(y.coupon_code is not null) then least(10000, sum(x.amount)::int / 10) else 0 end as discount
            from order_lines x join orders y on y.id = x.order_id
            where x.website_id = ${websiteId} and y.ordernumber like 'BN%' group by x.order_id) l
      where o.id = l.order_id`);
  });
  await db.execute(sql`analyze orders`);
  await db.execute(sql`analyze order_lines`);
}
