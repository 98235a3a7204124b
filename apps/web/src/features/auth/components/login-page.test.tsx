/**
 * A code was sent to this person moments ago: the login screen says how long to wait, counts it
 * down each second and lets Send code be tapped again when the wait is over.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'preact/test-utils';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountPoint } from '../../../test/mount';
import { LoginPage } from './login-page';

const dom = mountPoint();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearInterval', 'clearTimeout', 'Date'] });
  document.cookie = 'XSRF-TOKEN=t; path=/';
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({ code: 'RESEND_COOLDOWN', message: 'Please wait 2 seconds before asking for a new code', retry_after: 2 }),
          { status: 429, headers: { 'content-type': 'application/json' } },
        ),
    ),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the login screen', () => {
  it('counts a resend wait down and offers Send code again when it is over', async () => {
    const router = createMemoryRouter([{ path: '/auth/login', element: <LoginPage showRegister={false} /> }], {
      initialEntries: ['/auth/login'],
    });
    dom.mount(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const input = dom.container.querySelector<HTMLInputElement>('#identifier')!;
    await act(() => {
      input.value = '9000000003';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => {
      dom.container.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
      await vi.advanceTimersByTimeAsync(0);
    });
    const alert = () => dom.container.querySelector('[role="alert"]')?.textContent ?? null;
    const send = () => dom.container.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    expect(alert()).toBe('Please wait 2 seconds before asking for a new code');
    expect(send().disabled).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(alert()).toBe('Please wait 1 seconds before asking for a new code');
    expect(send().disabled).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(alert()).toBeNull();
    expect(send().disabled).toBe(false);
    expect(send().textContent).toBe('Send code');
  });
});
