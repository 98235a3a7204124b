import type { Category, Suggestions } from '@grocer/shared/catalogue';
import type { Language } from '@grocer/shared/languages';
import { SUGGEST_MIN_LETTERS } from '@grocer/shared/list-params';
import { didYouMean } from '@grocer/shared/spelling';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { websiteCache } from '../../http/cache';
import { pick, translate } from '../translations';
import { prefixTsQuery } from './search';
import { otherNames } from './search-scripts';
import { loadTaxonomy, searchProductIds } from './service';
import { brands, productMedia, products, searchSynonyms } from './tables';

const PRODUCTS = 6;
const NAMES = 3;

/** Every word of the website's active product names, brands, categories and synonyms, with how often it occurs. */
const vocabularies = websiteCache<Map<string, number>>({ ttlMs: 60_000, maxEntries: 500 });

/**
 * The brands' and categories' names in the website's other languages and their Latin spellings
 * (search-scripts.ts), by id, and the built-in words of those languages: what the search box
 * matches besides the names ('ಹಾಲು' and 'haalu' offer Milk where Kannada is offered).
 */
const scriptNames = websiteCache<Awaited<ReturnType<typeof otherNames>>>({ ttlMs: 60_000, maxEntries: 500 });
const namesInScripts = (db: Db, websiteId: number) => scriptNames.get(websiteId, 'names', () => otherNames(db, websiteId));

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean);

async function vocabulary(db: Db, websiteId: number): Promise<Map<string, number>> {
  return vocabularies.get(websiteId, 'words', async () => {
    const [names, synonyms, taxonomy, other] = await Promise.all([
      db.execute<{ word: string; n: number }>(sql`
        select word, count(*)::int as n
        from ${products}, regexp_split_to_table(lower(${products.name}), '[^[:alnum:]]+') as word
        where ${products.websiteId} = ${websiteId} and ${products.status} = 'active' and word <> ''
        group by word`),
      db.select({ term: searchSynonyms.term }).from(searchSynonyms).where(eq(searchSynonyms.websiteId, websiteId)),
      loadTaxonomy(db, websiteId),
      namesInScripts(db, websiteId),
    ]);
    const rows =
      (names as unknown as { rows?: Array<{ word: string; n: number }> }).rows ?? (names as unknown as Array<{ word: string; n: number }>);
    const vocab = new Map<string, number>();
    const add = (w: string, n = 1) => vocab.set(w, (vocab.get(w) ?? 0) + n);
    for (const r of rows) add(r.word, Number(r.n));
    for (const s of synonyms) for (const w of wordsOf(s.term)) add(w);
    for (const b of taxonomy.brands) for (const w of wordsOf(b.name)) add(w);
    for (const c of flatten(taxonomy.tree)) for (const w of wordsOf(c.name)) add(w);
    // the other languages' names and words, so a slip in one is corrected too ('haalo' → haalu)
    for (const text of [...other.brands.values(), ...other.categories.values(), ...other.terms]) for (const w of wordsOf(text)) add(w);
    return vocab;
  });
}

function flatten(tree: Category[], out: Category[] = []): Category[] {
  for (const c of tree) {
    out.push(c);
    flatten(c.children, out);
  }
  return out;
}

/**
 * A name matches when each typed word begins one of its words ('bas ri' matches 'Basmati Rice'), or
 * of its names in the website's other languages and their spellings (`other`: ಹಾಲು, haalu for Milk).
 */
function nameMatches(name: string, typed: string[], other?: string): boolean {
  const own = other ? [...wordsOf(name), ...wordsOf(other)] : wordsOf(name);
  return typed.every((t) => own.some((w) => w.startsWith(t)));
}

/**
 * What the search box offers for `q`: up to six active products (the results page's first six, by
 * the same ranking: service.ts searchProductIds), three categories and three brands whose names
 * begin with the words, the words with their slips corrected when they found nothing as typed, and,
 * when nothing is found at all, the closest category (by the corrected words, else by a word's first letters). Nothing personal and
 * no prices of a pincode, so it can be cached per website, warehouse (whose stock orders it) and
 * `language`: the names are given in it (issue 46; omitted: the rows' own, the default language's),
 * and the words are matched in any language the website offers, in its script or in Latin letters.
 */
