import type { TranslationEntity } from '@grocer/shared/translations';

/**
 * A row's texts in the website's default language, as its owning domain lists them for the
 * Translations editor: its id as `translations` keeps it, where it is in the owner's words, and
 * each translatable field with its text (fields with no text are left out: nothing to translate).
 */
export interface SourceTexts {
  id: string;
  context: string;
  fields: Array<{ field: string; source: string }>;
}

/** A domain's rows of one kind, all of them (the small kinds: categories, brands, menus, page blocks). */
export type TextsOf = (websiteId: number) => Promise<SourceTexts[]>;

export type SmallEntity = Exclude<TranslationEntity, 'product'>;
