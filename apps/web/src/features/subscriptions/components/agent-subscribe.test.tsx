/**
 * A sales agent starts a subscription for one of their customers (issue 44), from the customer's
 * subscriptions page: "Subscribe {first name}" finds a pack the shop offers on subscription, takes
 * the quantity, schedule, start date, one of the customer's addresses and its morning slot, and
 * posts to `/s/api/agent/customers/{id}/subscriptions`; the new subscription joins the list. The
 * server's refusals are shown under the field they concern. The shopper's own page has no such button.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'preact/test-utils';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountPoint } from '../../../test/mount';
import { customerSubscriptions } from '../api';
import { SubscriptionsPage } from './subscriptions-page';

const dom = mountPoint();
const owner = customerSubscriptions({ id: 7, name: 'Priya Shopper' });
const base = '/s/api/agent/customers/7/subscriptions';
const created = {
  id: 3,
  pack_id: 11,
  product_name: 'Milk',
  pack_name: '500 ml',
  price_paise: 2_800,
  quantity: 2,
  schedule: { kind: 'weekdays', weekdays: [1, 3] },
  start_date: '2026-12-07',
  address_id: 6,
  slot_id: 22,
  status: 'active',
  pauses: [],
  created_at: '2026-12-01T10:00:00.000Z',
};
const pack = (pack_id: number, pack_name: string, price: number) => ({
  pack_id,
  pack_name,
  price,
  act_price: price,
  discount: 0,
  warehouse_id: 1,
  discount_type: null,
  stock: 0,
});
const products = {
  data: [
    {
      product_id: 1,
      product_name: 'Milk',
      brand_name: 'Nandini',
      slug: 'milk',
      brand_slug: 'nandini',
      medias: [],
      image: '',
      // 500 ml is offered on subscription (out of stock today: it does not matter), 1 l is not
      packs: [pack(11, '500 ml', 28), pack(12, '1 l', 54)],
    },
  ],
  meta: { total: 1, perPage: 20, page: 1 },
};
const address = (id: number, pincode: string, is_default: boolean) => ({
  id,
  name: 'Priya Shopper',
  phone: '9876543210',
  pincode,
  line1: `${id} MG Road`,
  line2: 'Indiranagar',
  landmark: null,
  city: 'Bengaluru',
  state: 'Karnataka',
  type: 'home',
  is_default,
  serviceable: true,
  delivery_message: null,
});
const slot = (slot_id: number, date: string, start_time: string, end_time: string) => ({
  slot_id,
  date,
  start_time,
  end_time,
  remaining: 5,
});

let subscribed = false;
let refusal: { status: number; body: unknown } | null = null;
const calls: Array<{ url: string; method: string; body: unknown }> = [];

beforeEach(() => {
  calls.length = 0;
  subscribed = false;
  refusal = null;
  document.cookie = 'XSRF-TOKEN=t; path=/';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = String(url).replace(/^https?:\/\/[^/]+/, '');
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      calls.push({ url: path, method, body });
      const reply = (status: number, answer: unknown) =>
        new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
      if (path === base && method === 'POST') {
        if (refusal) return reply(refusal.status, refusal.body);
        subscribed = true;
        return reply(200, created);
      }
      const answer =
        path === base
          ? { subscriptions: subscribed ? [created] : [], cutoff_time: '22:00' }
          : path === `${base}/3/calendar`
            ? { subscription_id: 3, cutoff_time: '22:00', days: [] }
            : path === '/s/api/subscriptions/offer'
              ? { pack_ids: [11, 40], cutoff_time: '22:00', first_date: '2026-12-05' }
              : path === '/s/api/products?q=milk&perPage=20'
                ? products
                : path === '/s/api/agent/customers/7/addresses'
                  ? { data: [address(5, '560001', true), address(6, '560038', false)] }
                  : path === '/s/api/delivery/slots?pincode=560038'
                    ? {
                        data: [
                          slot(21, '2026-12-05', '06:00', '08:00'),
                          slot(22, '2026-12-05', '08:00', '10:00'),
                          slot(23, '2026-12-05', '17:00', '19:00'),
                          slot(21, '2026-12-06', '06:00', '08:00'),
                        ],
                      }
                    : path === '/s/api/delivery/slots?pincode=560001'
                      ? { data: [slot(31, '2026-12-05', '07:00', '09:00')] }
                      : path === '/s/api/account/subscriptions'
                        ? { subscriptions: [], cutoff_time: '22:00' }
                        : null;
      return reply(answer ? 200 : 404, answer ?? { message: 'Not found' });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const settle = () => act(() => new Promise((r) => setTimeout(r, 30)));
const until = async (found: () => unknown) => {
  for (let i = 0; i < 100 && !found(); i++) await settle();
  expect(found()).toBeTruthy();
};
const show = async (ui: ReactNode) => {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: ['/account/dashboard/customers/7/subscriptions'] });
  dom.mount(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await until(() => dom.container.querySelector('h1'));
};
const $ = <E extends Element = HTMLElement>(selector: string) => dom.container.querySelector<E & HTMLElement>(selector);
const button = (name: string) =>
  [...dom.container.querySelectorAll('button')].find((b) => b.textContent?.trim() === name || b.getAttribute('aria-label') === name);
const radio = (group: string, text: string) => {
  const g = $(`[role="radiogroup"][aria-label="${group}"]`)!;
  return [...g.querySelectorAll('label')].find((l) => l.textContent?.includes(text))!.querySelector('input')!;
};
const tap = async (el: HTMLElement | undefined) => {
  expect(el).toBeTruthy();
  await act(async () => {
    el!.click();
    await Promise.resolve();
  });
  await settle();
};
const type = async (input: HTMLInputElement, value: string) => {
  await act(async () => {
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await Promise.resolve();
  });
  await settle();
};

/** Opens "Subscribe Priya" and fills it: 2 × Milk 500 ml on Mon and Wed from 7 Dec, to the second address, its 8–10 slot. */
async function fill() {
  await show(<SubscriptionsPage owner={owner} />);
  await until(() => button('Subscribe Priya'));
  await tap(button('Subscribe Priya'));
  await until(() => $('input[type="search"]'));
  await type($<HTMLInputElement>('input[type="search"]')!, 'milk');
  await until(() => $('[role="radiogroup"][aria-label="Packs on subscription"]'));
  const packs = $('[role="radiogroup"][aria-label="Packs on subscription"]')!;
  expect(packs.textContent).toContain('Milk 500 ml');
  // not on subscription: not offered
  expect(packs.textContent).not.toContain('1 l');
  await tap(radio('Packs on subscription', 'Milk 500 ml'));
  await tap(button('One more'));
  expect($('[data-testid="agent-sub-per-delivery"]')!.textContent).toContain('56');
  await tap(radio('How often', 'Chosen weekdays'));
  await tap(button('Monday'));
  await tap(button('Wednesday'));
  expect($<HTMLInputElement>('#agent-sub-start')!.value).toBe('2026-12-05');
  await type($<HTMLInputElement>('#agent-sub-start')!, '2026-12-07');
  await until(() => $('[role="radiogroup"][aria-label="Delivery address"]'));
  await tap(radio('Delivery address', '6 MG Road'));
  await until(() => $('[role="radiogroup"][aria-label="Delivery slot"]')?.textContent?.includes('8'));
  const slots = $('[role="radiogroup"][aria-label="Delivery slot"]')!;
  // the morning's slots, each once
  expect(slots.querySelectorAll('label')).toHaveLength(2);
  await tap(slots.querySelectorAll('input')[1]!);
}
const submit = async () => {
  await tap(dom.container.querySelector<HTMLButtonElement>('form button[type="submit"]')!);
  for (let i = 0; i < 3; i++) await settle();
};

