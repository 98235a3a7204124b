import {
  Activity,
  ArrowUpDown,
  BadgePercent,
  Banknote,
  Bug,
  ChartColumn,
  FolderTree,
  Gift,
  Handshake,
  History,
  Image,
  Languages,
  LayoutDashboard,
  LifeBuoy,
  MessageSquareText,
  Package,
  Receipt,
  Repeat,
  Search,
  Store,
  Tags,
  Truck,
  Route,
  UserCog,
  Users,
  UsersRound,
  Wallet,
  Warehouse,
  type LucideIcon,
} from 'lucide-react';
import type { Permission } from '@grocer/shared/staff-roles';
import { Suspense } from 'react';
import { Navigate, NavLink, Outlet, useMatches } from 'react-router';
import { LoadingView } from '../components/ui/loading';
import { paths } from '../lib/paths';
import { CommandPalette } from '../features/command-palette/components/command-palette';
import { useNewOrderAlerts } from '../features/orders/components/new-orders';
import { useBoot } from './boot';
import { Allowed, useCan, type ScreenHandle } from '../lib/permissions';
import { PhoneDrawer, useWide } from './phone-drawer';
import { t } from '../lib/i18n';

interface NavEntry {
  label: string;
  /** the permission the screen needs: an entry the person's roles do not grant is not shown */
  permission: Permission;
  icon: LucideIcon;
  /** absent: the screen is not built yet (shown disabled, never a link to a fake page) */
  to?: string;
}

const NAV: Array<{ group: string; entries: NavEntry[] }> = [
  {
    group: t('Catalogue'),
    entries: [
      { label: t('Dashboard'), permission: 'reports', icon: LayoutDashboard, to: paths.dashboard() },
      { label: t('Products'), permission: 'catalogue', icon: Package, to: paths.products() },
      { label: t('Categories'), permission: 'catalogue', icon: FolderTree, to: paths.categories() },
      { label: t('Brands'), permission: 'catalogue', icon: Tags, to: paths.brands() },
      { label: t('Media'), permission: 'catalogue', icon: Image, to: paths.media() },
      { label: t('Stock'), permission: 'stock', icon: Warehouse, to: paths.stock() },
      { label: t('Import/Export'), permission: 'catalogue', icon: ArrowUpDown, to: paths.importExport() },
      { label: t('Search words'), permission: 'catalogue', icon: Search, to: paths.search() },
      { label: t('Translations'), permission: 'translations', icon: Languages, to: paths.translations() },
      { label: t('Reviews'), permission: 'catalogue', icon: MessageSquareText, to: paths.reviews() },
    ],
  },
  {
    group: t('Sales'),
    entries: [
      { label: t('POS'), permission: 'pos', icon: Store, to: paths.pos() },
      { label: t('Orders'), permission: 'orders.read', icon: Receipt, to: paths.orders() },
      { label: t('Customers'), permission: 'customers', icon: Users, to: paths.customers() },
      { label: t('Customer groups'), permission: 'customers', icon: UsersRound, to: paths.customerGroups() },
      { label: t('Subscriptions'), permission: 'customers', icon: Repeat, to: paths.subscriptions() },
      { label: t('Issues'), permission: 'support', icon: LifeBuoy, to: paths.issues() },
      { label: t('Agents'), permission: 'agents', icon: Handshake, to: paths.agents() },
      { label: t('Coupons'), permission: 'coupons', icon: BadgePercent, to: paths.coupons() },
      { label: t('Promotions'), permission: 'coupons', icon: Gift, to: paths.promotions() },
      { label: t('Delivery'), permission: 'delivery', icon: Truck, to: paths.delivery() },
      { label: t('Dispatch'), permission: 'orders.deliver', icon: Route, to: paths.dispatch() },
      { label: t('Rider cash'), permission: 'orders.deliver', icon: Banknote, to: paths.riderCash() },
      { label: t('Payments'), permission: 'payments', icon: Wallet, to: paths.payments() },
      { label: t('Staff'), permission: 'staff', icon: UserCog, to: paths.staff() },
      { label: t('Audit log'), permission: 'audit', icon: History, to: paths.audit() },
      { label: t('Reports'), permission: 'reports', icon: ChartColumn, to: paths.reports() },
    ],
  },
  {
    group: t('Insights'),
    entries: [
      { label: t('Analytics'), permission: 'insights', icon: Activity, to: paths.analytics() },
      { label: t('Errors'), permission: 'insights', icon: Bug, to: paths.errors() },
    ],
  },
];

/** The screens the person's roles open, by group (empty groups left out). */
function useNav() {
  const allowed = useCan();
  return NAV.map((g) => ({ ...g, entries: g.entries.filter((e) => allowed(e.permission)) })).filter((g) => g.entries.length > 0);
}

/** The first screen the person may open: where Administration's front door sends someone without the dashboard. */
function useFirstScreen(): string | undefined {
  return useNav()
    .flatMap((g) => g.entries)
    .find((e) => e.to && e.to !== paths.pos())?.to;
}

