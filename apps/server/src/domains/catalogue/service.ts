import type { Brand, Category, Product, ProductsQuery } from '@grocer/shared/catalogue';
import { packLabel } from '@grocer/shared/labels';
import { toRupees } from '@grocer/shared/money';
import { parseScaleBarcode } from '@grocer/shared/scale-barcode';
import { stepOf } from '@grocer/shared/weighed';
import { and, asc, count, desc, eq, gte, ilike, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { hotRows, hotStatement, reusable, type Db, type DbOrTx } from '../../db/client';
import { firstWarehouseId } from '../inventory';
// Read-only join of the inventory's balances into product listings (see eslint.config.js).
import { productStock, stock } from '../inventory/tables';
import { wishlistedProductIds } from '../wishlist/saved';
import { brands, categories, packs, productCards, productCategories, productMedia, productSearch, products } from './tables';
import { websiteCache } from '../../http/cache';
import { Serialised } from '../../http/micro-cache';
import { Errors } from '../../http/errors';
import { decodeUrlText } from '../../http/nul-guard';
import { anyPrefixTsQuery, exactWordsTsQuery, prefixTsQuery, queryWords, refreshProductIndex } from './search';
import { factsOf } from './product-facts';
import type { Language } from '@grocer/shared/languages';
import { translateProductHeads, translateTaxonomy } from './translated';

/** Who is asking: the website, the warehouse serving their pincode (if known), and the user. */
export interface CatalogueContext {
  websiteId: number;
  warehouseId: number | null;
  userId: number | null;
  /**
   * The language to answer in when it is not the website's default (issue 46: names and
   * descriptions from `translations`); undefined: the rows' own text, the default language.
   */
  language?: Language;
  /**
   * An answer for everyone (no user) may take its products from the product cache: each product
   * as the warehouse's shoppers see it, kept a second (answers.ts sets it; CATALOGUE_CACHE).
   */
  productCache?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Categories and brands change rarely and are read on every listing: cached per website for a
// few seconds (DESIGN §1: safe to be stale for seconds; every process converges).
const WORD_SIMILARITY = 0.4;
interface Taxonomy {
  tree: Category[];
  bySlug: Map<string, Category>;
  brands: Brand[];
  /** the slugs that exist (a list's filters keep only these: list-key.ts) */
  known: { categories: Set<string>; brands: Set<string> };
}
const taxonomyCache = websiteCache<Taxonomy>({ ttlMs: 5000 });

// Takes the pool (not a transaction): its queries run concurrently. `language`: names in that
// language (not the website's default; untranslated names kept), the same slugs and ids.
export function loadTaxonomy(db: Db, websiteId: number, language?: Language): Promise<Taxonomy> {
  if (language)
    return taxonomyCache.get(websiteId, `taxonomy|${language}`, async () => {
      const base = await loadTaxonomy(db, websiteId);
      return { ...base, ...(await translateTaxonomy(db, websiteId, language, base)) };
    });
  return taxonomyCache.get(websiteId, 'taxonomy', () => readTaxonomy(db, websiteId));
}

async function readTaxonomy(db: Db, websiteId: number): Promise<Taxonomy> {
  const [cats, brandRows] = await Promise.all([
    db.select().from(categories).where(eq(categories.websiteId, websiteId)).orderBy(asc(categories.position), asc(categories.id)),
    db
      .select({ id: brands.id, name: brands.name, slug: brands.slug, logo: brands.logo })
      .from(brands)
      .where(eq(brands.websiteId, websiteId))
      .orderBy(asc(brands.name)),
  ]);
  const nodes = new Map<number, Category>();
  for (const c of cats) nodes.set(c.id, { id: c.id, name: c.name, slug: c.slug, avatar: c.avatar, children: [] });
  const tree: Category[] = [];
  for (const c of cats) {
    const node = nodes.get(c.id)!;
    const parent = c.parentId ? nodes.get(c.parentId) : undefined;
    (parent ? parent.children : tree).push(node);
  }
  const bySlug = new Map([...nodes.values()].map((n) => [n.slug, n]));
  return {
    tree,
    bySlug,
    brands: brandRows,
    known: { categories: new Set(bySlug.keys()), brands: new Set(brandRows.map((b) => b.slug)) },
  };
}

/** The brands whose names the words name: each word begins a word of the name, 3 letters or more in all. */
export function brandsNamed(list: Brand[], q: string): number[] {
  const typed = queryWords(q);
  if (typed.join('').length < 3) return [];
  return list.filter((b) => typed.every((t) => queryWords(b.name).some((w) => w.startsWith(t)))).map((b) => b.id);
}

/** The ids of a category and every descendant. */
function withDescendants(node: Category, out: number[] = []): number[] {
  out.push(node.id);
  for (const child of node.children) withDescendants(child, out);
  return out;
}

/** `c` accepts slugs or links such as '/products?c=rice' (spec §2). */
export function categorySlugFromParam(value: string): string {
  const m = /[?&]c=([^&]+)/.exec(value);
  return (decodeUrlText(m ? m[1]! : value) ?? '').trim();
}

// ---------------------------------------------------------------------------------------------

type ListMeta = { total: number; perPage: number; page: number };

/**
 * Whether a product can be bought where its card says: the first key of every listing, search and
 * rail (issue 39: in stock first, the chosen order kept within each group). Read from the
 * inventory's precomputed row per product (product_stock, kept by the database at each commit:
 * its units, and the warehouses where one of its packs has units, migration 0036): one
 * primary-key lookup per match, not its packs' balances. At a known warehouse (the pincode's, or
 * the default zone's), whether it is among them; without one (the cards then report the warehouse
 * holding most), whether it has units anywhere.
 */
export const inStockOf = (productId: SQLWrapper, warehouseId: number | null) =>
  sql<boolean>`coalesce((select ${
    warehouseId === null ? sql`${productStock.units} > 0` : sql`${warehouseId}::int = any(${productStock.warehouses})`
  } from ${productStock} where ${productStock.productId} = ${productId}), false)`;

/** GET /s/api/products as objects (a page block's products): the page's ids, then the products. */
export async function listProducts(db: Db, ctx: CatalogueContext, query: ProductsQuery): Promise<{ data: Product[]; meta: ListMeta }> {
  const { ids, total } = await pickProducts(db, ctx, query);
  return { data: await hydrateProducts(db, ctx, ids), meta: { total, perPage: query.perPage, page: query.page } };
}

/**
 * GET /s/api/products's answer for everyone (every wishlist flag false) as JSON cut at the flags
 * (micro-cache.ts `Serialised`): the page's ids, then each product's JSON as PostgreSQL wrote it.
 */
export async function listAnswer(db: Db, ctx: CatalogueContext, query: ProductsQuery): Promise<Serialised> {
  // without the product cache (CATALOGUE_CACHE=off), the page's products are read with its ids
  const { ids, total, cards } = await pickProducts(db, ctx, query, !ctx.productCache);
  const list = cards ? await inLanguage(db, ctx, cards) : await productJson(db, ctx, ids);
  const pieces: Array<string | number> = ['{"data":['];
  list.forEach((p, i) => {
    pieces[pieces.length - 1] += i ? `,${p.head}` : p.head;
    pieces.push(p.id, p.tail);
  });
  pieces[pieces.length - 1] += `],"meta":${JSON.stringify({ total, perPage: query.perPage, page: query.page } satisfies ListMeta)}}`;
  return new Serialised(pieces);
}

/**
 * The first `limit` products a search for `q` finds, best first: the search box's products (suggest.ts),
 * ranked by the one ranking the results page uses (in stock first, relevance, typos when nothing matches).
 */
export async function searchProductIds(
  db: Db,
  ctx: CatalogueContext,
  q: string,
  limit: number,
): Promise<{ ids: number[]; typos: boolean }> {
  const { ids, typos } = await pickProducts(db, ctx, { page: 1, perPage: limit, q, c: [], b: [], s: 'relevance' });
  return { ids, typos: !!typos };
}

/**
 * The page of product ids `query` asks for and how many match: one query (filters, search, sort,
 * the total by a window count), a prepared statement on the pool (hotRows); a search that found
 * nothing tries typos, and "price: low to high" reads in batches (pickCheapest).
 */
async function pickProducts(
  db: Db,
  ctx: CatalogueContext,
  query: ProductsQuery,
  withCards = false,
): Promise<{ ids: number[]; total: number; cards?: ProductJson[]; typos?: boolean }> {
  const none = { ids: [], total: 0 };
  const where: SQL[] = [eq(products.websiteId, ctx.websiteId), eq(products.status, 'active')];
  const taxonomy = await loadTaxonomy(db, ctx.websiteId);

  if (query.c.length) {
    const chosen = query.c.map((param) => taxonomy.bySlug.get(categorySlugFromParam(param))).filter((n) => n !== undefined);
    // A subcategory ticked under its ticked parent narrows to the subcategory: the more specific
    // choice wins over the parent that already contains it.
    const within = (node: Category, ids: Set<number>): boolean => node.children.some((c) => ids.has(c.id) || within(c, ids));
    const chosenIds = new Set(chosen.map((n) => n.id));
    const ids = chosen.filter((n) => !within(n, chosenIds)).flatMap((n) => withDescendants(n));
    if (!ids.length) return none;
    // the primary category or any further one (product_categories): two arms an index each serves
    // (a bitmap OR), not a check of further categories row by row over the whole catalogue
    where.push(
      sql`(${inArray(products.categoryId, ids)} or ${products.id} = any(array(select ${productCategories.productId} from ${productCategories}
        where ${productCategories.websiteId} = ${ctx.websiteId} and ${inArray(productCategories.categoryId, ids)})))`,
    );
  }
  if (query.b.length) {
    const ids = taxonomy.brands.filter((b) => query.b.includes(b.slug)).map((b) => b.id);
    if (!ids.length) return none;
    where.push(inArray(products.brandId, ids));
  }

  // Full-text prefix match (names, brands, categories and the shoppers' synonyms), or trigram
  // word similarity for typos ('basmti' → basmati). The typo match is a fallback: only when no
  // product of the website matches the words as typed, and only for 5 letters or more, so 'dahi'
  // never lands on 'dal' (4-letter words share too many trigrams with unrelated ones). The two
  // are asked apart (typos only after the words found nothing): in one query as an OR, the
  // trigram test ran on every product of the catalogue.
  // Relevance: words matched as typed rank the prefix match again (weighted by where they are:
  // name, brand, category), so 'rice' puts Basmati Rice before Rice Bran Oil... and ricebran. A
  // typo is ranked by its word similarity alone. (Word similarity for every text match cost about
  // 10 µs a row: 165 of a search's 220 ms with 16,000 matches, bench/scale.ts.)
  let textMatch: SQL | undefined;
  let brandIds: number[] = [];
  let typoMatch: SQL | undefined;
  let textRank: SQL | undefined;
  let typoRank: SQL | undefined;
  // the words' match and rank over a search document: the product's, or its search row's
  let wordsOver: ((doc: SQLWrapper) => { match: SQL; rank: SQL }) | undefined;
  if (query.q) {
    const ts = prefixTsQuery(query.q);
    const q = query.q.toLowerCase();
    const exact = exactWordsTsQuery(query.q);
    const any = anyPrefixTsQuery(query.q);
    wordsOver = (doc) => ({
      match: ts ? sql`${doc} @@ to_tsquery('simple', ${ts})` : sql`false`,
      rank: ts ? sql`(ts_rank(${doc}, to_tsquery('simple', ${any})) + ts_rank(${doc}, to_tsquery('simple', ${exact})))` : sql`0`,
    });
    ({ match: textMatch, rank: textRank } = wordsOver(products.searchDoc));
    // A brand named (each word begins a word of its name: 'amrut', 'masala mag') puts that brand's
    // products first: brands are a search field of their own, not only words of the product's text.
    brandIds = brandsNamed(taxonomy.brands, query.q);
    if (brandIds.length) textRank = sql`(${textRank} + case when ${inArray(products.brandId, brandIds)} then 1 else 0 end)`;
    if (q.replace(/[^\p{L}\p{N}]/gu, '').length >= 5) typoMatch = sql`${q} <% ${products.searchText}`;
    typoRank = sql`word_similarity(${q}, ${products.searchText})`;
  }

  const sort = query.s ?? (query.q ? 'relevance' : undefined);
  // In stock first, whatever the sort (issue 39): every list's first key, the chosen order kept
  // within each group (inStockOf).
  const inStock = inStockOf(products.id, ctx.warehouseId);
  // The shopper's filters (additive parameters, docs/spec-deviations.md): the cheapest pack's
  // price in a range, a best saving of at least `discount` %, and only what can be bought.
  if (query.min_price !== undefined) where.push(sql`${products.minPrice} >= ${Math.round(query.min_price * 100)}`);
  if (query.max_price !== undefined) where.push(sql`${products.minPrice} <= ${Math.round(query.max_price * 100)}`);
  // a saving that can be bought, as for "Offers" below: a pack of it off by that much, in stock where the cards report
  if (query.discount) {
    const bps = Math.round(query.discount * 100);
    where.push(
      sql`${products.maxDiscount} >= ${bps} and exists (select 1 from ${packs} join ${stock} on ${stock.packId} = ${packs.id}
        where ${packs.productId} = ${products.id} and ${packs.actPrice} > 0 and (${packs.actPrice} - ${packs.price}) * 10000 / ${packs.actPrice} >= ${bps}
        and ${stock.available} > 0 ${ctx.warehouseId === null ? sql`` : sql`and ${stock.warehouseId} = ${ctx.warehouseId}`})`,
    );
  }
  if (query.in_stock) where.push(inStock);
  // A price sort orders by the price the card shows (displayPack): the cheapest pack in stock at
  // the warehouse the cards report, or the cheapest pack when none is. (A correlated subquery per
  // matching product for price_desc; price_asc prices only what it must: pickCheapest.)
  const buyablePrice = sql`coalesce((select min(${packs.price}) from ${packs} join ${stock} on ${stock.packId} = ${packs.id}
    where ${packs.productId} = ${products.id} and ${stock.available} > 0
    ${ctx.warehouseId === null ? sql`` : sql`and ${stock.warehouseId} = ${ctx.warehouseId}`}), ${products.minPrice})`;
  // "Offers" (the discount sort) lists products with a discounted pack that can be bought from the
  // warehouse the cards report: an undiscounted product, or one whose only offer is sold out, is no offer.
  if (sort === 'discount')
    where.push(
      sql`${products.maxDiscount} > 0 and exists (select 1 from ${packs} join ${stock} on ${stock.packId} = ${packs.id}
        where ${packs.productId} = ${products.id} and ${packs.actPrice} > ${packs.price} and ${stock.available} > 0
        ${ctx.warehouseId === null ? sql`` : sql`and ${stock.warehouseId} = ${ctx.warehouseId}`})`,
    );
  // The shop's order. `+ 0`: the window count visits every matching row anyway, so walking the
  // position index in order saves nothing, while it stops the planner from choosing the filters'
  // own indexes (a category's list read 100,000 rows for its 3,000; measured in bench/scale.ts).
  const byPosition = sql`${products.position} + 0 asc`;
  const orderBy = (rank: SQL | undefined): SQL[] => [sql`${inStock} desc`, ...sortKeys(rank)];
  const sortKeys = (rank: SQL | undefined): SQL[] => {
    switch (sort) {
      case 'relevance':
        return rank ? [sql`${rank} desc`, asc(products.id)] : [byPosition, asc(products.id)];
      case 'price_asc': // pickCheapest below; the same order
        return [sql`${buyablePrice} asc`, asc(products.id)];
      case 'price_desc':
        return [sql`${buyablePrice} desc`, asc(products.id)];
      case 'newest':
        return [desc(products.createdAt), desc(products.id)];
      case 'name':
        return [asc(products.name), asc(products.id)];
      case 'discount':
        return [desc(products.maxDiscount), asc(products.id)];
      default:
        return [byPosition, asc(products.id)];
    }
  };

  const pickOrdered = async (
    tx: DbOrTx,
    match: SQL | undefined,
    rank: SQL | undefined,
  ): Promise<Array<{ id: number; total: number; card?: ProductJson | null }>> => {
    const page = (query.page - 1) * query.perPage;
    // A search for words and nothing else reads the search rows (one per active product: its
    // website and document, about 40 % of a product row's pages), not the products: every match
    // is read and ranked ('rice' matches 16,000 of 100,000 generated products: 47 → 28–34 ms).
    const words = match === textMatch && where.length === 2 && !brandIds.length ? wordsOver?.(productSearch.searchDoc) : undefined;
    const matches = words
      ? sql`select ${productSearch.productId} as id, ${words.rank} as rank, ${inStockOf(productSearch.productId, ctx.warehouseId)} as in_stock
          from ${productSearch} where ${productSearch.websiteId} = ${ctx.websiteId} and ${words.match}`
      : sql`select ${products.id} as id, ${rank} as rank, ${inStock} as in_stock from ${products} where ${and(...where, match)}`;
    const ordered = () =>
      sort === 'relevance' && rank
        ? // ranked in a subquery the planner keeps apart (`offset 0`), so the window count above it
          // keeps (id, rank) of each match, not its search document (which spilled to temp files)
          tx
            .select({ id: sql<number>`m.id`, total: sql<number>`(count(*) over ())::int`.as('total') })
            .from(sql`(${matches} offset 0) m`)
            .orderBy(sql`m.in_stock desc`, sql`m.rank desc`, sql`m.id asc`)
            .$dynamic()
        : tx
            .select({ id: products.id, total: sql<number>`(count(*) over ())::int`.as('total') })
            .from(products)
            .where(and(...where, match))
            .orderBy(...orderBy(rank))
            .$dynamic();
    const picked = ordered().limit(query.perPage).offset(page);
    // on the pool: prepared (a typo search runs in a transaction: see typoThreshold); a search for
    // words is planned for them, and through the search document's GIN index, which the planner
    // passed over for a scan of every product when a word is common (HotOptions)
    if (tx !== db) return picked;
    const hot = match && match === textMatch ? { randomPageCost: 1.1, customPlan: true } : {};
    if (!withCards) return (await hotRows(db, picked, hot)).map(([id, total]) => ({ id: id as number, total: total as number }));
    // the page's products read with it, from their cards (numbered as picked: the order to keep);
    // the page's size written into the text: a statement with a `limit` parameter was planned
    // again on every run (the planner does not trust a generic plan for an unknown limit)
    const perPage = sql.raw(String(Math.trunc(query.perPage)));
    const anyWarehouse = ctx.warehouseId === null;
    const fallback = anyWarehouse ? ((await firstWarehouse(db, ctx.websiteId)) ?? 0) : 0;
    const rows = await hotRows(
      db,
      sql`select p.id, p.total, c.head, ${cardTailSql(anyWarehouse, sql`${ctx.warehouseId}`, sql`${fallback}`)}
        from (select x.id, x.total, row_number() over () as o from (${ordered()} limit ${perPage} offset ${page}) x) p
          left join ${productCards} c on c.product_id = p.id and c.website_id = ${ctx.websiteId}
        order by p.o`,
      hot,
    );
    return rows.map(([id, total, head, tail]) => ({
      id: id as number,
      total: total as number,
      card: head === null ? null : { id: id as number, head: head as string, tail: tail as string },
    }));
  };
  // (In stock first: the same, within each group: read in (in stock, min_price, id) order.)
  // The cheapest first without pricing every match: a card's price (buyablePrice) is never below the
  // product's min_price (the cheapest of all its packs), so the matches are read in (min_price, id)
  // order in batches and only those read are priced. A product read is in its place for good once
  // it costs less than the next unread product's min_price (or the same, with a smaller id): no
  // unread product can come before it. Once `need` are, the page is known. A card's price is
  // mostly its min_price, so one batch usually settles it (a category of 3,000 products was
  // priced 3,000 times: bench/scale.ts). The order is the correlated form's: price, then id.
  const pickCheapest = async (tx: DbOrTx, match: SQL | undefined) => {
    const need = query.page * query.perPage;
    const batch = Math.max(2 * need, 48);
    const priced: Array<{ id: number; price: number; inStock: boolean }> = [];
    const before = (a: { inStock: boolean; price: number; id: number }, b: { inStock: boolean; price: number; id: number }) =>
      a.inStock !== b.inStock ? (a.inStock ? -1 : 1) : a.price - b.price || a.id - b.id;
    let total = 0;
    for (let offset = 0; ; offset += batch) {
      // Written out: drizzle names a single table's columns bare in a select list, which would
      // bind the in-stock subquery's product id to the pack's own id.
      // `+ 0` as for byPosition: the count visits every match anyway; the filters' indexes pick them
      const result = await tx.execute<{ id: number; min_price: number; in_stock: boolean; total: number }>(
        sql`select ${products.id} as id, ${products.minPrice} as min_price, ${inStock} as in_stock, count(*) over () as total
          from ${products} where ${and(...where, match)}
          order by in_stock desc, ${products.minPrice} + 0, ${products.id} limit ${batch + 1} offset ${offset}`,
      );
      const raw =
        (result as unknown as { rows?: Array<Record<string, unknown>> }).rows ?? (result as unknown as Array<Record<string, unknown>>);
      const rows = raw.map((r) => ({
        id: Number(r.id),
        minPrice: Number(r.min_price),
        inStock: r.in_stock === true,
        total: Number(r.total),
      }));
      if (offset === 0) total = rows[0]?.total ?? 0;
      const next = rows.length > batch ? rows.pop()! : null;
      if (!rows.length) break;
      const buyable = await tx
        .select({ id: packs.productId, price: sql<number>`min(${packs.price})`.mapWith(Number) })
        .from(packs)
        .innerJoin(stock, eq(stock.packId, packs.id))
        .where(
          and(
            inArray(
              packs.productId,
              rows.map((r) => r.id),
            ),
            sql`${stock.available} > 0`,
            ctx.warehouseId === null ? undefined : eq(stock.warehouseId, ctx.warehouseId),
          ),
        )
        .groupBy(packs.productId);
      const price = new Map(buyable.map((r) => [r.id, r.price]));
      for (const r of rows) priced.push({ id: r.id, price: price.get(r.id) ?? r.minPrice, inStock: r.inStock });
      if (!next) break;
      const placed = priced.filter((p) => before(p, { ...next, price: next.minPrice }) < 0);
      if (placed.length >= need) break;
    }
    priced.sort(before);
    return priced.slice((query.page - 1) * query.perPage, need).map((p) => ({ id: p.id, total }));
  };
  const pick = (tx: DbOrTx, match: SQL | undefined, rank: SQL | undefined) =>
    sort === 'price_asc' ? pickCheapest(tx, match) : pickOrdered(tx, match, rank);
  // Typos: the trigram operator `<%` uses the GIN index with a per-transaction threshold of 0.4
  // ('basmti' → 'basmati' scores 0.57, 'panner' → 'paneer' 0.43); the default 0.6 misses them.
  const typoThreshold = <T>(run: (tx: DbOrTx) => Promise<T>) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY)}, true)`);
      return run(tx);
    });
  let match = textMatch;
  let typos = false;
  let rows = await pick(db, match, textRank);
  // Does any product of the website match the words as typed? An empty first page without other
  // filters already says no; otherwise ask (a filtered-out match, or a page past the last, is no
  // reason to try typos).
  const anyTextMatch = async () => {
    if (query.page === 1 && where.length === 2) return false;
    const [hit] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.websiteId, ctx.websiteId), eq(products.status, 'active'), textMatch))
      .limit(1);
    return hit !== undefined;
  };
  if (!rows.length && typoMatch && !(await anyTextMatch())) {
    match = typoMatch;
    typos = true;
    rows = await typoThreshold((tx) => pick(tx, match, typoRank));
  }

  let total = rows[0]?.total ?? 0;
  if (!rows.length && query.page > 1) {
    // Past the last page: still report the real total so the client can page back.
    const count = async (tx: DbOrTx) => {
      const [c] = await tx
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(products)
        .where(and(...where, match));
      return c?.n ?? 0;
    };
    total = typos ? await typoThreshold(count) : await count(db);
  }
  // the products, when the page's statement read them (not after typos or for the cheapest first)
  const read = rows.map((r) => (r as { card?: ProductJson | null }).card);
  const cards = rows.length && !read.includes(undefined) ? read.filter((c): c is ProductJson => c != null) : undefined;
  return { ids: rows.map((r) => r.id), total, cards, typos };
}

const MAX_ID = 2 ** 31 - 1;

/**
 * A product by its slug (spec §3's identifier) or its numeric product_id (spec §7 names the
 * product call's parameter `{id}`): both are accepted; a slug that is all digits wins over an id.
 */
async function findProduct(db: Db, websiteId: number, idOrSlug: string) {
  const id = /^[1-9]\d{0,9}$/.test(idOrSlug) && Number(idOrSlug) <= MAX_ID ? Number(idOrSlug) : null;
  const match = id === null ? eq(products.slug, idOrSlug) : sql`(${products.slug} = ${idOrSlug} or ${products.id} = ${id})`;
  const [row] = await db
    .select({ id: products.id, categoryId: products.categoryId, brandId: products.brandId })
    .from(products)
    .where(and(eq(products.websiteId, websiteId), eq(products.status, 'active'), match))
    .orderBy(sql`${products.slug} = ${idOrSlug} desc`)
    .limit(1);
  if (!row) throw Errors.notFound('Product not found');
  return row;
}

export async function getProduct(db: Db, ctx: CatalogueContext, idOrSlug: string): Promise<Product> {
  const row = await findProduct(db, ctx.websiteId, idOrSlug);
  // the pack's facts only on the product page (its card, shared with lists, carries the food type alone)
  const [[product], facts] = await Promise.all([hydrateProducts(db, ctx, [row.id]), factsOf(db, ctx.websiteId, row.id)]);
  return { ...product!, ...facts };
}

/** Same category first, then the same brand; never the product itself. */
export async function relatedProducts(db: Db, ctx: CatalogueContext, idOrSlug: string, limit = 12): Promise<Product[]> {
  const p = await findProduct(db, ctx.websiteId, idOrSlug);
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.websiteId, ctx.websiteId),
        eq(products.status, 'active'),
        sql`${products.id} <> ${p.id}`,
        sql`(${products.categoryId} is not distinct from ${p.categoryId} or ${products.brandId} is not distinct from ${p.brandId})`,
      ),
    )
    .orderBy(
      sql`${inStockOf(products.id, ctx.warehouseId)} desc`,
      sql`case when ${products.categoryId} is not distinct from ${p.categoryId} then 0 else 1 end`,
      asc(products.position),
      asc(products.id),
    )
    .limit(limit);
  return hydrateProducts(
    db,
    ctx,
    rows.map((r) => r.id),
  );
}

/** Those of `ids` that are on sale now (status active), in the given order. */
export async function activeProductIds(db: DbOrTx, websiteId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.websiteId, websiteId), eq(products.status, 'active'), inArray(products.id, ids)));
  const active = new Set(rows.map((r) => r.id));
  return ids.filter((id) => active.has(id));
}

/**
 * A product as spec §3's JSON, written by PostgreSQL (its card, `productCards`), cut at its `wishlist` flag:
 * `head` + `true` or `false` + `tail`. Lists are these joined, never parsed or serialised again.
 */
export interface ProductJson {
  id: number;
  head: string;
  tail: string;
}

// Products as every shopper of a warehouse sees them (wishlist false), by website: a list, a
// search or a page that missed the answer cache rebuilds only the products not read within the
// last second, so it costs little more than the query that picks its ids. A staff edit drops the
// website's products at once (invalidateWebsite), as it drops the answers.
// 1 s: an answer (kept 3 s) built from a product read just under 1 s before shows data at most 4 s old.
const productCache = websiteCache<ProductJson | null>({ ttlMs: 1000, maxEntries: 50_000, name: 'products' });

/**
 * Spec §3 products for `ids`, in that order (those not of the website left out), as JSON cut at
 * their wishlist flags: from the product cache when the context allows it (an answer for everyone),
 * the rest read in one statement.
 */
export async function productJson(db: Db, ctx: CatalogueContext, ids: number[]): Promise<ProductJson[]> {
  return inLanguage(db, ctx, await defaultProductJson(db, ctx, ids));
}

/** The products' JSON in the context's language (the product cache keeps the default text). */
async function inLanguage(db: Db, ctx: CatalogueContext, list: ProductJson[]): Promise<ProductJson[]> {
  if (!ctx.language || !list.length) return list;
  const { brands } = await loadTaxonomy(db, ctx.websiteId, ctx.language);
  return translateProductHeads(db, ctx.websiteId, ctx.language, list, brands);
}

async function defaultProductJson(db: Db, ctx: CatalogueContext, ids: number[]): Promise<ProductJson[]> {
  if (!ids.length) return [];
  if (!ctx.productCache || ctx.userId !== null) return readProductJson(db, ctx, ids);
  const key = (id: number) => `${ctx.warehouseId}|${id}`;
  // null: not on sale (left out, as the database would); a failed read fails this answer too
  const each = new Map<number, Promise<ProductJson | null>>();
  const missing: number[] = [];
  for (const id of ids) {
    const hit = productCache.peek(ctx.websiteId, key(id));
    if (hit) each.set(id, hit);
    else missing.push(id);
  }
  if (missing.length) {
    const fresh = readProductJson(db, ctx, missing).then((list) => new Map(list.map((p) => [p.id, p])));
    for (const id of missing) {
      const one = fresh.then((m) => m.get(id) ?? null);
      each.set(id, one);
      productCache.put(ctx.websiteId, key(id), one);
    }
  }
  const found = await Promise.all(ids.map((id) => each.get(id)!));
  return found.filter((p): p is ProductJson => p !== null);
}

/** Spec §3 products for `ids`, in that order, with the user's wishlist flags (the objects; see productJson). */
export async function hydrateProducts(db: Db, ctx: CatalogueContext, ids: number[]): Promise<Product[]> {
  const [list, wished] = await Promise.all([productJson(db, ctx, ids), wishlistedProductIds(db, ctx.websiteId, ctx.userId, ids)]);
  return list.map((p) => JSON.parse(`${p.head}${wished.has(p.id)}${p.tail}`) as Product);
}

async function readProductJson(db: Db, ctx: CatalogueContext, ids: number[]): Promise<ProductJson[]> {
  const fallback = await firstWarehouse(db, ctx.websiteId);
  const run = ctx.warehouseId === null ? productJsonAnywhere : productJsonAtWarehouse;
  const rows = await run(db, { ids, websiteId: ctx.websiteId, warehouseId: ctx.warehouseId, fallback: fallback ?? 0 });
  return rows.map(([id, head, tail]) => ({ id: id as number, head: head as string, tail: tail as string }));
}

/**
 * Spec §3's JSON of the product whose card is `c` (`productCards`) from its `wishlist` flag on: each
 * pack's piece gets the warehouse it would ship from and its stock there: `warehouseId` (the
 * visitor's pincode's, or the default zone's) when known (`anyWarehouse` false), else the
 * warehouse holding most of it (`fallback` when none holds any). Each stock level is a primary
 * key lookup (a join would be hashed over the warehouse's whole stock).
 */
function cardTailSql(anyWarehouse: boolean, warehouseId: SQLWrapper, fallback: SQLWrapper): SQL {
  const packList = anyWarehouse
    ? sql`select string_agg(u.head || coalesce(st.w, ${fallback}::int) || u.middle || coalesce(st.a, 0) || '}', ',' order by u.o)
        from unnest(c.pack_ids, c.pack_heads, c.pack_middles) with ordinality u(id, head, middle, o)
          left join lateral (select s.warehouse_id as w, s.available as a from ${stock} s where s.pack_id = u.id
            order by s.available desc, s.warehouse_id limit 1) st on true`
    : sql`select string_agg(u.head || ${warehouseId}::int || u.middle
          || coalesce((select s.available from ${stock} s where s.pack_id = u.id and s.warehouse_id = ${warehouseId}::int), 0) || '}',
          ',' order by u.o)
        from unnest(c.pack_ids, c.pack_heads, c.pack_middles) with ordinality u(id, head, middle, o)`;
  return sql`c.body || coalesce((${packList}), '') || c.tail`;
}

/** One statement answering the products of `ids` (in that order) from their cards, cut at their wishlist flags. */
function productJsonSql(anyWarehouse: boolean): SQL {
  const idList = sql`${sql.placeholder('ids')}::int[]`;
  return sql`select c.product_id, c.head, ${cardTailSql(anyWarehouse, sql.placeholder('warehouseId'), sql.placeholder('fallback'))}
    from ${productCards} c
    where c.product_id = any(${idList}) and c.website_id = ${sql.placeholder('websiteId')}::int
    order by array_position(${idList}, c.product_id)`;
}
// (built once: each run only binds its values)
const productJsonAtWarehouse = hotStatement(productJsonSql(false));
const productJsonAnywhere = hotStatement(productJsonSql(true));

const warehouseCache = websiteCache<number | null>({ ttlMs: 5000 });
const firstWarehouse = (db: DbOrTx, websiteId: number) => warehouseCache.get(websiteId, 'first', () => firstWarehouseId(db, websiteId));

/** Products chosen by slug (a page block's picks), in the order given; unknown slugs are left out. */
export async function productsBySlugs(db: Db, ctx: CatalogueContext, slugs: string[]): Promise<Product[]> {
  if (!slugs.length) return [];
  const rows = await db
    .select({ id: products.id, slug: products.slug })
    .from(products)
    .where(and(eq(products.websiteId, ctx.websiteId), inArray(products.slug, slugs)));
  const order = new Map(slugs.map((s, i) => [s, i]));
  rows.sort((a, b) => order.get(a.slug)! - order.get(b.slug)!);
  const list = await hydrateProducts(
    db,
    ctx,
    rows.map((r) => r.id),
  );
  // in stock first, the owner's order kept within each group (a stable sort)
  const buyable = (p: Product) => p.packs.some((k) => (k.stock ?? 0) > 0);
  return list.sort((a, b) => Number(buyable(b)) - Number(buyable(a)));
}

/** A product's packs in display order, with units available at `warehouseId` (null: not stocked there). */
export async function packsWithStock(db: DbOrTx, websiteId: number, productId: number, warehouseId: number | null) {
  return db
    .select({ id: packs.id, available: stock.available })
    .from(packs)
    .leftJoin(stock, and(eq(stock.packId, packs.id), warehouseId === null ? sql`false` : eq(stock.warehouseId, warehouseId)))
    .where(and(eq(packs.productId, productId), eq(packs.websiteId, websiteId)))
    .orderBy(asc(packs.position), asc(packs.id));
}

/** Names of the website's products among `ids` (a missing id is no longer sold). */
export async function productNames(db: DbOrTx, websiteId: number, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(eq(products.websiteId, websiteId), inArray(products.id, ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Each product's category name (null when it has none): the pick list's walk through the shop. */
export async function productCategoryNames(db: DbOrTx, websiteId: number, ids: number[]): Promise<Map<number, string | null>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: products.id, category: categories.name })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.websiteId, websiteId), inArray(products.id, ids)));
  return new Map(rows.map((r) => [r.id, r.category]));
}

/** "Product - pack", or null when the website sells no such pack. */
export async function findPackLabel(db: DbOrTx, websiteId: number, packId: number): Promise<string | null> {
  const [row] = await db
    .select({ packName: packs.name, productName: products.name })
    .from(packs)
    .innerJoin(products, eq(products.id, packs.productId))
    .where(and(eq(packs.id, packId), eq(packs.websiteId, websiteId)))
    .limit(1);
  return row ? packLabel(row.productName, row.packName) : null;
}

/**
 * A pack as the cart changes it: its label and how much one tap moves (a unit, or a weighed
 * pack's step in grams, issue 40.5); null when the website does not sell it.
 */
/** A pack's selling step inside another domain's statement (the cart's merge): its grams when sold by weight, else 1. */
export const packStepSql = (packId: SQL): SQL<number> =>
  sql<number>`(select case when k.sold_by_weight then k.step_grams else 1 end from ${packs} k where k.id = ${packId})`;

export async function findPackStep(
  db: DbOrTx,
  websiteId: number,
  packId: number,
): Promise<{ label: string; soldByWeight: boolean; step: number } | null> {
  const [row] = await db
    .select({ packName: packs.name, productName: products.name, soldByWeight: packs.soldByWeight, stepGrams: packs.stepGrams })
    .from(packs)
    .innerJoin(products, eq(products.id, packs.productId))
    .where(and(eq(packs.id, packId), eq(packs.websiteId, websiteId)))
    .limit(1);
  return row ? { label: packLabel(row.productName, row.packName), soldByWeight: row.soldByWeight, step: stepOf(row) } : null;
}

/** Sizes of the website's catalogue (the administration's summary). */
export async function catalogueCounts(db: Db, websiteId: number): Promise<{ products: number; categories: number; brands: number }> {
  const n = async (q: Promise<Array<{ n: number }>>) => (await q)[0]?.n ?? 0;
  return {
    products: await n(db.select({ n: count() }).from(products).where(eq(products.websiteId, websiteId))),
    categories: await n(db.select({ n: count() }).from(categories).where(eq(categories.websiteId, websiteId))),
    brands: await n(db.select({ n: count() }).from(brands).where(eq(brands.websiteId, websiteId))),
  };
}

/** A scalar subquery: the product's first image (null without one), for other domains' listings. */
export const firstImageSql = (productId: SQLWrapper | number): SQL<string | null> =>
  sql<string | null>`(select m.src from ${productMedia} m where m.product_id = ${productId} order by m.position, m.id limit 1)`;

/** What a cart line needs of its pack: names, prices, tax data and image (the website's packs only). */
export async function packDetails(db: DbOrTx, websiteId: number, packIds: number[]) {
  const rows = packIds.length ? await packsByIds(db, { websiteId, packIds }) : [];
  return new Map(rows.map(({ packId, ...d }) => [packId, d]));
}

const packDetailColumns = () => ({
  packId: packs.id,
  productId: products.id,
  productName: products.name,
  slug: products.slug,
  hsnCode: products.hsnCode,
  gstRate: products.gstRate,
  packName: packs.name,
  price: packs.price,
  actPrice: packs.actPrice,
  soldByWeight: packs.soldByWeight,
  stepGrams: packs.stepGrams,
  image: firstImageSql(products.id).as('image'),
});

const packsByIds = reusable('packs_by_ids', (db, name) =>
  db
    .select(packDetailColumns())
    .from(packs)
    .innerJoin(products, eq(products.id, packs.productId))
    .where(and(eq(packs.websiteId, sql.placeholder('websiteId')), sql`${packs.id} = any(${sql.placeholder('packIds')})`))
    .prepare(name),
);

/**
 * `packDetails` of one pack (but its id) as a subquery, for another domain's statement to join laterally
 * (`packId` is usually the outer row's column): no row when the website does not sell it. The cart
 * prices its lines with their packs and stock in one statement.
 */
export const packDetailsOf = (db: DbOrTx, websiteId: SQLWrapper, packId: SQLWrapper) =>
  db
    .select({
      // by names of their own: packs and products both have `id` and `name` (the caller has the pack's id)
      productId: sql<number>`${products.id}`.mapWith(products.id).as('product_id'),
      productName: sql<string>`${products.name}`.mapWith(products.name).as('product_name'),
      slug: products.slug,
      hsnCode: products.hsnCode,
      gstRate: products.gstRate,
      packName: sql<string>`${packs.name}`.mapWith(packs.name).as('pack_name'),
      price: packs.price,
      actPrice: packs.actPrice,
      soldByWeight: packs.soldByWeight,
      stepGrams: packs.stepGrams,
      image: firstImageSql(products.id).as('image'),
    })
    .from(packs)
    .innerJoin(products, eq(products.id, packs.productId))
    .where(and(eq(packs.websiteId, websiteId), eq(packs.id, packId)))
    .as('pack');

/**
 * The counter's catalogue: every pack of the website (products not archived), with what the till needs
 * to ring it up (SKU, barcode, price, by weight or not, GST) and its stock at the counter's
 * warehouse. `q` narrows to names, SKUs or barcodes containing it (the search box; empty: all, the
 * till's offline copy). Loose goods' price is per kg and their stock in grams.
 */
export async function counterCatalogue(
  db: DbOrTx,
  websiteId: number,
  warehouseId: number,
  q: string,
  limit: number,
  opts: { inStock?: boolean } = {},
) {
  const scale = parseScaleBarcode(q);
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({
      pack_id: packs.id,
      product: products.name,
      pack: packs.name,
      sku: packs.sku,
      barcode: packs.barcode,
      price: packs.price,
      sold_by_weight: packs.soldByWeight,
      plu: packs.plu,
      gst_rate: products.gstRate,
      available: sql<number>`coalesce(${stock.available}, 0)::int`,
    })
    .from(packs)
    .innerJoin(products, eq(products.id, packs.productId))
    .leftJoin(stock, and(eq(stock.packId, packs.id), eq(stock.warehouseId, warehouseId)))
    .where(
      and(
        eq(packs.websiteId, websiteId),
        // active products, and drafts: loose goods sold by weight are counter-only drafts (pos/seed.ts)
        sql`${products.status} <> 'archived'`,
        // a scale label scanned into the search box finds its pack by PLU
        q
          ? or(ilike(products.name, like), ilike(packs.sku, like), eq(packs.barcode, q), scale ? eq(packs.plu, scale.plu) : undefined)
          : undefined,
        opts.inStock ? gte(stock.available, 1) : undefined,
      ),
    )
    .orderBy(asc(products.name), asc(packs.position), asc(packs.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, price: toRupees(r.price), gst_rate: r.gst_rate / 100 }));
}

/** What a counter sale needs of its packs (the website's packs only), keyed by pack id. */
export async function counterPacks(db: DbOrTx, websiteId: number, packIds: number[]) {
  const rows = await db
    .select({
      packId: packs.id,
      productId: products.id,
      productName: products.name,
      packName: packs.name,
      hsnCode: products.hsnCode,
      gstRate: products.gstRate,
      price: packs.price,
      actPrice: packs.actPrice,
      soldByWeight: packs.soldByWeight,
      plu: packs.plu,
    })
    .from(packs)
    .innerJoin(products, eq(products.id, packs.productId))
    .where(and(eq(packs.websiteId, websiteId), inArray(packs.id, packIds)));
  return new Map(rows.map((r) => [r.packId, r]));
}

/**
 * A loose good sold by weight: a product (a draft unless `status` says otherwise: the till lists
 * every product not archived, the storefront active ones, in steps of `step_grams`) with one pack
 * priced per kg whose stock is counted in grams. Answers the pack's id.
 */
export async function createLoosePack(
  tx: DbOrTx,
  websiteId: number,
  g: { name: string; slug: string; pricePaise: number; hsnCode: string; gstRate: number; plu?: string; status?: 'draft' | 'active' },
): Promise<number> {
  const [p] = await tx
    .insert(products)
    .values({
      websiteId,
      name: g.name,
      slug: g.slug,
      hsnCode: g.hsnCode,
      gstRate: g.gstRate,
      status: g.status ?? 'draft',
      minPrice: g.pricePaise,
    })
    .returning({ id: products.id });
  const [pack] = await tx
    .insert(packs)
    .values({
      websiteId,
      productId: p!.id,
      name: 'per kg',
      sku: g.slug.toUpperCase(),
      price: g.pricePaise,
      actPrice: g.pricePaise,
      soldByWeight: true,
      plu: g.plu ?? '',
    })
    .returning({ id: packs.id });
  // an active one is in the shop's search at once
  if (g.status === 'active') await refreshProductIndex(tx, websiteId, [p!.id]);
  return pack!.id;
}

/** Each product's category as a path of names ("Staples › Rice"), or null without one. */
export async function productCategoryPaths(db: DbOrTx, websiteId: number, ids: number[]): Promise<Map<number, string | null>> {
  if (!ids.length) return new Map();
  const [taxonomy, rows] = await Promise.all([
    db
      .select({ id: categories.id, parentId: categories.parentId, name: categories.name })
      .from(categories)
      .where(eq(categories.websiteId, websiteId)),
    db
      .select({ id: products.id, categoryId: products.categoryId })
      .from(products)
      // one array parameter, however many ids (a month's sales report: tens of thousands)
      .where(and(eq(products.websiteId, websiteId), sql`${products.id} = any(${sql.param(ids)}::int[])`)),
  ]);
  const byId = new Map(taxonomy.map((c) => [c.id, c]));
  const path = (id: number | null): string | null => {
    const names: string[] = [];
    for (let c = id === null ? undefined : byId.get(id); c && names.length < 10; c = c.parentId === null ? undefined : byId.get(c.parentId))
      names.unshift(c.name);
    return names.length ? names.join(' › ') : null;
  };
  return new Map(rows.map((r) => [r.id, path(r.categoryId)]));
}

/**
 * What automatic promotions match a product by (issue 40 §19): its brand and its categories (the
 * primary one and the others), per product id of the website.
 */
export async function productBrandAndCategories(
  db: DbOrTx,
  websiteId: number,
  ids: number[],
): Promise<Map<number, { brandId: number | null; categoryIds: number[] }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: products.id,
      brandId: products.brandId,
      categoryIds: sql<
        number[]
      >`array_remove(array_append(coalesce((select array_agg(${productCategories.categoryId}) from ${productCategories} where ${productCategories.productId} = ${products.id}), '{}'::int[]), ${products.categoryId}), null)`,
    })
    .from(products)
    .where(and(eq(products.websiteId, websiteId), inArray(products.id, ids)));
  return new Map(rows.map((r) => [r.id, { brandId: r.brandId, categoryIds: r.categoryIds.map(Number) }]));
}

/**
 * The website's packs of a brand, or of a category (a product's primary category or any other it
 * is in, as `productBrandAndCategories` reads them): a promotion's target as the till sees it.
 */
export async function packIdsOfTarget(
  db: DbOrTx,
  websiteId: number,
  target: { type: 'brand'; brandId: number } | { type: 'category'; categoryId: number },
): Promise<number[]> {
  const rows = await db
    .select({ id: packs.id })
    .from(packs)
    .innerJoin(products, eq(products.id, packs.productId))
    .where(
      and(
        eq(packs.websiteId, websiteId),
        target.type === 'brand'
          ? eq(products.brandId, target.brandId)
          : or(
              eq(products.categoryId, target.categoryId),
              sql`exists (select 1 from ${productCategories} where ${productCategories.productId} = ${products.id} and ${productCategories.categoryId} = ${target.categoryId})`,
            ),
      ),
    )
    .orderBy(asc(packs.id));
  return rows.map((r) => r.id);
}

/** The SKU and barcode of some of a website's packs, by pack id (the packing slip; '' where the shop set none). */
export async function packCodes(db: DbOrTx, websiteId: number, packIds: number[]): Promise<Map<number, { sku: string; barcode: string }>> {
  if (packIds.length === 0) return new Map();
  const rows = await db
    .select({ id: packs.id, sku: packs.sku, barcode: packs.barcode })
    .from(packs)
    .where(and(eq(packs.websiteId, websiteId), inArray(packs.id, packIds)));
  return new Map(rows.map((r) => [r.id, { sku: r.sku, barcode: r.barcode }]));
}

/** Packs whose product name, pack name or SKU contains `q` (a staff picker: promotions, price lists), with their price. */
export async function searchPacks(db: DbOrTx, websiteId: number, q: string, limit = 20) {
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({ id: packs.id, product: products.name, pack: packs.name, price: packs.price })
    .from(packs)
    .innerJoin(products, eq(products.id, packs.productId))
    .where(
      and(eq(packs.websiteId, websiteId), q ? or(ilike(products.name, like), ilike(packs.name, like), ilike(packs.sku, like)) : undefined),
    )
    .orderBy(asc(products.name), asc(packs.position), asc(packs.id))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, label: packLabel(r.product, r.pack), pricePaise: r.price }));
}