describe('a sales agent subscribes a customer', () => {
  it('posts the chosen pack, schedule, start, address and slot to the customer, and lists the new subscription', async () => {
    await fill();
    await submit();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        url: base,
        method: 'POST',
        body: {
          pack_id: 11,
          quantity: 2,
          schedule: { kind: 'weekdays', weekdays: [1, 3] },
          start_date: '2026-12-07',
          address_id: 6,
          slot_id: 22,
        },
      },
    ]);
    await until(() => $('[role="status"]'));
    expect($('[role="status"]')!.textContent).toContain('Priya is subscribed to Milk 500 ml; the first delivery is on Monday 7 December.');
    // the form closed, the list asked again and shows it
    expect($('form')).toBeNull();
    await until(() => $(`a[href="/account/dashboard/customers/7/subscriptions/3"]`));
    expect(calls.filter((c) => c.url === base && c.method === 'GET')).toHaveLength(2);
    // nothing of the agent's own account
    expect(calls.filter((c) => c.url.startsWith('/s/api/account') || c.url.startsWith('/s/api/addresses'))).toEqual([]);
  });

  it("shows the server's refusal under the field it concerns, and one that names no field under the form", async () => {
    await fill();
    refusal = {
      status: 409,
      body: {
        code: 'SUBSCRIPTION_CUTOFF_PASSED',
        message: 'Changes for 2026-12-07 closed at 22:00 the evening before: choose a later day',
      },
    };
    await submit();
    expect($('#agent-sub-start-error')!.textContent).toBe('Changes for Monday 7 December closed at 10 PM on Sunday: choose a later day.');
    expect($<HTMLInputElement>('#agent-sub-start')!.getAttribute('aria-invalid')).toBe('true');

    refusal = { status: 409, body: { code: 'SUBSCRIPTION_PACK_NOT_SUBSCRIBABLE', message: 'This pack is not available on subscription' } };
    await submit();
    expect($('#agent-sub-pack-error')!.textContent).toBe('This pack is not available on subscription');
    expect($('#agent-sub-start-error')).toBeNull();

    refusal = {
      status: 422,
      body: { code: 'VALIDATION_FAILED', message: 'Choose weekdays', errors: { 'schedule.weekdays': ['Choose weekdays from 0 to 6'] } },
    };
    await submit();
    expect($('#agent-sub-schedule-error')!.textContent).toBe('Choose weekdays from 0 to 6');

    refusal = { status: 404, body: { code: 'CUSTOMER_NOT_ASSIGNED', message: 'This customer is not assigned to you' } };
    await submit();
    expect($('form [role="alert"]:not([id])')!.textContent).toBe('This customer is not assigned to you');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(4);
    // still open, nothing listed
    expect($('form')).not.toBeNull();
    expect(dom.container.textContent).toContain('No subscriptions yet');
  });

  it('asks for a pack before posting', async () => {
    await show(<SubscriptionsPage owner={owner} />);
    await until(() => button('Subscribe Priya'));
    await tap(button('Subscribe Priya'));
    await until(() => $('[role="radiogroup"][aria-label="Delivery address"]'));
    await submit();
    expect($('#agent-sub-pack-error')!.textContent).toBe('Choose the pack to deliver.');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it("is not on the shopper's own page", async () => {
    await show(<SubscriptionsPage />);
    for (let i = 0; i < 3; i++) await settle();
    expect(dom.container.querySelector('h1')!.textContent).toBe('Subscriptions');
    expect([...dom.container.querySelectorAll('button')].some((b) => b.textContent?.includes('Subscribe'))).toBe(false);
  });
});
