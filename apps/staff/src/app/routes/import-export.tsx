import { ImportExport } from '../../features/import-export/components/import-export';

export function ImportExportRoute() {
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">Import/Export</h1>
      <ImportExport />
    </>
  );
}
