import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShop, type Shop } from './harness';
import { ownerOnDashboard } from './journeys';

// Issue 40.17 and 19: customer tags and notes, a filtered list saved as a view that follows the
// owner across reloads, the customer export, and the new-order push's service worker.
let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
}, 120_000);
afterAll(() => shop?.close());

describe('customers: tags, notes, saved views, export (Chromium, 1440 and 390 px)', () => {
  it('the owner tags a customer and writes a note, filters by the tag, saves the view, reloads and opens it, and exports the CSV', async () => {
    const { owner, ownerErrors } = await ownerOnDashboard(shop);
    await owner.goto('/bos/admin/customers', { waitUntil: 'networkidle' });
    const table = owner.getByRole('table', { name: 'Customers' });
    await table.getByRole('link', { name: 'Priya Shopper' }).click();
    await owner.getByRole('heading', { name: 'Priya Shopper' }).waitFor();

    await owner.getByRole('combobox', { name: 'New tag' }).fill('VIP');
    await owner.getByRole('button', { name: 'Add', exact: true }).click();
    const tags = owner.getByRole('list', { name: 'Tags' });
    await tags.getByText('vip', { exact: true }).waitFor();
    await owner.getByRole('textbox', { name: 'New note' }).fill('Prefers deliveries before 9 am');
    await owner.getByRole('button', { name: 'Add note' }).click();
    const notes = owner.getByRole('list', { name: 'Notes' });
    await notes.getByText('Prefers deliveries before 9 am').waitFor();
    await notes.getByText(/Store Owner · /).waitFor();
    await shop.screenshot(owner, 'customer-tags-notes-1440');

    // the list, filtered by the tag (the filter lives in the address)
    await owner.getByRole('link', { name: '← Customers' }).click();
    await owner.getByRole('heading', { name: 'Customers' }).waitFor();
    await owner.getByLabel('Tag').selectOption('vip');
    await owner.waitForURL((u) => u.searchParams.get('tag') === 'vip');
    await expect.poll(async () => (await table.getByRole('row').count()) - 1).toBe(1);
    await table.getByRole('link', { name: 'Priya Shopper' }).waitFor();

    // saved as a view
    const views = owner.getByRole('navigation', { name: 'Saved views' });
    await views.getByRole('button', { name: 'Save view' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Save view' });
    await dialog.getByLabel('View name').fill('VIP customers');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await views.getByRole('link', { name: 'VIP customers' }).and(owner.locator('[aria-current="page"]')).waitFor();
    await shop.screenshot(owner, 'customers-views-1440');

    // it is on the server: back to All, reload, and open it
    await views.getByRole('link', { name: 'All', exact: true }).click();
    await owner.waitForURL((u) => !u.searchParams.has('tag'));
    await owner.reload({ waitUntil: 'networkidle' });
    await views.getByRole('link', { name: 'VIP customers' }).click();
    await owner.waitForURL((u) => u.searchParams.get('tag') === 'vip');
    await expect.poll(async () => (await table.getByRole('row').count()) - 1).toBe(1);
    await table.getByRole('link', { name: 'Priya Shopper' }).waitFor();

    // the export: the filtered list as CSV
    const [download] = await Promise.all([owner.waitForEvent('download'), owner.getByRole('link', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\r\n');
    expect(csv[0]).toBe('name,phone,email,tags,orders,total_spent,created');
    expect(csv).toHaveLength(2);
    expect(csv[1]).toMatch(/^Priya Shopper,9000000003,shopper@demo\.shop,vip,\d+,\d+\.\d{2},\d{4}-\d{2}-\d{2}T/);

    // on a phone
    await owner.setViewportSize({ width: 390, height: 844 });
    await table.getByRole('link', { name: 'Priya Shopper' }).waitFor();
    await shop.screenshot(owner, 'customers-views-390');
    await table.getByRole('link', { name: 'Priya Shopper' }).click();
    await owner.getByRole('list', { name: 'Notes' }).waitFor();
    await owner.getByRole('list', { name: 'Notes' }).scrollIntoViewIfNeeded();
    await shop.screenshot(owner, 'customer-tags-notes-390');
    expect(ownerErrors).toEqual([]);
  });

  it('the orders screen offers new-order notifications; its service worker registers within Administration under the CSP', async () => {
    const { owner, ownerErrors } = await ownerOnDashboard(shop);
    await owner.goto('/bos/admin/orders', { waitUntil: 'networkidle' });
    await owner.getByRole('button', { name: 'Notify me of new orders' }).waitFor();
    await owner.getByRole('navigation', { name: 'Saved views' }).getByRole('link', { name: 'All', exact: true }).waitFor();
    await shop.screenshot(owner, 'orders-views-push-1440');
    await owner.setViewportSize({ width: 390, height: 844 });
    await owner.getByRole('button', { name: 'Notify me of new orders' }).waitFor();
    await shop.screenshot(owner, 'orders-views-push-390');

    const page = await shop.newPage({ width: 1440, height: 900 }, { serviceWorker: true });
    await page.goto('/bos/admin/orders', { waitUntil: 'networkidle' });
    const scope = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.register('/bos/admin/push-sw.js', { scope: '/bos/admin/' });
      return reg.scope;
    });
    expect(new URL(scope).pathname).toBe('/bos/admin/');
    expect(ownerErrors).toEqual([]);
  });
});
