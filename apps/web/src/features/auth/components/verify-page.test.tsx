/**
 * The verify screen takes the code from the SMS where the browser can read it (WebOTP) and from a
 * pasted or typed code, and signs in with it without a tap on Verify (typing the 6th digit is enough).
 * `navigator.credentials` is the browser's; here it is a stand-in that hands over a code.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'preact/test-utils';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountPoint } from '../../../test/mount';
import { pendingSignIn } from '../session';
import { VerifyPage } from './verify-page';

const dom = mountPoint();
const verifyCalls: unknown[] = [];

beforeEach(() => {
  verifyCalls.length = 0;
  document.cookie = 'XSRF-TOKEN=t; path=/';
  pendingSignIn.save({ identifier: '9000000003', channel: 'sms', sent_to: '******0003', resend_after: 30, expires_in: 600 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (String(url).endsWith('/api/auth/verify')) {
        verifyCalls.push(JSON.parse(String(init?.body)));
        return new Response(JSON.stringify({ message: 'Invalid or expired code' }), {
          status: 422,
          headers: { 'content-type': 'application/json' },
        });
      }
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete (window as { OTPCredential?: unknown }).OTPCredential;
});

function show() {
  const router = createMemoryRouter([{ path: '/auth/verify', element: <VerifyPage onSignedIn={() => '/'} /> }], {
    initialEntries: ['/auth/verify'],
  });
  dom.mount(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}
const settle = () => act(() => new Promise((r) => setTimeout(r, 20)));

describe('the verify screen', () => {
  it('fills the code the browser read from the SMS and signs in with it at once', async () => {
    (window as { OTPCredential?: unknown }).OTPCredential = function OTPCredential() {};
    const get = vi.fn(async () => ({ code: '482913', type: 'otp' }));
    vi.spyOn(navigator, 'credentials', 'get').mockReturnValue({ get } as unknown as CredentialsContainer);
    show();
    await settle();
    await settle();
    expect(get).toHaveBeenCalledWith(expect.objectContaining({ otp: { transport: ['sms'] } }));
    expect(dom.container.querySelector<HTMLInputElement>('#code')!.value).toBe('482913');
    expect(verifyCalls).toEqual([expect.objectContaining({ identifier: '9000000003', code: '482913' })]);
  });

  it('signs in when the 6th digit is typed, again after a correction, and when a whole code is pasted', async () => {
    show();
    await settle();
    const input = dom.container.querySelector<HTMLInputElement>('#code')!;
    const type = (value: string) =>
      act(() => {
        input.value = value;
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
    await type('12345');
    await settle();
    expect(verifyCalls).toEqual([]);
    await type('123 456');
    await settle();
    expect(verifyCalls).toEqual([expect.objectContaining({ code: '123456' })]);
    await type('123 45');
    await type('123 457');
    await settle();
    expect(verifyCalls).toHaveLength(2);
    expect(verifyCalls[1]).toEqual(expect.objectContaining({ code: '123457' }));
    verifyCalls.length = 0;
    const paste = new Event('paste', { bubbles: true, cancelable: true }) as Event & { clipboardData: unknown };
    paste.clipboardData = { getData: () => '654 321' };
    await act(() => {
      input.dispatchEvent(paste);
    });
    await settle();
    expect(verifyCalls).toEqual([expect.objectContaining({ code: '654321' })]);
    expect(dom.container.querySelector('[role="alert"]')?.textContent).toBe('Invalid or expired code');
  });
});
