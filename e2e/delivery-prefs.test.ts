import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, startShop, type Shop } from './harness';
import { addAddress, deliverByNumber, signInFrom, staffCall } from './journeys';

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
}, 120_000);
afterAll(() => shop?.close());

/** Adds the card's product of the dearest-first list at `index`; answers its name as the button names it. */
async function addFromList(page: Page, index: number): Promise<string> {
  await page.goto('/products?s=price_desc', { waitUntil: 'networkidle' });
  const add = page.getByRole('button', { name: /^Add to Cart: / }).nth(index);
  const label = (await add.getAttribute('aria-label'))!.replace(/^Add to Cart: /, '');
  await Promise.all([page.waitForResponse((r) => r.url().includes('/s/api/cart/add')), add.click()]);
  return label;
}

const openCart = async (page: Page) => {
  await page
    .getByRole('button', { name: /^Cart, \d+ items?$/ })
    .first()
    .click();
  return page.getByRole('dialog', { name: 'Cart Summary' });
};

describe('delivery instructions, tip and substitution preference; often bought with (Chromium, 390 px and 1440 px)', () => {
  it('the shopper asks to leave it at the door, tips ₹20 and wants a refund for missing items; the order page and the staff screen say so; the cash to collect includes the tip; the cart then suggests what was bought together', async () => {
    const shopper = await shop.newPage({ width: 390, height: 844 });
    const shopperErrors = collectErrors(shopper);
    await signInFrom(shopper, shop, 'shopper@demo.shop');
    const first = await addFromList(shopper, 0);
    const second = await addFromList(shopper, 1);
    const drawer = await openCart(shopper);
    await drawer.getByRole('button', { name: 'Continue to Checkout' }).click();
    await shopper.waitForURL('**/checkout');
    await shopper.getByRole('heading', { name: 'Checkout' }).waitFor();
    await shopper.getByRole('button', { name: 'Add a new address' }).click();
    const modal = await addAddress(shopper, { name: 'Priya Shopper', phone: '9000000003' });
    await modal.getByRole('button', { name: 'Save address' }).click();
    await modal.waitFor({ state: 'detached' });
    await shopper.getByRole('radiogroup', { name: 'Delivery slot' }).getByRole('radio').first().waitFor({ state: 'attached' });
    await shopper.getByRole('radiogroup', { name: 'Payment method' }).getByText('Cash on Delivery').click();

    const summary = shopper.getByRole('complementary', { name: 'Order summary' });
    const totalBefore = (await summary.getByRole('button', { name: /^Place order · / }).textContent())!.replace('Place order · ', '');
    await shopper.getByRole('group', { name: 'Delivery instructions' }).getByRole('button', { name: 'Leave at the door' }).click();
    await shopper.getByLabel('Anything else for the delivery person (optional)').fill('Blue gate, second floor');
    await shopper.getByRole('radiogroup', { name: 'If an item is unavailable' }).getByRole('radio', { name: 'Refund the item' }).click();
    const tips = shopper.getByRole('radiogroup', { name: 'Tip for the delivery person' });
    // a custom tip above the cap is refused where it is typed, and Place order says why it waits
    await tips.getByRole('radio', { name: 'Other' }).click();
    await shopper.getByLabel(/^Tip amount in ₹/).fill('500');
    await shopper.getByRole('alert').filter({ hasText: 'Tip at most ₹200' }).waitFor();
    expect(await summary.getByRole('button', { name: /^Place order · / }).isDisabled()).toBe(true);
    await tips.getByRole('radio', { name: '₹20' }).click();
    expect(await tips.getByRole('radio', { name: '₹20' }).getAttribute('aria-checked')).toBe('true');
    await summary.getByText('Tip for the delivery person').waitFor();
    const toPay = (await summary.getByRole('button', { name: /^Place order · / }).textContent())!.replace('Place order · ', '');
    expect(Number(toPay.replace(/[₹,]/g, ''))).toBe(Number(totalBefore.replace(/[₹,]/g, '')) + 20);
    await shopper.getByRole('heading', { name: '6. Tip your delivery person' }).scrollIntoViewIfNeeded();
    await shop.screenshot(shopper, 'checkout-delivery-prefs-390');
    await shopper.setViewportSize({ width: 1280, height: 900 });
    await shopper.getByRole('heading', { name: '4. Delivery instructions' }).scrollIntoViewIfNeeded();
    await shop.screenshot(shopper, 'checkout-delivery-prefs-1280');
    await shopper.setViewportSize({ width: 390, height: 844 });
    await summary.getByRole('button', { name: /^Place order · / }).click();
    await shopper.waitForURL('**/order/success/**');
    await shopper.getByRole('link', { name: 'View order' }).click();
    const ordernumber = (await shopper.getByRole('heading', { name: /^Order #GR\d+/ }).textContent())!.match(/GR\d+/)![0];
    const asks = shopper.getByTestId('delivery-asks');
    await asks.getByText('Leave at the door').waitFor();
    await asks.getByText('Blue gate, second floor').waitFor();
    await asks.getByText('Refund the item').waitFor();
    await asks.getByText('₹20').waitFor();
    await shopper.getByText(toPay, { exact: true }).first().waitFor();
    await shop.screenshot(shopper, 'order-delivery-prefs-390');

    // the owner's order screen: the choices on top, the tip in the cash to collect
    const owner = await shop.newPage({ width: 1440, height: 900 });
    const ownerErrors = collectErrors(owner);
    await signInFrom(owner, shop, 'admin@demo.shop', '/bos/admin');
    const id = (await staffCall(owner, `/s/api/admin/orders?q=${ordernumber}`)).json.data[0].id as string;
    await owner.goto(`/bos/admin/orders/${id}`, { waitUntil: 'networkidle' });
    await owner.getByRole('heading', { name: `Order ${ordernumber}` }).waitFor();
    const banner = owner.getByRole('region', { name: "Customer's instructions" });
    expect(await banner.getByTestId('substitution').textContent()).toBe('Refund the item');
    expect(await banner.getByTestId('delivery-instructions').textContent()).toBe('Leave at the door');
    await banner.getByText('₹20 (in the total; pass it on)').waitFor();
    const payment = owner.getByRole('region', { name: 'Payment' });
    expect(await payment.getByText('To collect').locator('xpath=following-sibling::dd').textContent()).toBe(toPay);
    // where a line is changed, the preference is said first
    await owner
      .getByRole('button', { name: /^Remove \/ substitute / })
      .first()
      .click();
    await owner.getByText('Customer’s choice: Refund the item.').waitFor();
    await shop.screenshot(owner, 'admin-order-delivery-prefs-1440');

    // delivered with the tip in the cash; then the same first product in a new cart suggests the second
    const delivered = await deliverByNumber(owner, ordernumber);
    expect(delivered.total).toBe(Number(toPay.replace(/[₹,]/g, '')));
    await addFromList(shopper, 0);
    const cart = await openCart(shopper);
    const rail = cart.getByTestId('often-bought');
    await rail.getByRole('heading', { name: new RegExp(`^Often bought with ${first.split(' ')[0]}`) }).waitFor();
    const suggested = rail.getByRole('button', { name: `Add to Cart: ${second}` });
    await suggested.waitFor();
    await suggested.scrollIntoViewIfNeeded();
    await shop.screenshot(shopper, 'cart-often-bought-390');
    await shopper.setViewportSize({ width: 1280, height: 900 });
    await shop.screenshot(shopper, 'cart-often-bought-1280');
    await shopper.setViewportSize({ width: 390, height: 844 });
    await Promise.all([shopper.waitForResponse((r) => r.url().includes('/s/api/cart/add')), suggested.click()]);
    await cart.getByRole('list', { name: 'Items in your cart' }).getByText(second.split(' ')[0]!).first().waitFor();

    expect(shopperErrors).toEqual([]);
    expect(ownerErrors).toEqual([]);
  }, 240_000);
});
