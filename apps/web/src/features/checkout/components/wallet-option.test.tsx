/**
 * Checkout's "Use wallet balance (₹X)" (issue 44): nothing without money in the wallet; a balance
 * covering what is to pay can be ticked and says what stays; a short one can be ticked too and says
 * what the wallet pays and what is left to pay online (cash on delivery then not offered); short with
 * no online method, it cannot, and says why.
 */
import { act } from 'preact/test-utils';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mountPoint } from '../../../test/mount';
import { WalletOption, walletCovers, walletUse } from './wallet-option';

const dom = mountPoint();
let ticked = false;

function Harness({ balance, toPay, online }: { balance: number; toPay: number; online: boolean }) {
  const [checked, setChecked] = useState(false);
  ticked = checked;
  return <WalletOption balancePaise={balance} toPayPaise={toPay} online={online} checked={checked} onChange={setChecked} />;
}
const mount = (balance: number, toPay: number, online = true) =>
  dom.mount(
    <RouterProvider router={createMemoryRouter([{ path: '/', element: <Harness balance={balance} toPay={toPay} online={online} /> }])} />,
  );
const box = () => dom.container.querySelector<HTMLInputElement>('input[type=checkbox]');

const upi = { key: 'razorpay:upi', code: 'razorpay' as const };
const cod = { key: 'cod', code: 'cod' as const };

describe('WalletOption', () => {
  it('covers when the balance is at least what is to pay', () => {
    expect(walletCovers(50_000, 8_800)).toBe(true);
    expect(walletCovers(8_800, 8_800)).toBe(true);
    expect(walletCovers(8_799, 8_800)).toBe(false);
    expect(walletCovers(0, 0)).toBe(false);
  });

  it('shows nothing with an empty wallet', async () => {
    await mount(0, 8_800);
    expect(dom.container.textContent).toBe('');
  });

  it('ticked, it says what is paid from the wallet and what stays', async () => {
    await mount(50_000, 8_800);
    expect(dom.container.textContent).toContain('Use wallet balance (₹500)');
    expect(box()!.disabled).toBe(false);
    await act(() => box()!.click());
    expect(ticked).toBe(true);
    expect(dom.container.textContent).toContain('₹88 is paid from your wallet; ₹412 stays in it.');
  });

  it('a balance short of the total can be ticked: the wallet pays what it has, the rest is paid online', async () => {
    await mount(5_000, 8_800);
    expect(dom.container.textContent).toContain('Use wallet balance (₹50)');
    expect(box()!.disabled).toBe(false);
    expect(dom.container.textContent).not.toContain('from your wallet');
    await act(() => box()!.click());
    expect(ticked).toBe(true);
    expect(dom.container.textContent).toContain('₹50 from your wallet, ₹38 by UPI, card or netbanking.');
    expect(dom.container.querySelector('a')).toBeNull();
  });

  it('a short balance with no online method cannot be ticked, and says why', async () => {
    await mount(5_000, 8_800, false);
    expect(box()!.disabled).toBe(true);
    expect(dom.container.textContent).toContain('Pay the rest online to use your wallet: no online payment is available here.');
    expect(dom.container.querySelector('a')!.getAttribute('href')).toBe('/account/wallet');
  });

  it('a covering balance can be ticked with cash on delivery the only method', async () => {
    await mount(50_000, 8_800, false);
    expect(box()!.disabled).toBe(false);
  });
});

describe('walletUse', () => {
  it('unticked or empty, the wallet has no part and every method is offered', () => {
    expect(walletUse(5_000, 8_800, false, [upi, cod])).toEqual({ used: false, covers: false, split: false, choices: [upi, cod] });
    expect(walletUse(0, 8_800, true, [upi, cod])).toEqual({ used: false, covers: false, split: false, choices: [upi, cod] });
  });

  it('covering, the wallet pays wholly', () => {
    expect(walletUse(8_800, 8_800, true, [upi, cod])).toMatchObject({ used: true, covers: true, split: false });
  });

  it('short, it is split with an online method: cash on delivery is not offered', () => {
    expect(walletUse(5_000, 8_800, true, [upi, cod])).toEqual({ used: true, covers: false, split: true, choices: [upi] });
  });

  it('short with cash on delivery only, the wallet cannot be used', () => {
    expect(walletUse(5_000, 8_800, true, [cod])).toEqual({ used: false, covers: false, split: false, choices: [cod] });
  });
});
