import type { Init } from '@grocer/shared/storefront';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'preact-render-to-string';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { routes } from './app/router';
import { UiStateProvider } from './app/ui-state';
import { initQuery } from './lib/init';
import { setCdn } from '@grocer/blocks/image';
import { serverSanitised, setSanitizer } from '@grocer/blocks/sanitize';
import { activate, t } from './lib/i18n';
import { setTranslator } from '@grocer/blocks/words';
import './locales/all';

// Content HTML comes in the server's answers already sanitised (apps/server content/sanitize.ts).
setSanitizer(serverSanitised);
// the page blocks speak the page's language
setTranslator(t);

/**
 * Server rendering of public pages (home and content pages, product lists and product pages):
 * the same components, with the store data and the page's first data the server already has, so
 * the first paint needs no JavaScript. The browser then hydrates this markup. Answers null when
 * the route redirects or throws (the page is then rendered by the browser alone).
 */
export async function render(url: string, input: { init: Init; data: [unknown[], unknown][]; cdn: string }): Promise<string | null> {
  setCdn(input.cdn);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response || context.errors) return null;
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(initQuery.queryKey, input.init);
  for (const [key, value] of input.data) client.setQueryData(key, value);
  const router = createStaticRouter(handler.dataRoutes, context);
  // the render below is synchronous: no other request's language can interleave
  activate(input.init.language);
  try {
    return renderToString(
      <QueryClientProvider client={client}>
        <UiStateProvider>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </UiStateProvider>
      </QueryClientProvider>,
    );
  } finally {
    client.clear();
  }
}
