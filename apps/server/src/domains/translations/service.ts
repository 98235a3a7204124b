import type { Language } from '@grocer/shared/languages';
import type { TranslationEntity } from '@grocer/shared/translations';
import { and, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { translations } from './tables';

/** `entityId → field → value` for the translations found (a missing field means: use the row's text). */
export type TranslationMap = Map<string, Map<string, string>>;

/**
 * The translations of many rows of one kind in one language, in one query, scoped to the website.
 * `fields` narrows to some fields (all when omitted). Callers asking for the website's default
 * language should not call this (the rows hold that text); it would return an empty map.
 */
export async function translate(
  db: DbOrTx,
  websiteId: number,
  language: Language,
  entity: TranslationEntity,
  ids: readonly (string | number)[],
  fields?: readonly string[],
): Promise<TranslationMap> {
  const out: TranslationMap = new Map();
  if (ids.length === 0) return out;
  const conds = [
    eq(translations.websiteId, websiteId),
    eq(translations.entity, entity),
    eq(translations.language, language),
    inArray(translations.entityId, [...new Set(ids.map(String))]),
  ];
  if (fields?.length) conds.push(inArray(translations.field, [...fields]));
  const rows = await db
    .select({ entityId: translations.entityId, field: translations.field, value: translations.value })
    .from(translations)
    .where(and(...conds));
  for (const r of rows) {
    let m = out.get(r.entityId);
    if (!m) out.set(r.entityId, (m = new Map()));
    m.set(r.field, r.value);
  }
  return out;
}

/** The translated field when there is one, else the default text. */
export function pick(map: TranslationMap, id: string | number, field: string, fallback: string): string;
export function pick(map: TranslationMap, id: string | number, field: string, fallback: string | null): string | null;
export function pick(map: TranslationMap, id: string | number, field: string, fallback: string | null): string | null {
  return map.get(String(id))?.get(field) ?? fallback;
}

export type TranslationRow = { entity: TranslationEntity; entityId: string; field: string; language: Language; value: string };

/**
 * Writes translations (insert or replace), one statement; an empty or blank value deletes the
 * translation instead (the field falls back to the default text). No validation of entity ids or
 * languages here: the admin service checks those; seeds call this directly.
 */
export async function upsertTranslations(db: DbOrTx, websiteId: number, rows: readonly TranslationRow[]): Promise<void> {
  const keep = rows.filter((r) => r.value.trim() !== '');
  const drop = rows.filter((r) => r.value.trim() === '');
  if (keep.length) {
    await db
      .insert(translations)
      .values(
        keep.map((r) => ({
          websiteId,
          entity: r.entity,
          entityId: r.entityId,
          field: r.field,
          language: r.language,
          value: r.value.trim(),
        })),
      )
      .onConflictDoUpdate({
        target: [translations.websiteId, translations.entity, translations.entityId, translations.field, translations.language],
        set: { value: sql`excluded.value`, updatedAt: sql`now()` },
      });
  }
  for (const r of drop) {
    await db
      .delete(translations)
      .where(
        and(
          eq(translations.websiteId, websiteId),
          eq(translations.entity, r.entity),
          eq(translations.entityId, r.entityId),
          eq(translations.field, r.field),
          eq(translations.language, r.language),
        ),
      );
  }
}

/**
 * A translation as a scalar subquery (null when missing), for the owning domain's own listing of
 * its rows beside their translations (the Translations editor, its progress): the row's id as
 * `entityId` (e.g. `sql\`${products.id}::text\``). One primary-key lookup per row.
 */
export const translationSql = (websiteId: number, entity: TranslationEntity, entityId: SQLWrapper, field: string, language: Language) =>
  sql<string | null>`(select t.value from ${translations} t where t.website_id = ${websiteId} and t.entity = ${entity}
    and t.entity_id = ${entityId} and t.field = ${field} and t.language = ${language})`;

/** Every translation of one kind in one language (the small kinds' editor: categories, brands, menus, blocks). */
export async function translationsOf(
  db: DbOrTx,
  websiteId: number,
  language: Language,
  entity: TranslationEntity,
): Promise<TranslationMap> {
  const rows = await db
    .select({ entityId: translations.entityId, field: translations.field, value: translations.value })
    .from(translations)
    .where(and(eq(translations.websiteId, websiteId), eq(translations.entity, entity), eq(translations.language, language)));
  const out: TranslationMap = new Map();
  for (const r of rows) {
    let m = out.get(r.entityId);
    if (!m) out.set(r.entityId, (m = new Map()));
    m.set(r.field, r.value);
  }
  return out;
}
