import { Dashboard } from '../../features/dashboard/components/dashboard';
import { useProductCount } from '../../features/products/api/count-products';
import { SalesDashboard } from '../../features/reports/components/sales-dashboard';
import { paths } from '../../lib/paths';
import { useBoot } from '../boot';

export function DashboardRoute() {
  const { website } = useBoot();
  const outOfStock = useProductCount('stock=out');
  const drafts = useProductCount('status=draft');
  return (
    <Dashboard
      websiteName={website.name}
      sales={<SalesDashboard />}
      attention={[
        { label: 'Out of stock', value: outOfStock.data, to: paths.products('stock=out') },
        { label: 'Drafts', value: drafts.data, to: paths.products('status=draft') },
      ]}
    />
  );
}
