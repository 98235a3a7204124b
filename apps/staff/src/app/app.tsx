import { ApiError } from '@grocer/shared/api-client';
import { REDIRECT_KEY } from '@grocer/shared/links';
import type { StaffBoot } from '@grocer/shared/staff';
import { can, worksInAdministration } from '@grocer/shared/staff-roles';
import { TOAST_COLORS } from '@grocer/shared/toast-colors';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { RouterProvider } from 'react-router';
import { PersonContext } from '../lib/permissions';
import { reportError } from '../lib/report-error';
import { BootContext } from './boot';
import { NotAllowed } from './not-allowed';
import { router } from './router';

// Toasts (sonner) are not in the shell (issue 42 goal 3): the toaster loads beside the first
// screen's chunks, and a toast raised before it is drawn still shows (sonner replays them).
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/**
 * Whether the person's roles open the area the address is in, before anything of it draws: the
 * choose screen is for anyone signed in (the server lists what they may manage, maybe none),
 * creating a website is a superadmin's, the till needs `pos`, Website Settings `builder`, and
 * Administration any role that works in it (each screen checks its own permission too).
 */
function mayOpen(user: NonNullable<StaffBoot['user']>, path: string): boolean {
  if (path.startsWith('/auth/bos/create')) return user.superadmin;
  if (path.startsWith('/auth/bos/')) return true;
  if (/^\/pos(\/|$)/.test(path)) return can(user, 'pos');
  if (path.startsWith('/page-builder')) return can(user, 'builder');
  return worksInAdministration(user);
}

/**
 * The session ended while the app was open (signed out in another tab, expired): sign in again.
 * Any other failed load or save that is not the server answering on purpose (5xx, a response of
 * the wrong shape, a thrown bug) is reported, as the storefront's are.
 */
function onCallError(error: unknown) {
  if (error instanceof ApiError && error.status === 401) {
    sessionStorage.setItem(REDIRECT_KEY, location.pathname + location.search);
    location.assign('/auth/login');
  }
  reportError(error);
}

export function App({ boot }: { boot: StaffBoot }) {
  const [client] = useState(
    () =>
      new QueryClient({
        queryCache: new QueryCache({ onError: onCallError }),
        mutationCache: new MutationCache({ onError: onCallError }),
        defaultOptions: { queries: { staleTime: 10_000, retry: (n, e) => !(e instanceof ApiError && e.status < 500) && n < 2 } },
      }),
  );
  const allowed = !!boot.user && mayOpen(boot.user, location.pathname);
  return (
    <BootContext.Provider value={boot}>
      <QueryClientProvider client={client}>
        <PersonContext.Provider value={boot.user ?? {}}>
          {allowed ? <RouterProvider router={router} /> : <NotAllowed />}
        </PersonContext.Provider>
        {/* top centre, under the phone's top bar: a form's buttons sit at its foot, the page's actions at the
            header's right, so a toast there covers none of them (issue 40.16) */}
        <Suspense>
          <Toaster
            position="top-center"
            offset={{ top: 12 }}
            mobileOffset={{ top: 60 }}
            richColors
            closeButton
            duration={5000}
            style={TOAST_COLORS}
          />
        </Suspense>
      </QueryClientProvider>
    </BootContext.Provider>
  );
}
