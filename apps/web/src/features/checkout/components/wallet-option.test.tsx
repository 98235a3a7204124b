/**
 * Checkout's "Use wallet balance (₹X)" (issue 44): nothing without money in the wallet; a balance
 * covering what is to pay can be ticked and says what stays; a short one cannot, and leads to Add money.
 */
import { act } from 'preact/test-utils';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mountPoint } from '../../../test/mount';
import { WalletOption, walletCovers } from './wallet-option';

const dom = mountPoint();
let ticked = false;

function Harness({ balance, toPay }: { balance: number; toPay: number }) {
  const [checked, setChecked] = useState(false);
  ticked = checked;
  return <WalletOption balancePaise={balance} toPayPaise={toPay} checked={checked} onChange={setChecked} />;
}
const mount = (balance: number, toPay: number) =>
  dom.mount(<RouterProvider router={createMemoryRouter([{ path: '/', element: <Harness balance={balance} toPay={toPay} /> }])} />);
const box = () => dom.container.querySelector<HTMLInputElement>('input[type=checkbox]');

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

  it('a balance short of the total cannot be ticked and leads to Add money', async () => {
    await mount(5_000, 8_800);
    expect(dom.container.textContent).toContain('Use wallet balance (₹50)');
    expect(box()!.disabled).toBe(true);
    expect(dom.container.textContent).toContain('Not enough for this order.');
    expect(dom.container.querySelector('a')!.getAttribute('href')).toBe('/account/wallet');
  });
});
