import { ApiError } from '@grocer/shared/api-client';
import { REDIRECT_KEY } from '@grocer/shared/links';
import type { StaffBoot } from '@grocer/shared/staff';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { BootContext } from './boot';
import { NotAllowed } from './not-allowed';
import { router } from './router';

/** The session ended while the app was open (signed out in another tab, expired): sign in again. */
function onAuthError(error: unknown) {
  if (error instanceof ApiError && error.status === 401) {
    sessionStorage.setItem(REDIRECT_KEY, location.pathname + location.search);
    location.assign('/auth/login');
  }
}

export function App({ boot }: { boot: StaffBoot }) {
  const [client] = useState(
    () =>
      new QueryClient({
        queryCache: new QueryCache({ onError: onAuthError }),
        mutationCache: new MutationCache({ onError: onAuthError }),
        defaultOptions: { queries: { staleTime: 10_000, retry: (n, e) => !(e instanceof ApiError && e.status < 500) && n < 2 } },
      }),
  );
  // The choose screen is for anyone signed in: the server lists what they may manage (maybe none).
  const choosing = location.pathname.startsWith('/auth/bos/');
  // A cashier works the point of sale only.
  const till = boot.user?.isCashier && /^\/pos(\/|$)/.test(location.pathname);
  const allowed = !!boot.user && (boot.user.hasAdminAccess || boot.user.superadmin || choosing || till);
  return (
    <BootContext.Provider value={boot}>
      <QueryClientProvider client={client}>
        {allowed ? <RouterProvider router={router} /> : <NotAllowed />}
        <Toaster position="bottom-right" richColors closeButton duration={5000} />
      </QueryClientProvider>
    </BootContext.Provider>
  );
}
