/**
 * The profile's "Messages from the shop": only the channels that reach the shopper are columns, a
 * tick is saved at once, and order updates cannot lose their last channel (said, nothing sent).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountPoint } from '../../../test/mount';
import { MessageChoices } from './message-choices';

const dom = mountPoint();
const calls: Array<{ url: string; method: string; body: unknown }> = [];
const row = (kind: string, whatsapp: boolean, sms: boolean, email: boolean) => ({ kind, whatsapp, sms, email });
let page: { channels: string[]; choices: ReturnType<typeof row>[]; whatsapp_stopped: boolean };

beforeEach(() => {
  calls.length = 0;
  page = {
    channels: ['whatsapp', 'sms', 'email'],
    choices: [
      row('orders', true, true, true),
      row('payments', true, true, true),
      row('subscriptions', true, true, true),
      row('offers', true, true, true),
    ],
    whatsapp_stopped: false,
  };
  document.cookie = 'XSRF-TOKEN=t; path=/';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      calls.push({ url: String(url), method: init?.method ?? 'GET', body });
      if (body) for (const c of body.choices) page.choices = page.choices.map((x) => (x.kind === c.kind ? c : x));
      return new Response(JSON.stringify(page), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const settle = () => act(() => new Promise((r) => setTimeout(r, 30)));
const box = (label: string) => dom.container.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`)!;
const show = async () => {
  dom.mount(
    <QueryClientProvider client={new QueryClient()}>
      <MessageChoices />
    </QueryClientProvider>,
  );
  await settle();
  await settle();
};

describe('message choices', () => {
  it('shows a column per channel that reaches the shopper and a row per kind', async () => {
    page.channels = ['sms'];
    await show();
    expect([...dom.container.querySelectorAll('thead th')].map((th) => th.textContent?.trim())).toEqual(['Message', 'SMS']);
    expect([...dom.container.querySelectorAll('tbody th')].map((th) => th.querySelector('span')?.textContent)).toEqual([
      'Order updates',
      'Payments and wallet',
      'Subscriptions',
      'Back in stock',
    ]);
    expect(box('Order updates by WhatsApp')).toBeNull();
  });

  it('saves a tick at once and keeps what the server answered', async () => {
    await show();
    await act(async () => box('Back in stock by WhatsApp').click());
    await settle();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/s/api/account/messages');
    expect(put.body).toEqual({ choices: [row('offers', false, true, true)] });
    expect(box('Back in stock by WhatsApp').checked).toBe(false);
  });

  it('refuses to untick the last channel of order updates, saying why, sending nothing', async () => {
    page.choices[0] = row('orders', false, false, true);
    await show();
    await act(async () => box('Order updates by Email').click());
    await settle();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    expect(dom.container.querySelector('[role="alert"]')?.textContent).toBe('Order updates need at least one way to reach you');
    expect(box('Order updates by Email').checked).toBe(true);
  });

  it('says WhatsApp is off after the shopper replied STOP', async () => {
    page.whatsapp_stopped = true;
    page.choices = page.choices.map((c) => ({ ...c, whatsapp: false }));
    await show();
    expect(dom.container.textContent).toContain('You replied STOP on WhatsApp');
    expect(box('Order updates by WhatsApp').checked).toBe(false);
  });
});
