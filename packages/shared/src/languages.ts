/**
 * The languages a storefront can speak (issue 46). English is the spec's language: every string the
 * spec quotes stays exact in English; Hindi and Kannada come from message catalogues. A website
 * offers a subset (`website_settings.languages`, always including its default); a shopper's choice
 * is kept in the `lang` cookie and, once signed in, on their account (`users.language`).
 */
export const LANGUAGES = ['en', 'hi', 'kn'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language named in itself, as the switch shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी', kn: 'ಕನ್ನಡ' };

/** The BCP 47 tag for `lang`, `hreflang` and Intl (Indian English, so grouping is 1,00,000). */
export const LANGUAGE_TAGS: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN', kn: 'kn-IN' };

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
