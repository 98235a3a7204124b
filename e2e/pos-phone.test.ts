import { formatINR } from '@grocer/shared/money';
import type { PosCounterPack, ShiftReport } from '@grocer/shared/pos';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShop, type Shop } from './harness';
import { signInHere } from './journeys';

// Issue 40.6–8: the till on a phone (390 px): one column, the bill a bottom sheet whose bar always
// shows the lines and the total; a sale, a return in cash with a reason and its credit note, an
// offline sale with its receipt at once, and the shift closed with its Z report.

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
const openSheet = async (page: Page) => {
  if ((await sheetBar(page).getAttribute('aria-expanded')) !== 'true') await sheetBar(page).click();
  await page.getByRole('region', { name: 'Bill' }).waitFor();
};
/** Nothing sticks out sideways: the page is no wider than the phone. */
const noSideScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

describe('the till on a phone (Chromium, 390 px)', () => {
  it('sells, returns in cash with a reason and a credit note, sells offline with a receipt, and closes with the Z report', async () => {
    const page = await shop.newPage(PHONE);
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto('/pos', { waitUntil: 'networkidle' });
    await page.waitForURL('**/auth/login');
    await signInHere(page, shop, 'admin@demo.shop');
    await page.waitForURL('**/pos');
    await page.getByLabel('Till').fill('Phone till');
    await page.getByLabel('Cash float (₹)').fill('500');
    await page.getByRole('button', { name: 'Open shift' }).click();
    await page.getByLabel('Scan or search (name, SKU, barcode)').waitFor();
    const { shift } = (await (await page.request.get('/s/api/pos/shift?till=Phone%20till')).json()) as {
      shift: { id: number; warehouse_id: number };
    };
    const packs = (
      (await (await page.request.get(`/s/api/pos/packs?warehouse_id=${shift.warehouse_id}&limit=5000`)).json()) as {
        data: PosCounterPack[];
      }
    ).data;
    const a = packs.find((p) => p.barcode && !p.sold_by_weight && p.available >= 5)!;

    // One column; the header's tabs and the bill's bar fit the phone.
    await noSideScroll(page);
    for (const name of ['Sell (F2)', 'Returns', 'Close shift']) {
      const box = (await page.getByRole('button', { name }).boundingBox())!;
      expect(box.height, name).toBeGreaterThanOrEqual(44);
    }
    await scan(page, a.barcode);
    await scan(page, a.barcode);
    await expect
      .poll(() => sheetBar(page).innerText())
      .toMatch(new RegExp(`^Bill · 1 line\\s*${formatINR(2 * a.price).replace('.', '\\.')}$`));
    await shop.screenshot(page, 'pos-phone-till-390');
    await openSheet(page);
    const amount = (await page.getByRole('columnheader', { name: 'Amount' }).boundingBox())!;
    expect(amount.x + amount.width).toBeLessThanOrEqual(PHONE.width);
    expect((await page.getByRole('button', { name: `Remove ${a.product} - ${a.pack}` }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await noSideScroll(page);
    await shop.screenshot(page, 'pos-phone-bill-390');
    await page.setViewportSize(DESKTOP);
    await shop.screenshot(page, 'pos-phone-till-1440');
    await page.setViewportSize(PHONE);

    // A sale in cash.
    await page.getByRole('button', { name: 'Pay (F4)' }).click();
    await page.getByLabel('Cash tendered').fill(String(Math.ceil(2 * a.price)));
    await page.getByRole('button', { name: 'Complete sale (Enter)' }).click();
    await page.waitForURL('**/pos/receipt/**');
    const receipt = decodeURIComponent(page.url().split('/').pop()!);

    // A return of one unit, in cash, with a reason: the confirm says what happens, then the credit note.
    await page.getByRole('link', { name: 'New sale' }).click();
    await page.getByRole('button', { name: 'Returns' }).click();
    await page.getByLabel('Receipt number').fill(receipt);
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByLabel(`Return ${a.product} - ${a.pack}`).fill('1');
    await page.getByRole('button', { name: 'Review refund' }).click();
    await page.getByRole('alert').filter({ hasText: 'Choose why the goods are coming back' }).waitFor();
    await page.getByLabel('Reason').selectOption('changed_mind');
    await page.getByLabel('Cash', { exact: true }).check();
    await page.getByRole('button', { name: 'Review refund' }).click();
    await expect
      .poll(() => page.getByTestId('refund-summary').innerText())
      .toBe(`Refund ${formatINR(Math.round(a.price))} in cash for 1 item; stock back to the shelf`);
    await noSideScroll(page);
    await shop.screenshot(page, 'pos-phone-return-confirm-390');
    await page.setViewportSize(DESKTOP);
    await shop.screenshot(page, 'pos-phone-return-confirm-1440');
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Confirm refund' }).click();
    await page.getByText(new RegExp(`^Credit note CN\\d+: refunded ${formatINR(Math.round(a.price))} in cash$`)).waitFor();
    const note = page.frameLocator('iframe[title^="Credit note"]');
    await note.getByText('CREDIT NOTE (return receipt)').waitFor();
    await note.getByText(`Against receipt: ${receipt}`).waitFor();
    await note.getByText('Reason: Customer changed mind').waitFor();
    await shop.screenshot(page, 'pos-phone-credit-note-390');
    await page.setViewportSize(DESKTOP);
    await shop.screenshot(page, 'pos-phone-credit-note-1440');
    await page.setViewportSize(PHONE);

    // Offline: the sale gets its receipt at once, under this till's offline number, kept on sync.
    await page.getByRole('button', { name: 'Sell (F2)' }).click();
    await page.context().setOffline(true);
    await page.getByRole('status').filter({ hasText: 'Offline' }).waitFor();
    await scan(page, a.barcode);
    await expect.poll(() => sheetBar(page).innerText()).toMatch(/^Bill · 1 line/);
    await openSheet(page);
    await page.getByRole('button', { name: 'Pay (F4)' }).click();
    await page.getByRole('button', { name: 'Complete sale (Enter)' }).click();
    const heading = page.getByRole('heading', { name: /^Receipt OFF\d+-1 · saved offline$/ });
    await heading.waitFor();
    const offline = (await heading.innerText()).split(' ')[1]!;
    await page.frameLocator(`iframe[title="Receipt ${offline}"]`).getByText(`Receipt: ${offline}`).waitFor();
    await noSideScroll(page);
    await shop.screenshot(page, 'pos-phone-offline-receipt-390');
    await page.context().setOffline(false);
    await page.getByText(/1 offline sale synced/).waitFor();
    const synced = await page.request.get(`/s/api/pos/sales/${offline}`);
    expect(synced.status()).toBe(200);
    expect(((await synced.json()) as { receipt: string }).receipt).toBe(offline);

    // Close: the Z report prints from the close screen.
    await page.getByRole('button', { name: 'New sale' }).click();
    await page.getByRole('button', { name: 'Close shift' }).first().click();
    await page.getByTestId('cash-in-drawer').waitFor();
    const report = (await (await page.request.get(`/s/api/pos/shifts/${shift.id}/report`)).json()) as ShiftReport;
    expect(report.returns).toMatchObject({ count: 1, cash: Math.round(a.price), upi: 0, card: 0 });
    expect(report.sales).toBe(2);
    await page.getByLabel('Cash counted (₹)').fill(String(report.cash_in_drawer));
    await page.getByRole('button', { name: 'Close shift' }).last().click();
    await page.getByText('Difference: ₹0').waitFor();
    const z = page.frameLocator('iframe[title^="Z report"]');
    await z.getByText('Z REPORT (shift closed)').waitFor();
    await z.getByText('Sales 2 · Returns 1').waitFor();
    await page.getByRole('button', { name: 'Print Z report' }).scrollIntoViewIfNeeded();
    await noSideScroll(page);
    await shop.screenshot(page, 'pos-phone-z-report-390');
    await page.setViewportSize(DESKTOP);
    await shop.screenshot(page, 'pos-phone-z-report-1440');
    expect(pageErrors).toEqual([]);
  });
});
