import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, startShop, type Shop } from './harness';
import { addAddress, signInFrom } from './journeys';

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
}, 120_000);
afterAll(() => shop?.close());

// Loose goods sold online (issue 40.5): the demo's Tomato (loose) is ₹40/kg in 500 g steps.
describe('weighed goods online (Chromium, built shop, demo data)', () => {
  it('a shopper sees ₹40/kg, adds 1 kg of tomatoes in two taps, checks out COD, and the order shows 1 kg × ₹40/kg', async () => {
    const page = await shop.newPage({ width: 1440, height: 900 });
    const errors = collectErrors(page);
    await signInFrom(page, shop, 'shopper@demo.shop');

    // the card: price per kg and the step
    await page.goto('/products?q=tomato', { waitUntil: 'networkidle' });
    const card = page.getByTestId('product-card').filter({ has: page.getByRole('heading', { name: 'Tomato (loose)', exact: true }) });
    await card.getByText('₹40/kg', { exact: true }).waitFor();
    await card.getByText('In steps of 500 g').waitFor();
    await shop.screenshot(page, 'weighed-card-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await card.getByText('₹40/kg', { exact: true }).waitFor();
    await shop.screenshot(page, 'weighed-card-390');

    // the product page: two taps of 500 g make 1 kg
    await page.goto('/products/loose-tomato', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Tomato (loose)' }).waitFor();
    await page.getByText('₹40/kg', { exact: true }).first().waitFor();
    const label = 'Tomato (loose) per kg';
    await Promise.all([
      page.waitForResponse((r) => r.url().includes('/s/api/cart/add')),
      page.getByRole('button', { name: `Add to Cart: ${label}` }).click(),
    ]);
    const stepper = page.getByRole('group', { name: `Quantity of ${label}` });
    await stepper.getByText('500 g', { exact: true }).waitFor();
    await shop.screenshot(page, 'weighed-product-390');
    await Promise.all([
      page.waitForResponse((r) => r.url().includes('/s/api/cart/add')),
      stepper.getByRole('button', { name: `Add one more ${label}` }).click(),
    ]);
    await stepper.getByText('1 kg', { exact: true }).waitFor();
    await page.setViewportSize({ width: 1440, height: 900 });
    await stepper.getByText('1 kg', { exact: true }).waitFor();
    await shop.screenshot(page, 'weighed-product-1440');

    // the cart: one item, 1 kg at ₹40/kg = ₹40
    await page
      .getByRole('button', { name: /^Cart, 1 item$/ })
      .first()
      .click();
    const drawer = page.getByRole('dialog', { name: 'Cart Summary' });
    const line = drawer.getByTestId('cart-line').filter({ hasText: 'Tomato (loose)' });
    await line.getByText('₹40/kg', { exact: true }).waitFor();
    await line.getByText('1 kg', { exact: true }).waitFor();
    await line.getByText('₹40', { exact: true }).waitFor();
    await shop.screenshot(page, 'weighed-cart-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await line.getByText('1 kg', { exact: true }).waitFor();
    await shop.screenshot(page, 'weighed-cart-390');
    await page.setViewportSize({ width: 1440, height: 900 });

    // checkout, cash on delivery
    await drawer.getByRole('button', { name: 'Continue to Checkout' }).click();
    await page.waitForURL('**/checkout');
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    await page.getByRole('button', { name: 'Add a new address' }).click();
    const modal = await addAddress(page, { name: 'Priya Shopper', phone: '9000000003' });
    await modal.getByRole('button', { name: 'Save address' }).click();
    await modal.waitFor({ state: 'detached' });
    await page.getByRole('radiogroup', { name: 'Delivery slot' }).getByRole('radio').first().waitFor({ state: 'attached' });
    await page.getByRole('radiogroup', { name: 'Payment method' }).getByText('Cash on delivery').click();
    await page.getByRole('button', { name: /^Place order/ }).click();
    await page.waitForURL('**/order/success/**');
    await page.getByRole('heading', { name: 'Thank you! Your order is placed.' }).waitFor();
    await page.getByText('1 kg × Tomato (loose)').waitFor();
    await page.getByRole('link', { name: 'View order' }).click();
    await page.getByRole('heading', { name: /^Order #GR\d+/ }).waitFor();
    await page.getByText('1 kg × ₹40/kg').waitFor();
    await shop.screenshot(page, 'weighed-order-1440');
    expect(errors).toEqual([]);
    await page.close();
  });
});
