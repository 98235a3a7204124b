import { CalendarClock, ChartColumn, Heart, LayoutDashboard, MapPin, Package, User, Wallet } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useInit } from '../../../lib/init';
import { msg, t } from '../../../lib/i18n';

const links = [
  { to: '/account', label: msg('Dashboard'), icon: LayoutDashboard, end: true },
  { to: '/account/orders', label: msg('Orders'), icon: Package, end: false },
  { to: '/account/wallet', label: msg('Wallet'), icon: Wallet, end: false },
  { to: '/account/subscriptions', label: msg('Subscriptions'), icon: CalendarClock, end: false },
  { to: '/account/addresses', label: msg('Addresses'), icon: MapPin, end: false },
  { to: '/account/details', label: msg('Profile'), icon: User, end: false },
  { to: '/account/wishlist', label: msg('Wishlist'), icon: Heart, end: false },
];

/** /account: the account's own navigation beside (or above, on phones) the nested page. */
export function AccountLayout() {
  const agent = !!useInit().user?.isSalesAgent;
  const shown = agent ? [...links, { to: '/account/dashboard', label: msg('Sales dashboard'), icon: ChartColumn, end: false }] : links;
  // on a phone the links scroll sideways: the current one is brought into the row's view
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const row = nav.current;
    const current = row?.querySelector('[aria-current="page"]');
    if (!row || !current) return;
    const r = row.getBoundingClientRect();
    const c = current.getBoundingClientRect();
    if (c.right > r.right) row.scrollLeft += c.right - r.right + 12;
    else if (c.left < r.left) row.scrollLeft -= r.left - c.left + 12;
  }, [pathname]);
  return (
    <div className="grid gap-6 md:grid-cols-[220px_1fr]">
      <nav ref={nav} aria-label={t('Account')} className="-mx-3 overflow-x-auto px-3 md:mx-0 md:px-0">
        <ul className="flex gap-2 md:flex-col md:gap-1">
          {shown.map(({ to, label, icon: I, end }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                className={({ isActive }) =>
                  `flex items-center gap-2 rounded-lg px-3 py-2 text-sm whitespace-nowrap ${isActive ? 'bg-[var(--color-primary)] font-semibold text-white' : 'border bg-white hover:bg-gray-50 md:border-0'}`
                }
              >
                <I size={16} aria-hidden="true" /> {t(label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
