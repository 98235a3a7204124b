import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

/** How far back the shop's own orders count for "often bought with". */
export const OFTEN_BOUGHT_DAYS = 90;
/** The advisory lock (with the website's id) that keeps a rebuild apart from deliveries' counting. */
const LOCK = 3917;
/** The partners kept per product (the cart shows 12; a cart of several products adds theirs up). */
export const PARTNERS_KEPT = 50;

/**
 * Rebuilds a website's "often bought with" counts (the `often_bought` table) from its delivered
 * orders of the last OFTEN_BOUGHT_DAYS days: for each product, in how many of those orders each
 * other product was bought with it (an order counts once per pair, whatever the quantities), the
 * PARTNERS_KEPT best kept. A job runs it (jobs.ts): orders that aged out of the window or had lines
 * removed after delivery stop counting then. Safe in two processes at once: the advisory lock
 * makes one rebuild wait for the other.
 */
export async function refreshOftenBought(db: DbOrTx, websiteId: number, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - OFTEN_BOUGHT_DAYS * 86_400_000).toISOString();
  return db.transaction(async (tx) => {
    // deliveries counting meanwhile wait (countDelivered takes the same lock, shared): a rebuild
    // and a delivery never hold each other's rows, so neither can fail the other by a deadlock
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK}, ${websiteId})`);
    await tx.execute(sql`delete from often_bought where website_id = ${websiteId}`);
    const rows = rowsOf(
      await tx.execute(sql`
        insert into often_bought (website_id, product_id, other_id, orders)
        select ${websiteId}, product_id, other_id, orders from (
          select a.product_id, b.product_id as other_id, count(distinct a.order_id)::int as orders,
            row_number() over (partition by a.product_id order by count(distinct a.order_id) desc, b.product_id) as rank
          from orders o
          join order_lines a on a.order_id = o.id
          join order_lines b on b.order_id = o.id and b.product_id <> a.product_id
          where o.website_id = ${websiteId} and o.status = 'delivered' and o.delivered_at >= ${since}
          group by a.product_id, b.product_id
        ) ranked
        where rank <= ${PARTNERS_KEPT}
        order by 2, 3
        on conflict (website_id, product_id, other_id) do update set orders = excluded.orders
        returning 1`),
    );
    return rows.length;
  });
}

/**
 * Counts a delivered order's pairs at once (in the delivery's transaction: `moveOrder`), so a
 * suggestion follows the shop's sales without waiting for the job. Pairs are written in key order,
 * so two deliveries sharing pairs queue rather than deadlock; a rebuild waits for them, and they
 * for it (the advisory lock).
 */
export async function countDelivered(tx: DbOrTx, websiteId: number, orderId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${LOCK}, ${websiteId})`);
  await tx.execute(sql`
    insert into often_bought (website_id, product_id, other_id, orders)
    select ${websiteId}, a.product_id, b.product_id, 1
    from order_lines a join order_lines b on b.order_id = a.order_id and b.product_id <> a.product_id
    where a.order_id = ${orderId} and a.website_id = ${websiteId}
    group by a.product_id, b.product_id
    order by 2, 3
    on conflict (website_id, product_id, other_id) do update set orders = often_bought.orders + 1`);
}

/**
 * "Often bought with" (issue 39 §17) a cart's products: the products bought most often with them in
 * the website's delivered orders (the counts of each cart product's pairs added up), best first,
 * ties to the lower id, never a product of the cart. Reads the precomputed counts by primary key
 * (bench/often-bought.ts measured the live query over 100,000 orders at 157 ms p50 for a cart of
 * three best sellers: too slow for the cart drawer). Whether each is still sold and in stock is the
 * catalogue's to say (the route asks it).
 */
export async function oftenBoughtWith(
  db: DbOrTx,
  websiteId: number,
  productIds: number[],
  limit = 48,
): Promise<Array<{ productId: number; orders: number }>> {
  const ids = [...new Set(productIds)];
  if (!ids.length) return [];
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = rowsOf<{ other_id: number; orders: number }>(
    await db.execute(sql`
      select f.other_id, sum(f.orders)::int as orders
      from often_bought f
      where f.website_id = ${websiteId} and f.product_id in (${list}) and f.other_id not in (${list})
      group by f.other_id
      order by 2 desc, 1
      limit ${limit}`),
  );
  return rows.map((r) => ({ productId: Number(r.other_id), orders: Number(r.orders) }));
}

/**
 * The same counting over baskets in memory: the reference the property test holds the table to.
 * `baskets` are the qualifying orders' product ids; each cart product's pairs with the others are
 * added up, best first.
 */
export function countPairs(baskets: number[][], productIds: number[]): Array<{ productId: number; orders: number }> {
  const wanted = new Set(productIds);
  const counts = new Map<number, number>();
  for (const basket of baskets) {
    const inBasket = new Set(basket);
    const held = [...inBasket].filter((p) => wanted.has(p)).length;
    for (const p of inBasket) if (!wanted.has(p) && held) counts.set(p, (counts.get(p) ?? 0) + held);
  }
  return [...counts].map(([productId, orders]) => ({ productId, orders })).sort((a, b) => b.orders - a.orders || a.productId - b.productId);
}

/** Every website's counts rebuilt (the job): those with delivered orders in the window, and those that had counts. */
export async function refreshAllOftenBought(db: DbOrTx, now = new Date()): Promise<{ websites: number; pairs: number }> {
  const since = new Date(now.getTime() - OFTEN_BOUGHT_DAYS * 86_400_000).toISOString();
  const sites = rowsOf<{ website_id: number }>(
    await db.execute(sql`
      select website_id from orders where status = 'delivered' and delivered_at >= ${since}
      union select website_id from often_bought`),
  );
  let pairs = 0;
  for (const s of sites) pairs += await refreshOftenBought(db, Number(s.website_id), now);
  return { websites: sites.length, pairs };
}
