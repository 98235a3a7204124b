import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, startShop, type Shop } from './harness';
import { addAddress, signInHere } from './journeys';

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
}, 120_000);
afterAll(() => shop?.close());

async function signIn(page: Page, identifier: string) {
  await page.goto('/auth/login', { waitUntil: 'networkidle' });
  await signInHere(page, shop, identifier);
  await page.waitForURL((u) => !u.pathname.startsWith('/auth'));
}

/** Adds the first addable product of /products and opens checkout from the drawer. */
async function fillCartAndCheckout(page: Page) {
  await page.goto('/products?s=price_desc', { waitUntil: 'networkidle' });
  const add = page.getByRole('button', { name: /^Add to Cart: / }).first();
  await Promise.all([page.waitForResponse((r) => r.url().includes('/s/api/cart/add')), add.click()]);
  await page
    .getByRole('button', { name: /^Cart, \d+ items$/ })
    .first()
    .click();
  await page.getByRole('dialog', { name: 'Cart Summary' }).getByRole('button', { name: 'Continue to Checkout' }).click();
  await page.waitForURL('**/checkout');
  await page.getByRole('heading', { name: 'Checkout' }).waitFor();
}

async function addNewAddress(page: Page) {
  await page.getByRole('button', { name: 'Add a new address' }).click();
  const modal = await addAddress(page, { name: 'Priya Shopper', phone: '9000000003' });
  await modal.getByRole('button', { name: 'Save address' }).click();
  await modal.waitFor({ state: 'detached' });
}

describe('checkout journeys (Chromium, simulator payments)', () => {
  it('places a cash-on-delivery order, sees it in the account, and cancels it', async () => {
    for (const width of [1440, 375]) {
      const page = await shop.newPage({ width, height: 900 });
      const errors = collectErrors(page);
      await signIn(page, width === 1440 ? 'shopper@demo.shop' : '9000000003');
      await fillCartAndCheckout(page);
      if (width === 1440) await addNewAddress(page);
      await page.getByRole('radiogroup', { name: 'Delivery slot' }).getByRole('radio').first().waitFor({ state: 'attached' });
      await page.getByRole('radiogroup', { name: 'Payment method' }).getByText('Cash on Delivery').click();
      await shop.screenshot(page, `checkout-${width}`);
      await page.getByRole('button', { name: /^Place order/ }).click();
      await page.waitForURL('**/order/success/**');
      await page.getByRole('heading', { name: 'Thank you! Your order is placed.' }).waitFor();
      await shop.screenshot(page, `order-success-${width}`);
      await expect(page.getByTestId('cart-badge').count()).resolves.toBe(0);
      await page.getByRole('link', { name: 'View order' }).click();
      await page.getByRole('heading', { name: /^Order #GR\d+/ }).waitFor();
      await page.getByText('CGST').first().waitFor();
      expect(await page.getByRole('link', { name: 'Tax invoice' }).getAttribute('target')).toBe('_blank');
      await shop.screenshot(page, `order-${width}`);
      await page.getByRole('button', { name: 'Cancel order' }).click();
      await page.getByRole('dialog', { name: 'Cancel order' }).getByRole('button', { name: 'Cancel order' }).click();
      await page.getByText('Cancelled', { exact: true }).first().waitFor();
      await page.getByRole('link', { name: '← Orders' }).click();
      await page.getByTestId('order-row').first().waitFor();
      expect(await page.getByTestId('order-row').first().textContent()).toMatch(/Cancelled/);
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('pays with Razorpay through the simulator: a failure keeps the order payable, then success', async () => {
    const page = await shop.newPage();
    await signIn(page, 'agent@demo.shop');
    await fillCartAndCheckout(page);
    await addNewAddress(page);
    await page.getByRole('radiogroup', { name: 'Payment method' }).getByText('Razorpay').click();
    await page.getByRole('button', { name: /^Pay ₹/ }).click();
    await page.waitForURL('**/sim/checkout/razorpay/**');
    await page.getByRole('heading', { name: 'Razorpay (simulator)' }).waitFor();
    await shop.screenshot(page, 'simulator-razorpay-1440');
    await page.getByRole('button', { name: 'Failure' }).click();
    await page.waitForURL('**/checkout/confirm/**');
    await page.getByRole('heading', { name: 'Payment failed' }).waitFor();
    await shop.screenshot(page, 'payment-failed-1440');
    await page.getByRole('link', { name: 'Try again' }).click();
    await page.waitForURL('**/sim/checkout/razorpay/**');
    await page.getByRole('button', { name: 'Success', exact: true }).click();
    await page.waitForURL('**/order/success/**');
    await page.getByText(/Paid ₹/).waitFor();
    await page.close();
  });

  it('pays with Cashfree through the simulator', async () => {
    const page = await shop.newPage();
    await signIn(page, 'admin@demo.shop');
    await fillCartAndCheckout(page);
    await addNewAddress(page);
    await page.getByRole('radiogroup', { name: 'Payment method' }).getByText('Cashfree').click();
    await page.getByRole('button', { name: /^Pay ₹/ }).click();
    await page.waitForURL('**/sim/checkout/cashfree/**');
    await page.getByRole('heading', { name: 'Cashfree (simulator)' }).waitFor();
    await page.getByRole('button', { name: 'Success', exact: true }).click();
    await page.waitForURL('**/order/success/**');
    await page.getByText(/Paid ₹/).waitFor();
    await page.close();
  });
});
