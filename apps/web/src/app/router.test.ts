import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { RouteMeta } from './guards';
import { routes } from './router';

/** The flags a path's route carries, merged from its matches as the shell merges them. */
function flagsOf(path: string): string[] {
  const meta = Object.assign({}, ...(matchRoutes(routes, path) ?? []).map((m) => (m.route.handle as RouteMeta | undefined) ?? {}));
  return (['full', 'auth', 'agent'] as const).filter((f) => meta[f]);
}

describe('the route table (spec §2; deliberate differences in docs/spec-deviations.md)', () => {
  it.each([
    ['/', []],
    ['/products', []],
    ['/products/rice', []],
    ['/categories', []],
    ['/checkout', ['full', 'auth']],
    // deliberate: the payment routes need sign-in too (the spec gives them full only)
    ['/checkout/razorpay/7', ['full', 'auth']],
    ['/checkout/cashfree/7', ['full', 'auth']],
    ['/checkout/confirm/7', ['full', 'auth']],
    ['/order/success/GR-1', ['auth']],
    ['/auth/login', ['full']],
    ['/auth/verify', ['full']],
    ['/auth/register', ['full']],
    ['/auth/logout', ['full']],
    // deliberate: the account area needs sign-in (the spec's table leaves it unflagged)
    ['/account', ['auth']],
    ['/account/orders', ['auth']],
    ['/account/orders/3', ['auth']],
    ['/account/addresses', ['auth']],
    ['/account/details', ['auth']],
    ['/account/wishlist', ['auth']],
    ['/account/dashboard', ['auth', 'agent']],
    // not in the spec's table: a sales agent's customer's subscriptions (issue 44), agents only like the dashboard
    ['/account/dashboard/customers/7/subscriptions', ['auth', 'agent']],
    ['/account/dashboard/customers/7/subscriptions/3', ['auth', 'agent']],
    ['/about-us', ['full']],
    ['/any/other/path', ['full']],
  ])('%s carries %j', (path, flags) => {
    expect(flagsOf(path)).toEqual(flags);
  });
});
