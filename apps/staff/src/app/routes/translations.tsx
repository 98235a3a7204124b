import { TranslationsEditor } from '../../features/translations/components/translations-editor';
import { t } from '../../lib/i18n';

export function TranslationsRoute() {
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('Translations')}</h1>
      <TranslationsEditor />
    </>
  );
}
