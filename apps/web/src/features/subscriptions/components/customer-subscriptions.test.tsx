/**
 * A sales agent's view of a customer's subscriptions (issue 44): the shopper's own list and
 * subscription page over the agent's calls. The heading names the customer, every call goes to
 * `/s/api/agent/customers/{id}/subscriptions*` (none to the agent's own account), links stay under
 * the sales dashboard, and the agent's own wallet is never asked for nor shown.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'preact/test-utils';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountPoint } from '../../../test/mount';
import { customerSubscriptions } from '../api';
import { SubscriptionPage } from './subscription-page';
import { SubscriptionsPage } from './subscriptions-page';

const dom = mountPoint();
const owner = customerSubscriptions({ id: 7, name: 'Priya Shopper' });
const base = '/s/api/agent/customers/7/subscriptions';
const sub = {
  id: 3,
  pack_id: 11,
  product_name: 'Milk',
  pack_name: '500 ml',
  price_paise: 2_800,
  quantity: 1,
  schedule: { kind: 'daily' },
  start_date: '2026-12-05',
  address_id: 5,
  slot_id: null,
  status: 'active',
  pauses: [],
  created_at: '2026-12-01T10:00:00.000Z',
};
const calendar = (skipped = false) => ({
  subscription_id: 3,
  cutoff_time: '22:00',
  days: [
    {
      date: '2026-12-05',
      quantity: skipped ? 0 : 1,
      price_paise: skipped ? 0 : 2_800,
      note: skipped ? 'skipped' : 'usual',
      changeable: true,
      extras: [],
    },
  ],
});
const calls: Array<{ url: string; method: string; body: unknown }> = [];

beforeEach(() => {
  calls.length = 0;
  document.cookie = 'XSRF-TOKEN=t; path=/';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = String(url).replace(/^https?:\/\/[^/]+/, '');
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      calls.push({ url: path, method, body });
      const answer =
        path === base
          ? { subscriptions: [sub], cutoff_time: '22:00' }
          : path === `${base}/3`
            ? sub
            : path === `${base}/3/calendar`
              ? calendar()
              : path === `${base}/3/days`
                ? calendar(true)
                : null;
      return new Response(JSON.stringify(answer ?? { message: 'Not found' }), {
        status: answer ? 200 : 404,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const settle = () => act(() => new Promise((r) => setTimeout(r, 30)));
const show = async (ui: ReactNode) => {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: ['/account/dashboard/customers/7/subscriptions'] });
  dom.mount(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  // the contracts load with the first call: wait for the page's heading
  for (let i = 0; i < 100 && !dom.container.querySelector('h1'); i++) await settle();
};

describe("a sales agent's customer's subscriptions", () => {
  it("the list names the customer and links each subscription under the customer's address", async () => {
    await show(<SubscriptionsPage owner={owner} />);
    expect(dom.container.querySelector('h1')!.textContent).toBe('Subscriptions of Priya Shopper');
    const link = [...dom.container.querySelectorAll('a')].find((a) => a.textContent?.includes('Milk · 500 ml'))!;
    expect(link.getAttribute('href')).toBe('/account/dashboard/customers/7/subscriptions/3');
    expect(dom.container.querySelector('a[href="/account/dashboard"]')!.textContent).toContain('Sales dashboard');
    expect(dom.container.textContent).toContain("Deliveries are paid from the customer's wallet.");
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((c) => c.url.startsWith(base))).toBe(true);
  });

  it("the subscription page changes the customer's subscription through the agent's calls, without the agent's wallet", async () => {
    await show(<SubscriptionPage id={3} owner={owner} />);
    expect(dom.container.querySelector('h1')!.textContent).toContain('Milk · 500 ml');
    const back = dom.container.querySelector('a[href="/account/dashboard/customers/7/subscriptions"]')!;
    expect(back.textContent).toContain('Subscriptions of Priya Shopper');
    expect(dom.container.textContent).not.toContain('Wallet balance');
    const skip = [...dom.container.querySelectorAll('button')].find((b) => b.getAttribute('aria-label')?.endsWith('— skip'))!;
    await act(async () => {
      skip.click();
      await Promise.resolve();
    });
    for (let i = 0; i < 3; i++) await settle();
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      url: `${base}/3/days`,
      method: 'PUT',
      body: { date: '2026-12-05', quantity: 0 },
    });
    expect(dom.container.querySelector('[data-testid="day-2026-12-05"]')!.textContent).toContain('Skipped');
    // every call was the agent's, for this customer: nothing of the agent's own account or wallet
    expect(calls.filter((c) => !c.url.startsWith(base))).toEqual([]);
  });
});
