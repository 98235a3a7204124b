import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingView } from '../components/ui/loading';
import { paths } from '../lib/paths';
import { useBoot } from './boot';
import { t } from '../lib/i18n';

/** The `bos` area's frame (/auth/bos/choose, /auth/bos/create): which website is managed now, the person, the way back. */
export function BosLayout() {
  const { website, user } = useBoot();
  return (
    <div className="min-h-screen bg-gray-50">
      <header className="border-b bg-white">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
          <p>
            <span className="text-gray-500">{t('Managing')} </span>
            <a href={paths.dashboard()} className="font-semibold hover:underline">
              {website.name}
            </a>
          </p>
          <p className="flex items-center gap-3">
            <span className="font-medium">{user.name}</span>
            <a href={paths.signOut()} className="text-gray-600 hover:underline">
              {t('Sign out')}
            </a>
          </p>
        </div>
      </header>
      <main id="main" className="px-4 py-8">
        <Suspense fallback={<LoadingView />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
