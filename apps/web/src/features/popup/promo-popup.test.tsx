/**
 * The promo popup (spec §4, §9): 5 s after the page load on / or /products, not 5 s after
 * arriving there; its link follows the banner link rule (spec §5).
 */
import type { Popup } from '@grocer/shared/storefront';
import type { ComponentChild, render as renderFn } from 'preact';
import type { act as actFn } from 'preact/test-utils';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

let container: HTMLElement;
let now = 0;
// Fresh modules per test (the popup shows once per page load: a fresh module is a fresh load), so
// preact, its test utils and the router are loaded with the popup, from the same module registry.
let render: typeof renderFn;
let act: typeof actFn;

async function freshLoad() {
  vi.resetModules();
  render = (await import('preact')).render;
  act = (await import('preact/test-utils')).act;
  const { createMemoryRouter, RouterProvider } = await import('react-router');
  const { PromoPopup } = await import('./promo-popup');
  return { createMemoryRouter, RouterProvider, PromoPopup };
}

beforeAll(() => freshLoad(), 30_000); // the first load transforms the modules

beforeEach(() => {
  vi.useFakeTimers();
  now = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  localStorage.clear();
  container = document.createElement('div');
  document.body.append(container);
});

afterEach(() => {
  act(() => render(null, container));
  container.remove();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function mountAt(path: string, popup: Popup) {
  const { createMemoryRouter, RouterProvider, PromoPopup } = await freshLoad();
  const router = createMemoryRouter(
    [
      { path: '/', element: <PromoPopup popup={popup} /> },
      { path: '/products', element: <PromoPopup popup={popup} /> },
      { path: '/products/:slug', element: <PromoPopup popup={popup} /> },
    ],
    { initialEntries: [path] },
  );
  act(() => render((<RouterProvider router={router} />) as ComponentChild, container));
  return router;
}
const advance = (ms: number) => act(() => void vi.advanceTimersByTime(ms));
const shown = () => document.querySelector('[data-testid="promo-popup"]') !== null;
const popup = (link: string | null): Popup => ({ image: 'site/popup.svg', duration: 5, link, once: false });

describe('PromoPopup', () => {
  it('shows 5 s after the page load on /', async () => {
    await mountAt('/', popup(null));
    advance(4999);
    expect(shown()).toBe(false);
    advance(1);
    expect(shown()).toBe(true);
    advance(5000);
    expect(shown()).toBe(false);
  });

  it('counts from the page load: arriving at / 8 s after it shows it at once, and only once per load', async () => {
    const router = await mountAt('/products/rice', popup(null));
    now = 8000;
    advance(8000);
    expect(shown()).toBe(false);
    await act(() => router.navigate('/'));
    advance(0);
    expect(shown()).toBe(true);
    advance(5000);
    expect(shown()).toBe(false);
    await act(() => router.navigate('/products'));
    advance(6000);
    expect(shown()).toBe(false);
  });

  it('counts from the load event, not from the navigation start', async () => {
    const state = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    await mountAt('/', popup(null));
    advance(6000);
    expect(shown()).toBe(false);
    now = 2700; // the load event ends 2.7 s after navigation start
    state.mockReturnValue('complete');
    act(() => void window.dispatchEvent(new Event('load')));
    now = 2700 + 4999;
    advance(4999);
    expect(shown()).toBe(false);
    now += 1;
    advance(1);
    expect(shown()).toBe(true);
  });

  it('waits for the page to be idle before it shows', async () => {
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (fn: () => void) => idle.push(fn));
    vi.stubGlobal('cancelIdleCallback', () => {});
    await mountAt('/', popup(null));
    advance(5000);
    expect(shown()).toBe(false);
    expect(idle).toHaveLength(1);
    act(() => idle[0]!());
    expect(shown()).toBe(true);
  });

  it('takes focus, keeps Tab inside, closes on Escape and gives focus back', async () => {
    const before = document.createElement('button');
    document.body.append(before);
    before.focus();
    await mountAt('/', popup(null));
    advance(5000);
    const close = document.querySelector<HTMLButtonElement>('button[aria-label="Close offer"]')!;
    const offer = document.querySelector<HTMLButtonElement>('button[aria-label="See the offer"]')!;
    expect(document.activeElement).toBe(close);
    const press = (key: string, shiftKey = false) =>
      act(
        () => void document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, shiftKey, bubbles: true, cancelable: true })),
      );
    offer.focus();
    press('Tab');
    expect(document.activeElement).toBe(close);
    press('Tab', true);
    expect(document.activeElement).toBe(offer);
    press('Escape');
    expect(shown()).toBe(false);
    expect(document.activeElement).toBe(before);
    before.remove();
  });

  it('arriving 2 s after the load waits the 3 s left', async () => {
    const router = await mountAt('/products/rice', popup(null));
    now = 2000;
    await act(() => router.navigate('/products'));
    advance(2999);
    expect(shown()).toBe(false);
    advance(1);
    expect(shown()).toBe(true);
  });

  async function clickOffer(link: string | null) {
    const router = await mountAt('/', popup(link));
    advance(5000);
    act(() => document.querySelector<HTMLButtonElement>('button[aria-label="See the offer"]')!.click());
    return router;
  }

  it("follows the banner link rule: '/' in the app, www with https:// in a new tab, anything else ignored", async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const router = await clickOffer('/products?c=staples');
    expect(router.state.location.pathname + router.state.location.search).toBe('/products?c=staples');
    act(() => render(null, container));

    await clickOffer('www.example.com/sale');
    expect(open).toHaveBeenCalledExactlyOnceWith('https://www.example.com/sale', '_blank', 'noopener');
    act(() => render(null, container));

    await clickOffer('javascript:alert(1)');
    expect(open).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('Invalid banner link ignored: javascript:alert(1)');
    expect(shown()).toBe(true);
  });
});
