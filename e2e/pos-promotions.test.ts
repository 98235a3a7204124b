import { formatINR } from '@grocer/shared/money';
import type { PosCounterPack, SaleDetail } from '@grocer/shared/pos';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShop, type Shop } from './harness';
import { signInHere, staffCall } from './journeys';

// Issue 40 §19 at the till: an automatic promotion (buy 2 get 1 free) applies to a bill as it does
// to the online cart: the cashier scans 3 of the promoted item, sees the promotion's line and the
// lower total, takes cash, and the receipt shows the promotion.

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
}, 120_000);
afterAll(() => shop?.close());

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

async function scan(page: Page, code: string) {
  await page.getByLabel('Scan or search (name, SKU, barcode)').focus();
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}
const sheetBar = (page: Page) => page.locator('[aria-controls="pos-bill"]');

describe('promotions at the till (Chromium, demo data)', () => {
  it('scans 3 of a buy-2-get-1 item: the promotion line, the lower total, cash, and the receipt shows it', async () => {
    const page = await shop.newPage(DESKTOP);
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto('/pos', { waitUntil: 'networkidle' });
    await page.waitForURL('**/auth/login');
    await signInHere(page, shop, 'admin@demo.shop');
    await page.waitForURL('**/pos');
    await page.getByRole('heading', { name: 'Open a shift' }).waitFor();

    const settings = (await staffCall(page, '/s/api/pos/settings')).json as { warehouses: Array<{ id: number }> };
    const packs = (await staffCall(page, `/s/api/pos/packs?warehouse_id=${settings.warehouses[0]!.id}&limit=5000`)).json as {
      data: PosCounterPack[];
    };
    const a = packs.data.find((p) => p.barcode && !p.sold_by_weight && p.available >= 5 && p.price >= 10)!;
    const created = await staffCall(page, '/s/api/admin/promotions', {
      name: 'Buy 2 get 1 free',
      rule: {
        kind: 'buy_x_get_y',
        buy: { type: 'pack', packIds: [a.pack_id] },
        buyQuantity: 2,
        getQuantity: 1,
        getPackId: null,
        percentOff: 100,
      },
      startsAt: null,
      endsAt: null,
      active: true,
    });
    expect(created.status).toBe(201);

    // the till loads the live promotions when the shift opens (and keeps them for offline sales)
    await page.getByLabel('Till').fill('Promo till');
    await page.getByLabel('Cash float (₹)').fill('500');
    await page.getByRole('button', { name: 'Open shift' }).click();
    await page.getByLabel('Scan or search (name, SKU, barcode)').waitFor();
    for (let i = 0; i < 3; i++) await scan(page, a.barcode);
    const bill = page.getByRole('region', { name: 'Bill' });
    await expect.poll(() => bill.getByRole('textbox', { name: `Quantity of ${a.product} - ${a.pack}` }).inputValue()).toBe('3');
    const promo = page.getByTestId('pos-promotion');
    await expect.poll(() => promo.innerText()).toMatch(new RegExp(`^Buy 2 get 1 free\\s*− ${formatINR(a.price).replace('.', '\\.')}$`));
    await expect.poll(() => page.getByTestId('pos-total').innerText()).toBe(formatINR(2 * a.price));
    await bill.getByText('Buy 2 get 1 free', { exact: true }).first().waitFor();
    await shop.screenshot(page, 'pos-promotions-bill-1440');
    await page.setViewportSize(PHONE);
    await expect.poll(() => sheetBar(page).innerText()).toMatch(new RegExp(`${formatINR(2 * a.price).replace('.', '\\.')}$`));
    await sheetBar(page).click();
    await promo.scrollIntoViewIfNeeded();
    await shop.screenshot(page, 'pos-promotions-bill-390');
    await page.setViewportSize(DESKTOP);

    // Cash; the server priced it the same (no 409) and the receipt shows the promotion.
    await page.getByRole('button', { name: 'Pay (F4)' }).click();
    await page.getByLabel('Cash tendered').fill(String(Math.ceil(2 * a.price) + 10));
    await page.getByRole('button', { name: 'Complete sale (Enter)' }).click();
    await page.waitForURL('**/pos/receipt/**');
    const frame = page.frameLocator('iframe');
    await frame.getByText('Buy 2 get 1 free').first().waitFor();
    await frame
      .getByText(`− ${formatINR(a.price)}`)
      .first()
      .waitFor();
    await shop.screenshot(page, 'pos-promotions-receipt-1440');
    await page.setViewportSize(PHONE);
    await frame.getByText('Buy 2 get 1 free').first().waitFor();
    await shop.screenshot(page, 'pos-promotions-receipt-390');
    const receipt = decodeURIComponent(page.url().split('/').pop()!);
    const sale = (await staffCall(page, `/s/api/pos/sales/${receipt}`)).json as SaleDetail;
    expect(sale.total).toBe(2 * a.price);
    expect(sale.promotions).toEqual([{ name: 'Buy 2 get 1 free', discount: a.price }]);
    const a4 = await page.request.get(`/s/api/pos/sales/${encodeURIComponent(receipt)}/print?format=a4`);
    expect(await a4.text()).toContain(`Buy 2 get 1 free: − ${formatINR(a.price)}`);
    expect(pageErrors).toEqual([]);
  });
});
