import { z } from 'zod';

/**
 * The languages a storefront can speak (issue 46). English is the spec's language: every string the
 * spec quotes stays exact in English; Hindi and Kannada come from message catalogues. A website
 * offers a subset (`website_settings.languages`, always including its default); a shopper's choice
 * is kept in the `lang` cookie and, once signed in, on their account (`users.language`).
 */
export const LANGUAGES = ['en', 'hi', 'kn'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language named in itself (LANGUAGE_NAMES) and its BCP 47 tag (LANGUAGE_TAGS): zod-free, for the storefront's first load. */
export { LANGUAGE_NAMES, LANGUAGE_TAGS } from './language-names';

/** The cookie that keeps a shopper's choice before (and beside) the account. */
export const LANGUAGE_COOKIE = 'lang';

export const isLanguage = (v: unknown): v is Language => typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);

/**
 * The language to speak: the first of the asked-for languages (URL, cookie, account, in the order
 * given) the website offers, else the website's default.
 */
export function pickLanguage(asked: readonly (string | null | undefined)[], offered: readonly Language[], fallback: Language): Language {
  for (const a of asked) if (isLanguage(a) && offered.includes(a)) return a;
  return offered.includes(fallback) ? fallback : (offered[0] ?? 'en');
}

/** One of LANGUAGES (in a contract). */
export const languageSchema = z.enum(LANGUAGES);

/**
 * PUT /s/api/language: the shopper's choice, kept in the `lang` cookie and, signed in, on the
 * account; 204. Any string is read so that an unknown code and one the shop does not offer get the
 * same 400 ("This shop does not offer that language").
 */
export const chooseLanguageSchema = z.object({ language: z.string().max(10) });
export type ChooseLanguage = z.infer<typeof chooseLanguageSchema>;
