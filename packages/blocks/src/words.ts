/**
 * The blocks' few words in the page's language (issue 46): the storefront sets its translator
 * (apps/web lib/i18n `t`, whose extractor reads these `t('…')` calls too); elsewhere (the page
 * builder's preview) they stay English, arguments filled in.
 */
type Translate = (id: string, values?: Record<string, unknown>) => string;

const english: Translate = (id, values) =>
  values ? id.replace(/\{(\w+)\}/g, (all, k: string) => (k in values ? String(values[k]) : all)) : id;
let translate: Translate = english;

export const t: Translate = (id, values) => translate(id, values);

export function setTranslator(fn: Translate): void {
  translate = fn;
}
