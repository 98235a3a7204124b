import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, startShop, type Shop } from './harness';
import { addAddress, cartToCheckout, signInFrom } from './journeys';

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
}, 120_000);
afterAll(() => shop?.close());

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
      await signInFrom(page, shop, width === 1440 ? 'shopper@demo.shop' : '9000000003');
      await cartToCheckout(page);
      if (width === 1440) await addNewAddress(page);
      await page.getByRole('radiogroup', { name: 'Delivery slot' }).getByRole('radio').first().waitFor({ state: 'attached' });
      await page.getByRole('radiogroup', { name: 'Payment method' }).getByText('Cash on delivery').click();
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

  it('pays through the simulator: Razorpay fails, UPI on the failure screen goes through Cashfree, the same order is paid', async () => {
    const page = await shop.newPage();
    await signInFrom(page, shop, 'agent@demo.shop');
    await cartToCheckout(page);
    await addNewAddress(page);
    // UPI first: the shop's first gateway offered as what shoppers choose, UPI chosen already;
    // methods, never gateways: no second "UPI, cards… (Cashfree)" choice repeating the four (issue 39)
    const methods = page.getByRole('radiogroup', { name: 'Payment method' });
    // the methods come with the chosen address's answer: wait for the last of them before reading them all
    await methods.getByRole('radio', { name: /Cash on delivery/ }).waitFor();
    const names = (await methods.getByRole('radio').evaluateAll((els) => els.map((el) => el.closest('label')!.textContent!))).map((t) =>
      t.replace(/(UPI|Credit or debit card|Netbanking|Wallets).*/, '$1'),
    );
    expect(names).toEqual(['UPI', 'Credit or debit card', 'Netbanking', 'Wallets', 'Cash on delivery']);
    expect(await methods.getByRole('radio').first().isChecked()).toBe(true);
    await methods.scrollIntoViewIfNeeded();
    await shop.screenshot(page, 'checkout-upi-first-1440');
    await page.getByRole('button', { name: /^Pay ₹/ }).click();
    await page.waitForURL('**/sim/checkout/razorpay/**');
    await page.getByRole('heading', { name: 'Razorpay (simulator)' }).waitFor();
    await page.getByText('Paying by UPI').waitFor();
    await shop.screenshot(page, 'simulator-razorpay-1440');
    await page.getByRole('button', { name: 'Failure' }).click();
    await page.waitForURL('**/checkout/confirm/**');
    const orderId = new URL(page.url()).pathname.split('/').at(-1)!;
    await page.getByRole('heading', { name: 'Payment failed' }).waitFor();
    await shop.screenshot(page, 'payment-failed-1440');
    await page.getByRole('list', { name: 'Payment methods' }).getByRole('button', { name: /^UPI/ }).click();
    await page.waitForURL('**/sim/checkout/cashfree/**');
    await page.getByRole('heading', { name: 'Cashfree (simulator)' }).waitFor();
    await page.getByText('Paying by UPI').waitFor();
    await page.getByRole('button', { name: 'Success', exact: true }).click();
    await page.waitForURL('**/order/success/**');
    await page.getByText(/Paid ₹/).waitFor();
    // the order page names the method, not the gateway
    await page.goto(`${shop.url}/account/orders/${orderId}`);
    await page.getByText('UPI · Paid', { exact: true }).waitFor();
    await page.close();
  });

  it('Razorpay fails, the shopper picks Cash on delivery on the failure screen: the same order is placed, nothing cancelled (390 px)', async () => {
    const page = await shop.newPage({ width: 390, height: 844 });
    const errors = collectErrors(page);
    await signInFrom(page, shop, 'admin@demo.shop');
    await cartToCheckout(page);
    await addNewAddress(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('button', { name: /^Pay ₹/ }).click();
    await page.waitForURL('**/sim/checkout/razorpay/**');
    await page.getByRole('heading', { name: 'Razorpay (simulator)' }).waitFor();
    await page.getByRole('button', { name: 'Failure' }).click();
    await page.waitForURL('**/checkout/confirm/**');
    await page.getByRole('heading', { name: 'Payment failed' }).waitFor();
    const kept = await page.getByText(/Your order #GR\d+/).textContent();
    const ordernumber = /#(GR\d+)/.exec(kept!)![1]!;
    const choices = page.getByRole('list', { name: 'Payment methods' });
    await choices.getByRole('button', { name: 'Cash on delivery' }).waitFor();
    expect(await choices.getByRole('button').allTextContents()).toEqual([
      expect.stringMatching(/^UPI/),
      expect.stringMatching(/^Credit or debit card/),
      expect.stringMatching(/^Netbanking/),
      expect.stringMatching(/^Wallets/),
      'Cash on delivery',
    ]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shop.screenshot(page, 'payment-failed-choices-390');
    await choices.getByRole('button', { name: 'Cash on delivery' }).click();
    await page.waitForURL(`**/order/success/${ordernumber}`);
    await page.getByRole('heading', { name: 'Thank you! Your order is placed.' }).waitFor();
    await page.getByRole('link', { name: 'View order' }).click();
    await page.getByRole('heading', { name: `Order #${ordernumber}` }).waitFor();
    await page.getByText('Cash on delivery · Pay on delivery', { exact: true }).waitFor();
    await page.getByText('Payment method changed to Cash on delivery').waitFor();
    await shop.screenshot(page, 'order-switched-to-cod-390');
    // one order, placed; no cancelled order left behind
    await page.getByRole('link', { name: '← Orders' }).click();
    await page.getByTestId('order-row').first().waitFor();
    const first = await page.getByTestId('order-row').first().textContent();
    expect(first).toContain(ordernumber);
    expect(first).not.toMatch(/Cancelled/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('cancelling at the gateway says so at once, at the top of the phone screen, and the order can be paid again', async () => {
    const page = await shop.newPage({ width: 375, height: 812 });
    const errors = collectErrors(page);
    await signInFrom(page, shop, '9000000002'); // the agent, by mobile (each identifier's code is rate-limited)
    await cartToCheckout(page);
    await addNewAddress(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('button', { name: /^Pay ₹/ }).click();
    // Razorpay fails first; UPI on the failure screen goes through Cashfree, where the shopper cancels
    await page.waitForURL('**/sim/checkout/razorpay/**');
    await page.getByRole('heading', { name: 'Razorpay (simulator)' }).waitFor();
    await page.getByRole('button', { name: 'Failure' }).click();
    await page.waitForURL('**/checkout/confirm/**');
    await page.getByRole('heading', { name: 'Payment failed' }).waitFor();
    await page.getByRole('list', { name: 'Payment methods' }).getByRole('button', { name: /^UPI/ }).click();
    await page.waitForURL('**/sim/checkout/cashfree/**');
    const started = Date.now();
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.waitForURL('**/checkout/confirm/**');
    const heading = page.getByRole('heading', { name: 'You cancelled the payment' });
    await heading.waitFor({ timeout: 15_000 });
    expect(Date.now() - started).toBeLessThan(15_000); // not after a half-minute of "Confirming…"
    expect(await heading.isVisible()).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByText('Nothing was charged.', { exact: false }).waitFor();
    await shop.screenshot(page, 'cashfree-cancelled-375');
    // the order page offers the same ways to pay; paying again stays with the gateway the shopper
    // cancelled at (nothing failed there)
    await page.getByRole('link', { name: 'See the order' }).click();
    await page.getByRole('heading', { name: 'Pay now' }).waitFor();
    await page.getByText('UPI · Failed', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Pay now' }).scrollIntoViewIfNeeded();
    await shop.screenshot(page, 'order-awaiting-payment-375');
    await page.getByRole('list', { name: 'Payment methods' }).getByRole('button', { name: /^UPI/ }).click();
    await page.waitForURL('**/sim/checkout/cashfree/**');
    await page.getByRole('button', { name: 'Success', exact: true }).click();
    await page.waitForURL('**/order/success/**');
    // the success page explains its total; the invoice reads on a phone without sideways scrolling
    const total = page.getByTestId('success-total');
    for (const part of ['Items', 'Delivery', 'Total paid']) await total.getByText(part, { exact: false }).first().waitFor();
    await shop.screenshot(page, 'success-total-375');
    await page.getByRole('link', { name: 'View order' }).click();
    await page.getByRole('link', { name: 'Tax invoice' }).waitFor();
    const invoiceUrl = await page.getByRole('link', { name: 'Tax invoice' }).getAttribute('href');
    await page.goto(invoiceUrl!, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Tax Invoice' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shop.screenshot(page, 'invoice-375');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('an undeliverable address is said once and Pay says why it waits; a line can be removed from the summary (375 px)', async () => {
    const page = await shop.newPage({ width: 375, height: 812 });
    const errors = collectErrors(page);
    await signInFrom(page, shop, '9000000001'); // the owner, by mobile (each identifier's code is rate-limited)
    await cartToCheckout(page);
    await page.getByRole('button', { name: 'Add a new address' }).click();
    const modal = await addAddress(page, { name: 'Far Away', phone: '9000000001' }, '999999');
    await modal.getByRole('button', { name: 'Save address' }).click();
    await modal.waitFor({ state: 'detached' });
    await page.getByRole('radio', { name: /Far Away/ }).check();
    // the items keep their real total; where the delivery charge would be, the shopper reads why
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    await summary.getByText('We do not deliver to 999999 yet', { exact: true }).waitFor();
    expect(await summary.getByText('₹0', { exact: true }).count()).toBe(0);
    const pay = page.getByRole('button', { name: /^(Pay|Place order)/ });
    await expect(pay.textContent()).resolves.toBe('Pay'); // never "Pay ₹0"
    expect(await pay.isDisabled()).toBe(true);
    const why = page.locator('#pay-blocker');
    await why.waitFor();
    const message = (await why.textContent())!;
    expect(message.length).toBeGreaterThan(10);
    expect(await page.getByText(message, { exact: true }).count()).toBeLessThanOrEqual(2); // at the address and at Pay
    await shop.screenshot(page, 'checkout-undeliverable-375');

    // a deliverable address: Pay shows the amount; the summary wraps names and removes a line
    await page.getByRole('button', { name: 'Add a new address' }).click();
    const near = await addAddress(page, { name: 'Near Home', phone: '9000000001' }, '560034');
    await near.getByRole('button', { name: 'Save address' }).click();
    await near.waitFor({ state: 'detached' });
    await page.getByRole('radio', { name: /Near Home/ }).check();
    await page.getByRole('button', { name: /^(Pay|Place order) .*₹/ }).waitFor();
    const line = summary.getByTestId('checkout-line').first();
    const name = (await line.locator('p').first().textContent())!;
    await line.getByRole('button', { name: `Remove ${name}` }).click();
    await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});
