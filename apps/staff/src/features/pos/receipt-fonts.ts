import type { Language } from '@grocer/shared/languages';
import devanagari400 from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2?url';
import devanagari700 from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff2?url';
import kannada400 from '@fontsource/noto-sans-kannada/files/noto-sans-kannada-kannada-400-normal.woff2?url';
import kannada700 from '@fontsource/noto-sans-kannada/files/noto-sans-kannada-kannada-700-normal.woff2?url';

/**
 * The script fonts a receipt in Hindi or Kannada prints with (issue 46 §5), for the receipt's CSS
 * only (the staff app's own screens stay English): the Noto Sans subsets of the npm packages the
 * storefront uses, built as files of the staff app. The server's receipts inline the same fonts.
 */
const FONTS: Partial<Record<Language, { family: string; files: Array<[number, string]> }>> = {
  hi: {
    family: 'Noto Sans Devanagari',
    files: [
      [400, devanagari400],
      [700, devanagari700],
    ],
  },
  kn: {
    family: 'Noto Sans Kannada',
    files: [
      [400, kannada400],
      [700, kannada700],
    ],
  },
};

/** The @font-face rules of the language's script and the family to print with (nothing for English). */
export function receiptFont(language: Language): { css: string; family: string | null } {
  const f = FONTS[language];
  if (!f) return { css: '', family: null };
  const base = typeof location === 'undefined' ? '' : location.origin;
  const css = f.files
    .map(([w, url]) => `@font-face{font-family:'${f.family}';font-weight:${w};src:url(${base}${url}) format('woff2')}`)
    .join('');
  return { css, family: `'${f.family}'` };
}

/**
 * Fetches the language's receipt fonts while the till is online (its customer was just looked
 * up), so an offline receipt printed later finds them in the browser's cache (hashed, immutable).
 */
export function warmReceiptFont(language: Language | undefined): void {
  const f = language ? FONTS[language] : undefined;
  for (const [, url] of f?.files ?? []) void fetch(url).catch(() => undefined);
}
