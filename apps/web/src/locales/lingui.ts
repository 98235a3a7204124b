import { setupI18n, type Messages } from '@lingui/core';
import { LANGUAGE_TAGS } from '@grocer/shared/language-names';
import type { Language } from '@grocer/shared/languages';
import { setCatalogues } from '../lib/i18n';

/**
 * Hindi and Kannada through Lingui's core (compiled catalogues, no macros): a chunk the browser
 * loads only for a page in one of them (locales/load.ts), with that language's catalogue.
 */
const i18n = setupI18n();

setCatalogues((lang, id, values) => {
  if (i18n.locale !== lang) i18n.activate(lang, [LANGUAGE_TAGS[lang]]);
  return Object.prototype.hasOwnProperty.call(i18n.messages, id) ? i18n._(id, values) : undefined;
});

/** Loads a language's compiled catalogue. */
export function loadCatalogue(lang: Exclude<Language, 'en'>, messages: Messages) {
  i18n.load(lang, messages);
}