export async function suggest(
  db: Db,
  websiteId: number,
  q: string,
  warehouseId: number | null = null,
  language?: Language,
): Promise<Suggestions> {
  const typed = wordsOf(q);
  const ts = prefixTsQuery(q);
  if (typed.join('').length < SUGGEST_MIN_LETTERS || !ts)
    return { q, products: [], categories: [], brands: [], did_you_mean: null, closest_category: null };
  const [{ ids, typos }, taxonomy, other] = await Promise.all([
    searchProductIds(db, { websiteId, warehouseId, userId: null }, q, PRODUCTS),
    loadTaxonomy(db, websiteId),
    namesInScripts(db, websiteId),
  ]);
  const rows = ids.length
    ? await db
        .select({
          id: products.id,
          name: products.name,
          slug: products.slug,
          brandId: brands.id,
          brand: brands.name,
          price: products.minPrice,
          image: sql<string | null>`(select ${productMedia.src} from ${productMedia} where ${productMedia.productId} = ${products.id}
          order by ${productMedia.position} limit 1)`,
        })
        .from(products)
        .leftJoin(brands, eq(brands.id, products.brandId))
        .where(inArray(products.id, ids))
    : [];
  const byId = new Map(rows.map(({ id, ...r }) => [id, r]));
  const found = ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [{ id, ...r }] : [];
  });
  const categoryHits = flatten(taxonomy.tree)
    .filter((c) => nameMatches(c.name, typed, other.categories.get(c.id)))
    .slice(0, NAMES);
  const brandRows = taxonomy.brands.filter((b) => nameMatches(b.name, typed, other.brands.get(b.id))).slice(0, NAMES);
  // the names in the shopper's language (an untranslated one keeps the default text)
  const [productNames, categoryNames, brandNames] = language
    ? await Promise.all([
        translate(db, websiteId, language, 'product', ids, ['name']),
        translate(
          db,
          websiteId,
          language,
          'category',
          categoryHits.map((c) => c.id),
          ['name'],
        ),
        translate(
          db,
          websiteId,
          language,
          'brand',
          [...brandRows.map((b) => b.id), ...rows.flatMap((r) => (r.brandId ? [r.brandId] : []))],
          ['name'],
        ),
      ])
    : [new Map(), new Map(), new Map()];
  const categories = categoryHits.map((c) => ({ name: pick(categoryNames, c.id, 'name', c.name), slug: c.slug }));
  const brandHits = brandRows.map((b) => ({ name: pick(brandNames, b.id, 'name', b.name), slug: b.slug }));
  const nothing = !found.length && !categories.length && !brandHits.length;
  // the words corrected when they found nothing as typed (the products then are the typos' matches)
  const corrected = nothing || typos ? didYouMean(q, await vocabulary(db, websiteId)) : null;
  const closest = nothing ? closestCategory(flatten(taxonomy.tree), corrected ? wordsOf(corrected) : typed, other.categories) : null;
  return {
    q,
    products: found.map(({ id, brandId, ...p }) => ({
      ...p,
      name: pick(productNames, id, 'name', p.name),
      brand: brandId === null ? p.brand : pick(brandNames, brandId, 'name', p.brand),
      price: p.price / 100,
      image: p.image ?? '',
    })),
    categories,
    brands: brandHits,
    did_you_mean: corrected,
    closest_category: closest
      ? {
          name: language
            ? pick(await translate(db, websiteId, language, 'category', [closest.id], ['name']), closest.id, 'name', closest.name)
            : closest.name,
          slug: closest.slug,
        }
      : null,
  };
}

/**
 * The category a search that found nothing leads to: one whose name the words begin ('vegetabls'
 * corrected to 'vegetables' → Fresh Vegetables), else one with a word sharing the first four
 * letters of a typed word ('snackz' → Snacks & Branded Foods); the shop's order breaks ties.
 */
function closestCategory(all: Category[], words: string[], other: Map<number, string>): Category | null {
  return (
    all.find((c) => nameMatches(c.name, words, other.get(c.id))) ??
    all.find((c) => words.some((t) => t.length >= 4 && wordsOf(c.name).some((w) => w.slice(0, 4) === t.slice(0, 4)))) ??
    null
  );
}
