import type { PosSettings } from '@grocer/shared/pos';
import { encodeScaleBarcode } from '@grocer/shared/scale-barcode';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShop, type Shop } from './harness';
import { ownerOnDashboard, staffCall } from './journeys';

// Weighed goods (issue 40): the owner marks a pack sold by weight in the product form, the cashier
// scans a scale label of the demo's loose tomatoes and keys a weight of the new product, and the
// receipt prints each weighed line as weight × price per kg.

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
}, 120_000);
afterAll(() => shop?.close());

const cartRows = (page: Page) => page.getByRole('table', { name: 'Cart' }).locator('tbody tr');

describe('weighed goods (Chromium, built shop, demo data)', () => {
  it('the owner sets up a loose good by weight; the till sells a scale label and a keyed weight; the receipt shows weight × price per kg', async () => {
    const { owner: page, ownerErrors } = await ownerOnDashboard(shop);

    // The owner: a new product whose pack is sold by weight, ₹48 a kg, PLU 00301.
    await page.goto('/bos/admin/products/new', { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { name: 'New product' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Loose Sugar');
    await page.getByLabel('Pack 1 name').fill('per kg');
    await page.getByLabel('Pack 1 SKU').fill('SUGAR-LOOSE');
    await page.getByLabel('Pack 1 sold by weight').check();
    await page.getByLabel('Pack 1 price per kg (₹)').fill('48');
    await page.getByLabel('Pack 1 MRP per kg (₹)').fill('50');
    await page.getByLabel('Pack 1 scale PLU').fill('00301');
    // sold online in 250 g steps (issue 40.5); the product stays a draft here
    await page.getByLabel('Pack 1 online step (g)').fill('250');
    await page.getByRole('combobox', { name: 'Status' }).selectOption('draft');
    await page.getByLabel('Pack 1 scale PLU').scrollIntoViewIfNeeded();
    await shop.screenshot(page, 'weighed-product-new-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByLabel('Pack 1 sold by weight').scrollIntoViewIfNeeded();
    await shop.screenshot(page, 'weighed-product-new-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: 'Create product' }).click();
    await page.getByText('Loose Sugar created').waitFor();

    const list = await staffCall(page, '/s/api/admin/products?q=Loose%20Sugar');
    const product = (await staffCall(page, `/s/api/admin/products/${list.json.data[0].id}`)).json as {
      status: string;
      packs: Array<{ id: number; sold_by_weight: boolean; plu: string; price: number; step_grams: number }>;
    };
    expect(product.status).toBe('draft');
    expect(product.packs[0]).toMatchObject({ sold_by_weight: true, plu: '00301', price: 48, step_grams: 250 });
    // 20 kg received at the counter's warehouse (stock of a weighed pack is in grams)
    const settings = (await staffCall(page, '/s/api/pos/settings')).json as PosSettings;
    const warehouse = settings.warehouses[0]!.id;
    const received = await staffCall(page, `/s/api/admin/stock/packs/${product.packs[0]!.id}/adjust`, {
      warehouse_id: warehouse,
      reason: 'received',
      delta: 20_000,
    });
    expect(received.status).toBe(200);

    // The cashier (the owner at the till): a shift, then a scale label for 735 g of the demo's tomatoes.
    await page.goto('/pos', { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { name: 'Open a shift' }).waitFor();
    await page.getByLabel('Cash float (₹)').fill('1000');
    await page.getByRole('button', { name: 'Open shift' }).click();
    const search = page.getByLabel('Scan or search (name, SKU, barcode)');
    await search.waitFor();
    // the till copies the counter's catalogue once the shift opens (a search looks in that copy):
    // the demo's loose tomatoes are there once a search finds them
    await expect
      .poll(async () => {
        await search.fill('');
        await search.fill('tomato (loose)');
        return page
          .getByRole('button', { name: /Tomato \(loose\) - per kg/ })
          .waitFor({ timeout: 2000 })
          .then(
            () => true,
            () => false,
          );
      })
      .toBe(true);
    await search.fill('');
    const label = encodeScaleBarcode({ plu: '00101', kind: 'weight', grams: 735 });
    await search.focus();
    await page.keyboard.type(label, { delay: 5 });
    await page.keyboard.press('Enter');
    await cartRows(page).first().getByText('0.735 kg × ₹40/kg').waitFor();
    await expect.poll(() => cartRows(page).first().innerText()).toContain('₹29.40');

    // A keyed weight: 1.2 kg of the new loose sugar, its amount shown before it is added.
    await search.fill('loose sugar');
    await page.getByRole('button', { name: /Loose Sugar - per kg/ }).click();
    const weigh = page.getByRole('form', { name: 'Weigh Loose Sugar' });
    await weigh.getByRole('radio', { name: 'kg' }).click();
    await weigh.getByLabel('Weight', { exact: true }).fill('1.2');
    await weigh.getByText('1.200 kg × ₹48/kg = ₹57.60').waitFor();
    await shop.screenshot(page, 'weighed-pos-weigh-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await weigh.getByText('1.200 kg × ₹48/kg = ₹57.60').waitFor();
    await shop.screenshot(page, 'weighed-pos-weigh-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    await weigh.getByRole('button', { name: 'Add to bill' }).click();
    await expect.poll(() => cartRows(page).count()).toBe(2);
    await expect.poll(() => page.getByTestId('pos-total').innerText()).toBe('₹87');
    await shop.screenshot(page, 'weighed-pos-cart-1440');

    // Cash; the receipt prints weight × price per kg on each weighed line.
    await page.getByRole('button', { name: 'Pay (F4)' }).click();
    await page.getByLabel('Cash tendered').fill('100');
    await page.getByRole('button', { name: 'Complete sale (Enter)' }).click();
    await page.waitForURL('**/pos/receipt/**');
    const frame = page.frameLocator('iframe');
    await frame.getByText('0.735 kg × ₹40/kg').waitFor();
    await frame.getByText('1.200 kg × ₹48/kg').waitFor();
    await frame.getByText('₹29.40').first().waitFor();
    await frame.getByText('₹57.60').first().waitFor();
    await shop.screenshot(page, 'weighed-pos-receipt-1440');
    const receipt = decodeURIComponent(page.url().split('/').pop()!);

    // The server priced it and took grams from stock.
    const sale = (await staffCall(page, `/s/api/pos/sales/${receipt}`)).json as {
      total: number;
      lines: Array<{ quantity: number; sold_by_weight: boolean; amount: number }>;
    };
    expect(sale.total).toBe(87);
    expect(sale.lines.map((l) => [l.quantity, l.sold_by_weight, l.amount])).toEqual([
      [735, true, 29.4],
      [1200, true, 57.6],
    ]);
    const stock = (await staffCall(page, `/s/api/admin/stock/packs/${product.packs[0]!.id}`)).json as {
      levels?: Array<{ warehouse_id: number; available: number }>;
    };
    expect(JSON.stringify(stock)).toContain('18800');
    expect(ownerErrors).toEqual([]);
  });
});
