import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, startShop, type Shop } from './harness';
import { addAddress, ownerOnDashboard, signInFrom } from './journeys';

// Administration II, second part (issue 14): a line of a Razorpay order refunded through the
// simulator, the payments settings, and a blocked customer who then cannot sign in.
let shop: Shop;
let owner: Page;
let ownerErrors: string[];
beforeAll(async () => {
  shop = await startShop();
  ({ owner, ownerErrors } = await ownerOnDashboard(shop));
}, 120_000);
afterAll(() => shop?.close());

const nav = () => owner.getByRole('navigation', { name: 'Administration' });

describe('order changes, payments and customers in Administration (Chromium, 1440 px)', () => {
  it('a Razorpay order with one line refunded through the simulator: the shopper’s order page shows the refund', async () => {
    const page = await shop.newPage({ width: 1440, height: 900 });
    const errors = collectErrors(page);
    await signInFrom(page, shop, 'shopper@demo.shop');
    // two different products in the cart
    await page.goto('/products?s=price_desc', { waitUntil: 'networkidle' });
    for (let i = 0; i < 2; i++) {
      const add = page.getByRole('button', { name: /^Add to Cart: / }).first();
      await Promise.all([page.waitForResponse((r) => r.url().includes('/s/api/cart/add')), add.click()]);
    }
    await page
      .getByRole('button', { name: /^Cart, \d+ items?$/ })
      .first()
      .click();
    await page.getByRole('dialog', { name: 'Cart Summary' }).getByRole('button', { name: 'Continue to Checkout' }).click();
    await page.waitForURL('**/checkout');
    await page.getByRole('button', { name: 'Add a new address' }).click();
    const modal = await addAddress(page, { name: 'Priya Shopper', phone: '9000000003' });
    await modal.getByRole('button', { name: 'Save address' }).click();
    await modal.waitFor({ state: 'detached' });
    await page
      .getByRole('radiogroup', { name: 'Payment method' })
      .getByRole('radio', { name: /^UPI\b/ })
      .first()
      .check();
    await page.getByRole('button', { name: /^Pay ₹/ }).click();
    await page.waitForURL('**/sim/checkout/razorpay/**');
    await page.getByRole('button', { name: 'Success', exact: true }).click();
    await page.waitForURL('**/order/success/**');
    const ordernumber = page.url().split('/').at(-1)!;

    // the owner removes one unit of the first line as missing: refunded through Razorpay (the simulator)
    await nav().getByRole('link', { name: 'Orders' }).click();
    await owner.getByRole('heading', { name: 'Orders' }).waitFor();
    await owner.getByRole('link', { name: ordernumber }).click();
    await owner.getByRole('heading', { name: `Order ${ordernumber}` }).waitFor();
    await owner
      .getByRole('button', { name: /^Remove \/ substitute / })
      .first()
      .click();
    const form = owner.getByRole('form', { name: /^Change / });
    await form.getByText(/is refunded through Razorpay/).waitFor();
    await shop.screenshot(owner, 'ops2-order-remove-line-1440');
    await form.getByRole('button', { name: 'Remove 1' }).click();
    await owner.getByText('Changes after the order was placed').waitFor();
    await owner.getByText(/refunded · rfnd_/).waitFor();
    await shop.screenshot(owner, 'ops2-order-refunded-1440');

    // the shopper's order page: the change and the refund
    await page.getByRole('link', { name: 'View order' }).click();
    await page.getByRole('heading', { name: /^Order #GR\d+/ }).waitFor();
    await page.reload({ waitUntil: 'networkidle' });
    const changes = page.getByRole('region', { name: 'Changes by the shop' });
    await changes.getByText(/refunded$/).waitFor();
    expect(await changes.textContent()).toMatch(/removed \(missing\)₹[\d,.]+ refunded/);
    await page.getByText(/removed \(missing\): ₹[\d,.]+ refunded to your Razorpay payment/).waitFor();
    await shop.screenshot(page, 'ops2-shopper-order-refund-1440');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the payments settings: keys shown only by their last four, webhook URLs, test connection, COD switch', async () => {
    await nav().getByRole('link', { name: 'Payments' }).click();
    await owner.getByRole('heading', { name: 'Payments' }).waitFor();
    const keys = owner.getByRole('form', { name: 'Razorpay keys' });
    await keys.getByLabel('Key id').fill('rzp_test_sim_demo');
    await keys.getByLabel('Key secret').fill('demo-shop-secret-AB12');
    await keys.getByLabel('Webhook secret').fill('demo-webhook-secret-CD34');
    await keys.getByRole('button', { name: 'Test these keys' }).click();
    // not an account of the (simulated) provider: refused, nothing saved
    await owner.getByRole('status').filter({ hasText: 'refused the keys rzp_test_sim_demo' }).waitFor();
    await keys.getByRole('button', { name: 'Save keys' }).click();
    await owner.getByText('•••• AB12').waitFor();
    await owner.getByText('•••• CD34').waitFor();
    expect(await owner.content()).not.toContain('demo-shop-secret-AB12');
    expect(await owner.getByLabel('Razorpay webhook URL').inputValue()).toMatch(/\/s\/api\/payments\/razorpay\/webhook$/);
    await shop.screenshot(owner, 'ops2-payments-1440');
    // back to the simulator's own keys for the rest of the demo
    await owner.getByRole('button', { name: 'Remove keys' }).click();
    await owner.getByText('The built-in test gateway (no real money; development only)').first().waitFor();
    // cash on delivery off, then on again
    const cod = owner.getByLabel('Offer cash on delivery at checkout');
    // (the box follows the server's answer, so it is clicked, not checked/unchecked in place)
    await cod.click();
    await owner.getByText('Cash on delivery is off').waitFor();
    expect(await cod.isChecked()).toBe(false);
    await cod.click();
    await owner.getByText('Cash on delivery is on').waitFor();
    expect(await cod.isChecked()).toBe(true);
  });

  it('blocking a customer: they cannot sign in and are told why; unblocked, they can', async () => {
    await nav().getByRole('link', { name: 'Customers' }).click();
    await owner.getByRole('heading', { name: 'Customers' }).waitFor();
    await owner.getByRole('searchbox').fill('shopper@demo.shop');
    await owner.waitForURL(/q=shopper/);
    await shop.screenshot(owner, 'ops2-customers-1440');
    const table = owner.getByRole('table', { name: 'Customers' });
    const link = table.getByRole('link').first();
    const name = (await link.textContent())!.trim();
    await link.click();
    await owner.getByRole('heading', { name }).waitFor();
    await owner.getByRole('button', { name: 'Block customer' }).click();
    const dialog = owner.getByRole('alertdialog');
    await dialog.getByLabel('Reason (the customer is told)').fill('Three COD orders refused at the door');
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    await owner.getByText(/They cannot sign in or order here/).waitFor();
    await shop.screenshot(owner, 'ops2-customer-blocked-1440');

    const page = await shop.newPage({ width: 1440, height: 900 });
    await page.goto('/auth/login', { waitUntil: 'networkidle' });
    await page.getByLabel('Email or mobile number').fill('shopper@demo.shop');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('alert').filter({ hasText: 'Three COD orders refused at the door' }).waitFor();
    expect(page.url()).toMatch(/\/auth\/login$/);
    await shop.screenshot(page, 'ops2-blocked-sign-in-1440');

    await owner.getByRole('button', { name: 'Unblock' }).click();
    await owner.getByRole('button', { name: 'Block customer' }).waitFor();
    // by the mobile (the email's resend cooldown, from the first journey, may still run)
    await page.getByLabel('Email or mobile number').fill('9000000003');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.waitForURL('**/auth/verify');
    await page.close();
    expect(ownerErrors).toEqual([]);
  });
  it('a cash-on-delivery line substituted with another pack: the total follows and the change is listed', async () => {
    const page = await shop.newPage({ width: 1440, height: 900 });
    await signInFrom(page, shop, '9000000001');
    await page.goto('/products?s=price_desc', { waitUntil: 'networkidle' });
    for (let i = 0; i < 2; i++) {
      const add = page.getByRole('button', { name: /^Add to Cart: / }).first();
      await Promise.all([page.waitForResponse((r) => r.url().includes('/s/api/cart/add')), add.click()]);
    }
    await page
      .getByRole('button', { name: /^Cart, \d+ items?$/ })
      .first()
      .click();
    await page.getByRole('dialog', { name: 'Cart Summary' }).getByRole('button', { name: 'Continue to Checkout' }).click();
    await page.waitForURL('**/checkout');
    await page.getByRole('button', { name: 'Add a new address' }).click();
    const modal = await addAddress(page, { name: 'Store Owner', phone: '9000000001' });
    await modal.getByRole('button', { name: 'Save address' }).click();
    await modal.waitFor({ state: 'detached' });
    await page.getByRole('radiogroup', { name: 'Payment method' }).getByText('Cash on Delivery').click();
    await page.getByRole('button', { name: /^Place order/ }).click();
    await page.waitForURL('**/order/success/**');
    const ordernumber = page.url().split('/').at(-1)!;
    await page.close();

    await nav().getByRole('link', { name: 'Orders' }).click();
    await owner.getByRole('link', { name: ordernumber }).click();
    await owner.getByRole('heading', { name: `Order ${ordernumber}` }).waitFor();
    const totalBefore = await owner
      .getByText(/^₹[\d,]+$/)
      .last()
      .textContent();
    await owner
      .getByRole('button', { name: /^Remove \/ substitute / })
      .first()
      .click();
    const form = owner.getByRole('form', { name: /^Change / });
    await form.getByLabel('Substitute another pack').check();
    expect(await form.getByLabel('Reason').inputValue()).toBe('unavailable');
    await form.getByLabel('Substitute pack').fill('ghee');
    const packs = form.getByRole('list', { name: 'Packs' });
    await packs.getByRole('button').filter({ hasText: 'in stock' }).last().click();
    await form.getByText(/comes off the total|is added to the cash to collect/).waitFor();
    await shop.screenshot(owner, 'ops2-order-substitute-1440');
    await form.getByRole('button', { name: 'Substitute' }).click();
    await owner.getByText('Changes after the order was placed').waitFor();
    await owner
      .getByText(/ replaced by 1 × /)
      .first()
      .waitFor();
    await shop.screenshot(owner, 'ops2-order-substituted-1440');
    expect(totalBefore).toBeTruthy();
    expect(ownerErrors).toEqual([]);
  });
});
