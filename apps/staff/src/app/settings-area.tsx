import { ExternalLink } from 'lucide-react';
import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { LoadingView } from '../components/ui/loading';
import { useBoot } from './boot';
import { PAGE_BUILDER_SETTINGS_NAV } from './page-builder-nav';

/**
 * Website Settings' frame (/page-builder/settings/*): the settings groups on the left, the
 * storefront one click away. The page builder's own area joins this layout when merged.
 */
export function SettingsAreaLayout() {
  const { website } = useBoot();
  return (
    <div className="flex min-h-screen">
      <aside className="sticky top-0 flex h-screen w-48 shrink-0 flex-col border-r bg-white lg:w-56">
        <div className="border-b px-4 py-4">
          <p className="text-xs font-medium uppercase tracking-wide text-gray-500">Website Settings</p>
          <p className="truncate text-lg font-semibold" title={website.name}>
            {website.name}
          </p>
        </div>
        <nav aria-label="Website Settings" className="flex-1 overflow-y-auto px-2 py-3">
          <ul>
            {PAGE_BUILDER_SETTINGS_NAV.map((e) => (
              <li key={e.to}>
                <NavLink
                  to={e.to}
                  className={({ isActive }) =>
                    `block rounded-md px-3 py-2 text-sm ${isActive ? 'bg-teal-50 font-semibold text-teal-900' : 'text-gray-700 hover:bg-gray-50'}`
                  }
                >
                  {e.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <a
          href="/"
          target="_blank"
          rel="noreferrer"
          className="flex items-center gap-2 border-t px-4 py-3 text-sm text-gray-700 hover:bg-gray-50"
        >
          <ExternalLink className="size-4" aria-hidden /> Open the shop
        </a>
      </aside>
      <main id="main" className="min-w-0 flex-1 bg-gray-50 p-6">
        <Suspense fallback={<LoadingView />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
