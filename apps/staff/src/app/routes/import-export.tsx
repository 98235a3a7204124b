import { ImportExport } from '../../features/import-export/components/import-export';
import { t } from '../../lib/i18n';

export function ImportExportRoute() {
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('Import/Export')}</h1>
      <ImportExport />
    </>
  );
}
