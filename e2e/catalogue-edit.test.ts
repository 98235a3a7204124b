import { formatINR } from '@grocer/shared/money';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, startShop, type Shop } from './harness';
import { signInHere } from './journeys';

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
}, 120_000);
afterAll(() => shop?.close());

interface StoreProduct {
  product_name: string;
  slug: string;
  product_description: string;
  packs: Array<{ pack_name: string; price: number; act_price: number }>;
}

const storeProduct = async (slug: string) => {
  const res = await fetch(`${shop.url}/s/api/products/${slug}`);
  return res.ok ? ((await res.json()) as StoreProduct) : null;
};

describe('the owner runs the catalogue (Chromium, 1440 px)', () => {
  it('arranges categories, adds a brand, creates a product with two packs, renames it (old link redirects), reprices it in bulk, reads its history, deletes it', async () => {
    const page = await shop.newPage({ width: 1440, height: 900 });
    const errors = collectErrors(page);
    page.on('response', (r) => r.status() >= 400 && errors.push(`${r.status()} ${r.url()}`));
    await page.goto('/bos/admin', { waitUntil: 'networkidle' });
    await page.waitForURL('**/auth/login');
    await signInHere(page, shop, 'admin@demo.shop');
    await page.waitForURL('**/bos/admin');
    const nav = page.getByRole('navigation', { name: 'Administration' });

    // Categories: a new top category, a child under it, then the keyboard's moves.
    await nav.getByRole('link', { name: 'Categories' }).click();
    await page.getByRole('heading', { name: 'Categories' }).waitFor();
    const tree = page.getByRole('list', { name: 'Category tree' });
    await tree.locator('li').nth(3).waitFor();
    await page.getByRole('button', { name: 'New category' }).click();
    const form = page.getByRole('form', { name: 'New category' });
    await form.getByLabel('Name').fill('Festive Specials');
    await form.getByRole('button', { name: 'Create category' }).click();
    await tree.getByTestId('category-festive-specials').waitFor();
    await page.getByRole('button', { name: 'New category' }).click();
    await form.getByLabel('Name').fill('Sweets');
    await form.getByLabel('Parent').selectOption({ label: 'Festive Specials' });
    await form.getByLabel('Avatar image').fill('categories/tea.svg');
    await form.getByRole('button', { name: 'Create category' }).click();
    const sweets = tree.getByTestId('category-sweets');
    await expect.poll(() => sweets.getAttribute('data-depth'), { timeout: 15_000 }).toBe('1');
    await page.getByRole('button', { name: 'Move out Sweets' }).click();
    await expect.poll(() => sweets.getAttribute('data-depth'), { timeout: 15_000 }).toBe('0');
    await page.getByRole('button', { name: 'Move in Sweets' }).click();
    await expect.poll(() => sweets.getAttribute('data-depth'), { timeout: 15_000 }).toBe('1');
    // a drag by the handle: Festive Specials (with Sweets) moves above the first category
    const first = tree.locator('li').first();
    const firstName = (await first.getByRole('button').nth(1).textContent())!;
    const handle = page.getByRole('button', { name: 'Drag Festive Specials' });
    const from = (await handle.boundingBox())!;
    const to = (await first.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + 5, from.y - 10, { steps: 5 });
    await page.mouse.move(from.x + from.width / 2, to.y + 2, { steps: 20 });
    await page.mouse.up();
    await expect
      .poll(() => tree.locator('li').first().getByRole('button').nth(1).textContent(), { timeout: 15_000 })
      .toBe('Festive Specials');
    expect(await tree.locator('li').nth(1).getAttribute('data-testid')).toBe('category-sweets');
    expect(firstName).not.toBe('Festive Specials');
    await sweets.getByRole('button', { name: 'Sweets', exact: true }).click();
    await page.getByRole('form', { name: 'Edit category' }).waitFor();
    // after the drop every row sits inside the tree (no transform left over from the drag)
    await expect
      .poll(async () => (await tree.locator('li').first().boundingBox())!.y - (await tree.boundingBox())!.y, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shop.screenshot(page, 'catalogue-categories-1440');

    // Brands: a new one.
    await nav.getByRole('link', { name: 'Brands' }).click();
    await page.getByRole('table', { name: 'Brands' }).waitFor();
    await page.getByRole('button', { name: 'New brand' }).click();
    const brandDialog = page.getByRole('alertdialog', { name: 'New brand' });
    await brandDialog.getByLabel('Name').fill('Mithai House');
    // Its logo comes from the media library: uploaded in the picker, used, previewed in the form.
    await brandDialog.getByRole('button', { name: 'Choose from library' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose the logo' });
    const logo = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#f59e0b' } })
      .jpeg()
      .toBuffer();
    await picker.getByLabel('Upload images').setInputFiles([{ name: 'mithai-house.jpg', mimeType: 'image/jpeg', buffer: logo }]);
    await picker.getByText('1 chosen').waitFor();
    await picker.getByRole('button', { name: 'Use this image' }).click();
    await picker.waitFor({ state: 'detached' });
    await expect.poll(() => brandDialog.getByLabel('Logo image').inputValue()).toMatch(/mithai-house-[a-z0-9]+\.jpg$/);
    await brandDialog.locator('img').waitFor();
    await brandDialog.getByRole('button', { name: 'Create brand' }).click();
    await page.getByText('Mithai House created').waitFor();
    await page.getByLabel('Search brands').fill('mithai');
    await page.getByRole('table', { name: 'Brands' }).getByText('Mithai House').waitFor();
    // the list shows the logo
    await expect.poll(() => page.getByRole('table', { name: 'Brands' }).locator('img[src*="mithai-house-"]').count()).toBe(1);
    await shop.screenshot(page, 'catalogue-brands-1440');

    // A new product with two packs: the form's messages first, then a valid save.
    await nav.getByRole('link', { name: 'Products' }).click();
    await page.getByRole('link', { name: 'New product' }).click();
    await page.getByRole('heading', { name: 'New product' }).waitFor();
    await page.getByRole('button', { name: 'Create product' }).click();
    await page.getByText('Name is required', { exact: true }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Kaju Katli Gift Box');
    const category = page.getByLabel('Category', { exact: true });
    await category.selectOption((await category.locator('option', { hasText: /^\s*Sweets$/ }).getAttribute('value'))!);
    await page.getByLabel('Brand', { exact: true }).selectOption({ label: 'Mithai House' });
    await page.getByRole('combobox', { name: 'Status' }).selectOption('active');
    const description = page.getByRole('textbox', { name: 'Description', exact: true });
    await description.click();
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('Pure cashew');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type(' fudge with silver leaf.');
    await page.getByLabel('Pack 1 name').fill('250 g');
    await page.getByLabel('Pack 1 SKU').fill('KAJU-250');
    await page.getByLabel('Pack 1 price (₹)').fill('320');
    await page.getByLabel('Pack 1 MRP (₹)').fill('350');
    await page.getByRole('button', { name: 'Add pack' }).click();
    await page.getByLabel('Pack 2 name').fill('500 g');
    await page.getByLabel('Pack 2 SKU').fill('KAJU-500');
    await page.getByLabel('Pack 2 price (₹)').fill('620');
    await page.getByLabel('Pack 2 MRP (₹)').fill('600');
    await page.getByRole('button', { name: 'Create product' }).click();
    await page.getByText('MRP cannot be less than the price').waitFor();
    await page.getByLabel('Pack 2 MRP (₹)').fill('680');
    await shop.screenshot(page, 'catalogue-product-new-1440');
    await page.getByRole('button', { name: 'Create product' }).click();
    await page.getByRole('heading', { name: 'Kaju Katli Gift Box' }).waitFor();
    const history = page.getByRole('region', { name: 'History' });
    await history.getByText('Created by').waitFor();

    // On the storefront at once: its page, its price, its formatted description, its category.
    const created = (await storeProduct('kaju-katli-gift-box'))!;
    expect(created.packs.map((k) => k.price)).toEqual([320, 620]);
    expect(created.product_description).toBe('<p><strong>Pure cashew</strong> fudge with silver leaf.</p>');
    const store = await shop.newPage({ width: 1440, height: 900 });
    await store.goto('/products/kaju-katli-gift-box', { waitUntil: 'networkidle' });
    await store.getByRole('heading', { name: 'Kaju Katli Gift Box' }).waitFor();
    await store.locator('.rich-text strong', { hasText: 'Pure cashew' }).waitFor();
    await store.getByText(formatINR(320)).first().waitFor();
    const shelf = (await (await fetch(`${shop.url}/s/api/products?c=festive-specials`)).json()) as { data: StoreProduct[] };
    expect(shelf.data.map((p) => p.slug)).toEqual(['kaju-katli-gift-box']);

    // A new slug: the old link still opens the product, at its new address.
    await page.getByLabel('Slug', { exact: true }).fill('kaju-katli-premium-box');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Product saved').waitFor();
    await history.getByText('Changed slug by').waitFor();
    await history.getByText('slug: kaju-katli-gift-box → kaju-katli-premium-box').waitFor();
    await shop.screenshot(page, 'catalogue-product-editor-1440');
    await history.scrollIntoViewIfNeeded();
    await shop.screenshot(page, 'catalogue-product-history-1440');
    await store.goto('/products/kaju-katli-gift-box', { waitUntil: 'networkidle' });
    expect(new URL(store.url()).pathname).toBe('/products/kaju-katli-premium-box');
    await store.getByRole('heading', { name: 'Kaju Katli Gift Box' }).waitFor();

    // Bulk: raise its prices by 10 %, seen first pack by pack.
    await page.getByRole('link', { name: 'Products', exact: true }).first().click();
    await page.getByLabel('Search by name or SKU').fill('Kaju Katli');
    await page.waitForURL(/[?&]q=/);
    const table = page.getByRole('table', { name: 'Products' });
    await table.getByRole('link', { name: 'Kaju Katli Gift Box' }).waitFor();
    await page.getByLabel('Select Kaju Katli Gift Box').check();
    await page.getByRole('button', { name: 'Change prices' }).click();
    const prices = page.getByRole('alertdialog', { name: /Change the prices of 1 product/ });
    await prices.getByRole('spinbutton', { name: 'Percent' }).fill('10');
    await prices.getByRole('button', { name: 'Preview' }).click();
    const preview = prices.getByRole('table', { name: 'New prices' });
    await preview.getByText(`${formatINR(320)} → ${formatINR(352)}`).waitFor();
    await preview.getByText(`${formatINR(350)} → ${formatINR(352)}`).waitFor();
    await shop.screenshot(page, 'catalogue-bulk-prices-1440');
    await prices.getByRole('button', { name: 'Apply new prices' }).click();
    await page.getByText('2 packs repriced').waitFor();
    // MRP kept, raised to the price where the price passed it
    expect((await storeProduct('kaju-katli-premium-box'))!.packs.map((k) => [k.price, k.act_price])).toEqual([
      [352, 352],
      [682, 682],
    ]);
    await store.reload({ waitUntil: 'networkidle' });
    await store.getByText(formatINR(352)).first().waitFor();

    // The audit log: filter to products, see the price change with its person.
    await nav.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('table', { name: 'Audit log' }).waitFor();
    await page.getByRole('combobox', { name: 'Record' }).selectOption('product');
    await page.waitForURL(/entity=product/);
    const log = page.getByRole('table', { name: 'Audit log' });
    await expect.poll(() => log.getByText(/^(Brand|Category) · /).count(), { timeout: 15_000 }).toBe(0);
    await log.getByText('Changed price').first().waitFor();
    await shop.screenshot(page, 'catalogue-audit-1440');

    // Never ordered: it can be deleted.
    await log
      .getByRole('link', { name: /^Product · Kaju Katli/ })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Kaju Katli Gift Box' }).waitFor();
    await page.getByRole('button', { name: 'Delete product' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('heading', { name: 'Products' }).waitFor();
    expect(await storeProduct('kaju-katli-premium-box')).toBeNull();
    expect(errors).toEqual([]);
  }, 240_000);
});
