import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, startShop, type Shop } from './harness';
import { placeCodOrder, signInFrom, staffCall } from './journeys';

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
}, 120_000);
afterAll(() => shop?.close());

describe('dashboard and reports (Chromium, 1440 px)', () => {
  it('the owner sees today’s delivered order on the dashboard, opens the GST report and downloads its CSV, and takes the COD cash in from the report', async () => {
    const shopper = await shop.newPage({ width: 1440, height: 900 });
    await signInFrom(shopper, shop, 'shopper@demo.shop');
    const placed = await placeCodOrder(shopper);
    const delivered = await placeCodOrder(shopper, false);

    const owner = await shop.newPage({ width: 1440, height: 900 });
    const errors = collectErrors(owner);
    await signInFrom(owner, shop, 'admin@demo.shop', '/bos/admin');
    const list = await staffCall(owner, `/s/api/admin/orders?q=${delivered}`);
    const id = list.json.data[0].id as string;
    for (const step of ['confirm', 'pack']) expect((await staffCall(owner, `/s/api/admin/orders/${id}/${step}`, {})).status).toBe(200);
    expect((await staffCall(owner, `/s/api/admin/orders/${id}/ship`, { delivery: { person: 'Ravi', phone: '9876543210' } })).status).toBe(
      200,
    );
    const order = await staffCall(owner, `/s/api/admin/orders/${id}`);
    expect((await staffCall(owner, `/s/api/admin/orders/${id}/deliver`, { cash_collected: order.json.total })).status).toBe(200);
    const totals = await Promise.all(
      [placed, delivered].map(async (n) => (await staffCall(owner, `/s/api/admin/orders?q=${n}`)).json.data[0].total as number),
    );

    // the dashboard, today: a sale is a delivered order, worth its goods (no delivery charge)
    await owner.goto('/bos/admin?range=today', { waitUntil: 'networkidle' });
    const inr = (n: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(n);
    await owner.locator('[data-figure="Orders"]').getByText('1', { exact: true }).waitFor();
    expect(await owner.locator('[data-figure="Revenue"]').textContent()).toBe(inr(order.json.items_total - order.json.discount));
    await owner.getByRole('link', { name: /^Placed\s*1$/ }).waitFor();
    await owner.locator('.recharts-bar-rectangle').first().waitFor();
    await shop.screenshot(owner, 'admin-dashboard-1440');

    // Reports: the GST report for today, then its CSV
    await owner.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Reports' }).click();
    await owner.getByRole('heading', { name: 'Reports' }).waitFor();
    await owner.getByRole('button', { name: 'Today' }).click();
    await owner.waitForURL(/range=today/);
    const gst = owner.getByRole('table', { name: 'GST by HSN and rate' });
    await gst.locator('tfoot').waitFor();
    await owner.waitForLoadState('networkidle');
    const footer = (await gst.locator('tfoot td').allTextContents()).map((s) => s.trim());
    await shop.screenshot(owner, 'admin-reports-1440');

    const [download] = await Promise.all([owner.waitForEvent('download'), owner.getByRole('link', { name: 'Download GST CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^gst-hsn-summary-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await (await import('node:fs/promises')).readFile((await download.path())!, 'utf8')).trim().split('\r\n');
    expect(csv[0]).toBe('HSN,GST rate (%),Quantity,Taxable value (INR),CGST (INR),SGST (INR),IGST (INR),Total tax (INR),Total value (INR)');
    const total = csv.at(-1)!.split(',');
    expect(total[0]).toBe('Total');
    // the CSV's total row is the screen's footer, and its value is what the two orders' items were sold for
    expect(inr(Number(total[3]))).toBe(footer[3]);
    expect(inr(Number(total[8]))).toBe(footer[7]);
    const rows = csv.slice(1, -1).map((r) => r.split(','));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.reduce((a, r) => a + Math.round(Number(r[3]) * 100), 0)).toBe(Math.round(Number(total[3]) * 100));

    // a custom range up to a week ahead: the placed order's cash is still to collect on its delivery date
    await owner.getByRole('button', { name: 'Custom' }).click();
    const to = owner.getByLabel('To', { exact: true });
    const ahead = new Date(Date.parse(await to.inputValue()) + 7 * 86_400_000).toISOString().slice(0, 10);
    await to.fill(ahead);
    await owner.waitForURL(new RegExp(`to=${ahead}`));
    const cod = owner.getByRole('table', { name: 'Cash on delivery to collect' });
    await cod.locator('tfoot').waitFor();
    await owner.waitForLoadState('networkidle');
    const codFooter = (await cod.locator('tfoot td').allTextContents()).map((x) => x.trim());
    expect(codFooter[3]).toBe(`${inr(totals[0]!)} (1)`);
    expect(codFooter[4]).toBe(`${inr(totals[1]!)} (1)`);
    expect(codFooter[6]).toBe(`${inr(totals[1]!)} (1)`); // collected, still to hand over
    await cod.scrollIntoViewIfNeeded();
    await shop.screenshot(owner, 'admin-reports-custom-1440');

    // the delivered order's cash reaches the till: ticked in the report's list and marked handed over
    const handover = owner.getByRole('table', { name: 'Cash to hand over' });
    await handover.getByRole('checkbox', { name: `Select order ${delivered}` }).check();
    await shop.screenshot(owner, 'admin-reports-cod-handover-1440');
    await owner.getByRole('button', { name: /^Mark cash handed over/ }).click();
    await owner.getByText('Cash handed over: 1 order').waitFor();
    await owner.getByText('No cash waiting to be handed over.').waitFor();
    await owner.waitForLoadState('networkidle');
    const after = (await cod.locator('tfoot td').allTextContents()).map((x) => x.trim());
    expect([after[5], after[6]]).toEqual([`${inr(totals[1]!)} (1)`, `${inr(0)} (0)`]);
    expect((await staffCall(owner, `/s/api/admin/orders/${id}`)).json.payment.status).toBe('handed_over');
    expect(errors).toEqual([]);
  });
});
