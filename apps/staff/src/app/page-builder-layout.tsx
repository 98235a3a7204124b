import { ExternalLink, LayoutDashboard } from 'lucide-react';
import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { LoadingView } from '../components/ui/loading';
import { paths } from '../lib/paths';
import { useBoot } from './boot';
import { PAGE_BUILDER_NAV } from './page-builder-nav';

/** Website Settings' frame (/page-builder): its screens on the left, the website, ways back to the shop and to Administration. */
export function PageBuilderLayout() {
  const { website, user } = useBoot();
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
          <p className="text-xs font-medium uppercase tracking-wide text-gray-500">Website Settings</p>
          <p className="truncate text-lg font-semibold" title={website.name}>
            {website.name}
          </p>
        </div>
        <nav aria-label="Website Settings" className="flex-1 overflow-y-auto px-2 py-3">
          <ul>
            {PAGE_BUILDER_NAV.map((e) => (
              <li key={e.label}>
                <NavLink
                  to={e.to}
                  className={({ isActive }) =>
                    `flex items-center gap-2 rounded-md px-2 py-1.5 text-sm ${isActive ? 'bg-teal-50 font-medium text-brand' : 'text-gray-700 hover:bg-gray-100'}`
                  }
                >
                  <e.icon className="size-4 shrink-0" aria-hidden />
                  {e.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="border-t px-4 py-3 text-sm">
          <p className="truncate font-medium" title={user.name}>
            {user.name}
          </p>
          <div className="mt-2 flex flex-col gap-1">
            <a
              href={paths.storefront()}
              target="_blank"
              rel="noopener"
              className="inline-flex items-center gap-1 text-brand hover:underline"
            >
              <ExternalLink className="size-4 shrink-0" aria-hidden />
              View shop
            </a>
            <a href={paths.dashboard()} className="inline-flex items-center gap-1 text-gray-700 hover:underline">
              <LayoutDashboard className="size-4 shrink-0" aria-hidden />
              Administration
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
