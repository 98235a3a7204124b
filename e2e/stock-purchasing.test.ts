import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startShop, type Shop } from './harness';
import { ownerOnDashboard, staffCall } from './journeys';

// Issue 40 point 18: the owner adds a supplier, writes a purchase order (and corrects the draft),
// receives part of it and sees on hand rise; then transfers stock to a second warehouse (a draft
// corrected, sent: in transit at the destination, then received).
let shop: Shop;
let page: Page;
let errors: string[];
beforeAll(async () => {
  shop = await startShop();
  ({ owner: page, ownerErrors: errors } = await ownerOnDashboard(shop));
}, 120_000);
afterAll(() => shop?.close());

interface StockRow {
  pack_id: number;
  product: string;
  pack: string;
  sku: string;
  warehouse: string;
  warehouse_id: number;
  available: number;
  committed: number;
  on_hand: number;
  in_transit: number;
}

/** The stock list's row of a pack at a warehouse, as the server counts it. */
async function rowOf(sku: string, warehouse: string): Promise<StockRow> {
  const list = (await staffCall(page, `/s/api/admin/stock?q=${encodeURIComponent(sku)}&perPage=100`)).json as { data: StockRow[] };
  return list.data.find((r) => r.sku === sku && r.warehouse === warehouse)!;
}

/** A screenshot once the toasts have gone (they cover the heading). */
async function snap(name: string) {
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15_000 });
  await shop.screenshot(page, name);
}

/** The row the owner sees on the Stock screen for a pack at a warehouse (search by SKU, filter by warehouse). */
async function shownRow(sku: string, warehouse: string) {
  await page.getByRole('navigation', { name: 'Stock' }).getByRole('link', { name: 'Levels' }).click();
  await page.getByLabel('Search by product, pack or SKU').fill(sku);
  await page.waitForURL(/[?&]q=/);
  await page.getByLabel('Warehouse').selectOption({ label: warehouse });
  await page.waitForURL(/[?&]warehouse=\d+/);
  const table = page.getByRole('table', { name: 'Stock' });
  await expect.poll(() => table.locator('tbody tr').count(), { timeout: 10_000 }).toBe(1);
  return table.locator('tbody tr').first();
}

