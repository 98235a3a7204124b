import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, startShop, type Shop } from './harness';

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
}, 120_000);
afterAll(() => shop?.close());

describe('spec conformance journeys (Chromium, built shop, demo data)', () => {
  it('the footer leads to the suppliers page; each supplier leads to its products', async () => {
    for (const width of [375, 1440]) {
      const page = await shop.newPage({ width, height: 900 });
      const errors = collectErrors(page);
      await page.goto('/about-us', { waitUntil: 'networkidle' });
      await page.getByRole('contentinfo').getByRole('link', { name: 'Our suppliers' }).click();
      await page.waitForURL('**/suppliers');
      await page.getByRole('heading', { name: 'Our suppliers' }).waitFor();
      const tiles = page.getByRole('list', { name: 'Suppliers' }).getByRole('link');
      await expect(tiles.allTextContents()).resolves.toEqual([
        'Local Farmers Collective',
        'Heritage Flour Mills',
        'Village Dairy Co-op',
        'Kerala Spice Growers',
      ]);
      await expect(page.title()).resolves.toBe('Suppliers | Demo Grocery');
      await shop.screenshot(page, `suppliers-${width}`);
      await tiles.filter({ hasText: 'Heritage Flour Mills' }).click();
      await page.waitForURL('**/products?c=atta-and-flours');
      await page.getByTestId('product-card').first().waitFor();
      // server-rendered when opened directly
      await page.goto('/suppliers', { waitUntil: 'domcontentloaded' });
      expect(await page.locator('#app[data-ssr="1"]').count()).toBe(1);
      await page.getByRole('list', { name: 'Suppliers' }).waitFor();
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('the popup counts its 5 s from the page load: coming to / later shows it at once; its link opens in the app', async () => {
    const page = await shop.newPage({ width: 375, height: 800 });
    await page.goto('/products/kaveri-gold-classic-basmati-rice', { waitUntil: 'networkidle' });
    await page.waitForTimeout(5600);
    expect(await page.getByTestId('promo-popup').count()).toBe(0);
    await page.getByRole('link', { name: 'Demo Grocery home' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByTestId('promo-popup').waitFor({ timeout: 1500 });
    await page.getByRole('button', { name: 'See the offer' }).click();
    await page.waitForURL('**/products?c=staples');
    expect(await page.getByTestId('promo-popup').count()).toBe(0);
    await page.close();
  });

  it('sub-navbar dropdowns open 10 px below their item above the page; the search page focuses its field', async () => {
    const page = await shop.newPage({ width: 1440, height: 900 });
    await page.goto('/', { waitUntil: 'networkidle' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Fresh' }).click();
    const menu = nav.locator('[data-popper]').first();
    await menu.getByRole('link', { name: 'Vegetables' }).waitFor();
    const [button, panel] = await Promise.all([
      nav.getByRole('button', { name: 'Fresh' }).boundingBox(),
      menu.locator('ul').first().boundingBox(),
    ]);
    expect(Math.round(panel!.y - (button!.y + button!.height))).toBe(10);
    await expect(menu.evaluate((el) => getComputedStyle(el).zIndex)).resolves.toBe('9999');
    await shop.screenshot(page, 'nav-dropdown-1440');
    await page.keyboard.press('Escape');
    await page.waitForTimeout(250);
    expect(await nav.locator('[data-popper]').count()).toBe(0);

    for (const width of [375, 1440]) {
      const p = await shop.newPage({ width, height: 900 });
      await p.goto('/products?q=rice', { waitUntil: 'networkidle' });
      await p.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.name === 'q');
      await expect(p.evaluate(() => (document.activeElement as HTMLInputElement).value)).resolves.toBe('rice');
      await shop.screenshot(p, `search-page-focus-${width}`);
      await p.close();
    }
    await page.close();
  });
});
