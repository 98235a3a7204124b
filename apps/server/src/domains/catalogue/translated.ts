import type { Brand, Category } from '@grocer/shared/catalogue';
import type { Language } from '@grocer/shared/languages';
import type { DbOrTx } from '../../db/client';
import { pick, translate } from '../translations';

/**
 * The catalogue in a language other than the website's default (issue 46 §2): the rows hold the
 * default text, `translations` the others; an untranslated field keeps the default text. Only
 * asked for when the request speaks another language than the default, so default-language
 * answers do no extra work.
 */

interface TaxonomyTexts {
  tree: Category[];
  brands: Brand[];
}

/** The category tree and brands with their names translated (a copy; slugs and ids unchanged). */
export async function translateTaxonomy<T extends TaxonomyTexts>(
  db: DbOrTx,
  websiteId: number,
  language: Language,
  base: T,
): Promise<Pick<T, 'tree' | 'brands'> & { bySlug: Map<string, Category> }> {
  const categoryIds: number[] = [];
  const walk = (nodes: Category[]) => nodes.forEach((n) => (categoryIds.push(n.id), walk(n.children)));
  walk(base.tree);
  const [cats, brandNames] = await Promise.all([
    translate(db, websiteId, language, 'category', categoryIds, ['name']),
    translate(
      db,
      websiteId,
      language,
      'brand',
      base.brands.map((b) => b.id),
      ['name'],
    ),
  ]);
  const bySlug = new Map<string, Category>();
  const copy = (n: Category): Category => {
    const c = { ...n, name: pick(cats, n.id, 'name', n.name), children: n.children.map(copy) };
    bySlug.set(c.slug, c);
    return c;
  };
  const tree = base.tree.map(copy);
  const brands = base.brands.map((b) => ({ ...b, name: pick(brandNames, b.id, 'name', b.name) }));
  return { tree, brands, bySlug };
}

/** A product's JSON head (spec §3 fields through `"wishlist":`), cut as the product card keeps it. */
interface Head {
  id: number;
  head: string;
}

const WISHLIST_TAIL = '0}';

/**
 * Product JSON heads with the product's name and description and its brand's name translated
 * (`brands`: the brands already in `language`, by slug). A head is parsed and written again only
 * when something of it changes.
 */
export async function translateProductHeads<T extends Head>(
  db: DbOrTx,
  websiteId: number,
  language: Language,
  list: T[],
  brands: readonly Brand[],
): Promise<T[]> {
  if (!list.length) return list;
  const names = await translate(
    db,
    websiteId,
    language,
    'product',
    list.map((p) => p.id),
    ['name', 'description'],
  );
  const brandName = new Map(brands.map((b) => [b.slug, b.name]));
  return list.map((p) => {
    const own = names.get(String(p.id));
    const obj = JSON.parse(p.head + WISHLIST_TAIL) as Record<string, unknown>;
    const brand = typeof obj.brand_slug === 'string' && obj.brand_slug ? brandName.get(obj.brand_slug) : undefined;
    if (!own && (brand === undefined || brand === obj.brand_name)) return p;
    if (own?.has('name')) obj.product_name = own.get('name');
    if (own?.has('description')) obj.product_description = own.get('description');
    if (brand !== undefined) obj.brand_name = brand;
    const json = JSON.stringify(obj);
    return { ...p, head: json.slice(0, -WISHLIST_TAIL.length) };
  });
}
