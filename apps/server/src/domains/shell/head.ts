import { imageUrl } from '@grocer/shared/image';
import { LANGUAGE_FONT_PRELOAD } from '@grocer/shared/language-fonts';
import type { Init } from '@grocer/shared/storefront';
import { LANGUAGE_TAGS, type Language } from '@grocer/shared/languages';
import { themeCss, themeVariables } from '@grocer/shared/theme';
import { siteFontHead } from './fonts';

/** Text for HTML text and attribute positions: nothing from content can open a tag or attribute. */
export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** JSON inside <script>: '<' escaped so '</script>' or '<!--' in data cannot end the element. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The environment label and the DSN the browser's error SDK names in its envelopes (first-party:
 * a placeholder; the tunnel keeps them): the storefront's page and the staff app's shell alike.
 */
export function errorReportingMeta(config: { environment: string; sentryDsn?: string | null }): string {
  const dsn = config.sentryDsn || 'https://firstparty@errors.invalid/1';
  return [
    `<meta name="environment" content="${escapeHtml(config.environment)}" />`,
    `<meta name="error-dsn" content="${escapeHtml(dsn)}" />`,
  ].join('\n    ');
}

const fontPreload = (href: string | undefined) =>
  href ? `<link rel="preload" as="font" type="font/woff2" crossorigin href="${href}">` : '';

export interface HeadData {
  title: string;
  description: string;
  keywords: string;
  image: string;
  url: string;
  type: 'website' | 'product';
  jsonLd?: unknown[];
  /** the page's own schema_script (JSON-LD authored in the page builder) */
  schemaScript?: string | null;
  preloadImage?: string;
  noindex?: boolean;
  /** the address asked for names its language (`?lang=hi`): the canonical keeps it (issue 46) */
  languageInUrl?: boolean;
}

/** `url` with `?lang=` (or `&lang=`) set to `language`. */
export const withLanguage = (url: string, language: string) => `${url}${url.includes('?') ? '&' : '?'}lang=${language}`;

/**
 * One address per language for search engines (issue 46): an alternate per offered language
 * (`?lang=xx`) and `x-default`, the plain address. Nothing for a website of one language.
 */
export function languageAlternates(url: string, languages: readonly Language[] | undefined): string {
  if (!languages || languages.length < 2) return '';
  return [
    ...languages.map((l) => `<link rel="alternate" hreflang="${LANGUAGE_TAGS[l]}" href="${escapeHtml(withLanguage(url, l))}">`),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(url)}">`,
  ].join('\n    ');
}

export function renderHead(
  h: HeadData,
  init: Pick<Init, 'web' | 'activetheme'> & Partial<Pick<Init, 'language' | 'languages'>>,
  cdn: string,
  origin: string,
): string {
  const abs = (src: string) => (src.startsWith('http') ? src : origin + imageUrl(src, 'large', cdn));
  const canonical = h.languageInUrl && init.language ? withLanguage(h.url, init.language) : h.url;
  const tags = [
    `<title>${escapeHtml(h.title)}</title>`,
    `<meta name="description" content="${escapeHtml(h.description)}">`,
    h.keywords ? `<meta name="keywords" content="${escapeHtml(h.keywords)}">` : '',
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    // (a page kept out of search results names no versions of itself)
    h.noindex ? '' : languageAlternates(h.url, init.languages),
    `<meta property="og:title" content="${escapeHtml(h.title)}">`,
    `<meta property="og:description" content="${escapeHtml(h.description)}">`,
    `<meta property="og:type" content="${h.type}">`,
    `<meta property="og:url" content="${escapeHtml(canonical)}">`,
    `<meta property="og:site_name" content="${escapeHtml(init.web.name)}">`,
    h.image ? `<meta property="og:image" content="${escapeHtml(abs(h.image))}">` : '',
    `<meta name="twitter:card" content="summary_large_image">`,
    init.web.favicon ? `<link rel="icon" href="${escapeHtml(imageUrl(init.web.favicon, 'small', cdn))}">` : '',
    `<meta name="theme-color" content="${escapeHtml(init.activetheme.primary ?? '#0f766e')}">`,
    // installable: the website's manifest and a home-screen icon (shell/app-manifest.ts)
    '<link rel="manifest" href="/manifest.webmanifest">',
    '<link rel="apple-touch-icon" href="/app-icon/192.png">',
    // the site's colours and font from the first paint, not from hydration
    `<style id="site-theme">${themeCss(themeVariables(init.activetheme, init.web.font_family))}</style>`,
    // a chosen font other than Inter, from the fonts this server bundles
    siteFontHead(init.web.font_family),
    // a page in Hindi or Kannada: its script's Noto face (built by the web app), only on such pages
    fontPreload(LANGUAGE_FONT_PRELOAD[(init as Partial<Pick<Init, 'language'>>).language ?? 'en']),
    cdn ? `<meta name="cdn" content="${escapeHtml(cdn)}">` : '',
    h.noindex ? '<meta name="robots" content="noindex">' : '',
    h.preloadImage ? `<link rel="preload" as="image" href="${escapeHtml(h.preloadImage)}" fetchpriority="high">` : '',
    ...(h.jsonLd ?? []).map((j) => `<script type="application/ld+json">${scriptJson(j)}</script>`),
    h.schemaScript ? `<script type="application/ld+json">${h.schemaScript.replace(/<\/(script)/gi, '<\\/$1')}</script>` : '',
  ];
  return tags.filter(Boolean).join('\n    ');
}
