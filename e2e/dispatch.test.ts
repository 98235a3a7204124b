import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, startShop, type Shop } from './harness';
import { ownerOnDashboard, placeCodOrder, signInFrom, staffCall } from './journeys';

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
}, 120_000);
afterAll(() => shop?.close());

describe('own delivery: dispatch (Chromium)', () => {
  it('the owner builds trips for a slot with a packed order, assigns a rider and starts the trip; the shopper sees the delivery code', async () => {
    const shopper = await shop.newPage({ width: 390, height: 844 });
    const shopperErrors = collectErrors(shopper);
    await signInFrom(shopper, shop, 'shopper@demo.shop');
    const ordernumber = await placeCodOrder(shopper);
    const orderUrl = shopper.url();

    const { owner, ownerErrors } = await ownerOnDashboard(shop);
    const found = (await staffCall(owner, `/s/api/admin/orders?q=${ordernumber}`)).json.data[0];
    for (const step of ['confirm', 'pack'])
      expect((await staffCall(owner, `/s/api/admin/orders/${found.id}/${step}`, {})).status).toBe(200);
    const order = (await staffCall(owner, `/s/api/admin/orders/${found.id}`)).json as { slot: { date: string } };
    // a rider: a staff member with the Rider role (Administration → Staff)
    const added = await staffCall(owner, '/s/api/admin/staff', { identifier: 'rider@demo.shop', name: 'Ravi Rider', isRider: true });
    expect(added.status).toBe(201);

    await owner.goto('/bos/admin/dispatch');
    await owner.getByRole('heading', { name: 'Dispatch', level: 1 }).waitFor();
    await owner.getByLabel('Date').fill(order.slot.date);
    await owner.getByText(/in no trip yet/).waitFor();
    await owner.getByRole('button', { name: 'Build trips' }).click();
    const trip = owner.getByRole('region', { name: /^Trip 1 · / });
    await trip.getByText(ordernumber).waitFor();
    await trip.getByLabel('Rider').selectOption({ label: 'Ravi Rider' });
    await expect.poll(() => trip.getByLabel('Rider').inputValue()).not.toBe('');
    await shop.screenshot(owner, 'dispatch-1440');
    await owner.setViewportSize({ width: 390, height: 844 });
    await shop.screenshot(owner, 'dispatch-390');
    await owner.setViewportSize({ width: 1440, height: 900 });

    await trip.getByRole('button', { name: 'Start trip' }).click();
    const dialog = owner.getByRole('alertdialog');
    await dialog.getByText(/out for delivery with Ravi Rider/).waitFor();
    await dialog.getByRole('button', { name: 'Start trip' }).click();
    await dialog.waitFor({ state: 'detached' });
    await trip.getByText('Out for delivery', { exact: true }).waitFor();
    await shop.screenshot(owner, 'dispatch-started-1440');

    await shopper.goto(orderUrl);
    const code = shopper.getByTestId('delivery-code');
    await code.waitFor();
    expect(await code.locator('strong').textContent()).toMatch(/^\d{4}$/);
    await shop.screenshot(shopper, 'order-delivery-code-390');
    expect(ownerErrors).toEqual([]);
    expect(shopperErrors).toEqual([]);
  });
});
