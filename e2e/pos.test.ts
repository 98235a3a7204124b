import { formatINR } from '@grocer/shared/money';
import type { PosCounterPack, ShiftReport } from '@grocer/shared/pos';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShop, type Shop } from './harness';
import { signInHere } from './journeys';

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
}, 120_000);
afterAll(() => shop?.close());

/** Types a code into the focused search box as a USB scanner does: the digits, then Enter. */
async function scan(page: Page, code: string) {
  await page.getByLabel('Scan or search (name, SKU, barcode)').focus();
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

const cartRows = (page: Page) => page.getByRole('table', { name: 'Cart' }).locator('tbody tr');

/** The total the till shows, in rupees. */
async function shownTotal(page: Page) {
  return Number((await page.getByTestId('pos-total').innerText()).replace(/[^\d.]/g, ''));
}

describe('point of sale (Chromium, built shop, demo data)', () => {
  it('a cashier opens a shift, scans, sells by weight, takes cash, prints, returns a line, sells offline, and closes with a difference', async () => {
    const page = await shop.newPage({ width: 1366, height: 768 });
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto('/pos', { waitUntil: 'networkidle' });
    await page.waitForURL('**/auth/login');
    await signInHere(page, shop, 'admin@demo.shop');
    await page.waitForURL('**/pos');

    // Till setup: the counter's warehouse and a cash float.
    await page.getByRole('heading', { name: 'Open a shift' }).waitFor();
    await page.getByLabel('Cash float (₹)').fill('2000');
    await page.getByRole('button', { name: 'Open shift' }).click();
    await page.getByLabel('Scan or search (name, SKU, barcode)').waitFor();
    const shiftId = (
      (await (await page.request.get('/s/api/pos/shift?till=Till%201')).json()) as { shift: { id: number; warehouse_id: number } }
    ).shift;
    const packs = (
      (await (await page.request.get(`/s/api/pos/packs?warehouse_id=${shiftId.warehouse_id}&limit=5000`)).json()) as {
        data: PosCounterPack[];
      }
    ).data;
    const scannable = packs.filter((p) => p.barcode && !p.sold_by_weight && p.available >= 5);
    const [a, b, c] = [scannable[0]!, scannable[1]!, scannable[2]!];
    expect(a.barcode).toMatch(/^890\d{10}$/);

    // The owner adds a loose good sold by weight: ₹140 a kg, 50 kg in stock.
    await page.getByRole('button', { name: 'Settings' }).click();
    const loose = page.getByRole('form', { name: 'Add a loose good' });
    await loose.getByLabel('Name').fill('Loose Toor Dal');
    await loose.getByLabel('Price per kg (₹)').fill('140');
    await loose.getByLabel('HSN').fill('0713');
    await loose.getByLabel('Stock (kg)').fill('50');
    await loose.getByRole('button', { name: 'Add loose good' }).click();
    await page.getByText('Loose Toor Dal added: sold by weight').waitFor();
    await page.getByRole('button', { name: 'Sell (F2)' }).click();

    // Two barcodes scanned, one twice (quantity 2).
    await scan(page, a.barcode);
    await cartRows(page).first().waitFor();
    await scan(page, b.barcode);
    await scan(page, b.barcode);
    await expect.poll(() => cartRows(page).count()).toBe(2);
    // the second scan of b may still be on its way when its row appears
    await expect.poll(() => page.getByLabel(`Quantity of ${b.product} - ${b.pack}`).inputValue()).toBe('2');

    // Loose goods by weight: 750 g of dal at ₹140/kg.
    await page.getByLabel('Scan or search (name, SKU, barcode)').fill('loose toor');
    await page.getByRole('button', { name: /Loose Toor Dal - per kg/ }).click();
    await page.getByLabel('Weight', { exact: true }).fill('750 g');
    await page.keyboard.press('Enter');
    await expect.poll(() => cartRows(page).count()).toBe(3);
    const total = a.price + 2 * b.price + 105;
    expect(await shownTotal(page)).toBeCloseTo(total, 2);
    await shop.screenshot(page, 'pos-cart-1366');

    // Cash with change.
    await page.keyboard.press('F4');
    const tendered = Math.ceil((total + 1) / 100) * 100;
    await page.getByLabel('Cash tendered').fill(String(tendered));
    await page.getByText(`Change: ${formatINR(Math.round((tendered - total) * 100) / 100)}`).waitFor();
    await shop.screenshot(page, 'pos-pay-1366');
    await page.getByRole('button', { name: 'Complete sale (Enter)' }).click();
    await page.waitForURL('**/pos/receipt/**');
    const receipt = decodeURIComponent(page.url().split('/').pop()!);
    const frame = page.frameLocator('iframe');
    await frame.getByText(`Receipt: ${receipt}`).waitFor();
    await frame.getByText('GSTIN: 29ABCDE1234F1Z5').waitFor();
    // the receipt by email to the customer, through the outbox
    await page.getByLabel('Send to mobile or email').fill('walkin.customer@example.com');
    await page.getByRole('button', { name: 'Send receipt' }).click();
    await page.getByRole('status').getByText('Receipt sent to walkin.customer@example.com').waitFor();
    const sent = ((await (await fetch(`${shop.url}/s/api/dev/outbox`)).json()) as { data: Array<{ to: string; subject: string | null }> })
      .data;
    expect(sent.find((m) => m.to === 'walkin.customer@example.com')?.subject).toContain(`Your receipt ${receipt}`);
    await shop.screenshot(page, 'pos-receipt-view');
    // The receipt page itself, at thermal width, as it prints.
    const paper = await shop.newPage({ width: 340, height: 900 });
    await paper.context().addCookies(await page.context().cookies());
    await paper.goto(`/s/api/pos/sales/${receipt}/print`);
    await paper.emulateMedia({ media: 'print' });
    await shop.screenshot(paper, 'pos-receipt-80mm');
    await paper.close();

    // Return one line by receipt number: back to stock.
    await page.getByRole('link', { name: 'New sale' }).click();
    await page.getByRole('button', { name: 'Returns' }).click();
    await page.getByLabel('Receipt number').fill(receipt);
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByLabel(`Return ${a.product} - ${a.pack}`).fill('1');
    await page.getByLabel('Reason').selectOption('damaged');
    await page.getByLabel('To the original tenders').check();
    await page.getByRole('button', { name: 'Review refund' }).click();
    await expect
      .poll(() => page.getByTestId('refund-summary').innerText())
      .toMatch(/^Refund ₹[\d,]+ in cash for 1 item; stock back to the shelf$/);
    await shop.screenshot(page, 'pos-return-confirm-1366');
    await page.getByRole('button', { name: 'Confirm refund' }).click();
    await page.getByText(/^Credit note CN\d+: refunded ₹/).waitFor();
    await page.frameLocator('iframe[title^="Credit note"]').getByText(`Against receipt: ${receipt}`).waitFor();
    await shop.screenshot(page, 'pos-return');

    // UPI: a QR for the exact amount from the shop's UPI ID, then "received"; the same till again.
    await page.getByRole('button', { name: 'Sell (F2)' }).click();
    await scan(page, c.barcode);
    await cartRows(page).first().waitFor();
    await page.keyboard.press('F4');
    await page.getByRole('button', { name: 'All UPI' }).click();
    await page.getByRole('img', { name: `UPI QR for ${formatINR(c.price)}` }).waitFor();
    expect(await page.getByRole('button', { name: 'Complete sale (Enter)' }).isDisabled()).toBe(true);
    await page.getByLabel('UPI received').check();
    await shop.screenshot(page, 'pos-upi-1366');
    await page.getByRole('button', { name: 'Complete sale (Enter)' }).click();
    await page.waitForURL('**/pos/receipt/**');
    await page.getByRole('link', { name: 'New sale' }).click();

    // Offline: the till keeps selling from its cached catalogue and syncs the sale once.
    await page.getByRole('button', { name: 'Sell (F2)' }).click();
    await page.context().setOffline(true);
    await page.getByRole('status').filter({ hasText: 'Offline' }).waitFor();
    await scan(page, c.barcode);
    await cartRows(page).first().waitFor();
    // the Pay button this time (F4 is exercised above; a key pressed while the scan settles can go astray on a busy machine)
    await page.getByRole('button', { name: 'Pay (F4)' }).click();
    await page.getByRole('button', { name: 'Complete sale (Enter)' }).click();
    await page
      .getByText(/saved offline/)
      .first()
      .waitFor();
    // a receipt at once, numbered from this till's offline series, printable from the till's own data
    const offlineHeading = page.getByRole('heading', { name: /^Receipt OFF\d+-1 · saved offline$/ });
    await offlineHeading.waitFor();
    const offlineNumber = (await offlineHeading.innerText()).split(' ')[1]!;
    await page.frameLocator(`iframe[title="Receipt ${offlineNumber}"]`).getByText(`Receipt: ${offlineNumber}`).waitFor();
    await page.getByRole('status').filter({ hasText: '1 to sync' }).waitFor();
    await shop.screenshot(page, 'pos-offline');
    await page.context().setOffline(false);
    await page.getByText(/1 offline sale synced/).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: /^Online$/ })
      .waitFor();
    const report = (await (await page.request.get(`/s/api/pos/shifts/${shiftId.id}/report`)).json()) as ShiftReport;
    expect(report.sales).toBe(3);
    expect(report.by_method.upi).toBe(c.price);
    expect(report.returns.count).toBe(1);
    // Administration lists the offline sale once, beside the two sold online
    const listed = (await (await page.request.get('/s/api/admin/orders?payment_method=pos&perPage=100')).json()) as {
      data: Array<{ ordernumber: string; status: string }>;
    };
    expect(listed.data).toHaveLength(3);
    expect(new Set(listed.data.map((o) => o.ordernumber)).size).toBe(3);
    // the synced sale kept the number its receipt was printed with
    expect(listed.data.map((o) => o.ordernumber)).toContain(offlineNumber);

    // Close the shift ₹10 short.
    await page.getByRole('button', { name: 'Close shift' }).first().click();
    await page.getByTestId('cash-in-drawer').waitFor();
    await page.getByLabel('Cash counted (₹)').fill(String(Math.round((report.cash_in_drawer - 10) * 100) / 100));
    await page.getByRole('button', { name: 'Close shift' }).last().click();
    await page.getByText('Difference: -₹10').waitFor();
    await page.frameLocator('iframe[title^="Z report"]').getByText('Z REPORT (shift closed)').waitFor();
    await shop.screenshot(page, 'pos-close-1366');

    // The till at 1024×768.
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.getByRole('button', { name: 'Open the next shift' }).click();
    await page.getByLabel('Cash float (₹)').fill('500');
    await page.getByRole('button', { name: 'Open shift' }).click();
    await scan(page, a.barcode);
    await cartRows(page).first().waitFor();
    await shop.screenshot(page, 'pos-cart-1024');

    // The return is a credit note in Administration's GST report, netted off the day's invoices.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/bos/admin/reports', { waitUntil: 'domcontentloaded' });
    const credits = page.getByRole('table', { name: 'Credit notes by HSN and rate' });
    await credits.locator('tfoot').waitFor();
    await page.getByText('1 counter return in the range').waitFor();
    expect((await credits.locator('tfoot td').allTextContents())[0]).toBe('Total credit notes');
    await page.getByRole('table', { name: 'Net GST by HSN and rate' }).getByText('Net total').waitFor();
    await page.getByRole('heading', { name: 'Credit notes', exact: true }).scrollIntoViewIfNeeded();
    await shop.screenshot(page, 'reports-gst-credit-notes-1440');
    expect(pageErrors).toEqual([]);
  });
});
