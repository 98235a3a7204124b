import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { collectErrors, startShop, type Shop } from './harness';
import { signInHere } from './journeys';

let shop: Shop;
let page: Page;
let errors: string[];
beforeAll(async () => {
  shop = await startShop();
  page = await shop.newPage({ width: 1440, height: 900 });
  errors = collectErrors(page);
  await page.goto('/bos/admin', { waitUntil: 'networkidle' });
  await page.waitForURL('**/auth/login');
  await signInHere(page, shop, 'admin@demo.shop');
  await page.waitForURL('**/bos/admin');
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
}, 120_000);
afterAll(() => shop?.close());

interface StoreProduct {
  product_id: number;
  product_name: string;
  slug: string;
  packs: Array<{ pack_id: number; pack_name: string; stock?: number }>;
}

const HEADER =
  'product_slug,product_name,brand,category,status,description,pack_name,sku,barcode,price,mrp,hsn,gst_rate,position,stock:BLR1';

/** 50 pack rows (25 products × 2 packs); `bad` rows get a price that is not an amount (line 10) and an MRP below the price (line 31). */
function catalogueCsv(bad: boolean): string {
  const lines = [HEADER];
  for (let p = 1; p <= 25; p++)
    for (const [i, [pack, price]] of (
      [
        ['500 g', 40 + p],
        ['1 kg', 75 + p],
      ] as const
    ).entries()) {
      const line = lines.length + 1;
      const priceCell = bad && line === 10 ? 'forty' : `₹${price}.50`;
      const mrpCell = bad && line === 31 ? '10' : `${price + 10}`;
      lines.push(
        `kodo-millet-${p},Kodo Millet Grade ${p},Millet Mantra,Basmati Rice,active,"<p>Organic, stone-cleaned</p>",${pack},KODO-${p}-${i + 1},,${priceCell},${mrpCell},1008,5,${i},${20 + p}`,
      );
    }
  return lines.join('\n') + '\n';
}

