import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { collectErrors, startShop, type Shop } from './harness';
import { ownerOnDashboard, signInFrom } from './journeys';

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
}, 120_000);
afterAll(() => shop?.close());

/** The newest outbox message to `to` that carries a payment link. */
async function paymentLinkFor(to: string): Promise<string> {
  const { data } = (await (await fetch(`${shop.url}/s/api/dev/outbox`)).json()) as { data: Array<{ to: string; body: string }> };
  const link = data
    .find((m) => m.to === to && /\/checkout\/razorpay\//.test(m.body))
    ?.body.match(/https?:\/\/\S+\/checkout\/razorpay\/[\w-]+/)?.[0];
  if (!link) throw new Error(`no payment link for ${to}`);
  return link;
}

/** Orders → New order → Priya (found by name) → a draft; answers its number. */
async function draftForPriya(owner: Page): Promise<string> {
  await owner.goto('/bos/admin/orders', { waitUntil: 'networkidle' });
  await owner.getByRole('link', { name: 'New order' }).click();
  await owner.getByRole('heading', { name: 'New order' }).waitFor();
  await owner.getByLabel('Search by name, mobile or email').fill('Priya');
  await owner.getByRole('button', { name: 'Start draft for Priya Shopper' }).click();
  const heading = owner.getByRole('heading', { name: /^Draft D\d+$/ });
  await heading.waitFor();
  return (await heading.textContent())!.replace('Draft ', '');
}

/** Adds the first pack in stock matching `q` to the draft or the order edit; answers its label. */
async function addItem(owner: Page, q: string): Promise<string> {
  await owner.getByLabel('Add an item').fill(q);
  const first = owner.getByRole('list', { name: 'Packs in stock' }).getByRole('button').first();
  await first.waitFor();
  const label = (await first.locator('span').first().textContent())!.replace(/^Add /, '');
  await first.click();
  return label;
}

describe('draft orders and order edits from Administration (Chromium, built shop, demo data)', () => {
  it('the owner drafts an order for Priya and sends a payment link; she pays through the simulator and it is placed; a COD draft placed, then edited with the difference shown', async () => {
    const { owner, ownerErrors } = await ownerOnDashboard(shop);

    // a draft for Priya: her address added, two items, a slot
    const number = await draftForPriya(owner);
    const address = owner.getByRole('region', { name: 'Delivery address' });
    await address.getByLabel('Pincode').fill('560001');
    await address.getByLabel('House / flat / building').fill('Flat 12, Palm Residency');
    await address.getByLabel('Street / area').fill('12 MG Road');
    await address.getByLabel('City').fill('Bengaluru');
    await address.getByRole('button', { name: 'Save address' }).click();
    await address.getByRole('radio', { checked: true }).waitFor();
    await addItem(owner, 'rice');
    const items = owner.getByRole('region', { name: 'Items' });
    await expect.poll(() => items.getByRole('row').count()).toBe(2);
    await addItem(owner, 'dal');
    await expect.poll(() => items.getByRole('row').count()).toBe(3);
    const total = owner.getByRole('region', { name: 'Total' });
    const amount = (await total.getByText(/^₹/).last().textContent())!;
    // nothing reserved and not Priya's yet: listed under Drafts
    await owner.getByRole('link', { name: '← Drafts' }).click();
    await owner
      .getByRole('row', { name: new RegExp(`${number} Priya Shopper`) })
      .getByText('Draft', { exact: true })
      .waitFor();
    await shop.screenshot(owner, 'draft-orders-list-1440');
    await owner.getByRole('link', { name: number }).click();
    await owner.getByRole('heading', { name: `Draft ${number}` }).waitFor();
    await shop.screenshot(owner, 'draft-order-1440');
    await owner.setViewportSize({ width: 390, height: 900 });
    await owner.getByRole('heading', { name: `Draft ${number}` }).waitFor();
    await shop.screenshot(owner, 'draft-order-390');
    await owner.setViewportSize({ width: 1440, height: 900 });

    await owner.getByRole('button', { name: 'Send payment link' }).click();
    const sent = owner.getByRole('status').filter({ hasText: /Payment link sent to/ });
    await sent.waitFor();
    const ordernumber = (await sent.textContent())!.match(/GR\d+/)![0];
    expect(await sent.textContent()).toContain('Awaiting payment');

    // Priya pays through the link she was sent
    const customer = await shop.newPage({ width: 390, height: 844 });
    const customerErrors = collectErrors(customer);
    await signInFrom(customer, shop, 'shopper@demo.shop');
    await customer.goto(await paymentLinkFor('shopper@demo.shop'));
    await customer.waitForURL('**/sim/checkout/razorpay/**');
    await customer.getByRole('button', { name: 'Success', exact: true }).click();
    await customer.waitForURL('**/order/success/**');
    await customer.getByText(`Paid ${amount}`, { exact: false }).waitFor();
    await owner.reload({ waitUntil: 'networkidle' });
    await owner
      .getByRole('status')
      .filter({ hasText: `${ordernumber} · Placed` })
      .waitFor();

    // a second draft, marked COD and placed, then edited from its order screen
    await draftForPriya(owner);
    await owner.getByRole('region', { name: 'Delivery address' }).getByRole('radio', { checked: true }).waitFor();
    await addItem(owner, 'rice');
    await owner.getByRole('region', { name: 'Items' }).getByRole('row').nth(1).waitFor();
    await owner.getByRole('button', { name: 'Mark as COD and place' }).click();
    const placed = owner.getByRole('status').filter({ hasText: /GR\d+ · Placed/ });
    await placed.waitFor();
    await placed.getByRole('link').click();
    await owner.getByRole('heading', { name: /^Order GR\d+$/ }).waitFor();
    const editCard = owner.getByRole('region', { name: 'Edit order' });
    await editCard.getByRole('button', { name: 'Edit items' }).click();
    const added = await addItem(owner, 'dal');
    await editCard.getByRole('cell', { name: added, exact: true }).waitFor();
    await editCard.getByRole('button', { name: 'Preview changes' }).click();
    const difference = editCard.getByRole('status').filter({ hasText: /^Collect ₹[\d,.]+ more on delivery$/ });
    await difference.waitFor();
    await shop.screenshot(owner, 'order-edit-preview-1440');
    await owner.setViewportSize({ width: 390, height: 900 });
    await difference.scrollIntoViewIfNeeded();
    await shop.screenshot(owner, 'order-edit-preview-390');
    await owner.setViewportSize({ width: 1440, height: 900 });
    await editCard.getByRole('button', { name: 'Confirm changes' }).click();
    await owner.getByText(/Order changed by the shop: .* added\. Collect ₹[\d,.]+ more on delivery/).waitFor();

    expect(customerErrors).toEqual([]);
    expect(ownerErrors).toEqual([]);
  }, 240_000);
});
