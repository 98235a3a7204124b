import type { Language } from '@grocer/shared/languages';
import { activate, language } from '../lib/i18n';

/**
 * The browser loads only the page's language: English is the source itself (no catalogue),
 * Hindi and Kannada come with Lingui's core as chunks of their own, fetched before hydration so
 * the first render matches the server's. Their later catalogue (the account, checkout and sign-in
 * pages' messages: catalogue.ts LATER_SOURCES) follows at the first interaction, or before one of
 * those pages renders (its route module awaits `loadLaterMessages`).
 */
export async function loadLanguage(lang: Language) {
  if (lang !== 'en') {
    const [{ loadCatalogue }, { messages }] = await Promise.all([
      import('./lingui'),
      lang === 'hi' ? import('./hi/messages') : import('./kn/messages'),
    ]);
    loadCatalogue(lang, messages);
  }
  activate(lang);
}

let later: Promise<void> | null = null;

/** The page language's later catalogue, once (nothing to load for English or on the server, which has all). */
export function loadLaterMessages(): Promise<void> {
  const lang = language();
  if (lang === 'en' || typeof document === 'undefined') return Promise.resolve();
  later ??= Promise.all([import('./lingui'), lang === 'hi' ? import('./hi/more') : import('./kn/more')]).then(
    ([{ loadCatalogue }, { messages }]) => loadCatalogue(lang, messages),
  );
  return later;
}

/** Starts loading the later catalogue at the shopper's first tap, key or scroll (never in the first load). */
export function loadLaterMessagesOnFirstInteraction() {
  if (language() === 'en') return;
  const go = () => {
    for (const e of ['pointerdown', 'keydown', 'scroll'] as const) removeEventListener(e, go);
    void loadLaterMessages();
  };
  for (const e of ['pointerdown', 'keydown', 'scroll'] as const) addEventListener(e, go, { passive: true });
}
