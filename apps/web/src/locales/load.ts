import type { Language } from '@grocer/shared/languages';
import { activate, language } from '../lib/i18n';
import type { Catalogue } from './reader';
import type { CatalogueFile } from './catalogue';

/**
 * The browser loads only the page's language, and of it only what the page says: English is the
 * source itself (no catalogue); Hindi and Kannada come as chunks of their own (the reader and the
 * first catalogue before hydration, so the first render matches the server's; a route group's
 * catalogue with its route module, `withMessages`). The later catalogue (everything the app loads
 * lazily: overlays, the account, checkout and sign-in pages, catalogue.ts `splitMessages`) follows
 * at the first interaction, and any lazy module that speaks awaits it (`withLater`).
 */
const FILES: Record<Exclude<Language, 'en'>, Record<CatalogueFile, () => Promise<{ messages: Catalogue }>>> = {
  hi: {
    messages: () => import('./hi/messages'),
    page: () => import('./hi/page'),
    products: () => import('./hi/products'),
    product: () => import('./hi/product'),
    more: () => import('./hi/more'),
  },
  kn: {
    messages: () => import('./kn/messages'),
    page: () => import('./kn/page'),
    products: () => import('./kn/products'),
    product: () => import('./kn/product'),
    more: () => import('./kn/more'),
  },
};
const loading = new Map<CatalogueFile, Promise<void>>();

/** One compiled file of the page's language, once (nothing for English, nor on the server, which has all: locales/all.ts). */
function load(file: CatalogueFile, lang: Language = language()): Promise<void> {
  if (lang === 'en' || typeof document === 'undefined') return Promise.resolve();
  let done = loading.get(file);
  if (!done) {
    done = Promise.all([import('./reader'), FILES[lang][file]()]).then(([{ loadCatalogue }, { messages }]) =>
      loadCatalogue(lang, messages),
    );
    loading.set(file, done);
  }
  return done;
}

/** Loads the page's language (its first catalogue) and makes it the page's. */
export async function loadLanguage(lang: Language) {
  await load('messages', lang);
  activate(lang);
}

/** The page language's later catalogue, once. */
export const loadLaterMessages = (): Promise<void> => load('more');

/** A lazily imported module that says messages of the later catalogue: it and the catalogue, before it renders. */
export const withLater = async <M>(module: Promise<M>): Promise<M> => (await Promise.all([module, loadLaterMessages()]))[0];

/** A route module of a route group (catalogue.ts ROUTE_GROUPS): it and its group's messages, before it renders. */
export const withMessages = async <M>(group: Exclude<CatalogueFile, 'messages' | 'more'>, module: Promise<M>): Promise<M> =>
  (await Promise.all([module, load(group)]))[0];

/** Starts loading the later catalogue at the shopper's first tap, key or scroll (never in the first load). */
export function loadLaterMessagesOnFirstInteraction() {
  if (language() === 'en') return;
  const go = () => {
    for (const e of ['pointerdown', 'keydown', 'scroll'] as const) removeEventListener(e, go);
    void loadLaterMessages();
  };
  for (const e of ['pointerdown', 'keydown', 'scroll'] as const) addEventListener(e, go, { passive: true });
}
