import {
  Activity,
  BadgePercent,
  Bug,
  ChartColumn,
  FolderTree,
  Handshake,
  History,
  Image,
  LayoutDashboard,
  LifeBuoy,
  type LucideIcon,
  Package,
  Receipt,
  Store,
  Tags,
  Truck,
  UserCog,
  Users,
  Wallet,
  Warehouse,
  ArrowUpDown,
  Search,
} from 'lucide-react';
import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { LoadingView } from '../components/ui/loading';
import { paths } from '../lib/paths';
import { useBoot } from './boot';

interface NavEntry {
  label: string;
  icon: LucideIcon;
  /** absent: the screen is not built yet (shown disabled, never a link to a fake page) */
  to?: string;
}

const NAV: Array<{ group: string; entries: NavEntry[] }> = [
  {
    group: 'Catalogue',
    entries: [
      { label: 'Dashboard', icon: LayoutDashboard, to: paths.dashboard() },
      { label: 'Products', icon: Package, to: paths.products() },
      { label: 'Categories', icon: FolderTree, to: paths.categories() },
      { label: 'Brands', icon: Tags, to: paths.brands() },
      { label: 'Media', icon: Image, to: paths.media() },
      { label: 'Stock', icon: Warehouse, to: paths.stock() },
      { label: 'Import/Export', icon: ArrowUpDown, to: paths.importExport() },
      { label: 'Search words', icon: Search, to: paths.search() },
    ],
  },
  {
    group: 'Sales',
    entries: [
      { label: 'POS', icon: Store, to: paths.pos() },
      { label: 'Orders', icon: Receipt, to: paths.orders() },
      { label: 'Customers', icon: Users, to: paths.customers() },
      { label: 'Issues', icon: LifeBuoy, to: paths.issues() },
      { label: 'Agents', icon: Handshake, to: paths.agents() },
      { label: 'Coupons', icon: BadgePercent, to: paths.coupons() },
      { label: 'Delivery', icon: Truck, to: paths.delivery() },
      { label: 'Payments', icon: Wallet, to: paths.payments() },
      { label: 'Staff', icon: UserCog, to: paths.staff() },
      { label: 'Audit log', icon: History, to: paths.audit() },
      { label: 'Reports', icon: ChartColumn, to: paths.reports() },
    ],
  },
  {
    group: 'Insights',
    entries: [
      { label: 'Analytics', icon: Activity, to: paths.analytics() },
      { label: 'Errors', icon: Bug, to: paths.errors() },
    ],
  },
];

/** Administration's frame: the left navigation, the website, the person, a way back to the shop. */
export function AdminLayout() {
  const { website, user, storefront } = useBoot();
  return (
    <div className="flex min-h-screen">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <aside className="sticky top-0 flex h-screen w-48 shrink-0 flex-col border-r bg-white lg:w-60">
        <div className="border-b px-4 py-4">
          <p className="text-xs font-medium uppercase tracking-wide text-gray-500">Administration</p>
          <p className="truncate text-lg font-semibold" title={website.name}>
            {website.name}
          </p>
          <a href={paths.chooseWebsite()} className="text-xs font-medium text-brand hover:underline">
            Switch Website
          </a>
        </div>
        <nav aria-label="Administration" className="flex-1 overflow-y-auto px-2 py-3">
          {NAV.map((g) => (
            <div key={g.group} className="mb-4">
              <p className="px-2 pb-1 text-xs font-medium uppercase tracking-wide text-gray-400">{g.group}</p>
              <ul>
                {g.entries.map((e) => (
                  <li key={e.label}>
                    {e.to ? (
                      <NavLink
                        to={e.to}
                        end={e.to === paths.dashboard()}
                        className={({ isActive }) =>
                          `flex items-center gap-2 rounded-md px-2 py-1.5 text-sm ${isActive ? 'bg-teal-50 font-medium text-brand' : 'text-gray-700 hover:bg-gray-100'}`
                        }
                      >
                        <e.icon className="size-4 shrink-0" aria-hidden />
                        {e.label}
                      </NavLink>
                    ) : (
                      <span
                        aria-disabled="true"
                        className="flex cursor-not-allowed items-center gap-2 rounded-md px-2 py-1.5 text-sm text-gray-400"
                      >
                        <e.icon className="size-4 shrink-0" aria-hidden />
                        {e.label}
                        <span className="ml-auto rounded bg-gray-100 px-1.5 text-[10px] font-medium uppercase text-gray-500">Soon</span>
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <div className="border-t px-4 py-3 text-sm">
          <p className="truncate font-medium" title={user.name}>
            {user.name}
          </p>
          {user.email && <p className="truncate text-xs text-gray-500">{user.email}</p>}
          <div className="mt-2 flex flex-wrap gap-x-3 gap-y-1">
            <a href={storefront ?? paths.storefront()} className="inline-flex items-center gap-1 text-brand hover:underline">
              <Store className="size-4 shrink-0" aria-hidden />
              View shop
            </a>
            <a href={paths.signOut()} className="text-gray-600 hover:underline">
              Sign out
            </a>
          </div>
        </div>
      </aside>
      <main id="main" className="min-w-0 flex-1 p-4 lg:p-8">
        <Suspense fallback={<LoadingView />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
