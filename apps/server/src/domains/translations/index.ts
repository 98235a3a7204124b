/** The translations module's published interface: what other modules use of it (issue 41 §1). */
export { pick, translate, translationSql, translationsOf, upsertTranslations } from './service';
export type { TranslationMap, TranslationRow } from './service';
export type { SourceTexts } from './texts';
