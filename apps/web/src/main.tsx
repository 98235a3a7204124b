import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createRouter } from './app/router';
import { UiStateProvider } from './app/ui-state';
import { hydrateInSlices } from './components/ui/later';
import { registerServiceWorker } from './lib/service-worker';
import { replayEarlyClicks } from './lib/early-clicks';
import { initQuery, loadStoreData, primeInit, primePageData } from './lib/init';
import { ContractError, onContractError } from './lib/api';
import { identify, startAnalytics, trackPageview } from './lib/telemetry/analytics';
import { reportError, startErrorReporting } from './lib/telemetry/report-error';
import type { Init } from '@grocer/shared/storefront';
import { serverSanitised, setSanitizer } from '@grocer/blocks/sanitize';
import { loadLanguage, loadLaterMessagesOnFirstInteraction } from './locales/load';
import { t } from './lib/i18n';
import { setTranslator } from '@grocer/blocks/words';
import { startCarouselsAfter } from '@grocer/blocks/carousel-gate';
import { afterFirstLoad } from './lib/after-first-load';
import './styles.css';

// Content HTML comes from the shop's own API, sanitised by the server (apps/server content/sanitize.ts).
setSanitizer(serverSanitised);
// the page blocks speak the page's language
setTranslator(t);
// carousels fetch Embla and start once the first load is over (DESIGN §9 budget); an arrow's tap starts one at once
startCarouselsAfter(() => afterFirstLoad());
// Product, page and every other load failure, and every response-shape mismatch, reach the shared error reporter (spec §8).
onContractError((e) => reportError(e, { kind: 'contract' }));
const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (e, query) => reportError(e, { load: String(query.queryKey[0]) }) }),
  // a response of the wrong shape is not worth asking again (and is reported once)
  defaultOptions: { queries: { staleTime: 30_000, retry: (n, e) => n < 1 && !(e instanceof ContractError), refetchOnWindowFocus: false } },
});
primeInit(queryClient);
primePageData(queryClient);
// The page's catalogue (its own chunk unless English) starts loading now when the HTML carries init.
const inlineLanguage = queryClient.getQueryData<Init>(initQuery.queryKey)?.language;
const speaking = inlineLanguage && loadLanguage(inlineLanguage);

async function mount() {
  // The shell needs store data; it is normally inlined in the HTML, otherwise fetched once here.
  await loadStoreData(queryClient);
  // the page's language before the first render (the server rendered in it: no flash, no mismatch)
  const language = queryClient.getQueryData<Init>(initQuery.queryKey)?.language;
  await (speaking || (language && loadLanguage(language)));
  loadLaterMessagesOnFirstInteraction();
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
  // Error reporting and analytics start after mount, loaded once the page is idle (spec §1).
  startErrorReporting();
  const init = queryClient.getQueryData<Init>(initQuery.queryKey);
  if (init) {
    startAnalytics({ id: init.web.id, name: init.web.name });
    if (init.user) identify(init.user);
  }
  let last = `${location.pathname}${location.search}`;
  trackPageview();
  router.subscribe((state) => {
    const at = `${state.location.pathname}${state.location.search}`;
    if (at === last) return;
    last = at;
    trackPageview();
  });
}
void mount();
