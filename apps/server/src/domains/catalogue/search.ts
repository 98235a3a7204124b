import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { scriptWords } from './search-scripts';

/**
 * Recomputes the derived columns of products: the weighted full-text document (name A, brand B,
 * category path C, pack names D, so 'atta 1 kg' is words found rather than a typo; 'simple'
 * configuration so transliterated Hindi names are not stemmed away),
 * the lower-cased text for trigram similarity, and the sort keys (cheapest pack, best discount).
 * The shoppers' synonyms of the product's words (search_synonyms: 'dahi' for curd) are indexed
 * with it, weighted like the brand, so a search never expands its query. The name's last word (its
 * head noun: 'Alphonso Mango' is a mango, 'Mango Pickle' a pickle) is weighted A once more, with the
 * synonyms of that word ('aloo' on Potato), so 'mango' puts the fruit before the pickle and 'aloo'
 * the potato before Aloo Bhujia (issue 39).
 * Across scripts (issue 46 §3, search-scripts.ts): the product's name translated into the languages
 * the website offers is indexed as its name (A), the Latin spellings of its Devanagari or Kannada
 * names as its brand (B: a guess at what is typed), the brand's translations and spellings as the
 * brand (B), the categories' translations in the path (C); the built-in words of the offered
 * languages (LANGUAGE_SYNONYMS) like the owner's synonyms. So "दूध", "doodh" and "milk" find the
 * milk, and "ಹಾಲು" does where Kannada is offered.
 * Call after writing products, packs, brands or categories, their translated names, or the
 * website's languages.
 */
