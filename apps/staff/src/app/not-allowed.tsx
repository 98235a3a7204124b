import { ShieldX } from 'lucide-react';
import { paths } from '../lib/paths';
import { useBoot } from './boot';
import { t } from '../lib/i18n';

/** What the address opens, in the owner's words. */
function areaOf(path: string, website: string): string {
  if (path.startsWith('/auth/bos/create')) return 'creating websites (a superadmin’s work)';
  if (/^\/pos(\/|$)/.test(path)) return `the POS of ${website}`;
  if (path.startsWith('/page-builder')) return `the Website Settings of ${website}`;
  return `the Administration of ${website}`;
}

/** A signed-in person whose roles do not open this area: told plainly, with a way back and a way to switch. */
export function NotAllowed() {
  const { user, website } = useBoot();
  const area = areaOf(location.pathname, website.name);
  return (
    <main className="grid min-h-screen place-items-center p-6">
      <div className="max-w-md rounded-lg border bg-white p-8 text-center shadow-sm">
        <ShieldX className="mx-auto size-12 text-red-600" aria-hidden />
        <h1 className="mt-4 text-2xl font-semibold">{t('Not allowed')}</h1>
        <p className="mt-2 text-gray-600">
          {t('You are signed in as')} <strong>{user.name}</strong>
          {user.email ? ` (${user.email})` : ''}
          {t(', who does not have access to {area}.', { area })}
        </p>
        <p className="mt-2 text-sm text-gray-500">{t('Ask the shop owner for the role you need, or sign in with another account.')}</p>
        <div className="mt-6 flex justify-center gap-3">
          <a
            href={paths.storefront()}
            className="rounded-md border border-transparent bg-brand px-4 py-2 font-medium text-white hover:opacity-90"
          >
            {t('Back to the shop')}
          </a>
          <a href={paths.signOut()} className="rounded-md border px-4 py-2 font-medium hover:bg-gray-50">
            {t('Sign out')}
          </a>
        </div>
      </div>
    </main>
  );
}
