/**
 * Checkout's payment step with the wallet (issue 44): a wallet short of the total is used with an
 * online method paying the rest, so cash on delivery is hidden while it is ticked (a chosen one
 * falls back to UPI) and the order goes with `use_wallet` and that method; a covering wallet pays
 * wholly, with no method to choose.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'preact/test-utils';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyCart } from '@grocer/shared/empty-cart';
import { cartLine } from '../../../test/cart-line';
import { mountPoint } from '../../../test/mount';
import { CheckoutPage } from './checkout-page';

const dom = mountPoint();
const address = {
  id: 1,
  name: 'Asha',
  phone: '9876543210',
  pincode: '560001',
  line1: '1 MG Road',
  line2: 'Ashok Nagar',
  landmark: null,
  city: 'Bengaluru',
  state: 'Karnataka',
  type: 'home',
  is_default: true,
  serviceable: true,
  delivery_message: 'We deliver here',
};
const line = cartLine({ pack_id: 11, name: 'Rice', price: 88, act_price: 88, amount: 88 });
const cart = {
  ...emptyCart(),
  quantity: 1,
  total: 88,
  amount: 88,
  paymentMethods: [
    { code: 'razorpay', name: 'Pay online' },
    { code: 'cod', name: 'Cash on delivery' },
  ],
  items: [line],
};
const walletOf = (balance_paise: number) => ({
  wallet: {
    id: 1,
    kind: 'wallet',
    balance_paise,
    credit_limit_paise: 0,
    status: 'open',
    opened_by: 'shop',
    created_at: '2026-12-01T10:00:00.000Z',
    entries: [],
  },
  khata: null,
  topup: { min_paise: 1_000, max_paise: 1_000_000 },
});
let balance = 5_000;
const posts: unknown[] = [];
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  posts.length = 0;
  balance = 5_000;
  document.cookie = 'XSRF-TOKEN=t; path=/';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const u = String(url);
      if (init?.method === 'POST' && u.endsWith('/s/api/orders')) {
        posts.push(JSON.parse(String(init.body)));
        return json({ message: 'Cash on delivery takes the whole order', code: 'WALLET_REST_ONLINE' }, 409);
      }
      if (u.includes('/s/api/addresses')) return json({ data: [address] });
      if (u.includes('/s/api/cart')) return json(cart);
      if (u.includes('/s/api/delivery/slots')) return json({ data: [] });
      if (u.includes('/s/api/account/wallet')) return json(walletOf(balance));
      return json({});
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const settle = () => act(() => new Promise((r) => setTimeout(r, 30)));
const show = async () => {
  const router = createMemoryRouter(
    [
      {
        path: '/checkout',
        element: <CheckoutPage cartVersion="1" coupon={null} addressForm={() => null} onCart={() => {}} onRemove={() => {}} />,
      },
    ],
    { initialEntries: ['/checkout'] },
  );
  dom.mount(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  // until the payment step and the wallet show (the first test also loads the contracts)
  const ready = () => dom.container.querySelector('input[name=payment]') && dom.container.querySelector('input[type=checkbox]');
  for (let i = 0; i < 100 && !ready(); i++) await settle();
};
const methods = () =>
  [...dom.container.querySelectorAll<HTMLInputElement>('input[name=payment]')].map(
    (r) => r.closest('label')!.querySelector('span')!.firstChild!.textContent,
  );
const chosenMethod = () =>
  [...dom.container.querySelectorAll<HTMLInputElement>('input[name=payment]')]
    .find((r) => r.checked)
    ?.closest('label')!
    .querySelector('span')!.firstChild!.textContent;
const radio = (name: string) =>
  [...dom.container.querySelectorAll<HTMLInputElement>('input[name=payment]')].find(
    (r) => r.closest('label')!.querySelector('span')!.firstChild!.textContent === name,
  )!;
const walletBox = () => dom.container.querySelector<HTMLInputElement>('input[type=checkbox]')!;
const payButton = () =>
  [...dom.container.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Pay') || b.textContent?.startsWith('Place'))!;

describe('checkout with the wallet', () => {
  it('a short wallet ticked: cash on delivery is hidden, a chosen one falls back to UPI, and the rest is paid online', async () => {
    await show();
    expect(methods()).toContain('Cash on delivery');
    await act(() => radio('Cash on delivery').click());
    expect(payButton().textContent).toBe('Place order · ₹88');

    await act(() => walletBox().click());
    expect(dom.container.textContent).toContain('₹50 from your wallet, ₹38 by UPI, card or netbanking.');
    expect(methods()).not.toContain('Cash on delivery');
    expect(chosenMethod()).toBe('UPI');
    expect(dom.container.textContent).toContain('untick the wallet');
    expect(dom.container.textContent).toContain('From your wallet− ₹50');
    expect(payButton().textContent).toBe('Pay ₹38');

    await act(() => payButton().click());
    await settle();
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ payment_method: 'razorpay', use_wallet: true, expected_total: 88 });
    expect(dom.container.querySelector('[role=alert]')!.textContent).toContain('Cash on delivery takes the whole order');

    // unticked, cash on delivery is back, as chosen
    await act(() => walletBox().click());
    expect(methods()).toContain('Cash on delivery');
    expect(chosenMethod()).toBe('Cash on delivery');
  });

  it('a covering wallet ticked pays wholly: no method to choose', async () => {
    balance = 10_000;
    await show();
    await act(() => walletBox().click());
    expect(dom.container.textContent).toContain('₹88 is paid from your wallet; ₹12 stays in it.');
    expect(methods()).toEqual([]);
    expect(payButton().textContent).toBe('Pay ₹88 from wallet');
  });
});
