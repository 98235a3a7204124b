import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LoadingView } from '../../../components/ui/loading';
import { readError } from '../../../lib/errors';
import { suppliersQuery } from '../api/suppliers';
import { SupplierTile } from '@grocer/blocks/blocks';
import { t } from '../../../lib/i18n';

/** /suppliers (spec §3 show_supplier_page): the supplier tiles' suppliers, each linking to its products. */
export function SuppliersPage({ siteName }: { siteName: string }) {
  const { data, isPending, error } = useQuery(suppliersQuery());
  useEffect(() => {
    document.title = t('Suppliers | {site}', { site: siteName });
  }, [siteName]);
  if (isPending) return <LoadingView />;
  if (error) {
    return (
      <p role="alert" className="m-4 rounded-lg bg-red-50 p-4 text-red-700">
        {readError(error)}
      </p>
    );
  }
  return (
    <div>
      <h1 className="mb-4 text-2xl font-bold">{t('Our suppliers')}</h1>
      {data.data.length ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label={t('Suppliers')}>
          {data.data.map((s, i) => (
            <li key={i}>
              <SupplierTile {...s} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-gray-600">{t('No suppliers to show yet.')}</p>
      )}
    </div>
  );
}
