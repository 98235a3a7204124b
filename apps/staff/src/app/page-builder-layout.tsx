import { ExternalLink, LayoutDashboard } from 'lucide-react';
import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { LoadingView } from '../components/ui/loading';
import { paths } from '../lib/paths';
import { useBoot } from './boot';
import { PAGE_BUILDER_NAV } from './page-builder-nav';
import { PhoneDrawer } from './phone-drawer';
import { t } from '../lib/i18n';

/**
 * Website Settings' frame (/page-builder): its screens on the left, the website, ways back to the
 * shop and to Administration. Below 768 px the navigation is a drawer behind a Menu button (the
 * same one as Administration's), so the form has the width.
 */
export function PageBuilderLayout() {
  const { website } = useBoot();
  return (
    <div className="min-h-screen md:flex">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        {t('Skip to content')}
      </a>
      {/* not sticky: each settings form's own header (with Save) sticks to the top */}
      <PhoneDrawer id="page-builder-drawer" title={website.name} sticky={false} heading={<SiteHeading border={false} />}>
        {(close) => (
          <>
            <Navigation onNavigate={close} />
            <PersonFooter />
          </>
        )}
      </PhoneDrawer>
      <aside className="sticky top-0 hidden h-screen w-48 shrink-0 flex-col border-r bg-white md:flex lg:w-60">
        <SiteHeading />
        <Navigation />
        <PersonFooter />
      </aside>
      <main id="main" className="min-w-0 flex-1 p-4 md:p-6 lg:p-8">
        <Suspense fallback={<LoadingView />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}

/** The area and the website: atop the sidebar (border below), or in the drawer's head beside its close button. */
function SiteHeading({ border = true }: { border?: boolean }) {
  const { website } = useBoot();
  return (
    <div className={`min-w-0 px-4 py-4 ${border ? 'border-b' : 'flex-1'}`}>
      <p className="text-xs font-medium uppercase tracking-wide text-gray-500">{t('Website Settings')}</p>
      <p className="truncate text-lg font-semibold" title={website.name}>
        {website.name}
      </p>
    </div>
  );
}

function Navigation({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <nav aria-label={t('Website Settings')} className="flex-1 overflow-y-auto px-2 py-3">
      <ul>
        {PAGE_BUILDER_NAV.map((e) => (
          <li key={e.label}>
            <NavLink
              to={e.to}
              onClick={onNavigate}
              className={({ isActive }) =>
                `flex min-h-10 items-center gap-2 rounded-md px-2 py-1.5 text-sm md:min-h-0 ${isActive ? 'bg-teal-50 font-medium text-brand' : 'text-gray-700 hover:bg-gray-100'}`
              }
            >
              <e.icon className="size-4 shrink-0" aria-hidden />
              {e.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function PersonFooter() {
  const { user } = useBoot();
  return (
    <div className="border-t px-4 py-3 text-sm">
      <p className="truncate font-medium" title={user.name}>
        {user.name}
      </p>
      <div className="mt-2 flex flex-col gap-1">
        <a href={paths.storefront()} target="_blank" rel="noopener" className="inline-flex items-center gap-1 text-brand hover:underline">
          <ExternalLink className="size-4 shrink-0" aria-hidden />
          {t('View shop')}
        </a>
        <a href={paths.dashboard()} className="inline-flex items-center gap-1 text-gray-700 hover:underline">
          <LayoutDashboard className="size-4 shrink-0" aria-hidden />
          {t('Administration')}
        </a>
      </div>
    </div>
  );
}
