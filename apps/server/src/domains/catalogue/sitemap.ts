import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products } from './tables';

/** The slugs of a website's active products (what shoppers can open), with when each last changed: for sitemap.xml. */
export function activeProductSlugs(db: Db, websiteId: number, limit: number) {
  return db
    .select({ slug: products.slug, updatedAt: products.updatedAt })
    .from(products)
    .where(and(eq(products.websiteId, websiteId), eq(products.status, 'active')))
    .orderBy(asc(products.id))
    .limit(limit);
}
