import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, settled, startShop, type Shop } from './harness';
import { ownerOnDashboard } from './journeys';

let shop: Shop;
let owner: Page;
let ownerErrors: string[];
beforeAll(async () => {
  shop = await startShop();
  ({ owner, ownerErrors } = await ownerOnDashboard(shop));
}, 120_000);
afterAll(() => shop?.close());

const nav = () => owner.getByRole('navigation', { name: 'Administration' });

describe('coupons, delivery and staff in Administration (Chromium, 1440 px, demo data)', () => {
  it('a coupon created in the admin is accepted in the storefront cart', async () => {
    await nav().getByRole('link', { name: 'Coupons' }).click();
    await owner.getByRole('heading', { name: 'Coupons' }).waitFor();
    const table = owner.getByRole('table', { name: 'Coupons' });
    await table.getByRole('link', { name: 'WELCOME50' }).waitFor();
    await shop.screenshot(owner, 'ops-coupons-list-1440');

    await owner.getByRole('link', { name: 'New coupon' }).click();
    await owner.getByRole('heading', { name: 'New coupon' }).waitFor();
    await owner.getByLabel('Code', { exact: true }).fill('festive75');
    await owner.getByLabel('Description').fill('Festive weekend offer');
    // A bad amount is caught at its field before anything is sent.
    await owner.getByRole('button', { name: 'Create coupon' }).click();
    await owner.getByText('Must be more than 0').waitFor();
    await owner.getByLabel('Amount off (₹)').fill('75');
    await owner.getByLabel('Minimum order (₹)').fill('100');
    await owner.getByLabel('Uses per customer').fill('1');
    await shop.screenshot(owner, 'ops-coupon-new-1440');
    await owner.getByRole('button', { name: 'Create coupon' }).click();
    await owner.waitForURL(/\/bos\/admin\/coupons\/\d+$/);
    await owner.getByRole('heading', { name: 'FESTIVE75' }).waitFor();
    await owner.getByText('Used 0 times').waitFor();
    await shop.screenshot(owner, 'ops-coupon-saved-1440');

    // The code is unique in the shop: saving SAVE10 again is refused at the field.
    await owner.getByRole('link', { name: 'Coupons', exact: true }).first().click();
    await owner.getByRole('link', { name: 'New coupon' }).click();
    await owner.getByLabel('Code', { exact: true }).fill('SAVE10');
    await owner.getByLabel('Amount off (₹)').fill('10');
    await owner.getByRole('button', { name: 'Create coupon' }).click();
    await owner.getByText('SAVE10 is already used by another coupon').waitFor();
    await shop.screenshot(owner, 'ops-coupon-duplicate-1440');
    await owner.getByRole('link', { name: 'Cancel' }).click();
    // Leaving with unsaved changes asks first.
    await owner.getByRole('button', { name: 'Leave and discard changes' }).click();
    await owner.getByRole('table', { name: 'Coupons' }).getByRole('link', { name: 'FESTIVE75' }).waitFor();

    const shopper = await shop.newPage({ width: 1440, height: 900 });
    const errors = collectErrors(shopper);
    await shopper.goto('/products?s=price_desc', { waitUntil: 'networkidle' });
    const card = shopper
      .getByTestId('product-card')
      .filter({ has: shopper.getByRole('button', { name: /^Add to Cart: / }) })
      .first();
    await Promise.all([
      shopper.waitForResponse((r) => r.url().includes('/s/api/cart/add')),
      card.getByRole('button', { name: /^Add to Cart: / }).click(),
    ]);
    await shopper
      .getByRole('button', { name: /^Cart, \d+ items?$/ })
      .first()
      .click();
    const drawer = shopper.getByRole('dialog', { name: 'Cart Summary' });
    await drawer.getByLabel('Coupon code').fill('festive75');
    await drawer.getByRole('button', { name: 'Apply', exact: true }).click();
    await drawer.getByText('Coupon (FESTIVE75)').waitFor();
    await shop.screenshot(shopper, 'ops-cart-festive75-1440');
    const cart = await (await shopper.request.get('/s/api/cart')).json();
    expect([cart.offercode, cart.discount]).toEqual(['FESTIVE75', 75]);
    expect(errors).toEqual([]);
    await shopper.close();
  });

  it('a new pincode added to a zone becomes serviceable in the storefront', async () => {
    const shopper = await shop.newPage({ width: 1440, height: 900 });
    const before = await shopper.request.get('/s/api/check/pincode/560103');
    expect(before.status(), await before.text()).toBe(422);

    await nav().getByRole('link', { name: 'Delivery' }).click();
    await owner.getByRole('heading', { name: 'Delivery', exact: true }).waitFor();
    const zone = owner.getByRole('region', { name: /^Bengaluru · from / });
    await zone.getByRole('list', { name: 'Bengaluru pincodes' }).getByText('560001').waitFor();
    const paste = zone.getByLabel('Add pincodes');
    await paste.fill('560103\n560104, 5601');
    await zone.getByText('Not valid pincodes (6 digits, not starting with 0): 5601').waitFor();
    await shop.screenshot(owner, 'ops-delivery-invalid-1440');
    await paste.fill('560103\n560104');
    await zone.getByRole('button', { name: 'Add 2 pincodes' }).click();
    await zone.getByRole('list', { name: 'Bengaluru pincodes' }).getByText('560104').waitFor();
    // A slot's bookings, and its capacity raised.
    await zone.getByRole('button', { name: 'Bookings' }).first().click();
    await zone
      .getByRole('list', { name: /^Bookings / })
      .getByText(/booked/)
      .first()
      .waitFor();
    await zone.getByRole('button', { name: 'Edit' }).first().click();
    await zone.getByLabel('Orders per day').fill('60');
    await zone.getByRole('button', { name: 'Save', exact: true }).click();
    await zone.getByRole('cell', { name: '60', exact: true }).waitFor();
    // A holiday in every zone: listed, and removable.
    const holiday = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const closures = owner.getByRole('region', { name: 'Holidays and closures' });
    await closures.getByLabel('Date').fill(holiday);
    await closures.getByLabel('Reason').fill('Diwali');
    await closures.getByRole('button', { name: 'Close this date' }).click();
    await closures.getByRole('list', { name: 'Closures' }).getByText('Diwali').waitFor();
    await settled(owner);
    await owner.screenshot({ path: `${process.cwd()}/e2e/screenshots/ops-delivery-1440.png`, fullPage: true });

    await shopper.goto('/', { waitUntil: 'networkidle' });
    await shopper
      .getByRole('button', { name: /Set delivery pincode|change location/ })
      .first()
      .click();
    const modal = shopper.getByRole('dialog', { name: 'Change Location' });
    await modal.getByLabel('Pincode').fill('560103');
    await Promise.all([shopper.waitForEvent('load'), modal.getByRole('button', { name: 'Submit' }).click()]);
    await shopper.getByRole('button', { name: 'Delivering to 560103, change location' }).first().waitFor();
    await shop.screenshot(shopper, 'ops-storefront-560103-1440');
    await shopper.close();
  });

  it('the staff screen lists the owner and the agent, and adds a person by mobile', async () => {
    await nav().getByRole('link', { name: 'Staff' }).click();
    await owner.getByRole('heading', { name: 'Staff' }).waitFor();
    const table = owner.getByRole('table', { name: 'Staff' });
    await table.getByText('You').waitFor();
    await owner.getByLabel('Email or mobile').fill('9876500001');
    await owner.getByLabel('Name', { exact: true }).fill('Kiran Packer');
    // nothing is ticked for a new person: the owner says what they do
    await owner
      .getByRole('group', { name: 'What they do here' })
      .getByRole('checkbox', { name: /^Packer/ })
      .check();
    await owner.getByRole('button', { name: 'Add', exact: true }).click();
    await table.getByRole('cell', { name: 'Kiran Packer', exact: true }).waitFor();
    await shop.screenshot(owner, 'ops-staff-1440');
    // The owner's own admin box is locked.
    expect(
      await table
        .getByRole('checkbox', { name: /^Admin: / })
        .first()
        .isDisabled(),
    ).toBe(true);
    expect(ownerErrors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
  });
});
