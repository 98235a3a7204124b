import type { DbOrTx } from '../db/client';
import { upsertTranslations, type TranslationRow } from '../domains/translations';
import { BRAND_NAMES, CATEGORY_NAMES, ITEM_NAMES } from './translations-data';

/**
 * The demo shop's Hindi and Kannada names (issue 46): every product (its brand's name and its item's),
 * brand and category, so the Hindi and Kannada storefront shows them and search finds them in either
 * script (and in Latin letters: the index adds their spellings). In batches of 500 rows.
 */
export async function seedTranslations(
  db: DbOrTx,
  websiteId: number,
  rows: {
    products: Array<{ id: number; brand: string; item: string }>;
    brands: Array<{ id: number; name: string }>;
    categories: Array<{ id: number; name: string }>;
  },
): Promise<number> {
  const out: TranslationRow[] = [];
  const push = (entity: TranslationRow['entity'], id: number, names: [string, string] | undefined) => {
    if (!names) return;
    out.push({ entity, entityId: String(id), field: 'name', language: 'hi', value: names[0] });
    out.push({ entity, entityId: String(id), field: 'name', language: 'kn', value: names[1] });
  };
  for (const p of rows.products) {
    const brand = BRAND_NAMES[p.brand];
    const item = ITEM_NAMES[p.item];
    push('product', p.id, brand && item ? [`${brand[0]} ${item[0]}`, `${brand[1]} ${item[1]}`] : undefined);
  }
  for (const b of rows.brands) push('brand', b.id, BRAND_NAMES[b.name]);
  for (const c of rows.categories) push('category', c.id, CATEGORY_NAMES[c.name]);
  for (let i = 0; i < out.length; i += 500) await upsertTranslations(db, websiteId, out.slice(i, i + 500));
  return out.length;
}
