import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { refreshProductIndex } from '../domains/catalogue';
import { openStockFrom } from '../domains/inventory';

/**
 * Adds `count` generated products (with 2 packs each, stock in every warehouse and an image)
 * to a seeded website, in set-based SQL so 50,000 products take seconds. For scale benchmarks.
 */
export async function seedLargeCatalogue(db: Db, websiteId: number, count: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into products (website_id, category_id, brand_id, name, slug, description, hsn_code, gst_rate, position, created_at)
      select ${websiteId},
             (select id from categories c where c.website_id = ${websiteId} and not exists (select 1 from categories k where k.parent_id = c.id) order by id offset (g % greatest(1, (select count(*) from categories c2 where c2.website_id = ${websiteId} and not exists (select 1 from categories k2 where k2.parent_id = c2.id)))) limit 1),
             (select id from brands b where b.website_id = ${websiteId} order by id offset (g % (select count(*) from brands b2 where b2.website_id = ${websiteId})) limit 1),
             (array['Premium','Organic','Classic','Select','Farm','Royal','Daily','Gold'])[1 + g % 8] || ' ' ||
             (array['Basmati Rice','Toor Dal','Wheat Atta','Sunflower Oil','Green Tea','Masala Oats','Peanut Butter','Honey','Jaggery','Rock Salt','Ragi Flour','Coconut Oil'])[1 + (g / 8) % 12] || ' ' || g,
             'bulk-' || g, 'Generated product for scale benchmarks.', '1006', 500, 100000 + g, now() - (g || ' seconds')::interval
      from generate_series(1, ${count}) g
    `);
    await tx.execute(sql`
      insert into packs (website_id, product_id, name, sku, price, act_price, discount, discount_type, position)
      select p.website_id, p.id, v.name, 'BULK-' || p.id || '-' || v.pos, v.price + (p.id % 50) * 100, v.price + (p.id % 50) * 100 + (case when p.id % 3 = 0 then 2000 else 0 end),
             case when p.id % 3 = 0 then 20 else 0 end, case when p.id % 3 = 0 then 'flat' else null end, v.pos
      from products p cross join (values ('500 g', 4900, 0), ('1 kg', 9500, 1)) v(name, price, pos)
      where p.website_id = ${websiteId} and p.slug like 'bulk-%'
    `);
    await tx.execute(
      sql`update packs set discount = 2000 where website_id = ${websiteId} and discount_type = 'flat' and sku like 'BULK-%'`,
    );
    await openStockFrom(
      tx,
      sql`select k.website_id, k.id, w.id, (k.id % 40)
          from packs k join products p on p.id = k.product_id cross join warehouses w
          where k.website_id = ${websiteId} and w.website_id = ${websiteId} and p.slug like 'bulk-%'`,
      'seed',
    );
    await tx.execute(sql`
      insert into product_media (website_id, product_id, src, position)
      select website_id, id, 'placeholder.svg', 0 from products where website_id = ${websiteId} and slug like 'bulk-%'
    `);
    await refreshProductIndex(tx, websiteId);
  });
}
