import { SynonymsEditor } from '../../features/search/components/synonyms-editor';
import { t } from '../../lib/i18n';

export function SearchRoute() {
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('Search words')}</h1>
      <SynonymsEditor />
    </>
  );
}
