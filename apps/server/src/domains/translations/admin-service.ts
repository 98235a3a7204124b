import type { Language } from '@grocer/shared/languages';
import { blockTextPattern } from '@grocer/shared/blocks';
import { LANGUAGE_NAMES } from '@grocer/shared/languages';
import {
  isTranslationField,
  maxLengthOf,
  TRANSLATION_ENTITIES,
  TRANSLATION_FIELDS,
  TRANSLATION_KIND_LABELS,
  type TranslationList,
  type TranslationListQuery,
  type TranslationProgress,
  type TranslationSave,
} from '@grocer/shared/translations';
import type { Db } from '../../db/client';
import { invalidateWebsite } from '../../http/cache';
import { Errors } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit';
import { sanitizeDescription } from '../catalogue';
import { refreshProductIndex } from '../catalogue';
import { brandTexts, categoryTexts, productTexts, productTranslationPage, productTranslationProgress } from '../catalogue';
import { blockTexts } from '../content';
import { websiteLanguages } from '../website';
import { navItemTexts } from '../website';
import { translate, translationsOf, upsertTranslations } from './service';
import type { SmallEntity, SourceTexts } from './texts';

/** A field as the progress counts it: a page block's list item's ('slides.0.heading') as its pattern. */
const patternOf = (entity: SmallEntity, field: string) => (entity === 'block' ? blockTextPattern(field) : field);

/**
 * Administration → Translations (issue 46 §2): each kind's default-language texts beside their
 * translations in one of the website's other languages, the progress per language, and saving.
 * The texts come from their owning domains (catalogue, website menus, content pages).
 */

const SMALL: Record<SmallEntity, (db: Db, websiteId: number) => Promise<SourceTexts[]>> = {
  category: categoryTexts,
  brand: brandTexts,
  nav_item: navItemTexts,
  block: blockTexts,
};

/** The website's languages other than its default: those a translation can be in. */
async function otherLanguages(db: Db, websiteId: number): Promise<{ defaultLanguage: Language; others: Language[] }> {
  const { languages, defaultLanguage } = await websiteLanguages(db, websiteId);
  return { defaultLanguage, others: languages.filter((l) => l !== defaultLanguage) };
}

async function assertTranslatable(db: Db, websiteId: number, language: Language): Promise<void> {
  const { defaultLanguage, others } = await otherLanguages(db, websiteId);
  if (language === defaultLanguage)
    throw Errors.invalid({ language: [`${LANGUAGE_NAMES[language]} is this shop’s default language: edit the texts themselves`] });
  if (!others.includes(language)) throw Errors.invalid({ language: ['This shop does not offer that language'] });
}

/** GET /s/api/admin/translations: one page of a kind's texts beside their translations. */
export async function listTranslations(db: Db, websiteId: number, query: TranslationListQuery): Promise<TranslationList> {
  await assertTranslatable(db, websiteId, query.language);
  const meta = { page: query.page, perPage: query.perPage };
  if (query.entity === 'product') {
    const { data, total } = await productTranslationPage(db, websiteId, query);
    return { data, meta: { ...meta, total } };
  }
  const [texts, found] = await Promise.all([
    SMALL[query.entity](db, websiteId),
    translationsOf(db, websiteId, query.language, query.entity),
  ]);
  const q = query.q?.toLowerCase();
  const rows = texts
    .map((t) => ({ ...t, fields: t.fields.map((f) => ({ ...f, value: found.get(t.id)?.get(f.field) ?? null })) }))
    .filter((r) => !query.missing || r.fields.some((f) => f.value === null))
    .filter(
      (r) =>
        !q ||
        r.context.toLowerCase().includes(q) ||
        r.fields.some((f) => f.source.toLowerCase().includes(q) || !!f.value?.toLowerCase().includes(q)),
    );
  const start = (query.page - 1) * query.perPage;
  return { data: rows.slice(start, start + query.perPage), meta: { ...meta, total: rows.length } };
}

/** GET /s/api/admin/translations/progress: per other language, each kind's fields translated of all. */
export async function translationProgress(db: Db, websiteId: number): Promise<TranslationProgress> {
  const { defaultLanguage, others } = await otherLanguages(db, websiteId);
  const small = await Promise.all(
    TRANSLATION_ENTITIES.filter((e) => e !== 'product').map(async (e) => [e, await SMALL[e](db, websiteId)] as const),
  );
  const languages = await Promise.all(
    others.map(async (language) => {
      const kinds: TranslationProgress['languages'][number]['kinds'] = await productTranslationProgress(db, websiteId, language);
      for (const [entity, texts] of small) {
        const found = await translationsOf(db, websiteId, language, entity);
        // per field (a page block's texts in a list counted per item: 'slides.*.heading' of every slide)
        for (const field of TRANSLATION_FIELDS[entity]) {
          const having = texts.flatMap((t) =>
            t.fields.filter((f) => patternOf(entity, f.field) === field).map((f) => [t.id, f.field] as const),
          );
          if (!having.length) continue;
          kinds.push({ entity, field, total: having.length, done: having.filter(([id, f]) => found.get(id)?.has(f)).length });
        }
      }
      return { language, kinds };
    }),
  );
  return { defaultLanguage, languages };
}

