import type { Language } from './languages';

/** The Noto Sans version the storefront bundles (@fontsource-variable/noto-sans-devanagari and -kannada). */
export const NOTO_VERSION = '5.3.0';

/**
 * The Noto face (one variable file, every weight) a page in Hindi or Kannada preloads (shell/head.ts): the web build names
 * these files so (apps/web/vite.config.ts, which fails the build when they differ), and its
 * styles.css declares them with font-display: swap. English pages preload neither.
 */
export const LANGUAGE_FONT_PRELOAD: Partial<Record<Language, string>> = {
  hi: `/assets/noto-sans-devanagari-devanagari-wght-normal-${NOTO_VERSION}.woff2`,
  kn: `/assets/noto-sans-kannada-kannada-wght-normal-${NOTO_VERSION}.woff2`,
};
