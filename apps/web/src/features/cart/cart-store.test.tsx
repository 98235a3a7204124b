/**
 * The cart's calls go in turn, and one that never answers gives way after CART_CALL_MS: the taps
 * queued behind it are sent, and the cart is read again, since the server may have made the change.
 */
import { emptyCart } from '@grocer/shared/empty-cart';
import type { Cart } from '@grocer/shared/cart';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartLine } from '../../test/cart-line';
import { mountPoint } from '../../test/mount';
import { CartProvider, useCart, type CartActions } from './cart-store';

const dom = mountPoint();
const sent: string[] = [];
/** the server's quantity of the one line (it applies every add it receives, answered or not) */
let quantity = 0;
/** the timeouts handed to each call, in order: the test makes one run out */
let timers: AbortController[] = [];
const cartOf = (q: number): Cart => ({
  ...emptyCart(),
  quantity: q,
  items: q ? [cartLine({ quantity: q, amount: 150 * q })] : [],
});

beforeEach(() => {
  sent.length = 0;
  quantity = 1;
  timers = [];
  document.cookie = 'XSRF-TOKEN=t; path=/';
  vi.spyOn(AbortSignal, 'timeout').mockImplementation(() => {
    const c = new AbortController();
    timers.push(c);
    return c.signal;
  });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = String(url);
      if (!path.startsWith('/s/api/cart')) return new Response('{}', { status: 200 });
      sent.push(`${init?.method ?? 'GET'} ${path}`);
      if (path === '/s/api/cart/add') quantity += 1;
      // the first add reaches the server and its answer never comes back
      if (path === '/s/api/cart/add' && sent.length === 1)
        return new Promise<Response>((_, reject) =>
          init!.signal!.addEventListener('abort', () => reject(new DOMException('The operation timed out.', 'TimeoutError'))),
        );
      return new Response(JSON.stringify(cartOf(quantity)), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const settle = () => act(() => new Promise((r) => setTimeout(r, 30)));

let actions: CartActions;
function Quantity() {
  const cart = useCart();
  actions = cart.actions;
  return <output>{cart.cart.items[0]?.quantity ?? 0}</output>;
}

describe('the cart’s calls', () => {
  it('hold the next tap while one is in flight, and after a call that never answers, send it and read the cart again', async () => {
    dom.mount(
      <CartProvider serverCart={cartOf(1)}>
        <Quantity />
      </CartProvider>,
    );
    const shown = () => dom.container.querySelector('output')!.textContent;
    const item = cartOf(1).items[0]!;
    act(() => actions.increment(item));
    await settle();
    act(() => actions.increment(item));
    await settle();
    // both taps show at once; the second waits for the first
    expect(shown()).toBe('3');
    expect(sent).toEqual(['POST /s/api/cart/add']);

    act(() => timers[0]!.abort());
    // the first gave way: the second was sent, then the cart read again, as the server has it
    // (waited for, not timed: a busy machine takes longer than a few ticks)
    await act(() => vi.waitFor(() => expect(sent).toHaveLength(3), { timeout: 5_000 }));
    await settle();
    expect(sent).toEqual(['POST /s/api/cart/add', 'POST /s/api/cart/add', 'GET /s/api/cart']);
    expect(quantity).toBe(3);
    expect(shown()).toBe('3');
  });
});
