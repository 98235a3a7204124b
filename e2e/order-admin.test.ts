import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, startShop, type Shop } from './harness';
import { addAddress, cartToCheckout, ownerOnDashboard, signInFrom } from './journeys';

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
}, 120_000);
afterAll(() => shop?.close());

// Issue 40 §12: the owner's order screen — a staff note, a tag, a ₹20 goodwill refund with a
// reason, the timeline in the staff's words, the GST invoice, and the list filtered by the tag
// with its packing slips printed in one document.
describe('the owner works an order (Chromium)', () => {
  it('adds a note and a tag, refunds ₹20 goodwill with a reason, prints the invoice and the tagged orders’ slips', async () => {
    // a shopper pays by UPI through the Razorpay simulator
    const shopper = await shop.newPage({ width: 1440, height: 900 });
    const shopperErrors = collectErrors(shopper);
    await signInFrom(shopper, shop, 'shopper@demo.shop');
    await cartToCheckout(shopper);
    await shopper.getByRole('button', { name: 'Add a new address' }).click();
    const modal = await addAddress(shopper, { name: 'Priya Shopper', phone: '9000000003' });
    await modal.getByRole('button', { name: 'Save address' }).click();
    await modal.waitFor({ state: 'detached' });
    await shopper.getByRole('radiogroup', { name: 'Delivery slot' }).getByRole('radio').first().waitFor({ state: 'attached' });
    await shopper.getByRole('radiogroup', { name: 'Payment method' }).getByRole('radio', { name: /^UPI/ }).check();
    await shopper.getByRole('button', { name: /^Pay ₹/ }).click();
    await shopper.waitForURL('**/sim/checkout/razorpay/**');
    await shopper.getByRole('button', { name: 'Success', exact: true }).click();
    await shopper.waitForURL('**/order/success/**');
    const ordernumber = new URL(shopper.url()).pathname.split('/').at(-1)!;

    // the owner opens it from the list
    const { owner, ownerErrors } = await ownerOnDashboard(shop);
    await owner.goto(`/bos/admin/orders?q=${ordernumber}`, { waitUntil: 'networkidle' });
    await owner.getByRole('link', { name: ordernumber, exact: true }).click();
    await owner.getByRole('heading', { name: `Order ${ordernumber}` }).waitFor();
    const orderId = new URL(owner.url()).pathname.split('/').at(-1)!;
    const timeline = owner.getByRole('region', { name: 'Timeline' });
    const paid = (await timeline.getByText(/Paid ₹[\d,.]+ by UPI \(Razorpay\)/).textContent())!;
    const total = paid.match(/Paid (₹[\d,.]+) by UPI/)![1]!;

    // a staff note
    await timeline.getByRole('textbox', { name: 'New note' }).fill('Customer called: ring twice, leave with the guard');
    await timeline.getByRole('button', { name: 'Add note' }).click();
    await timeline.getByText('Customer called: ring twice, leave with the guard').waitFor();
    await timeline.getByText('Staff note', { exact: true }).waitFor();

    // a tag
    await owner.getByLabel('New tag').fill('VIP');
    await owner.getByRole('button', { name: 'Add tag' }).click();
    await owner.getByRole('button', { name: 'Remove tag VIP' }).waitFor();

    // ₹20 goodwill, with a reason
    const payment = owner.getByRole('region', { name: 'Payment' });
    await payment.getByRole('button', { name: 'Refund an amount' }).click();
    const dialog = owner.getByRole('dialog', { name: `Refund an amount on order ${ordernumber}` });
    await dialog.getByText(`Up to ${total} can be refunded`).waitFor();
    await dialog.getByLabel('Amount (₹)').fill('20');
    await dialog.getByLabel('Reason').selectOption('goodwill');
    await dialog.getByLabel('Why (optional)').fill('Delivered an hour late');
    await dialog.getByRole('button', { name: 'Refund ₹20' }).click();
    await dialog.waitFor({ state: 'detached' });
    await payment.getByText('Refunded (goodwill, other)').waitFor();
    await timeline.getByText("₹20 refunded to the customer's Razorpay payment (goodwill)", { exact: false }).waitFor();
    await timeline.getByText('Refund of ₹20 (goodwill): Delivered an hour late').waitFor();
    // the timeline says each status once: the refund is a change, not a second "Placed"
    expect(await timeline.getByText('Placed', { exact: true }).count()).toBe(1);
    expect(await timeline.getByText(/your Razorpay payment/).count()).toBe(0);

    // all of it is kept: a reload (which also runs the accessibility check on the order screen) shows it again
    await owner.goto(owner.url(), { waitUntil: 'networkidle' });
    await timeline.getByText('Customer called: ring twice, leave with the guard').waitFor();
    await owner.getByRole('button', { name: 'Remove tag VIP' }).waitFor();
    await payment.getByText('Refunded (goodwill, other)').waitFor();
    await owner.getByRole('heading', { name: `Order ${ordernumber}` }).scrollIntoViewIfNeeded();
    await shop.screenshot(owner, 'order-admin-1440');
    await timeline.scrollIntoViewIfNeeded();
    await shop.screenshot(owner, 'order-admin-timeline-1440');
    await owner.setViewportSize({ width: 390, height: 844 });
    await owner.getByRole('heading', { name: `Order ${ordernumber}` }).scrollIntoViewIfNeeded();
    await shop.screenshot(owner, 'order-admin-390');
    await timeline.scrollIntoViewIfNeeded();
    await shop.screenshot(owner, 'order-admin-timeline-390');
    await owner.setViewportSize({ width: 1440, height: 900 });

    // the invoice, in a tab of its own
    const [invoice] = await Promise.all([owner.waitForEvent('popup'), owner.getByRole('link', { name: 'Tax invoice' }).click()]);
    await invoice.getByRole('heading', { name: 'Tax Invoice' }).waitFor();
    await invoice.getByText(`Invoice no. ${ordernumber}`, { exact: false }).waitFor();
    await invoice.getByText('GST by rate').waitFor();
    await invoice.getByText('Place of supply').waitFor();
    await invoice.getByText('Refund by the shop (goodwill): ₹20 refunded').waitFor();
    expect(await invoice.getByText('Delivered an hour late').count()).toBe(0);
    await shop.screenshot(invoice, 'order-admin-invoice-1440');
    await invoice.close();

    // the list filtered by the tag; the tagged orders' packing slips in one document
    await owner.goto('/bos/admin/orders?tag=VIP', { waitUntil: 'networkidle' });
    const list = owner.getByRole('region', { name: 'Orders' });
    await list.getByRole('link', { name: ordernumber, exact: true }).waitFor();
    await expect.poll(() => list.getByRole('row').count()).toBe(2); // the header and this order
    await list.getByRole('checkbox', { name: `Select order ${ordernumber}` }).check();
    const [slips] = await Promise.all([
      owner.waitForEvent('popup'),
      owner.getByRole('region', { name: 'Bulk actions' }).getByRole('link', { name: 'Print packing slips' }).click(),
    ]);
    await slips.getByRole('heading', { name: `Packing slip · ${ordernumber}` }).waitFor();
    await slips.getByRole('columnheader', { name: 'SKU' }).waitFor();
    await slips.getByText(/^Warehouse: /).waitFor();
    await shop.screenshot(slips, 'order-admin-slips-1440');
    await slips.close();

    // the shopper's order: the refund, never the note
    await shopper.goto(`/account/orders/${orderId}`, { waitUntil: 'networkidle' });
    await shopper.getByText('Refund by the shop (goodwill)').waitFor();
    expect(await shopper.getByText('ring twice').count()).toBe(0);
    expect(await shopper.getByText('Delivered an hour late').count()).toBe(0);

    expect(ownerErrors).toEqual([]);
    expect(shopperErrors).toEqual([]);
  });
});