function Navigation({ onNavigate, waiting }: { onNavigate?: () => void; waiting: number }) {
  const groups = useNav();
  return (
    <nav aria-label={t('Administration')} className="flex-1 overflow-y-auto px-2 py-3">
      {groups.map((g) => (
        <div key={g.group} className="mb-4">
          <p className="px-2 pb-1 text-xs font-medium uppercase tracking-wide text-gray-500">{g.group}</p>
          <ul>
            {g.entries.map((e) => (
              <li key={e.label}>
                {e.to ? (
                  <NavLink
                    to={e.to}
                    end={e.to === paths.dashboard()}
                    onClick={onNavigate}
                    className={({ isActive }) =>
                      `flex min-h-10 items-center gap-2 rounded-md px-2 py-1.5 text-sm md:min-h-0 ${isActive ? 'bg-teal-50 font-medium text-brand' : 'text-gray-700 hover:bg-gray-100'}`
                    }
                  >
                    <e.icon className="size-4 shrink-0" aria-hidden />
                    {e.label}
                    {e.to === paths.orders() && waiting > 0 && (
                      <span className="ml-auto rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white">
                        {waiting}
                        <span className="sr-only"> {t('new')}</span>
                      </span>
                    )}
                  </NavLink>
                ) : (
                  <span
                    aria-disabled="true"
                    className="flex cursor-not-allowed items-center gap-2 rounded-md px-2 py-1.5 text-sm text-gray-500"
                  >
                    <e.icon className="size-4 shrink-0" aria-hidden />
                    {e.label}
                    <span className="ml-auto rounded bg-gray-100 px-1.5 text-[10px] font-medium uppercase text-gray-600">{t('Soon')}</span>
                  </span>
                )}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/** The website (with Switch Website) above the navigation; in the drawer it fills the head beside the close button. */
function WebsiteHeading({ border = true }: { border?: boolean }) {
  const { website } = useBoot();
  return (
    <div className={`min-w-0 px-4 py-4 ${border ? 'border-b' : 'flex-1'}`}>
      <p className="text-xs font-medium uppercase tracking-wide text-gray-500">{t('Administration')}</p>
      <p className="truncate text-lg font-semibold" title={website.name}>
        {website.name}
      </p>
      <a href={paths.chooseWebsite()} className="text-xs font-medium text-brand hover:underline">
        {t('Switch Website')}
      </a>
    </div>
  );
}

/** The person, View shop and Sign out below the navigation. */
function PersonFooter() {
  const { user, storefront } = useBoot();
  return (
    <div className="border-t px-4 py-3 text-sm">
      <p className="truncate font-medium" title={user.name}>
        {user.name}
      </p>
      {user.email && <p className="truncate text-xs text-gray-500">{user.email}</p>}
      <div className="mt-2 flex flex-wrap gap-x-3 gap-y-1">
        <a href={storefront ?? paths.storefront()} className="inline-flex items-center gap-1 text-brand hover:underline">
          <Store className="size-4 shrink-0" aria-hidden />
          {t('View shop')}
        </a>
        <a href={paths.signOut()} className="text-gray-600 hover:underline">
          {t('Sign out')}
        </a>
      </div>
    </div>
  );
}

/**
 * The screen the address names, drawn only when the person's roles grant its permission (its
 * route's `handle`); Administration's front door sends someone without the dashboard to their
 * first screen.
 */
function Screen() {
  const matches = useMatches();
  const allowed = useCan();
  const first = useFirstScreen();
  const need = [...matches].reverse().find((m) => (m.handle as ScreenHandle | undefined)?.permission)?.handle as ScreenHandle | undefined;
  const atFrontDoor = matches.at(-1)?.pathname.replace(/\/$/, '') === paths.dashboard().replace(/\/$/, '');
  if (need && !allowed(need.permission) && atFrontDoor && first) return <Navigate to={first} replace />;
  const outlet = (
    <Suspense fallback={<LoadingView />}>
      <Outlet />
    </Suspense>
  );
  return need ? <Allowed permission={need.permission}>{outlet}</Allowed> : outlet;
}

/**
 * Administration's frame: the left navigation, the website, the person, a way back to the shop.
 * Below 768 px the navigation is a drawer behind a Menu button, so the screen has the width.
 */
export function AdminLayout() {
  const { website } = useBoot();
  const wide = useWide();
  const screens = useNav()
    .flatMap((g) => g.entries)
    .flatMap((e) => (e.to ? [{ label: e.label, to: e.to }] : []));
  const can = useCan();
  const waiting = useNewOrderAlerts(can('orders.read'));
  // one palette (one Ctrl+K): in the sidebar from 768 px, in the phone's top bar below
  const palette = <CommandPalette screens={screens} />;
  return (
    <div className="min-h-screen md:flex">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        {t('Skip to content')}
      </a>
      <PhoneDrawer
        id="admin-drawer"
        title={website.name}
        badge={
          waiting > 0 && (
            <span className="absolute -top-1.5 -right-1.5 rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white">
              {waiting}
              <span className="sr-only"> {t('new orders')}</span>
            </span>
          )
        }
        barEnd={!wide && <div className="w-28 shrink-0">{palette}</div>}
        heading={<WebsiteHeading border={false} />}
      >
        {(close) => (
          <>
            <Navigation onNavigate={close} waiting={waiting} />
            <PersonFooter />
          </>
        )}
      </PhoneDrawer>
      <aside className="sticky top-0 hidden h-screen w-48 shrink-0 flex-col border-r bg-white md:flex lg:w-60 print:hidden">
        <WebsiteHeading />
        {wide && <div className="px-2 pt-3">{palette}</div>}
        <Navigation waiting={waiting} />
        <PersonFooter />
      </aside>
      <main id="main" className="min-w-0 flex-1 p-3 md:p-4 lg:p-8 print:p-0">
        <Screen />
      </main>
    </div>
  );
}
