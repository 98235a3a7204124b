import type { Language } from '@grocer/shared/languages';
import type { TranslationListQuery, TranslationRow } from '@grocer/shared/translations';
import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { translationSql } from '../translations';
import type { SourceTexts } from '../translations';
import { brands, categories, products } from './tables';

/**
 * The catalogue's texts for the Translations editor (issue 46 §2): products (name, description),
 * categories and brands (name), in the website's default language. Archived products are left out.
 */

const likeOf = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page of products beside their translations in `language` (search, only missing), by name. */
export async function productTranslationPage(
  db: DbOrTx,
  websiteId: number,
  query: TranslationListQuery,
): Promise<{ data: TranslationRow[]; total: number }> {
  const id = sql`${products.id}::text`;
  const name = translationSql(websiteId, 'product', id, 'name', query.language);
  const description = translationSql(websiteId, 'product', id, 'description', query.language);
  const where: SQL[] = [eq(products.websiteId, websiteId), ne(products.status, 'archived')];
  if (query.q) where.push(sql`(lower(${products.name}) like ${likeOf(query.q)} or lower(${name}) like ${likeOf(query.q)})`);
  if (query.missing) where.push(sql`(${name} is null or (${products.description} <> '' and ${description} is null))`);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        description: products.description,
        brand: brands.name,
        nameT: name,
        descriptionT: description,
      })
      .from(products)
      .leftJoin(brands, eq(brands.id, products.brandId))
      .where(and(...where))
      .orderBy(asc(products.name), asc(products.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db
      .select({ n: count() })
      .from(products)
      .where(and(...where)),
  ]);
  return {
    total: counted?.n ?? 0,
    data: rows.map((r) => ({
      id: String(r.id),
      context: r.brand ?? '',
      fields: [
        { field: 'name', source: r.name, value: r.nameT },
        ...(r.description ? [{ field: 'description', source: r.description, value: r.descriptionT }] : []),
      ],
    })),
  };
}

/** How many product names and descriptions have a translation in `language`, of how many. */
export async function productTranslationProgress(db: DbOrTx, websiteId: number, language: Language) {
  const id = sql`${products.id}::text`;
  const [row] = await db
    .select({
      names: count(),
      namesDone: sql<number>`count(*) filter (where ${translationSql(websiteId, 'product', id, 'name', language)} is not null)`.mapWith(
        Number,
      ),
      descriptions: sql<number>`count(*) filter (where ${products.description} <> '')`.mapWith(Number),
      descriptionsDone: sql<number>`count(*) filter (where ${products.description} <> ''
        and ${translationSql(websiteId, 'product', id, 'description', language)} is not null)`.mapWith(Number),
    })
    .from(products)
    .where(and(eq(products.websiteId, websiteId), ne(products.status, 'archived')));
  return [
    { entity: 'product' as const, field: 'name', done: row?.namesDone ?? 0, total: row?.names ?? 0 },
    { entity: 'product' as const, field: 'description', done: row?.descriptionsDone ?? 0, total: row?.descriptions ?? 0 },
  ];
}

/** Those of `ids` that are the website's products, with their texts (a save checks its ids). */
export async function productTexts(
  db: DbOrTx,
  websiteId: number,
  ids: number[],
): Promise<Map<number, { name: string; description: string }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: products.id, name: products.name, description: products.description })
    .from(products)
    .where(and(eq(products.websiteId, websiteId), inArray(products.id, ids)));
  return new Map(rows.map((r) => [r.id, { name: r.name, description: r.description }]));
}

/** Every category (its parent's name as context) and brand of the website. */
export async function categoryTexts(db: DbOrTx, websiteId: number): Promise<SourceTexts[]> {
  const rows = await db
    .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
    .from(categories)
    .where(eq(categories.websiteId, websiteId))
    .orderBy(asc(categories.position), asc(categories.id));
  const names = new Map(rows.map((r) => [r.id, r.name]));
  return rows.map((r) => ({
    id: String(r.id),
    context: r.parentId ? (names.get(r.parentId) ?? '') : '',
    fields: [{ field: 'name', source: r.name }],
  }));
}

export async function brandTexts(db: DbOrTx, websiteId: number): Promise<SourceTexts[]> {
  const rows = await db
    .select({ id: brands.id, name: brands.name })
    .from(brands)
    .where(eq(brands.websiteId, websiteId))
    .orderBy(asc(brands.name), asc(brands.id));
  return rows.map((r) => ({ id: String(r.id), context: '', fields: [{ field: 'name', source: r.name }] }));
}
