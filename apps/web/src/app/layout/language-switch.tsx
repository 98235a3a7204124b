import { LANGUAGE_NAMES, LANGUAGE_TAGS } from '@grocer/shared/language-names';
import type { Language } from '@grocer/shared/languages';
import { Languages } from 'lucide-react';
import { useState } from 'react';
import { api } from '../../lib/api';
import { language, t } from '../../lib/i18n';

/**
 * Keeps the choice (the `lang` cookie, and the account once signed in: PUT /s/api/language), then
 * opens the same page with `?lang=`, which the server renders in that language. A failed save
 * still switches this page (the URL asks for the language).
 */
export async function chooseLanguage(next: Language) {
  try {
    await api('/api/language', { method: 'PUT', body: { language: next } });
  } catch {
    // the URL below still speaks it
  }
  const url = new URL(location.href);
  url.searchParams.set('lang', next);
  location.assign(url.toString());
}

/**
 * The language switch (issue 46), each offered language named in itself; nothing when the
 * website offers one. `list`: the phone menu's buttons; otherwise the header's select.
 */
export function LanguageSwitch({ languages, list = false }: { languages: readonly Language[]; list?: boolean }) {
  const [busy, setBusy] = useState<Language | null>(null);
  if (languages.length < 2) return null;
  const current = language();
  const choose = (next: Language) => {
    if (next === current || busy) return;
    setBusy(next);
    void chooseLanguage(next);
  };
  if (list)
    return (
      <div className="border-t px-4 py-3" role="group" aria-label={t('Language')} data-testid="menu-languages">
        <p className="mb-2 flex items-center gap-1 text-xs font-semibold tracking-wide text-gray-500 uppercase">
          <Languages size={14} aria-hidden="true" />
          {t('Language')}
        </p>
        <div className="flex flex-wrap gap-2">
          {languages.map((l) => (
            <button
              key={l}
              type="button"
              lang={LANGUAGE_TAGS[l]}
              aria-pressed={l === current}
              disabled={busy !== null}
              onClick={() => choose(l)}
              className={`min-h-11 rounded-full border px-4 text-sm font-medium ${
                l === current ? 'border-[var(--color-primary)] bg-[var(--color-primary)] text-white' : 'border-gray-300 hover:bg-gray-50'
              }`}
            >
              {LANGUAGE_NAMES[l]}
            </button>
          ))}
        </div>
      </div>
    );
  return (
    <label className="relative hidden min-h-11 items-center gap-1 rounded-md px-2 text-sm hover:bg-gray-100 sm:flex">
      <Languages size={18} aria-hidden="true" />
      <span className="sr-only">{t('Language')}</span>
      <select
        value={current}
        disabled={busy !== null}
        onChange={(e) => choose(e.currentTarget.value as Language)}
        className="cursor-pointer appearance-none bg-transparent pr-1 text-sm font-medium outline-none"
        data-testid="header-language"
      >
        {languages.map((l) => (
          <option key={l} value={l} lang={LANGUAGE_TAGS[l]}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
