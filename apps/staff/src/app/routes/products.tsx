import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { ProductList } from '../../features/products/components/product-list';
import { SavedViews } from '../../features/saved-views/components/saved-views';
import { paths } from '../../lib/paths';
import { t } from '../../lib/i18n';

export function ProductsRoute() {
  return (
    <>
      <div className="mb-4 flex items-center gap-3">
        <h1 className="flex-1 text-2xl font-semibold">{t('Products')}</h1>
        <Link
          to={paths.productNew()}
          className="inline-flex items-center gap-1 rounded-md bg-brand px-4 py-2 text-sm font-medium text-white hover:opacity-90"
        >
          <Plus className="size-4" aria-hidden />
          {t('New product')}
        </Link>
      </div>
      <SavedViews list="products" />
      <ProductList />
    </>
  );
}
