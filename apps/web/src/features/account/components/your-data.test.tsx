/**
 * The profile's "Your data" (DPDP): the downloads point at the export calls, the analytics choice is
 * sent and kept, and deleting asks first, then erases and signs the browser out.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountPoint } from '../../../test/mount';
import { YourData } from './your-data';

const dom = mountPoint();
const calls: Array<{ url: string; method: string; body: unknown }> = [];
const user = {
  id: 7,
  name: 'Priya',
  email: 'p@example.com',
  phone: '9000000003',
  superadmin: false,
  hasAdminAccess: false,
  isSalesAgent: false,
};

beforeEach(() => {
  calls.length = 0;
  document.cookie = 'XSRF-TOKEN=t; path=/';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      calls.push({ url: String(url), method: init?.method ?? 'GET', body });
      const answer = String(url).endsWith('/consent') ? { analytics: body.analytics } : { deleted: true, orders_kept: 2 };
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const settle = () => act(() => new Promise((r) => setTimeout(r, 20)));
const button = (name: string) => [...dom.container.ownerDocument.querySelectorAll('button')].find((b) => b.textContent?.trim() === name)!;

function show(onDeleted = vi.fn(async () => {})) {
  dom.mount(
    <QueryClientProvider client={new QueryClient()}>
      <YourData user={user} onDeleted={onDeleted} />
    </QueryClientProvider>,
  );
  return onDeleted;
}

describe('your data', () => {
  it('offers the JSON and CSV copies of the shopper’s data', () => {
    show();
    const links = [...dom.container.querySelectorAll('a')].map((a) => [
      a.textContent?.trim(),
      a.getAttribute('href'),
      a.hasAttribute('download'),
    ]);
    expect(links).toEqual([
      ['Download my data', '/s/api/account/export', true],
      ['My orders as CSV', '/s/api/account/export.csv', true],
    ]);
  });

  it('sends the analytics choice, unticked by default', async () => {
    show();
    const box = dom.container.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    expect(box.checked).toBe(false);
    await act(() => box.click());
    await settle();
    expect(calls).toEqual([expect.objectContaining({ method: 'PUT', body: { analytics: true } })]);
    expect(calls[0]!.url).toMatch(/\/api\/account\/consent$/);
  });

  it('asks before deleting; cancelling erases nothing; confirming erases and signs out', async () => {
    const onDeleted = show();
    await act(() => button('Delete my account').click());
    await settle();
    await act(() => button('Cancel').click());
    await settle();
    expect(calls).toEqual([]);
    await act(() => button('Delete my account').click());
    await settle();
    const confirm = [...document.querySelectorAll('[role="alertdialog"] button, [role="dialog"] button')].find(
      (b) => b.textContent?.trim() === 'Delete my account',
    ) as HTMLButtonElement;
    await act(() => confirm.click());
    // the answer is parsed with its contract, loaded with the call
    await vi.waitFor(() => expect(onDeleted).toHaveBeenCalledOnce(), { timeout: 10_000 });
    expect(calls).toEqual([expect.objectContaining({ method: 'POST', body: { confirm: true } })]);
    expect(calls[0]!.url).toMatch(/\/api\/account\/delete$/);
  });
});
