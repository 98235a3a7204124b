import { TabNav } from '../../../components/ui/tab-nav';
import { paths } from '../../../lib/paths';

const TABS = [
  { label: 'Levels', to: paths.stock(), end: true },
  { label: 'Transfers', to: paths.transfers(), end: false },
  { label: 'Purchase orders', to: paths.purchaseOrders(), end: false },
  { label: 'Suppliers', to: paths.suppliers(), end: false },
];

/** The Stock screen's parts: levels (on hand, committed, available), transfers, purchase orders, suppliers. */
export function StockTabs() {
  return <TabNav label="Stock" tabs={TABS} />;
}
