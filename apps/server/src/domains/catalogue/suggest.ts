import type { Category, Suggestions } from '@grocer/shared/catalogue';
import { SUGGEST_MIN_LETTERS } from '@grocer/shared/list-params';
import { didYouMean } from '@grocer/shared/spelling';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { websiteCache } from '../../http/cache';
import { prefixTsQuery } from './search';
import { loadTaxonomy, searchProductIds } from './service';
import { brands, productMedia, products, searchSynonyms } from './tables';

const PRODUCTS = 6;
const NAMES = 3;

/** Every word of the website's active product names, brands, categories and synonyms, with how often it occurs. */
const vocabularies = websiteCache<Map<string, number>>({ ttlMs: 60_000, maxEntries: 500 });

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean);

async function vocabulary(db: Db, websiteId: number): Promise<Map<string, number>> {
  return vocabularies.get(websiteId, 'words', async () => {
    const [names, synonyms, taxonomy] = await Promise.all([
      db.execute<{ word: string; n: number }>(sql`
        select word, count(*)::int as n
        from ${products}, regexp_split_to_table(lower(${products.name}), '[^[:alnum:]]+') as word
        where ${products.websiteId} = ${websiteId} and ${products.status} = 'active' and word <> ''
        group by word`),
      db.select({ term: searchSynonyms.term }).from(searchSynonyms).where(eq(searchSynonyms.websiteId, websiteId)),
      loadTaxonomy(db, websiteId),
    ]);
    const rows =
      (names as unknown as { rows?: Array<{ word: string; n: number }> }).rows ?? (names as unknown as Array<{ word: string; n: number }>);
    const vocab = new Map<string, number>();
    const add = (w: string, n = 1) => vocab.set(w, (vocab.get(w) ?? 0) + n);
    for (const r of rows) add(r.word, Number(r.n));
    for (const s of synonyms) for (const w of wordsOf(s.term)) add(w);
    for (const b of taxonomy.brands) for (const w of wordsOf(b.name)) add(w);
    for (const c of flatten(taxonomy.tree)) for (const w of wordsOf(c.name)) add(w);
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

/** A name matches when each typed word begins one of its words ('bas ri' matches 'Basmati Rice'). */
function nameMatches(name: string, typed: string[]): boolean {
  const own = wordsOf(name);
  return typed.every((t) => own.some((w) => w.startsWith(t)));
}

/**
 * What the search box offers for `q`: up to six active products (the results page's first six, by
 * the same ranking: service.ts searchProductIds), three categories and three brands whose names
 * begin with the words, the words with their slips corrected when they found nothing as typed, and,
 * when nothing is found at all, the closest category (by the corrected words, else by a word's first letters). Nothing personal and
 * no prices of a pincode, so it can be cached per website and warehouse (whose stock orders it).
 */
export async function suggest(db: Db, websiteId: number, q: string, warehouseId: number | null = null): Promise<Suggestions> {
  const typed = wordsOf(q);
  const ts = prefixTsQuery(q);
  if (typed.join('').length < SUGGEST_MIN_LETTERS || !ts)
    return { q, products: [], categories: [], brands: [], did_you_mean: null, closest_category: null };
  const [{ ids, typos }, taxonomy] = await Promise.all([
    searchProductIds(db, { websiteId, warehouseId, userId: null }, q, PRODUCTS),
    loadTaxonomy(db, websiteId),
  ]);
  const rows = ids.length
    ? await db
        .select({
          id: products.id,
          name: products.name,
          slug: products.slug,
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
  const found = ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
  const categories = flatten(taxonomy.tree)
    .filter((c) => nameMatches(c.name, typed))
    .slice(0, NAMES)
    .map((c) => ({ name: c.name, slug: c.slug }));
  const brandHits = taxonomy.brands
    .filter((b) => nameMatches(b.name, typed))
    .slice(0, NAMES)
    .map((b) => ({ name: b.name, slug: b.slug }));
  const nothing = !found.length && !categories.length && !brandHits.length;
  // the words corrected when they found nothing as typed (the products then are the typos' matches)
  const corrected = nothing || typos ? didYouMean(q, await vocabulary(db, websiteId)) : null;
  return {
    q,
    products: found.map((p) => ({ ...p, price: p.price / 100, image: p.image ?? '' })),
    categories,
    brands: brandHits,
    did_you_mean: corrected,
    closest_category: nothing ? closestCategory(flatten(taxonomy.tree), corrected ? wordsOf(corrected) : typed) : null,
  };
}

/**
 * The category a search that found nothing leads to: one whose name the words begin ('vegetabls'
 * corrected to 'vegetables' → Fresh Vegetables), else one with a word sharing the first four
 * letters of a typed word ('snackz' → Snacks & Branded Foods); the shop's order breaks ties.
 */
function closestCategory(all: Category[], words: string[]): { name: string; slug: string } | null {
  const hit =
    all.find((c) => nameMatches(c.name, words)) ??
    all.find((c) => words.some((t) => t.length >= 4 && wordsOf(c.name).some((w) => w.slice(0, 4) === t.slice(0, 4))));
  return hit ? { name: hit.name, slug: hit.slug } : null;
}