async function upload(csv: string) {
  await page.locator('input[type="file"]').setInputFiles({ name: 'millets.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
}

describe('stock and import in Administration (Chromium, 1440 px, demo data)', () => {
  it('the owner sets a pack’s stock to 0 and the storefront shows it out of stock', async () => {
    // a single-pack product in stock at the first warehouse (what a visitor without a pincode sees)
    const list = (await (await fetch(`${shop.url}/s/api/products?s=name&perPage=40`)).json()) as { data: StoreProduct[] };
    const target = list.data.find((p) => p.packs.length === 1 && (p.packs[0]!.stock ?? 0) > 0)!;
    expect(target).toBeDefined();

    const nav = page.getByRole('navigation', { name: 'Administration' });
    await nav.getByRole('link', { name: 'Stock' }).click();
    await page.getByRole('heading', { name: 'Stock' }).waitFor();
    await page.getByRole('table', { name: 'Stock' }).getByRole('link').nth(5).waitFor();
    await shop.screenshot(page, 'admin-stock-1440');
    // a tablet: the same table, scrolled sideways if need be
    await page.setViewportSize({ width: 768, height: 1024 });
    await shop.screenshot(page, 'admin-stock-768');
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByLabel('Search by product, pack or SKU').fill(target.product_name);
    await page.waitForURL(/[?&]q=/);
    await page.getByLabel('Warehouse').selectOption({ label: 'Bengaluru Central' });
    await page.waitForURL(/[?&]warehouse=\d+/);
    const table = page.getByRole('table', { name: 'Stock' });
    await table.getByRole('row').filter({ hasText: target.product_name }).filter({ hasText: 'Bengaluru Central' }).first().waitFor();
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 10_000 }).toBe(1);
    await table.getByRole('button', { name: /^Adjust/ }).click();

    const dialog = page.getByRole('alertdialog', { name: 'Adjust stock' });
    await dialog.getByLabel('Reason').selectOption('count');
    await dialog.getByLabel('Counted quantity', { exact: true }).fill('0');
    await dialog.getByLabel('Note').fill('Shelf count: none left');
    await dialog.getByText(/→ after this 0/).waitFor();
    await shop.screenshot(page, 'admin-stock-adjust-1440');
    await dialog.getByRole('button', { name: 'Save adjustment' }).click();
    await dialog.waitFor({ state: 'detached' });
    await table.getByText('0 · Out of stock').waitFor();

    // its history names the count, who made it and the note
    await table.getByRole('button', { name: /^History/ }).click();
    const panel = page.getByRole('complementary', { name: 'Pack stock and history' });
    const first = panel.getByRole('table', { name: 'Movements' }).locator('tbody tr').first();
    await first.getByText('Count correction').waitFor();
    expect(await first.textContent()).toContain('Shelf count: none left');
    await shop.screenshot(page, 'admin-stock-history-1440');
    await panel.getByRole('button', { name: 'Close the pack panel' }).click();

    // the storefront, at once
    const store = await shop.newPage({ width: 1440, height: 900 });
    await store.goto(`/products/${target.slug}`, { waitUntil: 'networkidle' });
    await store.getByRole('heading', { name: target.product_name }).waitFor();
    await store.getByText('Out of stock').first().waitFor();
    await shop.screenshot(store, 'storefront-out-of-stock-1440');
    await store.close();

    // the product editor shows the pack's stock per warehouse, with the same adjust action
    await page.goto(`/bos/admin/products/${target.product_id}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: target.product_name }).waitFor();
    const inline = page.getByLabel(`Stock of ${target.packs[0]!.pack_name}`);
    await inline.getByText(/Bengaluru Central:\s*0/).waitFor();
    await inline.scrollIntoViewIfNeeded();
    await shop.screenshot(page, 'admin-product-pack-stock-1440');
    await inline.getByRole('button', { name: /^Adjust stock/ }).click();
    const again = page.getByRole('alertdialog', { name: 'Adjust stock' });
    await again.getByLabel('Units received').fill('4');
    await again.getByRole('button', { name: 'Save adjustment' }).click();
    await inline.getByText(/Bengaluru Central:\s*4/).waitFor();
  });

  it('imports a 50-row CSV: the dry run names the two bad rows by line and column; fixed, it applies and the products are in search', async () => {
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Import/Export' }).click();
    await page.getByRole('heading', { name: 'Import/Export' }).waitFor();
    // the template: every column (step_grams beside the weighed-goods columns) and rows that import as they are
    const template = page.getByRole('link', { name: 'Download a template (every column, two example rows)' });
    const href = (await template.getAttribute('href'))!;
    expect(href.startsWith('data:text/csv;charset=utf-8,')).toBe(true);
    const text = decodeURIComponent(href.slice(href.indexOf(',') + 1));
    expect(text.split('\n')[0]).toMatch(/,sold_by_weight,price_per_kg,plu,step_grams$/);
    expect(text).toMatch(/,ONION-LOOSE,.*,yes,35,00102,250\n/);
    await page.getByText('step_grams', { exact: true }).waitFor();
    await shop.screenshot(page, 'admin-import-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await shop.screenshot(page, 'admin-import-390');
    await page.setViewportSize({ width: 1440, height: 900 });

    await upload(catalogueCsv(true));
    const dryRun = page.getByRole('region', { name: 'Dry run' });
    await dryRun.getByText('2 problems found: nothing was imported').waitFor();
    const rows = dryRun.getByRole('table', { name: 'Errors' }).locator('tbody tr');
    expect(await rows.allTextContents()).toEqual([
      '10pricePrice is not an amount in rupees (at most 2 decimals)',
      '31mrpMRP cannot be less than the price',
    ]);
    expect(await dryRun.getByRole('button', { name: 'Apply import' }).isDisabled()).toBe(true);
    await shop.screenshot(page, 'admin-import-errors-1440');

    await upload(catalogueCsv(false));
    await dryRun.getByText('Ready to import').waitFor();
    const figure = (label: string) => dryRun.locator('div', { has: page.getByText(label, { exact: true }) }).locator('dd');
    expect(await figure('Products to create').textContent()).toBe('25');
    expect(await figure('Packs to create').textContent()).toBe('50');
    await shop.screenshot(page, 'admin-import-ready-1440');
    await dryRun.getByRole('button', { name: 'Apply import' }).click();
    await page.getByRole('region', { name: 'Import applied' }).waitFor();
    await shop.screenshot(page, 'admin-import-applied-1440');

    const store = await shop.newPage({ width: 1440, height: 900 });
    await store.goto('/', { waitUntil: 'networkidle' });
    const search = store.locator('input[placeholder="Search"]:visible');
    await search.fill('kodo millet');
    await search.press('Enter');
    await store.waitForURL('**/products?q=kodo*');
    await store.getByTestId('product-card').first().waitFor();
    expect(await store.getByTestId('product-card').count()).toBeGreaterThanOrEqual(20);
    await expect(store.getByTestId('product-card').first().textContent()).resolves.toMatch(/Kodo Millet Grade/);
    await shop.screenshot(store, 'storefront-imported-search-1440');
    await store.close();
    expect(errors).toEqual([]);
  });
});
