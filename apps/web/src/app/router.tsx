import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import type { RouteMeta } from './guards';
import { LoadingOverlay } from '../components/ui/loading';
import { RouteError } from './route-error';
import { Shell } from './shell';
// A route module and its messages in Hindi and Kannada before it renders: a first-load route's group
// (withMessages), the account, checkout and sign-in pages' later catalogue (withLater): locales/catalogue.ts
import { withLater, withMessages } from '../locales/load';

const meta = (m: RouteMeta) => m;
const AppLoading = () => <LoadingOverlay fullPage />;

/**
 * The spec §2 route table. Every page module is lazy, so a storefront page loads only its own
 * code. A feature adds its page with one line here: `{ path, handle: meta({...}), lazy: () => import('./routes/x') }`
 * where the module exports `Component` (and optionally `loader`).
 */
export const routes: RouteObject[] = [
  {
    element: <Shell />,
    errorElement: <RouteError />,
    // a page the server did not render waits for its lazy module under the full-screen spinner (spec §2)
    HydrateFallback: AppLoading,
    children: [
      { path: '/products', lazy: () => withMessages('products', import('./routes/products')) },
      { path: '/products/:slug', lazy: () => withMessages('product', import('./routes/product')) },
      { path: '/categories', lazy: () => withMessages('page', import('./routes/categories')) },
      { path: '/suppliers', lazy: () => withMessages('page', import('./routes/suppliers')) },
      {
        path: '/auth/login',
        handle: meta({ full: true }),
        lazy: async () => ({ Component: (await withLater(import('./routes/auth'))).Login }),
      },
      {
        path: '/auth/verify',
        handle: meta({ full: true }),
        lazy: async () => ({ Component: (await withLater(import('./routes/auth'))).Verify }),
      },
      {
        path: '/auth/register',
        handle: meta({ full: true }),
        lazy: async () => ({ Component: (await withLater(import('./routes/auth'))).Register }),
      },
      {
        path: '/auth/logout',
        handle: meta({ full: true }),
        lazy: async () => ({ Component: (await withLater(import('./routes/auth'))).Logout }),
      },
      { path: '/checkout', handle: meta({ full: true, auth: true }), lazy: () => withLater(import('./routes/checkout')) },
      {
        path: '/checkout/razorpay/:id',
        handle: meta({ full: true, auth: true }),
        lazy: async () => ({ Component: (await withLater(import('./routes/checkout'))).Razorpay }),
      },
      {
        path: '/checkout/cashfree/:id',
        handle: meta({ full: true, auth: true }),
        lazy: async () => ({ Component: (await withLater(import('./routes/checkout'))).Cashfree }),
      },
      {
        path: '/checkout/confirm/:id',
        handle: meta({ full: true, auth: true }),
        lazy: async () => ({ Component: (await withLater(import('./routes/checkout'))).Confirm }),
      },
      {
        path: '/order/success/:ordernumber',
        handle: meta({ auth: true }),
        lazy: async () => ({ Component: (await withLater(import('./routes/checkout'))).Success }),
      },
      {
        path: '/account',
        handle: meta({ auth: true }),
        lazy: () => withLater(import('./routes/account')),
        children: [
          { index: true, lazy: async () => ({ Component: (await withLater(import('./routes/account'))).Dashboard }) },
          { path: 'details', lazy: async () => ({ Component: (await withLater(import('./routes/account'))).Details }) },
          { path: 'addresses', lazy: async () => ({ Component: (await withLater(import('./routes/account'))).Addresses }) },
          { path: 'wishlist', lazy: () => withLater(import('./routes/account-wishlist')) },
          { path: 'wallet', lazy: () => withLater(import('./routes/account-wallet')) },
          { path: 'subscriptions', lazy: () => withLater(import('./routes/account-subscriptions')) },
          {
            path: 'subscriptions/:id',
            lazy: async () => ({ Component: (await withLater(import('./routes/account-subscriptions'))).Subscription }),
          },
          { path: 'orders', lazy: async () => ({ Component: (await withLater(import('./routes/account'))).Orders }) },
          { path: 'orders/:id', lazy: async () => ({ Component: (await withLater(import('./routes/account'))).Order }) },
          {
            path: 'dashboard',
            handle: meta({ agent: true }),
            lazy: async () => ({ Component: (await withLater(import('./routes/account'))).Sales }),
          },
          // a sales agent's customer's subscriptions (issue 44), opened from the sales dashboard
          {
            path: 'dashboard/customers/:customer/subscriptions',
            handle: meta({ agent: true }),
            lazy: () => withLater(import('./routes/account-customer-subscriptions')),
          },
          {
            path: 'dashboard/customers/:customer/subscriptions/:id',
            handle: meta({ agent: true }),
            lazy: async () => ({ Component: (await withLater(import('./routes/account-customer-subscriptions'))).Subscription }),
          },
        ],
      },
      // home has no flag (spec §2): its blocks sit in the centred container like every page's
      { path: '/', lazy: () => withMessages('page', import('./routes/page')) },
      { path: '*', handle: meta({ full: true }), lazy: () => withMessages('page', import('./routes/page')) },
    ],
  },
];

/**
 * The browser router. When the server rendered the page, the lazy modules of the routes it
 * rendered are loaded first, so hydration finds the same tree (not a pending fallback).
 */
export async function createRouter(hydrating: boolean) {
  if (hydrating) {
    const matches = matchRoutes(routes, window.location) ?? [];
    await Promise.all(
      matches.map(async (m) => {
        const load = m.route.lazy;
        if (typeof load !== 'function') return;
        const mod = await load();
        Object.assign(m.route, { ...mod, lazy: undefined });
      }),
    );
  }
  keyThisEntry();
  return createBrowserRouter(routes);
}

/**
 * Give the history entry a full page load opened its own key. React Router keys an entry without
 * one as 'default', so <ScrollRestoration/> would reuse the first full load's position on every
 * later full load of the tab (the return from a payment gateway, a typed URL) and open the page
 * scrolled to where an earlier page was. A reload or back/forward keeps the entry's state, and with
 * it its key and saved position, as browsers do.
 */
export function keyThisEntry(history: History = window.history) {
  const state = (history.state ?? {}) as { key?: string };
  if (state.key) return;
  history.replaceState({ ...state, key: Math.random().toString(36).slice(2, 10) }, '');
}
