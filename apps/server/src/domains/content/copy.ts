import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pageComponents, pages } from './tables';

/**
 * Copies a website's pages with their components into another (a new website made as a copy of
 * a storefront, website/create.ts), in the caller's transaction. Returns how many pages it copied.
 */
export async function copyPages(tx: DbOrTx, fromWebsiteId: number, toWebsiteId: number): Promise<number> {
  const rows = await tx.select().from(pages).where(eq(pages.websiteId, fromWebsiteId)).orderBy(asc(pages.id));
  if (!rows.length) return 0;
  const made = await tx
    .insert(pages)
    .values(rows.map(({ id: _id, ...p }) => ({ ...p, websiteId: toWebsiteId })))
    .returning({ id: pages.id, url: pages.url });
  // one url per website: map by it
  const byUrl = new Map(made.map((p) => [p.url, p.id]));
  const pageId = new Map(rows.map((p) => [p.id, byUrl.get(p.url)!]));
  const components = await tx
    .select()
    .from(pageComponents)
    .where(eq(pageComponents.websiteId, fromWebsiteId))
    .orderBy(asc(pageComponents.id));
  for (let i = 0; i < components.length; i += 500) {
    await tx
      .insert(pageComponents)
      .values(components.slice(i, i + 500).map(({ id: _id, ...c }) => ({ ...c, websiteId: toWebsiteId, pageId: pageId.get(c.pageId)! })));
  }
  return rows.length;
}
