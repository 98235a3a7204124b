import type { Language } from '@grocer/shared/languages';
import { withBlockTexts } from '@grocer/shared/blocks';
import { blockTranslationId } from '@grocer/shared/translations';
import type { DbOrTx } from '../../db/client';
import { translate } from '../translations';
import type { StoredComponent } from './blocks';

/** A block's stored data as an object (older editors stored JSON text); {} when it is neither. */
export function readData(value: unknown): Record<string, unknown> {
  let v = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return {};
    }
  }
  return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
}

/**
 * A page's components with their texts (a title, a rich text's HTML, a hero slide's heading…: the
 * texts the block's schema marks, `withBlockTexts`) in `language` where translated (issue 46 §2); a block is known by its page and name
 * (`blockTranslationId`), which survive publishing (the rows are written again). HTML is
 * sanitised afterwards like the default text (resolveBlock).
 */
export async function translatedBlocks<C extends StoredComponent>(
  db: DbOrTx,
  websiteId: number,
  language: Language,
  pageId: number,
  components: C[],
): Promise<C[]> {
  if (!components.length) return components;
  const found = await translate(
    db,
    websiteId,
    language,
    'block',
    components.map((c) => blockTranslationId(pageId, c.name)),
  );
  if (!found.size) return components;
  return components.map((c) => {
    const own = found.get(blockTranslationId(pageId, c.name));
    return own ? { ...c, data: withBlockTexts(c.type, readData(c.data), own) } : c;
  });
}
