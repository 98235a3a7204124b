import { formatINR } from '@grocer/shared/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { collectErrors, startShop, type Shop } from './harness';
import { signInHere } from './journeys';

let shop: Shop;
/** The owner's signed-in session from the first journey (sign-in codes are rate-limited per identifier). */
let ownerSession: Awaited<ReturnType<BrowserContext['storageState']>>;
beforeAll(async () => {
  shop = await startShop();
}, 120_000);
afterAll(() => shop?.close());

interface StoreProduct {
  product_name: string;
  slug: string;
  packs: Array<{ pack_name: string; price: number; act_price: number }>;
}

/** The demo catalogue as the storefront lists it, by name order (stable). */
async function storeProducts(): Promise<StoreProduct[]> {
  return ((await (await fetch(`${shop.url}/s/api/products?s=name&perPage=10`)).json()) as { data: StoreProduct[] }).data;
}

/** A page of the owner's signed-in session (from the first journey) at 1440 px, with its console errors. */
async function asOwner() {
  const context = await shop.browser.newContext({ storageState: ownerSession, viewport: { width: 1440, height: 900 }, baseURL: shop.url });
  const page = await context.newPage();
  return { context, page, errors: collectErrors(page) };
}

describe('administration (Chromium, built shop, demo data)', () => {
  it('the owner signs in from /bos/admin, finds a product, changes a pack price and the storefront shows it (1440 and 768 px)', async () => {
    const products = await storeProducts();
    // Each width signs in with its own identifier: a code may be re-sent only after 30 s per identifier.
    for (const [i, [width, identifier]] of (
      [
        [1440, 'admin@demo.shop'],
        [768, '9000000001'],
      ] as const
    ).entries()) {
      const page = await shop.newPage({ width, height: 900 });
      const errors = collectErrors(page);
      await page.goto('/bos/admin', { waitUntil: 'networkidle' });
      await page.waitForURL('**/auth/login');
      await signInHere(page, shop, identifier);
      await page.waitForURL('**/bos/admin');
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      await page.getByText('Demo Grocery at a glance.').waitFor();
      if (i === 0) ownerSession = await page.context().storageState();
      await page.locator('li', { hasText: 'Out of stock' }).locator('.tabular-nums').filter({ hasText: /^\d/ }).waitFor();
      await shop.screenshot(page, `admin-dashboard-${width}`);

      const nav = page.getByRole('navigation', { name: 'Administration' });
      // Every screen of the navigation is built: each entry is a link, none is shown disabled as "Soon".
      await nav.getByRole('link', { name: 'Customers' }).waitFor();
      expect(await nav.locator('[aria-disabled="true"]').count()).toBe(0);
      await nav.getByRole('link', { name: 'Products' }).click();
      await page.getByRole('heading', { name: 'Products' }).waitFor();
      await page.getByRole('table', { name: 'Products' }).getByRole('link').nth(5).waitFor();
      await page.getByText(/^1–20 of \d+$/).waitFor();
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLImageElement>('table img')].slice(0, 8).every((i) => i.complete && i.naturalWidth > 0),
      );
      await shop.screenshot(page, `admin-products-${width}`);

      const target = products[i]!;
      await page.getByLabel('Search by name or SKU').fill(target.product_name);
      await page.waitForURL(/[?&]q=/);
      const link = page.getByRole('table', { name: 'Products' }).getByRole('link', { name: target.product_name, exact: true });
      await link.click();
      await page.getByRole('heading', { name: target.product_name }).waitFor();

      const pack = target.packs[0]!;
      const price = pack.act_price > pack.price + 1 ? pack.price + 1 : pack.price - 1;
      await page.getByLabel('Pack 1 price (₹)').fill(String(price));
      if (i === 0) {
        // Unsaved changes: leaving asks first, and staying keeps them.
        await page.getByRole('link', { name: 'Products', exact: true }).first().click();
        const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' });
        await dialog.waitFor();
        await shop.screenshot(page, `admin-leave-guard-${width}`);
        await dialog.getByRole('button', { name: 'Stay on this page' }).click();
        expect(await page.getByLabel('Pack 1 price (₹)').inputValue()).toBe(String(price));
      }
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Product saved').waitFor();
      await shop.screenshot(page, `admin-product-${width}`);

      // The storefront (its own bundle: nothing of the staff app loads there) shows the new price.
      const staffRequests: string[] = [];
      page.on('request', (r) => r.url().includes('/staff/') && staffRequests.push(r.url()));
      await page.goto(`/products/${target.slug}`, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { name: target.product_name }).waitFor();
      await page.getByText(formatINR(price), { exact: true }).first().waitFor();
      expect(staffRequests).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('the product table keeps its view in the address (reload, shared link) and changes status in bulk', async () => {
    const { context, page, errors } = await asOwner();
    await page.goto('/bos/admin/products', { waitUntil: 'networkidle' });
    const table = page.getByRole('table', { name: 'Products' });
    await table.getByRole('link').first().waitFor();
    await table.getByRole('button', { name: 'Price' }).click();
    await page.waitForURL(/sort=price&dir=asc/);
    // the filtered page's own answer, not the previous one kept on screen while it loads
    const listed = (part: RegExp) => page.waitForResponse((r) => r.url().includes('/s/api/admin/products') && part.test(r.url()) && r.ok());
    // Two settings changed in quick succession on a slow device both stay: the second builds on the
    // address as it is, not on the view last drawn (router updates render in a transition, late).
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
    await page.getByLabel('Rows per page').selectOption('50');
    const filtered = listed(/perPage=50.*stock=in/);
    await page.getByLabel('Stock', { exact: true }).selectOption('in');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await filtered;
    await page.waitForURL(/perPage=50.*stock=in|stock=in.*perPage=50/);
    await page.getByText(/^1–50 of \d+$/).waitFor();
    const prices = async () =>
      // the price is the cell's own text; a discount badge sits beside it in its own element
      (
        await table.locator('tbody tr td:nth-child(6)').evaluateAll((cells) =>
          cells.map((c) =>
            [...c.childNodes]
              .filter((n) => n.nodeType === Node.TEXT_NODE)
              .map((n) => n.textContent)
              .join(''),
          ),
        )
      ).map((t) => Number(t.replace(/from |₹|,/g, '')));
    const before = await prices();
    expect(before).toEqual([...before].sort((a, b) => a - b));
    await Promise.all([listed(/page=2/), page.getByRole('button', { name: 'Page 2' }).click()]);
    await page.waitForURL(/page=2/);
    await page.getByText(/^51–100 of \d+$/).waitFor();

    // A reload, or the link opened elsewhere, shows the same view.
    const link = page.url();
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByText(/^51–100 of \d+$/).waitFor();
    expect(await page.getByLabel('Rows per page').inputValue()).toBe('50');
    expect(await page.getByLabel('Stock', { exact: true }).inputValue()).toBe('in');
    expect(await table.getByRole('columnheader', { name: 'Price' }).getAttribute('aria-sort')).toBe('ascending');

    // Bulk: two products to draft; they leave the storefront; then back to active.
    await page.goto(link.replace(/page=2&?/, ''), { waitUntil: 'networkidle' });
    const names = (await table.locator('tbody tr td:nth-child(2) a').allInnerTexts()).slice(0, 2).map((t) => t.trim());
    for (const name of names) await page.getByRole('checkbox', { name: `Select ${name}` }).check();
    const bulk = page.getByRole('region', { name: 'Bulk actions' });
    await bulk.getByText('2 selected').waitFor();
    await shop.screenshot(page, 'admin-bulk-1440');
    await bulk.getByRole('button', { name: 'Move to draft' }).click();
    await page.getByText('2 products set to Draft').waitFor();
    const search = async (q: string) =>
      (
        (await (await fetch(`${shop.url}/s/api/products?q=${encodeURIComponent(q)}`)).json()) as { data: Array<{ product_name: string }> }
      ).data.map((p) => p.product_name);
    expect(await search(names[0]!)).not.toContain(names[0]);
    await page.goto('/bos/admin/products?status=draft', { waitUntil: 'networkidle' });
    await page.getByText(/^1–2 of 2$/).waitFor();
    await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
    await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Activate' }).click();
    await page.getByText('No products match this search and these filters.').waitFor();
    await shop.screenshot(page, 'admin-empty-1440');
    expect(await search(names[0]!)).toContain(names[0]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the owner teaches search a word shoppers type: a bad line is named, the saved word finds products on the storefront', async () => {
    const { context, page, errors } = await asOwner();
    const before = ((await (await fetch(`${shop.url}/s/api/products?q=ghamandi`)).json()) as { data: unknown[] }).data;
    expect(before).toEqual([]);
    await page.goto('/bos/admin', { waitUntil: 'networkidle' });
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Search words' }).click();
    const box = page.getByLabel('Words shoppers type');
    await expect.poll(async () => (await box.inputValue()).includes('dahi = curd, yogurt')).toBe(true);
    await box.press('Control+End');
    await box.pressSequentially('\nghamandi ghee');
    await page.getByText(/Line \d+: Write it as: term = word, word/).waitFor();
    expect(await page.getByRole('button', { name: 'Save search words' }).isDisabled()).toBe(true);
    await box.press('Control+End');
    await box.press('Shift+Home');
    await box.pressSequentially('ghamandi = ghee');
    await page.getByRole('button', { name: 'Save search words' }).click();
    await page.getByText(/Saved: \d+ words\. Search uses them now\./).waitFor();
    await shop.screenshot(page, 'admin-search-words-1440');
    const after = ((await (await fetch(`${shop.url}/s/api/products?q=ghamandi`)).json()) as { data: Array<{ product_name: string }> }).data;
    expect(after.length).toBeGreaterThan(0);
    for (const p of after) expect(p.product_name).toMatch(/ghee/i);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a signed-in shopper gets the not-allowed page, and the staff calls refuse them', async () => {
    for (const [width, identifier] of [
      [1440, 'shopper@demo.shop'],
      [768, '9000000003'],
    ] as const) {
      const page = await shop.newPage({ width, height: 900 });
      await page.goto('/auth/login', { waitUntil: 'networkidle' });
      await signInHere(page, shop, identifier);
      await page.waitForURL(shop.url + '/');
      await page.goto('/bos/admin/products', { waitUntil: 'networkidle' });
      await page.getByRole('heading', { name: 'Not allowed' }).waitFor();
      await page.getByRole('link', { name: 'Back to the shop' }).waitFor();
      await shop.screenshot(page, `admin-not-allowed-${width}`);
      expect((await page.request.get('/s/api/admin/products')).status()).toBe(403);
      await page.close();
    }
  });
});
