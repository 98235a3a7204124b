import { LANGUAGE_FONT_PRELOAD } from '@grocer/shared/language-fonts';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@grocer/shared/languages';
import { languagesGroupProblems, type LanguagesGroup, type SiteSettings } from '@grocer/shared/site-settings';
import { Card } from '../../../components/ui/field';
import { GroupForm } from './group-form';
import { t } from '../../../lib/i18n';

/** Each language in English, beside its own name (the switch shows the own name). */
const ENGLISH_NAMES: Record<Language, string> = { en: 'English', hi: 'Hindi', kn: 'Kannada' };

/** The storefront's own Noto faces (served by this origin), so हिन्दी and ಕನ್ನಡ show on a computer without them. */
const SCRIPT_FACES = [
  [LANGUAGE_FONT_PRELOAD.hi, 'U+0900-097F, U+1CD0-1CFF, U+A8E0-A8FF'],
  [LANGUAGE_FONT_PRELOAD.kn, 'U+0C80-0CFF'],
]
  .map(([src, range]) => `@font-face{font-family:"Shop Scripts";src:url(${src}) format("woff2");unicode-range:${range};font-display:swap}`)
  .join('');

/**
 * Languages (issue 46): which languages the storefront offers and which one a first visit sees.
 * The default is always offered (its box cannot be unticked: choose another default first).
 */
export function LanguagesScreen({ settings }: { settings: SiteSettings }) {
  return (
    <GroupForm<LanguagesGroup>
      key={settings.version}
      title={t('Languages')}
      intro={t(
        'The languages shoppers can switch the shop to, and the one a first visit sees. Texts not yet translated show in the default language.',
      )}
      target="languages"
      value={settings.languages}
      version={settings.version}
      toBody={(d) => ({ ...d, languages: LANGUAGES.filter((l) => d.languages.includes(l)) })}
    >
      {(d, set, serverErrors) => {
        const problems = languagesGroupProblems(d);
        const error = serverErrors.languages ?? serverErrors.default_language ?? problems.languages?.[0] ?? problems.default_language?.[0];
        const toggle = (l: Language, on: boolean) =>
          set({ languages: on ? LANGUAGES.filter((x) => x === l || d.languages.includes(x)) : d.languages.filter((x) => x !== l) });
        return (
          <Card title={t('Languages')}>
            <style>{SCRIPT_FACES}</style>
            <table className="w-full text-sm">
              <thead>
                <tr className="border-b text-left text-xs text-gray-500">
                  <th className="py-2 font-medium">{t('Language')}</th>
                  <th className="w-28 py-2 text-center font-medium">{t('Offered')}</th>
                  <th className="w-28 py-2 text-center font-medium">{t('Default')}</th>
                </tr>
              </thead>
              <tbody>
                {LANGUAGES.map((l) => {
                  const offered = d.languages.includes(l);
                  const isDefault = d.default_language === l;
                  return (
                    <tr key={l} className="border-b last:border-0">
                      <td className="py-3">
                        <span className="text-base font-medium" lang={l} style={{ fontFamily: '"Shop Scripts", var(--font-sans)' }}>
                          {LANGUAGE_NAMES[l]}
                        </span>
                        {l !== 'en' && <span className="ml-2 text-gray-500">{ENGLISH_NAMES[l]}</span>}
                      </td>
                      <td className="py-3 text-center">
                        <input
                          type="checkbox"
                          className="size-4 accent-teal-700"
                          aria-label={t('Offer {ENGLISH_NAMES}', { ENGLISH_NAMES: ENGLISH_NAMES[l] })}
                          checked={offered}
                          disabled={isDefault}
                          title={isDefault ? t('The default language is always offered') : undefined}
                          onChange={(e) => toggle(l, e.target.checked)}
                        />
                      </td>
                      <td className="py-3 text-center">
                        <input
                          type="radio"
                          name="default-language"
                          className="size-4 accent-teal-700"
                          aria-label={t('{ENGLISH_NAMES} is the default', { ENGLISH_NAMES: ENGLISH_NAMES[l] })}
                          checked={isDefault}
                          onChange={() =>
                            set({ default_language: l, languages: LANGUAGES.filter((x) => x === l || d.languages.includes(x)) })
                          }
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            {error && (
              <p role="alert" className="mt-3 text-sm text-red-700">
                {error}
              </p>
            )}
            <p className="mt-4 text-xs text-gray-500">
              {t(
                'With more than one language the storefront shows a language switch in the header and the phone menu, and search engines are told each page’s address in every language (?lang=hi).',
              )}
            </p>
          </Card>
        );
      }}
    </GroupForm>
  );
}