export async function refreshProductIndex(db: DbOrTx, websiteId: number, productIds?: number[]): Promise<void> {
  const words = await scriptWords(db, websiteId, productIds);
  const json = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;
  const ids = productIds?.length
    ? sql.join(
        productIds.map((id) => sql`${id}`),
        sql`, `,
      )
    : null;
  const only = (alias: string) => (ids ? sql`and ${sql.raw(alias)}.id in (${ids})` : sql``);
  await db.execute(sql`
    with recursive cat_words(id, words) as (
      select key::int, value from jsonb_each_text(${json(words.categories)})
    ),
    cat_path(id, path) as (
      select c.id, c.name || coalesce(' ' || cw.words, '')
      from categories c left join cat_words cw on cw.id = c.id
      where c.website_id = ${websiteId} and c.parent_id is null
      union all
      select c.id, cp.path || ' ' || c.name || coalesce(' ' || cw.words, '')
      from categories c join cat_path cp on c.parent_id = cp.id left join cat_words cw on cw.id = c.id
      where c.website_id = ${websiteId}
    ),
    brand_words(id, words) as (
      select key::int, value from jsonb_each_text(${json(words.brands)})
    ),
    -- the product's translated names (weighted as its name) and their Latin spellings (as its brand)
    product_words(id, words) as (
      select key::int, value from jsonb_each_text(${json(words.products)})
    ),
    product_spellings(id, words) as (
      select key::int, value from jsonb_each_text(${json(words.productSpellings)})
    ),
    pack_stats as (
      select product_id, min(price) as min_price,
             max(case when act_price > 0 then ((act_price - price) * 10000 / act_price) else 0 end) as max_discount,
             string_agg(name, ' ' order by position, id) as names
      from packs where website_id = ${websiteId} ${ids ? sql`and product_id in (${ids})` : sql``} group by product_id
    ),
    base as (
      -- the product's own words (name and brand): a category's words would bring its whole shelf
      select p2.id, to_tsvector('simple', p2.name || ' ' || coalesce(b.name, '')) as doc,
             substring(lower(p2.name) from '([[:alnum:]]+)[^[:alnum:]]*$') as head
      from products p2
        left join brands b on b.id = p2.brand_id
      where p2.website_id = ${websiteId} ${only('p2')}
    ),
    synonym_query as (
      select s.term, phraseto_tsquery('simple', w) as q
      from search_synonyms s, unnest(s.words) as w
      where s.website_id = ${websiteId}
      union all
      select x->>0, phraseto_tsquery('simple', x->>1) from jsonb_array_elements(${json(words.synonyms)}) x
    ),
    -- the shoppers' words for what the product's text says ('curd' → dahi), searched like its name
    synonym_terms as (
      select base.id as product_id, string_agg(distinct sq.term, ' ') as terms
      from base join synonym_query sq on base.doc @@ sq.q
      group by base.id
    ),
    head_terms as (
      select base.id as product_id, base.head || coalesce(' ' || string_agg(distinct sq.term, ' '), '') as words
      from base left join synonym_query sq on to_tsvector('simple', coalesce(base.head, '')) @@ sq.q
      group by base.id, base.head
    )
    update products p set
      search_doc = setweight(to_tsvector('simple', p.name), 'A')
                || setweight(to_tsvector('simple', coalesce(b.name, '')), 'B')
                || setweight(to_tsvector('simple', coalesce(st.terms, '')), 'B')
                || setweight(to_tsvector('simple', coalesce(cp.path, '')), 'C')
                || setweight(to_tsvector('simple', coalesce(ps.names, '')), 'D')
                || setweight(to_tsvector('simple', coalesce(ht.words, '')), 'A')
                -- the translated names and spellings last (ts_rank counts a word's later mentions less,
                -- its best one whole: first, they would count the English mentions less), and a word
                -- the name or brand already has not again (मिल्क ब्रेड spelt 'milk': Milk Bread before the milk)
                || setweight(to_tsvector('simple', coalesce(pw.words, '')), 'A')
                || setweight(ts_delete(to_tsvector('simple', coalesce(pl.words, '')), tsvector_to_array(to_tsvector('simple', p.name || ' ' || coalesce(b.name, '')))), 'B')
                || setweight(ts_delete(to_tsvector('simple', coalesce(bw.words, '')), tsvector_to_array(to_tsvector('simple', coalesce(b.name, '')))), 'B'),
      search_text = lower(p.name || ' ' || coalesce(b.name, '') || coalesce(' ' || st.terms, '') || coalesce(' ' || pw.words, '') || coalesce(' ' || pl.words, '')),
      min_price = coalesce(ps.min_price, 0),
      max_discount = coalesce(ps.max_discount, 0)
    from products p2
      left join brands b on b.id = p2.brand_id
      left join cat_path cp on cp.id = p2.category_id
      left join pack_stats ps on ps.product_id = p2.id
      left join synonym_terms st on st.product_id = p2.id
      left join head_terms ht on ht.product_id = p2.id
      left join product_words pw on pw.id = p2.id
      left join product_spellings pl on pl.id = p2.id
      left join brand_words bw on bw.id = p2.brand_id
    where p.id = p2.id and p.website_id = ${websiteId} ${only('p')}
  `);
}

/** Alias kept for callers that think of it as the search index only. */
export const refreshProductSearch = refreshProductIndex;

/**
 * Turns shopper text into a prefix tsquery: every word must match as a prefix
 * ('bas' finds basmati). Non-alphanumerics are dropped so user input never breaks the syntax.
 */
export function prefixTsQuery(q: string): string | null {
  const words = queryWords(q);
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

/**
 * Any of the shopper's words as prefixes: relevance's first part (the match asks for every word).
 * PostgreSQL ranks an AND query by how close its words sit, so more mentions of a word counted
 * against it ('moong dal' put Moong Dal Namkeen above Moong Dal, whose category says 'moong' and
 * 'dal' again); ranked as an OR, each mention of each word counts for it.
 */
export function anyPrefixTsQuery(q: string): string {
  return queryWords(q)
    .map((w) => `${w}:*`)
    .join(' | ');
}

/** Any of the shopper's words as typed, whole ('rice' and not 'ricebran'): relevance's second part. */
export function exactWordsTsQuery(q: string): string {
  return queryWords(q).join(' | ');
}

/** The shopper's words: lower case, split at anything but letters (with their marks) and digits, at most 8. */
export function queryWords(q: string): string[] {
  return q
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
}
