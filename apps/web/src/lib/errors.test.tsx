/**
 * Spec §8 error reading, through the real API client over a stubbed `fetch`: the message source
 * order, the fallback, the default toast, the wishlist create failure as an error notification,
 * and the store-data load failure's note.
 */
import { errorMessage } from '@grocer/shared/errors';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type ComponentChild } from 'preact';
import { act } from 'preact/test-utils';
import type { ReactNode } from 'react';
import { Toasts } from './toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CreateWishlistModal } from '../features/wishlist/components/wishlist-picker';
import { api, ApiError } from './api';
import { DEFAULT_ERROR, FALLBACK_ERROR, handleError, readError } from './errors';
import { loadStoreData, WEBSITE_NOT_FOUND_NOTE } from './init';

const answer = (status: number, body: string, type = 'application/json') =>
  new Response(body, { status, headers: { 'content-type': type } });
const failWith = async (res: Response | Error): Promise<unknown> => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => (res instanceof Error ? Promise.reject(res) : res.clone())),
  );
  return api('/api/anything').then(
    () => expect.unreachable('the call should fail'),
    (e: unknown) => e,
  );
};

let container: HTMLElement;
beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=t; path=/';
  container = document.createElement('div');
  document.body.append(container);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(async () => {
  await act(() => render(null, container));
  container.remove();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('readError (spec §8 message sources, in order)', () => {
  it('reads a plain string, then a list joined by newlines', () => {
    expect(readError('Out of stock')).toBe('Out of stock');
    expect(readError(['First', 'Second'])).toBe('First\nSecond');
  });

  it('reads the response data when a string, then its msg, message or error field', async () => {
    expect(readError(await failWith(answer(400, 'Not serviceable', 'text/plain')))).toBe('Not serviceable');
    expect(readError(await failWith(answer(400, JSON.stringify({ msg: 'from msg', message: 'from message', error: 'from error' }))))).toBe(
      'from msg',
    );
    expect(
      readError(await failWith(answer(409, JSON.stringify({ message: 'Cow Ghee - 500 ml is out of stock', code: 'OUT_OF_STOCK' })))),
    ).toBe('Cow Ghee - 500 ml is out of stock');
    expect(readError(await failWith(answer(500, JSON.stringify({ error: 'from error' }))))).toBe('from error');
    expect(readError({ response: { data: { message: 'an axios-shaped error' } } })).toBe('an axios-shaped error');
  });

  it("ends in 'Something went wrong': an empty failed response, a network failure, anything unreadable", async () => {
    const empty = await failWith(answer(500, ''));
    expect(empty).toBeInstanceOf(ApiError);
    expect(readError(empty)).toBe('Something went wrong');
    expect(readError(await failWith(new TypeError('Failed to fetch')))).toBe('Something went wrong');
    expect(readError(await failWith(answer(502, JSON.stringify({ message: '' }))))).toBe(FALLBACK_ERROR);
    for (const e of [null, undefined, '', [], {}, new Error('internal detail')]) expect(readError(e)).toBe('Something went wrong');
    expect(FALLBACK_ERROR).toBe(errorMessage('INTERNAL'));
  });

  it('knows the catalogue code of a failed answer', async () => {
    const e = (await failWith(answer(404, JSON.stringify({ message: 'Address not found', code: 'ADDRESS_NOT_FOUND' })))) as ApiError;
    expect(e.code).toBe('ADDRESS_NOT_FOUND');
    expect(((await failWith(answer(500, ''))) as ApiError).code).toBeUndefined();
  });
});

async function mount(ui: ReactNode) {
  await act(() => render(ui as ComponentChild, container));
}
const toastTexts = () => [...document.querySelectorAll('[data-sonner-toast]')].map((t) => t.textContent ?? '');
const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await act(() => new Promise((r) => setTimeout(r, 10)));
  expect(check()).toBe(true);
};

describe('handleError (spec §8 handlers)', () => {
  it("logs the error and shows its message as an error toast, or the default toast 'There's been an error, please try again.'", async () => {
    await mount(<Toasts />);
    const failure = await failWith(new TypeError('Failed to fetch'));
    await act(() => handleError(failure));
    await waitFor(() => toastTexts().some((t) => t.includes(DEFAULT_ERROR)));
    expect(DEFAULT_ERROR).toBe("There's been an error, please try again.");
    expect(console.error).toHaveBeenCalledWith(failure);
    await act(() =>
      handleError(new ApiError(409, { message: 'That delivery slot has just filled up. Please choose another.', code: 'SLOT_FULL' })),
    );
    await waitFor(() => toastTexts().some((t) => t.includes('That delivery slot has just filled up')));
  });
});

describe('Create Another Wish List (spec §8: wishlist failures are error notifications)', () => {
  const submitName = async (name: string) => {
    const client = new QueryClient();
    await mount(
      <QueryClientProvider client={client}>
        <Toasts />
        <CreateWishlistModal open onClose={() => {}} />
      </QueryClientProvider>,
    );
    await waitFor(() => !!document.querySelector('#new-wishlist'));
    const input = document.querySelector<HTMLInputElement>('#new-wishlist')!;
    await act(() => {
      input.value = name;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(() => {
      document.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    });
  };

  it('a refused name shows an error toast and the message at the field', async () => {
    const message = errorMessage('WISHLIST_NAME_TAKEN', { name: 'Party' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(409, JSON.stringify({ message, code: 'WISHLIST_NAME_TAKEN', errors: { name: [message] } }))),
    );
    await submitName('Party');
    await waitFor(() => toastTexts().some((t) => t.includes(message)));
    expect(document.querySelector('#new-wishlist-error')?.textContent).toContain(message);
  });

  it('a network failure shows the default error toast', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await submitName('Party');
    await waitFor(() => toastTexts().some((t) => t.includes(DEFAULT_ERROR)));
    expect(toastTexts().join(' ')).not.toContain('Failed to fetch');
  });
});

describe('store data load (spec §8)', () => {
  it('logs a failure, reports it, and notes when the website data is not found', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(404, JSON.stringify({ message: errorMessage('WEBSITE_NOT_FOUND'), code: 'WEBSITE_NOT_FOUND' }))),
    );
    expect(await loadStoreData(new QueryClient({ defaultOptions: { queries: { retry: false } } }))).toBe(false);
    expect(console.error).toHaveBeenCalled();
    expect(console.warn).toHaveBeenCalledWith(WEBSITE_NOT_FOUND_NOTE);
  });

  it('logs any other failure without the note', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await loadStoreData(new QueryClient({ defaultOptions: { queries: { retry: false } } }))).toBe(false);
    expect(console.error).toHaveBeenCalled();
    expect(console.warn).not.toHaveBeenCalled();
  });
});
