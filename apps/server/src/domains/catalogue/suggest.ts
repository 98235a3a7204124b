import type { Category, Suggestions } from '@grocer/shared/catalogue';
import { SUGGEST_MIN_LETTERS } from '@grocer/shared/list-params';
import { didYouMean } from '@grocer/shared/spelling';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { websiteCache } from '../../http/cache';
import { prefixTsQuery } from './search';
import { loadTaxonomy } from './service';
import { brands, productMedia, products, productSearch, searchSynonyms } from './tables';

const PRODUCTS = 6;
const NAMES = 3;

/** Every word of the website's active product names, brands, categories and synonyms, with how often it occurs. */
const vocabularies = websiteCache<Map<string, number>>({ ttlMs: 60_000, maxEntries: 500 });

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
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
 * What the search box offers for `q`: up to six active products (the list's full-text prefix
 * match, best first), three categories and three brands whose names begin with the words, and,
 * when no product matches the words as typed, the words with their slips corrected. The same for
 * every shopper of the website (no prices of a pincode, no personal data), so it can be cached.
 */
export async function suggest(db: Db, websiteId: number, q: string): Promise<Suggestions> {
  const typed = wordsOf(q);
  const ts = prefixTsQuery(q);
  if (typed.join('').length < SUGGEST_MIN_LETTERS || !ts) return { q, products: [], categories: [], brands: [], did_you_mean: null };
  const query = sql`to_tsquery('simple', ${ts})`;
  // the best matches from the search rows (one per active product: narrow, service.ts pickOrdered),
  // then only those products read
  const best = db
    .select({ id: productSearch.productId, rank: sql<number>`ts_rank(${productSearch.searchDoc}, ${query})`.as('rank') })
    .from(productSearch)
    .where(and(eq(productSearch.websiteId, websiteId), sql`${productSearch.searchDoc} @@ ${query}`))
    .orderBy(desc(sql`rank`), productSearch.productId)
    .limit(PRODUCTS)
    .as('best');
  const [found, taxonomy] = await Promise.all([
    db
      .select({
        name: products.name,
        slug: products.slug,
        brand: brands.name,
        price: products.minPrice,
        image: sql<string | null>`(select ${productMedia.src} from ${productMedia} where ${productMedia.productId} = ${products.id}
          order by ${productMedia.position} limit 1)`,
      })
      .from(best)
      .innerJoin(products, eq(products.id, best.id))
      .leftJoin(brands, eq(brands.id, products.brandId))
      .orderBy(desc(best.rank), best.id),
    loadTaxonomy(db, websiteId),
  ]);
  const categories = flatten(taxonomy.tree)
    .filter((c) => nameMatches(c.name, typed))
    .slice(0, NAMES)
    .map((c) => ({ name: c.name, slug: c.slug }));
  const brandHits = taxonomy.brands
    .filter((b) => nameMatches(b.name, typed))
    .slice(0, NAMES)
    .map((b) => ({ name: b.name, slug: b.slug }));
  const nothing = !found.length && !categories.length && !brandHits.length;
  return {
    q,
    products: found.map((p) => ({ ...p, price: p.price / 100, image: p.image ?? '' })),
    categories,
    brands: brandHits,
    did_you_mean: nothing ? didYouMean(q, await vocabulary(db, websiteId)) : null,
  };
}
