import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { collectErrors, startShop, type Shop } from './harness';
import { addAddress, cartToCheckout, ownerOnDashboard, signInFrom } from './journeys';

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
}, 120_000);
afterAll(() => shop?.close());

/** The shopper pays a Razorpay (UPI) order on the simulator; answers its order number. */
async function paidOrder(customer: Page): Promise<string> {
  await cartToCheckout(customer);
  await customer.getByRole('button', { name: 'Add a new address' }).click();
  const modal = await addAddress(customer, { name: 'Priya Shopper', phone: '9000000003' });
  await modal.getByRole('button', { name: 'Save address' }).click();
  await modal.waitFor({ state: 'detached' });
  await customer
    .getByRole('radiogroup', { name: 'Payment method' })
    .getByRole('radio', { name: /Cash on delivery/ })
    .waitFor();
  await customer.getByRole('button', { name: /^Pay ₹/ }).click();
  await customer.waitForURL('**/sim/checkout/razorpay/**');
  await customer.getByRole('button', { name: 'Success', exact: true }).click();
  await customer.waitForURL('**/order/success/**');
  return new URL(customer.url()).pathname.split('/').at(-1)!;
}

describe('a paid order edited by the shop: the difference paid by link (Chromium, built shop, demo data)', () => {
  it('the owner adds an item to a paid order, sees the balance due with its link; the customer pays it in the simulator; the owner sees it paid', async () => {
    const customer = await shop.newPage({ width: 390, height: 844 });
    const customerErrors = collectErrors(customer);
    await signInFrom(customer, shop, 'shopper@demo.shop');
    const ordernumber = await paidOrder(customer);

    const { owner, ownerErrors } = await ownerOnDashboard(shop);
    await owner.goto('/bos/admin/orders', { waitUntil: 'networkidle' });
    await owner.getByRole('link', { name: ordernumber, exact: true }).click();
    await owner.getByRole('heading', { name: `Order ${ordernumber}` }).waitFor();

    // Edit items: one more item; the preview says how the customer pays the difference
    const editCard = owner.getByRole('region', { name: 'Edit order' });
    await editCard.getByRole('button', { name: 'Edit items' }).click();
    await owner.getByLabel('Add an item').fill('dal');
    const first = owner.getByRole('list', { name: 'Packs in stock' }).getByRole('button').first();
    await first.click();
    await editCard.getByRole('button', { name: 'Preview changes' }).click();
    const difference = editCard.getByRole('status').filter({ hasText: /^The customer pays ₹[\d,.]+ more by a payment link$/ });
    await difference.waitFor();
    const more = (await difference.textContent())!.match(/₹[\d,.]+/)![0];
    await editCard.getByRole('button', { name: 'Confirm changes' }).click();

    // the balance due, its link, Copy and Send to customer
    const balance = owner.getByRole('region', { name: `Balance due ${more}` });
    await balance.waitFor();
    const link = await balance.getByLabel('Payment link').inputValue();
    expect(link).toMatch(/\/checkout\/razorpay\/[\w-]+$/);
    await balance.getByRole('button', { name: 'Send to customer' }).click();
    await owner.getByText(/^Payment link sent to /).waitFor();
    await owner.getByText(`The customer pays ${more} more by a payment link`, { exact: false }).first().waitFor();
    await owner.getByRole('region', { name: 'Payment' }).getByText('Balance due', { exact: true }).waitFor();
    await owner.getByRole('region', { name: 'Payment' }).scrollIntoViewIfNeeded();
    await shop.screenshot(owner, 'order-balance-due-payment-1440');
    await balance.scrollIntoViewIfNeeded();
    await shop.screenshot(owner, 'order-balance-due-1440');
    await owner.setViewportSize({ width: 390, height: 900 });
    await balance.scrollIntoViewIfNeeded();
    await shop.screenshot(owner, 'order-balance-due-390');
    await owner.setViewportSize({ width: 1440, height: 900 });

    // the customer's own order page says what is due and leads to the same pay page; she pays in the simulator
    const orderId = link.split('/').at(-1)!;
    await customer.goto(`/account/orders/${orderId}`, { waitUntil: 'domcontentloaded' });
    const due = customer.getByRole('status').filter({ hasText: `Balance due ${more}` });
    await due.waitFor();
    await customer.getByText('Order changed: ').first().waitFor();
    expect(await customer.getByText('(changed by the shop)', { exact: false }).count()).toBeGreaterThan(0);
    await due.scrollIntoViewIfNeeded();
    await shop.screenshot(customer, 'order-balance-due-shopper-390');
    await due.getByRole('link', { name: `Pay ${more}` }).click();
    await customer.waitForURL('**/sim/checkout/razorpay/**');
    const asked = await customer.locator('main strong').first().textContent();
    expect(Number(asked!.replace(/[₹,]/g, ''))).toBe(Number(more.replace(/[₹,]/g, '')));
    await customer.getByRole('button', { name: 'Success', exact: true }).click();
    await customer.waitForURL((u) => u.pathname.startsWith('/order/success/') || u.pathname.startsWith('/checkout/confirm/'));
    await customer
      .getByText(/Paid ₹|Payment received/)
      .first()
      .waitFor();

    // the owner's screen: settled
    await owner.reload({ waitUntil: 'networkidle' });
    await owner.getByText(/Balance of ₹[\d,.]+ paid by the customer's payment link/).waitFor();
    expect(await owner.getByRole('region', { name: /^Balance due/ }).count()).toBe(0);
    const payment = owner.getByRole('region', { name: 'Payment' });
    await payment.getByText('Balance paid').waitFor();
    await payment.scrollIntoViewIfNeeded();
    await shop.screenshot(owner, 'order-balance-paid-1440');
    await owner.setViewportSize({ width: 390, height: 900 });
    await payment.scrollIntoViewIfNeeded();
    await shop.screenshot(owner, 'order-balance-paid-390');

    expect(customerErrors).toEqual([]);
    expect(ownerErrors).toEqual([]);
  }, 240_000);
});
