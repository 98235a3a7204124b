import { TabNav } from '../../../components/ui/tab-nav';
import { paths } from '../../../lib/paths';
import { t } from '../../../lib/i18n';

const TABS = [
  { label: t('Levels'), to: paths.stock(), end: true },
  { label: t('Transfers'), to: paths.transfers(), end: false },
  { label: t('Purchase orders'), to: paths.purchaseOrders(), end: false },
  { label: t('Suppliers'), to: paths.suppliers(), end: false },
];

/** The Stock screen's parts: levels (on hand, committed, available), transfers, purchase orders, suppliers. */
export function StockTabs() {
  return <TabNav label={t('Stock')} tabs={TABS} />;
}
