import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createRouter } from './app/router';
import { UiStateProvider } from './app/ui-state';
import { hydrateInSlices } from './components/ui/later';
import { registerServiceWorker } from './lib/service-worker';
import { replayEarlyClicks } from './lib/early-clicks';
import { loadStoreData, primeInit, primePageData } from './lib/init';
import './styles.css';

const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } } });
primeInit(queryClient);
primePageData(queryClient);

async function mount() {
  // The shell needs store data; it is normally inlined in the HTML, otherwise fetched once here.
  await loadStoreData(queryClient);
  const root = document.getElementById('app')!;
  // The server renders public pages (data-ssr); the app then takes over that markup.
  const hydrating = root.dataset.ssr === '1';
  const router = await createRouter(hydrating);
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <UiStateProvider>
          <RouterProvider router={router} />
        </UiStateProvider>
      </QueryClientProvider>
    </StrictMode>
  );
  if (hydrating) {
    // Parts wrapped in <Later> are taken over in later tasks; until the last one is, taps are
    // still recorded inside those parts (and only there), then replayed.
    const hydrated = hydrateInSlices(() => hydrateRoot(root, app));
    window.__earlyLater = true;
    void hydrated.then(() => {
      window.__earlyStop?.();
      setTimeout(replayEarlyClicks, 0);
    });
  } else createRoot(root).render(app);
  document.getElementById('boot-spinner')?.remove();
  registerServiceWorker();
}
void mount();
