import { LANGUAGE_SYNONYMS } from '@grocer/shared/synonyms';
import { hasIndicScript, latinSpellings } from '@grocer/shared/transliterate';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { translate, translationsOf, type TranslationMap } from '../translations';
import { websiteLanguages } from '../website';
import { brands, categories, products } from './tables';

/** Any Devanagari or Kannada letter (a name in either script has Latin spellings to index). */
const INDIC = '[\u0900-\u097f\u0c80-\u0cff]';

/**
 * The words search indexes for a website beyond the rows' own text (issue 46 §3), by id as text:
 * the names translated into the languages the website offers, and the Latin spellings of every
 * Devanagari or Kannada name (translated or the row's own: दूध → doodh, dudh); and the built-in
 * words of those languages (LANGUAGE_SYNONYMS: ಹಾಲು = milk), each with its Latin spellings, as
 * (term, word) pairs indexed like the owner's synonyms. A language the website does not offer adds
 * nothing, so "ಹಾಲು" finds milk only where Kannada is offered.
 */
export interface ScriptWords {
  /** the products' translated names (weighted as the name) */
  products: Record<string, string>;
  /** the Latin spellings of the products' names in either script (weighted as the brand: a guess at what is typed) */
  productSpellings: Record<string, string>;
  brands: Record<string, string>;
  categories: Record<string, string>;
  synonyms: Array<[string, string]>;
}

/**
 * The words above, for the products `productIds` (all the website's when omitted). A category's
 * Latin spellings only with `categorySpellings` (the search box's categories): in a product's
 * document, 'dahi' from दही और छाछ (Curd & Buttermilk) would make every buttermilk a dahi.
 */
export async function scriptWords(
  db: DbOrTx,
  websiteId: number,
  productIds?: number[],
  { categorySpellings = false } = {},
): Promise<ScriptWords> {
  const { languages: offered, defaultLanguage } = await websiteLanguages(db, websiteId);
  const onlyIds = productIds?.length ? productIds : null;
  // the translations (translations domain) in each offered language: a product's of the products
  // asked for, or all; every brand's and category's (few)
  const others = offered.filter((l) => l !== defaultLanguage);
  // one statement at a time (`db` may be a transaction)
  const translatedNames = async (entity: 'product' | 'brand' | 'category') => {
    const maps: TranslationMap[] = [];
    for (const language of others)
      maps.push(
        entity === 'product' && onlyIds
          ? await translate(db, websiteId, language, entity, onlyIds, ['name'])
          : await translationsOf(db, websiteId, language, entity),
      );
    return maps.flatMap((m) => [...m].flatMap(([id, fields]) => (fields.has('name') ? [{ entity, id, value: fields.get('name')! }] : [])));
  };
  const translatedProducts = await translatedNames('product');
  const translatedBrands = await translatedNames('brand');
  const translatedCategories = await translatedNames('category');
  const productNames = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(eq(products.websiteId, websiteId), sql`${products.name} ~ ${INDIC}`, onlyIds ? inArray(products.id, onlyIds) : undefined));
  const brandNames = await db
    .select({ id: brands.id, name: brands.name })
    .from(brands)
    .where(and(eq(brands.websiteId, websiteId), sql`${brands.name} ~ ${INDIC}`));
  const categoryNames = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(and(eq(categories.websiteId, websiteId), sql`${categories.name} ~ ${INDIC}`));
  const texts: Record<'product' | 'spelling' | 'brand' | 'category', Map<string, string[]>> = {
    product: new Map(),
    spelling: new Map(),
    brand: new Map(),
    category: new Map(),
  };
  const add = (entity: 'product' | 'brand' | 'category', id: string, text: string, own: boolean) => {
    const list = texts[entity].get(id) ?? [];
    if (!own) list.push(text);
    texts[entity].set(id, list);
    if (!hasIndicScript(text) || (entity === 'category' && !categorySpellings)) return;
    const spelt = entity === 'product' ? texts.spelling : texts[entity];
    spelt.set(id, [...(spelt.get(id) ?? []), ...latinSpellings(text)]);
  };
  for (const t of [...translatedProducts, ...translatedBrands, ...translatedCategories]) add(t.entity, t.id, t.value, false);
  for (const p of productNames) add('product', String(p.id), p.name, true);
  for (const b of brandNames) add('brand', String(b.id), b.name, true);
  for (const c of categoryNames) add('category', String(c.id), c.name, true);
  const flat = (m: Map<string, string[]>) => Object.fromEntries([...m].map(([id, words]) => [id, [...new Set(words)].join(' ')]));
  const synonyms: Array<[string, string]> = [];
  for (const language of offered) {
    if (language === 'en') continue;
    for (const s of LANGUAGE_SYNONYMS[language])
      for (const term of [s.term, ...latinSpellings(s.term)]) for (const w of s.words) synonyms.push([term, w]);
  }
  return {
    products: flat(texts.product),
    productSpellings: flat(texts.spelling),
    brands: flat(texts.brand),
    categories: flat(texts.category),
    synonyms,
  };
}

/**
 * The names of a website's brands and categories that search matches besides their own, by id:
 * their translations in the offered languages and the Latin spellings of every name in either script
 * (the search box's brands and categories: suggest.ts), with the built-in words' terms.
 */
export async function otherNames(
  db: DbOrTx,
  websiteId: number,
): Promise<{ brands: Map<number, string>; categories: Map<number, string>; terms: string[] }> {
  const words = await scriptWords(db, websiteId, [-1], { categorySpellings: true });
  const byId = (text: Record<string, string>) => new Map(Object.entries(text).map(([id, t]) => [Number(id), t]));
  return { brands: byId(words.brands), categories: byId(words.categories), terms: [...new Set(words.synonyms.map(([term]) => term))] };
}
