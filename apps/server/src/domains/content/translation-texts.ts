import { blockTranslationId } from '@grocer/shared/translations';
import { BLOCKS, blockTexts as blockFieldTexts, isBlockType } from '@grocer/shared/blocks';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { SourceTexts } from '../translations';
import { pageComponents, pages } from './tables';
import { readData } from './translated';

/**
 * The published pages' block texts for the Translations editor (issue 46 §2): every text its
 * schema marks as read by shoppers (a title, a rich text's HTML, each hero slide's heading, text,
 * button and image description, each banner's description…: `blockTexts` of @grocer/shared/blocks).
 * A block is known by its page and name (blockTranslationId); a text in a list by its item's place.
 */
export async function blockTexts(db: DbOrTx, websiteId: number): Promise<SourceTexts[]> {
  const rows = await db
    .select({ pageId: pages.id, url: pages.url, name: pageComponents.name, type: pageComponents.type, data: pageComponents.data })
    .from(pageComponents)
    .innerJoin(pages, eq(pages.id, pageComponents.pageId))
    .where(and(eq(pageComponents.websiteId, websiteId), eq(pages.published, true)))
    .orderBy(asc(pages.url), asc(pageComponents.position), asc(pageComponents.id));
  const seen = new Set<string>();
  const out: SourceTexts[] = [];
  for (const r of rows) {
    const id = blockTranslationId(r.pageId, r.name);
    if (seen.has(id)) continue; // two blocks of a page with one name share their translations
    seen.add(id);
    const fields = blockFieldTexts(r.type, readData(r.data));
    if (!fields.length) continue;
    const label = isBlockType(r.type) ? BLOCKS[r.type].label : r.type;
    out.push({ id, context: `${r.url} · ${label} “${r.name}”`, fields });
  }
  return out;
}
