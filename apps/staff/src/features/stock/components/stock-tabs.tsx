import { NavLink } from 'react-router';
import { paths } from '../../../lib/paths';

const TABS = [
  { label: 'Levels', to: paths.stock(), end: true },
  { label: 'Transfers', to: paths.transfers(), end: false },
  { label: 'Purchase orders', to: paths.purchaseOrders(), end: false },
  { label: 'Suppliers', to: paths.suppliers(), end: false },
];

/** The Stock screen's parts: levels (on hand, committed, available), transfers, purchase orders, suppliers. */
export function StockTabs() {
  return (
    <nav aria-label="Stock" className="mb-4 flex gap-1 overflow-x-auto border-b">
      {TABS.map((t) => (
        <NavLink
          key={t.to}
          to={t.to}
          end={t.end}
          className={({ isActive }) =>
            `whitespace-nowrap border-b-2 px-2 py-2 sm:px-3 text-sm font-medium ${isActive ? 'border-brand text-brand' : 'border-transparent text-gray-600 hover:text-gray-900'}`
          }
        >
          {t.label}
        </NavLink>
      ))}
    </nav>
  );
}
