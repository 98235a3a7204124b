import { fillMessage } from '@grocer/shared/i18n';

/**
 * The staff app's strings (issue 46 §5): the app stays English, its strings extracted so it can be
 * translated later. The English text is the message id, as on the storefront: `t('Save')`,
 * `t('Showing {from}–{to} of {total}', { from, to, total })`,
 * `t('{count, plural, one {# order} other {# orders}}', { count })` (ICU MessageFormat). The first
 * argument is one string literal (or a `msg`-marked one), which `npm run i18n -w @grocer/staff`
 * extracts to locales/en/messages.json.
 *
 * Translating later: a catalogue plugs in with `setCatalogue` (e.g. Lingui's compiled messages, as
 * the storefront's locales/lingui.ts does); until then, and for any message it lacks, English is
 * said from the id. Module-level texts (column headers, navigation) are read when their module
 * loads, so a language chosen at run time must be set before the app's chunks load.
 */
type Catalogue = (id: string, values?: Record<string, unknown>) => string | undefined;
let catalogue: Catalogue | null = null;

/** Plugs in a language's catalogue (it fills its own arguments and plurals); `null` goes back to English. */
export function setCatalogue(lookup: Catalogue | null) {
  catalogue = lookup;
}

/** A staff string: the English text (the id) with its ICU arguments, or the plugged-in catalogue's translation. */
export function t(id: string, values?: Record<string, unknown>): string {
  const said = catalogue?.(id, values);
  if (said !== undefined) return said;
  return values ? fillMessage(id, values) : id;
}

/** Marks an English string for extraction where it cannot be said yet (a module constant): render it with `t(x)`. */
export const msg = <S extends string>(id: S): S => id;
