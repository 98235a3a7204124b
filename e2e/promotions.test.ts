import { formatINR } from '@grocer/shared/money';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, startShop, type Shop } from './harness';
import { addAddress, addFirstToCart, openCart, ownerOnDashboard, signInFrom } from './journeys';

// Issue 40 §19: the owner creates "Buy 2 get 1 free" on a pack in Administration → Promotions;
// a shopper adds 3 of it and sees one free in the cart, at checkout and on the order.
let shop: Shop;
let owner: Page;
let ownerErrors: string[];
let shopper: Page;
let shopperErrors: string[];
let item: { name: string; pack: string; price: number; pack_id: number };
beforeAll(async () => {
  shop = await startShop();
  ({ owner, ownerErrors } = await ownerOnDashboard(shop));
}, 120_000);
afterAll(() => shop?.close());

describe('automatic promotions (Chromium, demo data)', () => {
  it('the owner creates Buy 2 get 1 free; the shopper adds 3 and sees the discount in the cart and the order', async () => {
    shopper = await shop.newPage({ width: 390, height: 844 });
    shopperErrors = collectErrors(shopper);
    const errors = shopperErrors;
    await signInFrom(shopper, shop, 'shopper@demo.shop');
    // the first pack a shopper can add: its name and price come from the cart it lands in
    const cart = await addFirstToCart(shopper);
    item = cart.items.at(-1) as typeof item;
    const label = `${item.name} - ${item.pack}`;

    await owner.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Promotions' }).click();
    await owner.getByRole('heading', { name: 'Promotions' }).waitFor();
    await owner.getByText('No promotions yet').waitFor();
    await owner.getByRole('link', { name: 'New promotion' }).click();
    await owner.getByRole('heading', { name: 'New promotion' }).waitFor();
    // nothing named, nothing chosen: refused before anything is sent
    await owner.getByRole('button', { name: 'Create promotion' }).click();
    await owner.getByRole('alert').getByText('Enter a name').waitFor();
    await owner.getByLabel('Name').fill('Buy 2 get 1 free');
    await owner.getByLabel('Add a pack').fill(item.name);
    await owner
      .getByRole('list', { name: 'Add a pack: matches' })
      .getByRole('button', { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
      .click();
    await owner.getByRole('list', { name: 'Packs bought' }).getByText(label).waitFor();
    await owner.getByText('Buy 2 get 1 free', { exact: true }).last().waitFor();
    await shop.screenshot(owner, 'promotions-new-1440');
    await owner.getByRole('button', { name: 'Create promotion' }).click();
    await owner.waitForURL(/\/bos\/admin\/promotions\/\d+$/);
    await owner.getByRole('heading', { name: 'Buy 2 get 1 free' }).waitFor();
    await owner.getByRole('link', { name: 'Promotions', exact: true }).first().click();
    const table = owner.getByRole('table', { name: 'Promotions' });
    await table.getByRole('link', { name: 'Buy 2 get 1 free' }).waitFor();
    await table.getByText('Active').waitFor();
    await shop.screenshot(owner, 'promotions-list-1440');
    await owner.setViewportSize({ width: 390, height: 844 });
    await table.getByRole('link', { name: 'Buy 2 get 1 free' }).waitFor();
    await shop.screenshot(owner, 'promotions-list-390');
    await owner.setViewportSize({ width: 1440, height: 900 });

    // the shopper takes it to 3: one is free, said on the line and in the total
    await openCart(shopper);
    const drawer = shopper.getByRole('dialog', { name: 'Cart Summary' });
    const line = drawer.getByTestId('cart-line').filter({ hasText: item.name });
    const quantity = async () => Number((await line.getByTestId('cart-quantity').textContent())?.trim());
    for (let n = await quantity(); n < 3; n++) {
      await line.getByRole('button', { name: /^Add one more / }).click();
      await expect.poll(quantity).toBe(n + 1);
    }
    const promo = line.getByTestId('line-promotion');
    await promo.waitFor();
    expect((await promo.textContent())!.replace(/\s+/g, ' ').startsWith('Buy 2 get 1 free — −₹')).toBe(true);
    const priced = await (await shopper.request.get('/s/api/cart')).json();
    const promoted = priced.items.find((i: { pack_id: number }) => i.pack_id === item.pack_id);
    expect(promoted).toMatchObject({ quantity: 3, promotion: { name: 'Buy 2 get 1 free', discount: item.price } });
    expect(promoted.amount).toBeCloseTo(item.price * 2, 2);
    await shop.screenshot(shopper, 'promotions-cart-390');

    // checkout and the order say the same
    await drawer.getByRole('button', { name: 'Continue to Checkout' }).click();
    await shopper.waitForURL('**/checkout');
    await shopper.getByRole('heading', { name: 'Checkout' }).waitFor();
    await shopper.getByTestId('line-promotion').first().waitFor();
    if (await shopper.getByRole('button', { name: 'Add a new address' }).isVisible()) {
      await shopper.getByRole('button', { name: 'Add a new address' }).click();
      const modal = await addAddress(shopper, { name: 'Priya Shopper', phone: '9000000003' });
      await modal.getByRole('button', { name: 'Save address' }).click();
      await modal.waitFor({ state: 'detached' });
    }
    await shopper.getByRole('radiogroup', { name: 'Delivery slot' }).getByRole('radio').first().waitFor({ state: 'attached' });
    await shopper.getByRole('radiogroup', { name: 'Payment method' }).getByText('Cash on Delivery').click();
    await shopper.getByRole('button', { name: /^Place order/ }).click();
    await shopper.waitForURL('**/order/success/**');
    await shopper.getByTestId('line-promotion').first().waitFor();
    await shopper.getByRole('link', { name: 'View order' }).click();
    await shopper.getByRole('heading', { name: /^Order #GR\d+/ }).waitFor();
    const orderLine = shopper.getByTestId('line-promotion').first();
    await orderLine.waitFor();
    expect((await orderLine.textContent())!.startsWith('Buy 2 get 1 free — −₹')).toBe(true);
    await shop.screenshot(shopper, 'promotions-order-390');

    // the owner's list at 1440 px with the shopper's order placed; no console errors anywhere
    expect(errors).toEqual([]);
    expect(ownerErrors).toEqual([]);
  });

  it('the owner puts the shopper in a Wholesale group with a price for the pack; the shopper pays it, others do not', async () => {
    await owner.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Customer groups' }).click();
    await owner.getByRole('heading', { name: 'Customer groups' }).waitFor();
    await owner.getByLabel('New group').fill('Wholesale');
    await owner.getByRole('button', { name: 'Create group' }).click();
    await owner.getByRole('heading', { name: 'Wholesale' }).waitFor();
    // someone who is not a customer is refused at the field
    await owner.getByLabel('Add a customer').fill('9999999999');
    await owner.getByRole('button', { name: 'Add', exact: true }).click();
    await owner.getByText('No customer of this shop has that mobile number or email').waitFor();
    await owner.getByLabel('Add a customer').fill('9000000003');
    await owner.getByRole('button', { name: 'Add', exact: true }).click();
    await owner.getByRole('list', { name: 'Members' }).getByText('9000000003').waitFor();
    const label = `${item.name} - ${item.pack}`;
    await owner.getByLabel('Add a pack').fill(item.name);
    await owner.getByRole('list', { name: 'Add a pack: matches' }).getByRole('button').filter({ hasText: label }).first().click();
    const member = Math.round((item.price - 10) * 100) / 100;
    await owner.getByRole('list', { name: 'Prices' }).getByLabel('Price (₹)').fill(String(member));
    await owner.getByRole('button', { name: 'Save price list' }).click();
    await owner.getByText('Price list saved').waitFor();
    await shop.screenshot(owner, 'customer-groups-1440');
    await owner.setViewportSize({ width: 390, height: 844 });
    await owner.getByRole('heading', { name: 'Wholesale' }).waitFor();
    await shop.screenshot(owner, 'customer-groups-390');
    await owner.setViewportSize({ width: 1440, height: 900 });

    // the member's cart is at the group price; a guest's at the list price
    const mine = await addFirstToCart(shopper);
    expect(mine.items.find((i: { pack_id: number }) => i.pack_id === item.pack_id)).toMatchObject({ price: member });
    await openCart(shopper);
    await shopper
      .getByRole('dialog', { name: 'Cart Summary' })
      .getByTestId('cart-line')
      .filter({ hasText: item.name })
      .getByText(formatINR(member), { exact: true })
      .first()
      .waitFor();
    // the drawer has slid in (full width at 390 px) before it is photographed
    await expect.poll(async () => Math.round((await shopper.getByRole('dialog', { name: 'Cart Summary' }).boundingBox())?.x ?? -1)).toBe(0);
    await shop.screenshot(shopper, 'customer-groups-member-cart-390');
    const guest = await shop.newPage({ width: 1440, height: 900 });
    const theirs = await addFirstToCart(guest);
    expect(theirs.items.find((i: { pack_id: number }) => i.pack_id === item.pack_id)).toMatchObject({ price: item.price });
    expect(shopperErrors).toEqual([]);
    // the one refusal the owner met on purpose: the unknown mobile (422, said at the field)
    expect(ownerErrors.filter((e) => !e.includes('status of 422'))).toEqual([]);
    expect(ownerErrors.length).toBe(1);
    await guest.close();
    await shopper.close();
  });
});
