import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pageComponents, pages } from './tables';

/** Pages whose blocks name this media path (a banner, a tile) anywhere in their data or settings. */
export async function contentMediaUses(db: DbOrTx, websiteId: number, path: string): Promise<string[]> {
  const like = `%${JSON.stringify(path)
    .slice(1, -1)
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .selectDistinct({ url: pages.url, title: pages.title })
    .from(pageComponents)
    .innerJoin(pages, eq(pages.id, pageComponents.pageId))
    .where(
      and(
        eq(pageComponents.websiteId, websiteId),
        sql`(coalesce(${pageComponents.data}::text, '') like ${like} or coalesce(${pageComponents.settings}::text, '') like ${like})`,
      ),
    )
    .limit(5);
  return rows.map((r) => `page “${r.title || r.url}”`);
}
