import type { Language } from './languages';

/*
 * The languages' names and tags without zod (languages.ts, which re-exports these, also holds the
 * contracts' schemas): the storefront's first load imports them, and zod is 25 KB of it.
 */

/** Each language named in itself, as the switch shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी', kn: 'ಕನ್ನಡ' };

/** The BCP 47 tag for `lang`, `hreflang` and Intl (Indian English, so grouping is 1,00,000). */
export const LANGUAGE_TAGS: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN', kn: 'kn-IN' };
