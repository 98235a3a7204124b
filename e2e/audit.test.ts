import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, startShop, type Shop } from './harness';
import { signInHere } from './journeys';

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
}, 120_000);
afterAll(() => shop?.close());

describe('audit log (Chromium, built shop, demo data)', () => {
  it('the owner adds an image to a product, then finds it in Audit by the product’s name: "Added image" by her', async () => {
    const { data } = (await (await fetch(`${shop.url}/s/api/products?s=name&perPage=5`)).json()) as {
      data: Array<{ product_id: number; product_name: string }>;
    };
    const target = data[1]!;
    const page = await shop.newPage({ width: 1440, height: 900 });
    const errors = collectErrors(page);
    await page.goto(`/bos/admin/products/${target.product_id}`, { waitUntil: 'networkidle' });
    await page.waitForURL('**/auth/login');
    await signInHere(page, shop, 'admin@demo.shop');
    await page.waitForURL(`**/bos/admin/products/${target.product_id}`);
    await page.getByRole('heading', { name: target.product_name }).waitFor();

    await page.getByRole('button', { name: 'Add images' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add images to the product' });
    await dialog.waitFor();
    const png = await sharp({ create: { width: 600, height: 450, channels: 3, background: '#b45309' } })
      .png()
      .toBuffer();
    await dialog.getByLabel('Upload images').setInputFiles([{ name: 'side.png', mimeType: 'image/png', buffer: png }]);
    await expect.poll(() => dialog.getByText('Uploaded', { exact: true }).count(), { timeout: 20_000 }).toBe(1);
    await dialog.getByText('1 chosen').waitFor();
    await dialog.getByRole('button', { name: 'Add 1 image' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Product saved').waitFor();

    await page.goto('/bos/admin/audit', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    await page.getByLabel('Search by name, person or id').fill(target.product_name);
    await page.getByLabel('Search by name, person or id').press('Enter');
    await page.waitForURL(/[?&]q=/);
    const list = page.getByRole('region', { name: 'Audit log' });
    const row = list.locator('tbody tr').filter({ hasText: 'Added image' });
    await row.first().waitFor();
    await expect.poll(() => row.first().innerText()).toContain(`Product · ${target.product_name}`);
    expect(await row.first().innerText()).toContain('Store Owner');
    // every row found names this product (the search is by its name)
    const rows = await list.locator('tbody tr').allInnerTexts();
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r).toContain(target.product_name);
    await shop.screenshot(page, 'audit-search-1440');

    // a phone: each row reads as a card, the same words
    await page.setViewportSize({ width: 390, height: 844 });
    await row.first().waitFor();
    const card = await row.first().innerText();
    expect(card).toContain('Added image');
    expect(card).toContain('Store Owner');
    await shop.screenshot(page, 'audit-search-390');
    expect(errors).toEqual([]);
  }, 180_000);
});
