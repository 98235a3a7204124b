import type { DbOrTx } from '../../db/client';
import { warehouses, websites } from '../../db/schema';

/** A new website named `name` with two warehouses (A, then B): the catalogue's property tests start from one each run. */
export async function websiteWithTwoWarehouses(db: DbOrTx, name: string) {
  const [site] = await db.insert(websites).values({ name }).returning();
  const websiteId = site!.id;
  const whs = await db
    .insert(warehouses)
    .values([
      { websiteId, name: 'A', code: 'A' },
      { websiteId, name: 'B', code: 'B' },
    ])
    .returning();
  return { websiteId, whs };
}