/**
 * PUT /s/api/admin/translations: keeps the translations given (an empty value removes one), all
 * or nothing: every id must be one of the website's rows of that kind with text in that field, the
 * language one the website offers besides its default, each value within its field's length.
 * Audited per row (before and after); the search index takes translated names at once.
 */
export async function saveTranslations(db: Db, actor: AuditActor, body: TranslationSave): Promise<{ saved: number; removed: number }> {
  const { websiteId } = actor;
  await assertTranslatable(db, websiteId, body.language);
  const sources = await sourceTextsOf(
    db,
    websiteId,
    body.entity,
    body.items.map((i) => i.id),
  );
  const errors: Record<string, string[]> = {};
  const seen = new Set<string>();
  body.items.forEach((item, i) => {
    const source = sources.get(item.id);
    if (!source)
      errors[`items.${i}.id`] = [`No such ${TRANSLATION_KIND_LABELS[body.entity].toLowerCase().replace(/s$/, '')} on this website`];
    else if (!isTranslationField(body.entity, item.field) || !source.fields.some((f) => f.field === item.field))
      errors[`items.${i}.field`] = [`Nothing to translate in “${item.field}”`];
    else if (item.value.trim().length > maxLengthOf(item.field))
      errors[`items.${i}.value`] = [`Too long: at most ${maxLengthOf(item.field)} characters`];
    else if (seen.has(`${item.id}\u0000${item.field}`)) errors[`items.${i}.field`] = ['Given twice'];
    seen.add(`${item.id}\u0000${item.field}`);
  });
  if (Object.keys(errors).length) throw Errors.invalid(errors);

  const ids = [...new Set(body.items.map((i) => i.id))];
  const result = await db.transaction(async (tx) => {
    const before = await translate(tx, websiteId, body.language, body.entity, ids);
    await upsertTranslations(
      tx,
      websiteId,
      body.items.map((i) => ({
        entity: body.entity,
        entityId: i.id,
        field: i.field,
        language: body.language,
        // a description is HTML, kept as safe as the default one (a block's HTML is sanitised when served)
        value: body.entity === 'product' && i.field === 'description' ? sanitizeDescription(i.value) : i.value,
      })),
    );
    const after = await translate(tx, websiteId, body.language, body.entity, ids);
    const snapshot = (m: Map<string, string> | undefined) => Object.fromEntries([...(m ?? new Map<string, string>())].sort());
    await recordAudit(
      tx,
      actor,
      ids.map((id) => ({
        entity: 'translation',
        entityId: `${body.entity}:${id}:${body.language}`,
        action: 'update',
        before: snapshot(before.get(id)),
        after: snapshot(after.get(id)),
        label: `${sources.get(id)!.fields[0]!.source.slice(0, 120)} (${LANGUAGE_NAMES[body.language]})`,
      })),
    );
    // translated names are searchable (catalogue/search.ts): the products', or every product's for a category or brand
    const named = body.items.some((i) => i.field === 'name');
    if (named && body.entity === 'product') await refreshProductIndex(tx, websiteId, ids.map(Number));
    else if (named && (body.entity === 'category' || body.entity === 'brand')) await refreshProductIndex(tx, websiteId);
    const removed = body.items.filter((i) => i.value.trim() === '').length;
    return { saved: body.items.length - removed, removed };
  });
  invalidateWebsite(websiteId);
  return result;
}

/** The default texts of the rows `ids` names (those of the website only). */
async function sourceTextsOf(
  db: Db,
  websiteId: number,
  entity: TranslationSave['entity'],
  ids: string[],
): Promise<Map<string, SourceTexts>> {
  if (entity !== 'product') return new Map((await SMALL[entity](db, websiteId)).map((t) => [t.id, t]));
  const numeric = ids.filter((id) => /^[1-9]\d{0,9}$/.test(id) && Number(id) <= 2 ** 31 - 1).map(Number);
  const found = await productTexts(db, websiteId, numeric);
  return new Map(
    [...found].map(([id, p]) => [
      String(id),
      {
        id: String(id),
        context: '',
        fields: [{ field: 'name', source: p.name }, ...(p.description ? [{ field: 'description', source: p.description }] : [])],
      },
    ]),
  );
}
