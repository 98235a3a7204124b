import { z } from 'zod';
import { BLOCK_TEXT_FIELDS, blockTextPattern } from './blocks';
import { LANGUAGES, type Language } from './languages';

/**
 * Translated catalogue and content (issue 46 §2). A product, category, brand, navigation item or
 * page block holds its text in the website's default language; a translation holds one field of it
 * in another language the website offers. A page block's id is `'<pageId>:<blockId>'`.
 */
export const TRANSLATION_ENTITIES = ['product', 'category', 'brand', 'nav_item', 'block'] as const;
export type TranslationEntity = (typeof TRANSLATION_ENTITIES)[number];

/**
 * The fields each kind can translate, named as the row's column. A page block's are the texts its
 * schema marks (`BLOCK_TEXT_FIELDS`, @grocer/shared/blocks): a title, a rich text's HTML, a hero
 * slide's heading…; those in a list are patterns ('slides.*.heading'), a translation is kept per
 * item ('slides.0.heading').
 */
export const TRANSLATION_FIELDS: Record<TranslationEntity, readonly string[]> = {
  product: ['name', 'description'],
  category: ['name'],
  brand: ['name'],
  nav_item: ['name'],
  block: BLOCK_TEXT_FIELDS.map((f) => f.pattern),
};

/** Whether `field` is one `entity` translates (a block's: a list item's place matches its pattern). */
export const isTranslationField = (entity: TranslationEntity, field: string) =>
  TRANSLATION_FIELDS[entity].includes(entity === 'block' ? blockTextPattern(field) : field);

/** A page block's id in `translations`: its page and its name (kept when the page is published again). */
export const blockTranslationId = (pageId: number, name: string) => `${pageId}:${name}`;

/** The longest translation kept: a description or a rich text's HTML; a name or title is shorter. */
export const TRANSLATION_MAX = 5000;
const LONG_FIELDS = new Set(['description', 'html']);
export const maxLengthOf = (field: string) => (LONG_FIELDS.has(field) ? TRANSLATION_MAX : 200);

/** Each language in English (the staff app speaks English). */
export const LANGUAGE_ENGLISH_NAMES: Record<Language, string> = { en: 'English', hi: 'Hindi', kn: 'Kannada' };

/** Each field as the editor names it ("124 / 1,200 product names"). */
export const TRANSLATION_FIELD_LABELS: Record<TranslationEntity, Record<string, string>> = {
  product: { name: 'product names', description: 'product descriptions' },
  category: { name: 'category names' },
  brand: { name: 'brand names' },
  nav_item: { name: 'menu items' },
  block: Object.fromEntries(BLOCK_TEXT_FIELDS.map((f) => [f.pattern, f.label])),
};

/** Each kind as the editor names it. */
export const TRANSLATION_KIND_LABELS: Record<TranslationEntity, string> = {
  product: 'Products',
  category: 'Categories',
  brand: 'Brands',
  nav_item: 'Navigation',
  block: 'Page blocks',
};

export const isTranslationEntity = (v: unknown): v is TranslationEntity =>
  typeof v === 'string' && (TRANSLATION_ENTITIES as readonly string[]).includes(v);

/** The languages a website can have translations in: the offered ones but its default. */
export const translationLanguages = (offered: readonly Language[], defaultLanguage: Language): Language[] =>
  offered.filter((l) => l !== defaultLanguage);

// ---- Administration → Translations (issue 46 §2)

/** GET /s/api/admin/translations: one kind's texts beside their translations in one language. */
export const translationListQuerySchema = z.object({
  language: z.enum(LANGUAGES),
  entity: z.enum(TRANSLATION_ENTITIES),
  /** words of the default text or of the translation */
  q: z.string().trim().max(100).optional(),
  /** only rows with a field not translated yet */
  missing: z.stringbool().optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(25),
});
export type TranslationListQuery = z.infer<typeof translationListQuerySchema>;

export const translationFieldSchema = z.object({
  field: z.string(),
  /** the default-language text */
  source: z.string(),
  /** the translation, null when missing */
  value: z.string().nullable(),
});
export const translationRowSchema = z.object({
  /** the row's id as `translations` keeps it (a page block: '<pageId>:<name>') */
  id: z.string(),
  /** where it is, in the owner's words ("Footer", "/ · Shop by category", a product's brand) */
  context: z.string(),
  fields: z.array(translationFieldSchema),
});
export type TranslationRow = z.infer<typeof translationRowSchema>;
export const translationListSchema = z.object({
  data: z.array(translationRowSchema),
  meta: z.object({ total: z.number().int(), page: z.number().int(), perPage: z.number().int() }),
});
export type TranslationList = z.infer<typeof translationListSchema>;

/** PUT /s/api/admin/translations: translations to keep; an empty value removes one (the default text shows). */
export const translationSaveSchema = z.object({
  language: z.enum(LANGUAGES),
  entity: z.enum(TRANSLATION_ENTITIES),
  items: z
    .array(
      z.object({ id: z.string().min(1).max(300), field: z.string().min(1).max(40), value: z.string().max(TRANSLATION_MAX, 'Too long') }),
    )
    .min(1, 'Nothing to save')
    .max(200, 'At most 200 at a time'),
});
export type TranslationSave = z.infer<typeof translationSaveSchema>;
export const translationSaveResultSchema = z.object({ saved: z.number().int(), removed: z.number().int() });

/** GET /s/api/admin/translations/progress: per offered language, how many of each kind's texts are translated. */
export const translationProgressSchema = z.object({
  defaultLanguage: z.enum(LANGUAGES),
  languages: z.array(
    z.object({
      language: z.enum(LANGUAGES),
      kinds: z.array(
        z.object({ entity: z.enum(TRANSLATION_ENTITIES), field: z.string(), done: z.number().int(), total: z.number().int() }),
      ),
    }),
  ),
});
export type TranslationProgress = z.infer<typeof translationProgressSchema>;