describe('stock purchasing and transfers in Administration (Chromium, demo data)', () => {
  it('supplier → purchase order → part received (on hand rises) → transfer to a second warehouse', async () => {
    // a pack the demo stocks at Bengaluru Central
    const list = (await staffCall(page, '/s/api/admin/stock?perPage=100&sort=available&dir=desc')).json as { data: StockRow[] };
    // a pack counted in units (not a loose product weighed in grams)
    const target = list.data.find(
      (r) => r.warehouse === 'Bengaluru Central' && r.sku && !/loose/i.test(r.product) && r.available > 10 && r.available < 1000,
    )!;
    expect(target).toBeDefined();
    const label = `${target.product} · ${target.pack}`;
    const before = await rowOf(target.sku, 'Bengaluru Central');

    // Suppliers
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Stock' }).click();
    await page.getByRole('heading', { name: 'Stock' }).waitFor();
    await page.getByRole('table', { name: 'Stock' }).getByRole('columnheader', { name: 'Committed' }).waitFor();
    await page.getByRole('navigation', { name: 'Stock' }).getByRole('link', { name: 'Suppliers' }).click();
    await page.getByRole('button', { name: 'Add supplier' }).click();
    const form = page.getByRole('form', { name: 'New supplier' });
    await form.getByLabel('Supplier name').fill('Nandi Agro Foods');
    await form.getByLabel('Phone').fill('9845012345');
    await form.getByLabel('GSTIN').fill('29ABCDE1234');
    await form.getByRole('button', { name: 'Save supplier' }).click();
    await form.getByText('Enter a valid 15-character GSTIN').waitFor();
    await form.getByLabel('GSTIN').fill('29abcde1234f1z5');
    await form.getByRole('button', { name: 'Save supplier' }).click();
    const suppliers = page.getByRole('table', { name: 'Suppliers' });
    await suppliers.getByRole('row').filter({ hasText: 'Nandi Agro Foods' }).filter({ hasText: '29ABCDE1234F1Z5' }).waitFor();
    await snap('stock-suppliers-1440');

    // A purchase order of 10 at ₹45.50
    await page.getByRole('navigation', { name: 'Stock' }).getByRole('link', { name: 'Purchase orders' }).click();
    await page.getByRole('link', { name: 'New purchase order' }).click();
    await page.getByRole('heading', { name: 'New purchase order' }).waitFor();
    await page.getByLabel('Supplier').selectOption({ label: 'Nandi Agro Foods' });
    await page.getByLabel('Deliver to warehouse').selectOption({ label: 'Bengaluru Central' });
    await page.getByLabel('Expected on').fill('2026-12-15');
    await page.getByLabel('Add a pack').fill(target.sku);
    await page
      .getByRole('list', { name: 'Packs found' })
      .getByRole('button', { name: new RegExp(target.sku) })
      .click();
    await page.getByLabel(`Quantity of ${label}`).fill('8');
    await page.getByLabel(`Cost price (₹) of ${label}`).fill('45');
    await page.getByText('Total ₹360').waitFor();
    await page.getByRole('button', { name: 'Save purchase order' }).click();
    await page.getByRole('heading', { name: /^Purchase order PO-\d+$/ }).waitFor();
    await page.getByText('Draft', { exact: true }).waitFor();
    // the supplier quoted again: the draft is corrected in the form that wrote it
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.getByRole('heading', { name: 'Edit purchase order' }).waitFor();
    await expect.poll(() => page.getByLabel(`Quantity of ${label}`).inputValue()).toBe('8');
    expect(await page.getByLabel('Supplier').locator('option:checked').textContent()).toBe('Nandi Agro Foods');
    await page.getByLabel(`Quantity of ${label}`).fill('10');
    await page.getByLabel(`Cost price (₹) of ${label}`).fill('45.50');
    await page.getByText('Total ₹455').waitFor();
    await snap('stock-purchase-order-edit-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await shop.screenshot(page, 'stock-purchase-order-edit-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: 'Save purchase order' }).click();
    await page.getByRole('heading', { name: /^Purchase order PO-\d+$/ }).waitFor();
    await page.getByText(/total ₹455$/).waitFor();
    await page.getByText('Draft', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Mark as ordered' }).click();
    await page.getByText('Ordered', { exact: true }).waitFor();
    // ordered: no longer a draft to change
    expect(await page.getByRole('link', { name: 'Edit', exact: true }).count()).toBe(0);

    // Receive 4 of the 10
    await page.getByLabel(`Received now of ${target.product} ${target.pack}`).fill('4');
    await page.getByLabel('Note (supplier invoice, delivery)').fill('Invoice NA-118');
    await page.getByRole('button', { name: 'Receive goods' }).click();
    await page.getByText('Partially received', { exact: true }).waitFor();
    await page.getByText('10 ordered at ₹45.50 · 4 received · 6 to come').waitFor();
    await page
      .getByRole('list', { name: 'Goods received notes' })
      .getByText(/GRN-\d+-1/)
      .waitFor();
    await snap('stock-purchase-order-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap('stock-purchase-order-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    // the printable purchase order (what is sent to the supplier)
    const poId = page.url().match(/purchase-orders\/(\d+)/)![1];
    await page.goto(`/s/api/admin/stock/purchase-orders/${poId}/print`);
    await page.getByRole('heading', { name: /^Purchase order · PO-\d+$/ }).waitFor();
    await page.getByText('GSTIN 29ABCDE1234F1Z5').waitFor();
    await page.getByRole('cell', { name: '₹455', exact: true }).first().waitFor();
    await shop.screenshot(page, 'stock-purchase-order-print-1440');
    await page.goBack();
    await page.getByText('Partially received', { exact: true }).waitFor();

    // On hand rose by 4 on the Stock screen (and in the ledger)
    expect(await rowOf(target.sku, 'Bengaluru Central')).toMatchObject({ on_hand: before.on_hand + 4, available: before.available + 4 });
    await page.getByRole('link', { name: '← Purchase orders' }).click();
    await page
      .getByRole('table', { name: 'Purchase orders' })
      .getByRole('row')
      .filter({ hasText: 'Nandi Agro Foods' })
      .filter({ hasText: '4 of 10' })
      .waitFor();
    await snap('stock-purchase-orders-1440');
    let row = await shownRow(target.sku, 'Bengaluru Central');
    await expect.poll(() => row.getByRole('cell').nth(4).textContent()).toBe(String(before.on_hand + 4));
    await snap('stock-levels-1440');

    // Transfer 3 to Mumbai Fort: send, then receive
    const mumBefore = await rowOf(target.sku, 'Mumbai Fort');
    await page.getByRole('navigation', { name: 'Stock' }).getByRole('link', { name: 'Transfers' }).click();
    await page.getByRole('link', { name: 'New transfer' }).click();
    await page.getByLabel('From warehouse').selectOption({ label: 'Bengaluru Central' });
    await page.getByLabel('To warehouse').selectOption({ label: 'Mumbai Fort' });
    await page.getByLabel('Add a pack').fill(target.sku);
    await page
      .getByRole('list', { name: 'Packs found' })
      .getByRole('button', { name: new RegExp(target.sku) })
      .click();
    await page.getByText(`${before.available + 4} available at the source`).waitFor();
    await page.getByLabel(`Quantity of ${label}`).fill('2');
    await page.getByRole('button', { name: 'Save transfer' }).click();
    await page.getByRole('heading', { name: /^Transfer TR-\d+$/ }).waitFor();
    // one more fits in the van: the draft is corrected before it is sent
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.getByRole('heading', { name: 'Edit transfer' }).waitFor();
    await expect.poll(() => page.getByLabel(`Quantity of ${label}`).inputValue()).toBe('2');
    await page.getByLabel(`Quantity of ${label}`).fill('3');
    await page.getByLabel('Note').fill('Weekend top-up');
    await page.getByRole('button', { name: 'Save transfer' }).click();
    await page.getByRole('heading', { name: /^Transfer TR-\d+$/ }).waitFor();
    await page.getByText('Note: Weekend top-up').waitFor();
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('In transit', { exact: true }).waitFor();
    const transferAt = page.url();
    expect(await rowOf(target.sku, 'Bengaluru Central')).toMatchObject({ on_hand: before.on_hand + 1 });
    // on its way: the Stock screen shows the 3 in transit to Mumbai Fort (not yet on hand there)
    expect(await rowOf(target.sku, 'Mumbai Fort')).toMatchObject({ on_hand: mumBefore.on_hand, in_transit: mumBefore.in_transit + 3 });
    await page.getByRole('link', { name: '← Transfers' }).click();
    const inTransit = await shownRow(target.sku, 'Mumbai Fort');
    await page.getByRole('table', { name: 'Stock' }).getByRole('columnheader', { name: 'In transit' }).waitFor();
    await expect.poll(() => inTransit.getByRole('cell').nth(6).textContent()).toBe(String(mumBefore.in_transit + 3));
    await snap('stock-levels-in-transit-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    // the phone card shows the figure under its column's name
    const card = inTransit.locator('td[data-label="In transit"]');
    await card.waitFor();
    expect(await card.textContent()).toBe(String(mumBefore.in_transit + 3));
    await shop.screenshot(page, 'stock-levels-in-transit-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(transferAt);
    await page.getByText('In transit', { exact: true }).waitFor();
    await page.getByLabel(`Received now of ${target.product} ${target.pack}`).fill('3');
    await page.getByRole('button', { name: 'Receive' }).click();
    await page.getByText('Received', { exact: true }).waitFor();
    expect(await rowOf(target.sku, 'Mumbai Fort')).toMatchObject({ on_hand: mumBefore.on_hand + 3, in_transit: mumBefore.in_transit });
    await page.getByRole('link', { name: '← Transfers' }).click();
    await page
      .getByRole('table', { name: 'Transfers' })
      .getByRole('row')
      .filter({ hasText: 'Mumbai Fort' })
      .filter({ hasText: 'Received' })
      .waitFor();
    await snap('stock-transfers-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap('stock-transfers-390');
    row = await shownRow(target.sku, 'Mumbai Fort');
    await row
      .getByText(String(mumBefore.on_hand + 3), { exact: true })
      .first()
      .waitFor();
    await snap('stock-levels-390');
    await page.getByRole('navigation', { name: 'Stock' }).getByRole('link', { name: 'Suppliers' }).click();
    await page.getByRole('table', { name: 'Suppliers' }).getByRole('row').filter({ hasText: 'Nandi Agro Foods' }).waitFor();
    await snap('stock-suppliers-390');

    // the ledger still recounts equal: every balance is the sum of its movements
    const moves = (await staffCall(page, `/s/api/admin/stock/packs/${target.pack_id}/movements?limit=100`)).json as {
      data: Array<{ reason: string; quantity: number }>;
    };
    expect(moves.data.slice(0, 3).map((m) => [m.reason, m.quantity])).toEqual([
      ['transfer_in', 3],
      ['transfer_out', -3],
      ['purchase', 4],
    ]);
    expect(errors).toEqual([]);
  }, 180_000);
});
