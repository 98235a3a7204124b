import { fillMessage } from '@grocer/shared/i18n';
import { LANGUAGE_TAGS } from '@grocer/shared/language-names';
import type { Language } from '@grocer/shared/languages';

/**
 * The storefront's strings in the page's language (issue 46). The English text is the message id,
 * so English renders exactly as written (spec strings stay exact) from the id itself: its ICU
 * arguments and plurals are filled in by `english` below, and no English catalogue is shipped.
 * Hindi and Kannada come from catalogues compiled ahead of time by Lingui (`npm run i18n -w
 * @grocer/web`) and said by a small reader of them (locales/reader.ts, Lingui's output without its
 * core): the browser loads the reader and the page language's first catalogue as chunks of their
 * own before hydrating, the route's messages with its route (locales/load.ts); the server has them all.
 *
 * One language is active at a time: the browser's never changes (switching reloads the page), and
 * the server activates the request's language right before its synchronous render (entry-server).
 */
type Catalogues = (lang: Language, id: string, values?: Record<string, unknown>) => string | undefined;
let catalogues: Catalogues | null = null;
let current: Language = 'en';

/** How Hindi and Kannada are looked up (locales/reader.ts sets it once loaded). */
export function setCatalogues(lookup: Catalogues) {
  catalogues = lookup;
}

/** Makes `lang` the page's language (its catalogue loaded first: locales/load.ts). */
export function activate(lang: Language) {
  current = lang;
}

/** The page's language. */
export const language = (): Language => current;
/** Its BCP 47 tag for Intl ('hi-IN'). */
export const languageTag = (): string => LANGUAGE_TAGS[current];

/**
 * A storefront string in the page's language: `t('Add to cart')`, `t('Hello {name}', { name })`,
 * `t('{count, plural, one {# item} other {# items}}', { count })` (ICU MessageFormat). The first
 * argument is one string literal (or a `msg`-marked one), which the extractor reads. A message a
 * catalogue lacks is said in English.
 */
export function t(id: string, values?: Record<string, unknown>): string {
  if (current !== 'en' && catalogues) {
    const said = catalogues(current, id, values);
    if (said !== undefined) return said;
  }
  return values ? english(id, values) : id;
}

/** Marks an English string for extraction where it cannot be translated yet (a module constant): render it with `t(x)`. */
export const msg = <S extends string>(id: S): S => id;

/** An English message with its arguments (the one filler, packages/shared/i18n.ts). */
export const english = (message: string, values: Record<string, unknown>): string => fillMessage(message, values);
