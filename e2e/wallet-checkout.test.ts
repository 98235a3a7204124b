import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, startShop, type Shop } from './harness';
import { addAddress, addFirstToCart, openCart, ownerOnDashboard, signInFrom } from './journeys';

// Issue 44 §1: the shopper tops up ₹500 on /account/wallet through the gateway simulator, comes
// back to the new balance, pays an order wholly from the wallet at checkout, then a dearer one
// with what is left and UPI for the rest.
let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
}, 120_000);
afterAll(() => shop?.close());

const rupees = (text: string | null) => Number(text!.replace(/[^\d.]/g, ''));

describe('the wallet (Chromium, simulator payments)', () => {
  it('tops up ₹500, sees ₹500, pays an order from the wallet and sees the balance reduced', async () => {
    const page = await shop.newPage({ width: 1280, height: 900 });
    const errors = collectErrors(page);
    await signInFrom(page, shop, 'shopper@demo.shop');

    // the account menu leads to the wallet
    await page.goto('/account', { waitUntil: 'networkidle' });
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Wallet' }).click();
    await page.getByRole('heading', { name: 'Wallet' }).waitFor();
    expect(await page.getByTestId('wallet-balance').textContent()).toBe('₹0');
    await page.getByRole('group', { name: 'Amount' }).getByRole('button', { name: '₹500' }).click();
    await shop.screenshot(page, 'wallet-empty-1280');
    await page.getByRole('button', { name: 'Add ₹500' }).click();
    await page.waitForURL('**/sim/checkout/razorpay/**');
    await page.getByRole('heading', { name: 'Razorpay (simulator)' }).waitFor();
    await page.getByRole('button', { name: 'Success', exact: true }).click();
    // back on the wallet's return path: the top-up asked after until paid, the new balance shown
    await page.waitForURL('**/account/wallet?topup=*');
    await page.getByTestId('topup-done').waitFor();
    expect(await page.getByTestId('topup-done').textContent()).toContain('₹500 added to your wallet');
    await page.getByTestId('wallet-balance').getByText('₹500', { exact: true }).waitFor();
    await page.getByText('Top-up', { exact: true }).first().waitFor();
    await shop.screenshot(page, 'wallet-topped-up-1280');

    // checkout: the cheapest product, paid wholly from the wallet
    await addFirstToCart(page, '/products?s=price_asc');
    await openCart(page);
    await page.getByRole('dialog', { name: 'Cart Summary' }).getByRole('button', { name: 'Continue to Checkout' }).click();
    await page.waitForURL('**/checkout');
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    if (await page.getByRole('button', { name: 'Add a new address' }).isVisible()) {
      await page.getByRole('button', { name: 'Add a new address' }).click();
      const modal = await addAddress(page, { name: 'Priya Shopper', phone: '9000000003' });
      await modal.getByRole('button', { name: 'Save address' }).click();
      await modal.waitFor({ state: 'detached' });
    }
    const useWallet = page.getByRole('checkbox', { name: /^Use wallet balance \(₹500\)/ });
    await useWallet.check();
    const pay = page.getByRole('button', { name: /^Pay ₹[\d,.]+ from wallet$/ });
    const total = rupees(await pay.textContent());
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(500);
    await useWallet.scrollIntoViewIfNeeded();
    await shop.screenshot(page, 'checkout-wallet-1280');
    await pay.click();
    await page.waitForURL('**/order/success/**');
    await page.getByRole('heading', { name: 'Thank you! Your order is placed.' }).waitFor();
    await page.getByRole('link', { name: 'View order' }).click();
    await page.getByRole('heading', { name: /^Order #GR\d+/ }).waitFor();
    await page.getByText('Wallet balance · Paid', { exact: true }).waitFor();
    await shop.screenshot(page, 'order-paid-from-wallet-1280');

    // the balance reduced by the order's total, the order in the statement
    await page.goto('/account/wallet', { waitUntil: 'networkidle' });
    const left = 500 - total;
    await page.getByTestId('wallet-balance').waitFor();
    expect(rupees(await page.getByTestId('wallet-balance').textContent())).toBeCloseTo(left, 2);
    await page.getByRole('link', { name: 'Order paid' }).first().waitFor();
    await shop.screenshot(page, 'wallet-after-order-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shop.screenshot(page, 'wallet-after-order-390');

    // what the page shows is what the server holds
    const held = (await (await page.request.get('/s/api/account/wallet')).json()) as { wallet: { balance_paise: number } };
    expect(held.wallet.balance_paise).toBe(Math.round(left * 100));

    // A second order dearer than what is left: the wallet pays all it has, UPI the rest (split).
    await page.setViewportSize({ width: 1280, height: 900 });
    const dearest = (await addFirstToCart(page, '/products?s=price_desc')) as { items: Array<{ pack_id: number }>; amount: number };
    // more of the same until the cart costs more than the wallet holds
    let cart = dearest;
    while (cart.amount <= left) {
      const [answer] = await Promise.all([
        page.waitForResponse((r) => r.url().includes('/s/api/cart/add')),
        page
          .getByRole('button', { name: /^Add one more/ })
          .first()
          .click(),
      ]);
      cart = (await answer.json()) as typeof cart;
    }
    await page.goto('/checkout', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    const useLeft = page.getByRole('checkbox', { name: /^Use wallet balance/ });
    await useLeft.check();
    const splitLine = page.getByText(/^₹[\d,.]+ from your wallet, ₹[\d,.]+ by UPI, card or netbanking\.$/);
    await splitLine.waitFor();
    // cash on delivery takes the whole order: not offered while the wallet pays a part
    const methods = page.getByRole('radiogroup', { name: 'Payment method' });
    await methods.getByRole('radio', { name: /^UPI/ }).waitFor();
    expect(await methods.getByRole('radio', { name: /Cash on delivery/ }).count()).toBe(0);
    const payRest = page.getByRole('button', { name: /^Pay ₹[\d,.]+$/ });
    const rest = rupees(await payRest.textContent());
    expect(rest).toBeCloseTo(cart.amount - left, 2);
    await useLeft.scrollIntoViewIfNeeded();
    await shop.screenshot(page, 'checkout-wallet-split-1280');
    await payRest.click();
    await page.waitForURL('**/sim/checkout/razorpay/**');
    await page.getByRole('heading', { name: 'Razorpay (simulator)' }).waitFor();
    await page.getByRole('button', { name: 'Success', exact: true }).click();
    await page.waitForURL('**/order/success/**');
    await page.getByRole('link', { name: 'View order' }).click();
    await page.getByRole('heading', { name: /^Order #GR\d+/ }).waitFor();
    const wallet = page.locator('dl[aria-label="Wallet"]');
    await wallet.waitFor();
    expect(rupees(await wallet.getByText('Paid from wallet').locator('xpath=..').locator('dd').textContent())).toBeCloseTo(left, 2);
    expect(rupees(await wallet.getByText('UPI', { exact: true }).locator('xpath=..').locator('dd').textContent())).toBeCloseTo(rest, 2);
    await page.getByText('UPI · Paid', { exact: true }).waitFor();
    await shop.screenshot(page, 'order-paid-split-1280');
    const after = (await (await page.request.get('/s/api/account/wallet')).json()) as { wallet: { balance_paise: number } };
    expect(after.wallet.balance_paise).toBe(0);
    expect(errors).toEqual([]);
    const ordernumber = (await page.getByRole('heading', { name: /^Order #GR\d+/ }).textContent())!.match(/GR\d+/)![0];
    await page.close();

    // the owner's order screen: the gateway's amount, and the wallet's part under it
    const { owner, ownerErrors } = await ownerOnDashboard(shop);
    await owner.goto(`/bos/admin/orders?q=${ordernumber}`, { waitUntil: 'networkidle' });
    await owner.getByRole('link', { name: ordernumber, exact: true }).click();
    await owner.getByRole('heading', { name: `Order ${ordernumber}` }).waitFor();
    const card = owner.getByRole('region', { name: 'Payment' });
    const amountOf = async (label: string) =>
      rupees(
        await card
          .locator('dt', { hasText: new RegExp(`^${label}$`) })
          .locator('xpath=../dd')
          .textContent(),
      );
    expect(await amountOf('Wallet')).toBeCloseTo(left, 2);
    expect(await amountOf('Amount')).toBeCloseTo(rest, 2);
    await card.scrollIntoViewIfNeeded();
    await shop.screenshot(owner, 'staff-order-split-1440');
    expect(ownerErrors).toEqual([]);
    await owner.close();
  }, 240_000);
});
