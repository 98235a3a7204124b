import { counted } from '@grocer/shared/labels';
import { catalogueCsvTemplate, CSV_COLUMNS } from '@grocer/shared/catalogue-csv';
import type { CatalogueImportReport } from '@grocer/shared/catalogue-import';
import { Download, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Card } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/error-message';
import { paths } from '../../../lib/paths';
import { useApplyImport, useDryRunImport } from '../api/import-catalogue';
import { t } from '../../../lib/i18n';

const button = 'inline-flex items-center gap-2 rounded-md px-4 py-2 text-sm font-medium disabled:opacity-50';

/** Each figure's label before (dry run) and after applying. */
const SUMMARY: Array<[keyof CatalogueImportReport['summary'], string, string]> = [
  ['rows', 'Rows', 'Rows'],
  ['products_create', 'Products to create', 'Products created'],
  ['products_update', 'Products to update', 'Products updated'],
  ['products_unchanged', 'Products unchanged', 'Products unchanged'],
  ['packs_create', 'Packs to create', 'Packs created'],
  ['packs_update', 'Packs to update', 'Packs updated'],
  ['packs_unchanged', 'Packs unchanged', 'Packs unchanged'],
  ['stock_changes', 'Stock counts that change', 'Stock counts changed'],
  ['brands_create', 'New brands', 'Brands created'],
];

/**
 * Import/Export: upload a CSV, see the dry run (what would change, every error by line and
 * column), apply it in one go; download the catalogue in the same format.
 */
export function ImportExport() {
  const inputId = useId();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [report, setReport] = useState<CatalogueImportReport | null>(null);
  const [applied, setApplied] = useState<CatalogueImportReport | null>(null);
  const dryRun = useDryRunImport();
  const apply = useApplyImport();

  const check = (f: { name: string; text: string }) => {
    setReport(null);
    setApplied(null);
    dryRun.mutate(f.text, { onSuccess: setReport, onError: (e) => toast.error(errorMessage(e)) });
  };

  return (
    <div className="grid gap-6">
      <Card title={t('Export')}>
        <p className="text-sm text-gray-600">
          {t(
            'Every product with its packs, prices and stock per warehouse, one row per pack. Edit it in a spreadsheet and import it back: rows are matched by SKU.',
          )}
        </p>
        <a href={paths.catalogueExport()} download className={`${button} mt-4 border bg-white hover:bg-gray-50`}>
          <Download className="size-4" aria-hidden /> {t('Download catalogue CSV')}
        </a>
      </Card>

      <Card title={t('Import')}>
        <p className="text-sm text-gray-600">
          {t('Columns:')} <span className="font-mono text-xs">{CSV_COLUMNS.join(', ')}</span>
          {t(', and')} <span className="font-mono text-xs">{t('stock:CODE')}</span>{' '}
          {t(
            'per warehouse (the counted quantity; empty leaves it). Brands are created by name; categories must exist. Nothing is saved until you apply, and a file with any error is not applied.',
          )}
        </p>
        <p className="mt-2 text-sm text-gray-600">
          {t('Loose goods:')} <span className="font-mono text-xs">{t('sold_by_weight')}</span> {t('yes, the price in')}{' '}
          <span className="font-mono text-xs">{t('price_per_kg')}</span> {t('(leave')}{' '}
          <span className="font-mono text-xs">{t('price')}</span> {t('empty), MRP per kg, stock in grams, an optional 5-digit scale')}{' '}
          <span className="font-mono text-xs">{t('plu')}</span> {t('and the online step in')}{' '}
          <span className="font-mono text-xs">{t('step_grams')}</span>{' '}
          {t('(what a shopper’s Add adds, 1 to 10000 g; empty keeps the pack’s own, 500 g for a new pack).')}
        </p>
        <a
          href={`data:text/csv;charset=utf-8,${encodeURIComponent(catalogueCsvTemplate([]))}`}
          download="catalogue-template.csv"
          className="mt-2 inline-block text-sm text-brand underline"
        >
          {t('Download a template (every column, two example rows)')}
        </a>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <label htmlFor={inputId} className={`${button} cursor-pointer border bg-white hover:bg-gray-50`}>
            <Upload className="size-4" aria-hidden /> {t('Choose CSV file')}
          </label>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            className="sr-only"
            onChange={async (e) => {
              const f = e.target.files?.[0];
              e.target.value = '';
              if (!f) return;
              const next = { name: f.name, text: await f.text() };
              setFile(next);
              check(next);
            }}
          />
          {file && <span className="text-sm text-gray-700">{file.name}</span>}
          {file && (
            <button
              type="button"
              className={`${button} border bg-white hover:bg-gray-50`}
              disabled={dryRun.isPending}
              onClick={() => check(file)}
            >
              {t('Check again')}
            </button>
          )}
        </div>
        {dryRun.isPending && <p className="mt-4 text-sm text-gray-600">{t('Checking the file…')}</p>}
        {report && !applied && (
          <section aria-label={t('Dry run')} className="mt-6">
            <h3 className="text-base font-semibold">
              {report.ok
                ? t('Ready to import')
                : t('{errors} found: nothing was imported', { errors: counted(report.errors.length, 'problem') })}
            </h3>
            <Summary report={report} />
            {report.errors.length > 0 && (
              <div tabIndex={0} role="region" aria-label={t('Problems')} className="mt-4 max-h-[420px] overflow-auto rounded-md border">
                <table className="w-full text-sm" aria-label={t('Errors')}>
                  <thead className="sticky top-0 border-b bg-gray-50 text-left text-xs uppercase tracking-wide text-gray-500">
                    <tr>
                      <th className="px-3 py-2 font-medium">{t('Line')}</th>
                      <th className="px-3 py-2 font-medium">{t('Column')}</th>
                      <th className="px-3 py-2 font-medium">{t('Problem')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.errors.map((e, i) => (
                      <tr key={i} className="border-b last:border-0">
                        <td className="px-3 py-2 tabular-nums">{e.line}</td>
                        <td className="px-3 py-2 font-mono text-xs">{e.column || '—'}</td>
                        <td className="px-3 py-2 text-red-700">{e.message}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <div className="mt-4 flex items-center gap-3">
              <button
                type="button"
                className={`${button} bg-gray-900 text-white hover:bg-gray-700`}
                disabled={!report.ok || apply.isPending || !file}
                onClick={() =>
                  file &&
                  apply.mutate(file.text, {
                    onSuccess: (r) => {
                      setApplied(r);
                      toast.success(t('Import applied'));
                    },
                    onError: (e) => toast.error(errorMessage(e)),
                  })
                }
              >
                {t('Apply import')}
              </button>
              {!report.ok && <span className="text-sm text-gray-600">{t('Fix the rows above in the file, then choose it again.')}</span>}
            </div>
          </section>
        )}
        {applied && (
          <section aria-label={t('Import applied')} className="mt-6">
            <h3 className="text-base font-semibold text-green-800">{t('Imported')}</h3>
            <Summary report={applied} done />
          </section>
        )}
      </Card>
    </div>
  );
}

function Summary({ report, done = false }: { report: CatalogueImportReport; done?: boolean }) {
  return (
    <dl className="mt-3 grid grid-cols-3 gap-3 text-sm lg:grid-cols-5">
      {SUMMARY.map(([key, before, after]) => (
        <div key={key} className="rounded-md border bg-gray-50 px-3 py-2">
          <dt className="text-xs text-gray-500">{done ? after : before}</dt>
          <dd className="text-lg font-semibold tabular-nums">{report.summary[key]}</dd>
        </div>
      ))}
    </dl>
  );
}
