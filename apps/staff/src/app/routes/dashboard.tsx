import { Dashboard } from '../../features/dashboard/components/dashboard';
import { useProductCount } from '../../features/products/api/count-products';
import { SalesDashboard } from '../../features/reports/components/sales-dashboard';
import { paths } from '../../lib/paths';
import { useBoot } from '../boot';
import { t } from '../../lib/i18n';

export function DashboardRoute() {
  const { website } = useBoot();
  const outOfStock = useProductCount('stock=out');
  const drafts = useProductCount('status=draft');
  return (
    <Dashboard
      websiteName={website.name}
      sales={<SalesDashboard />}
      attention={[
        { label: t('Out of stock'), value: outOfStock.data, to: paths.products('stock=out') },
        { label: t('Drafts'), value: drafts.data, to: paths.products('status=draft') },
      ]}
    />
  );
}
