import { LANGUAGE_TAGS, type Language } from '@grocer/shared/languages';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * What a printed document in a customer's language needs (issue 46 §5: receipts, invoices): its
 * `lang`, and for Hindi and Kannada the script's font, so a till's or a laptop's browser without
 * Devanagari or Kannada fonts still prints them. The font is the Noto Sans subset of the script
 * (npm @fontsource, regular and bold), inlined as data in the page: a receipt is printed from its
 * own page (and kept offline), with nothing else to fetch. English needs nothing.
 */
const SCRIPT_FONTS: Partial<Record<Language, { pkg: string; family: string; subset: string }>> = {
  hi: { pkg: '@fontsource/noto-sans-devanagari', family: 'Noto Sans Devanagari', subset: 'devanagari' },
  kn: { pkg: '@fontsource/noto-sans-kannada', family: 'Noto Sans Kannada', subset: 'kannada' },
};

const require = createRequire(import.meta.url);
// the same files for every website and database: read once per process
const made = new Map<Language, string>();

/**
 * The @font-face rules of the language's script (empty for English), and the family to put first
 * in the page's font list: limited to the script by its unicode-range, it takes the script's
 * characters (and the joiners between them) while the page's own fonts keep the rest. Put after
 * a system font, Chrome may shape a run with the system font and draw empty boxes.
 */
export function documentFont(language: Language): { css: string; family: string | null } {
  const f = SCRIPT_FONTS[language];
  if (!f) return { css: '', family: null };
  let css = made.get(language);
  if (css === undefined) {
    const dir = path.join(path.dirname(require.resolve(`${f.pkg}/package.json`)), 'files');
    const id = f.pkg.split('/')[1]!;
    const range = (JSON.parse(readFileSync(path.join(dir, '..', 'unicode.json'), 'utf8')) as Record<string, string>)[f.subset];
    css = [400, 700]
      .map((w) => {
        const data = readFileSync(path.join(dir, `${id}-${f.subset}-${w}-normal.woff2`)).toString('base64');
        return `@font-face{font-family:'${f.family}';font-style:normal;font-weight:${w};src:url(data:font/woff2;base64,${data}) format('woff2')${range ? `;unicode-range:${range}` : ''}}`;
      })
      .join('');
    made.set(language, css);
  }
  return { css, family: `'${f.family}'` };
}

/** The `lang` attribute of a document in the language ('en' stays 'en', as the pages always said). */
export const documentLang = (language: Language): string => (language === 'en' ? 'en' : LANGUAGE_TAGS[language]);
