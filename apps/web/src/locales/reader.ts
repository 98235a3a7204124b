import { LANGUAGE_TAGS } from '@grocer/shared/language-names';
import type { Language } from '@grocer/shared/languages';
import { setCatalogues } from '../lib/i18n';
import { keyOf } from './key';

/**
 * Hindi and Kannada said from their compiled catalogues (issue 46): a chunk the browser loads only
 * for a page in one of them (locales/load.ts), in place of Lingui's core, whose output it gives
 * (catalogues.test.ts runs every message through both). A compiled message is Lingui's compiled
 * form (`compileMessage`, scripts/i18n.ts): a text, or a list of texts, `'#'` (a plural's count),
 * `[name]` (an argument) and `[name, 'plural' | 'selectordinal' | 'select', cases]`.
 */
export type Compiled = string | Part[];
type Part = string | [name: string, type?: string, cases?: Record<string, Compiled | number>];
/** A compiled catalogue: message key (`keyOf` the English id) → compiled message. */
export type Catalogue = Record<string, Compiled>;

const catalogues: Partial<Record<Language, Catalogue>> = {};
const formats: Partial<Record<string, { count: Intl.NumberFormat; cardinal: Intl.PluralRules; ordinal: Intl.PluralRules }>> = {};

/** Adds compiled messages to a language's catalogue. */
export function loadCatalogue(lang: Exclude<Language, 'en'>, messages: Catalogue) {
  catalogues[lang] = { ...catalogues[lang], ...messages };
}

setCatalogues((lang, id, values) => {
  const message = catalogues[lang]?.[keyOf(id)];
  return message === undefined ? undefined : say(message, values ?? {}, lang);
});

const own = (o: object, key: PropertyKey) => Object.prototype.hasOwnProperty.call(o, key);

/** A compiled message with its arguments; `count` is the enclosing plural's number, for '#'. */
export function say(message: Compiled, values: Record<string, unknown>, lang: Language, count?: number): string {
  if (typeof message === 'string') return message;
  // Lingui formats with the language's tag and English after it
  const tags = [LANGUAGE_TAGS[lang], 'en'];
  const f = (formats[lang] ??= {
    count: new Intl.NumberFormat(tags),
    cardinal: new Intl.PluralRules(tags),
    ordinal: new Intl.PluralRules(tags, { type: 'ordinal' }),
  });
  let out = '';
  for (const part of message) {
    if (typeof part === 'string') {
      out += part === '#' && count !== undefined ? f.count.format(count) : part;
      continue;
    }
    const [name, type, cases = {}] = part;
    const value = own(values, name) ? values[name] : undefined;
    let chosen: Compiled | number | undefined;
    let n: number | undefined;
    if (type === 'plural' || type === 'selectordinal') {
      n = (value as number) - ((cases.offset as number | undefined) ?? 0);
      chosen = cases[value as string] ?? cases[f[type === 'plural' ? 'cardinal' : 'ordinal'].select(n)] ?? cases.other;
    } else if (type === 'select') chosen = (own(cases, value as string) ? cases[value as string] : undefined) ?? cases.other;
    else if (value != null) out += value as string;
    if (chosen !== undefined) out += say(chosen as Compiled, values, lang, n);
  }
  return out;
}
