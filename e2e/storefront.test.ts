import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, startShop, type Shop } from './harness';

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
}, 120_000);
afterAll(() => shop?.close());

describe('storefront journeys (Chromium, built shop, demo data)', () => {
  it('home renders its blocks and chrome, with no console errors', async () => {
    for (const width of [375, 1440]) {
      const page = await shop.newPage({ width, height: 900 });
      const errors = collectErrors(page);
      await page.goto('/', { waitUntil: 'networkidle' });
      await expect(page.title()).resolves.toContain('Demo Grocery');
      await page.getByRole('heading', { name: 'Best deals' }).waitFor();
      expect(await page.getByTestId('product-card').count()).toBeGreaterThan(4);
      await page.getByText(`© ${new Date().getFullYear()} Demo Grocery. All Rights Reserved.`).waitFor();
      await shop.screenshot(page, `home-${width}`);
      // blocks below the fold mount as they come near: scrolling down brings the last carousel
      expect(await page.getByRole('heading', { name: 'Kitchen staples' }).count()).toBe(0);
      for (let i = 0; i < 12 && (await page.getByRole('heading', { name: 'Kitchen staples' }).count()) === 0; i++) {
        const y = await page.evaluate(() => scrollY);
        await page.mouse.wheel(0, 800);
        // the page has moved (or is at its end), and drawn what came near
        await page.waitForFunction((y) => scrollY !== y || innerHeight + scrollY >= document.documentElement.scrollHeight - 1, y);
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      }
      await page.getByRole('heading', { name: 'Kitchen staples' }).waitFor();
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('the home carousels, started one task each as they come near the screen or at a tap, move by their arrows', async () => {
    // Less motion asked for: no autoplay, whose 2.5 s step could land between an arrow's tap and
    // the look at where it went on a busy machine (the arrows work the same either way).
    const page = await shop.newPage({ width: 375, height: 812 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const errors = collectErrors(page);
    await page.goto('/', { waitUntil: 'networkidle' });
    // the slides' row: Embla moves it with a transform once started
    const slides = (name: string) => page.getByRole('region', { name }).locator('.flex').first();
    const offset = (name: string) => slides(name).evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).m41);
    // where the row comes to rest: Embla glides it frame by frame, so the same place three frames running
    const atRest = (name: string) =>
      slides(name).evaluate(
        (el) =>
          new Promise<number>((resolve) => {
            let last = NaN;
            let same = 0;
            const look = () => {
              const x = new DOMMatrix(getComputedStyle(el).transform).m41;
              same = x === last ? same + 1 : 0;
              last = x;
              if (same >= 3) resolve(x);
              else requestAnimationFrame(look);
            };
            requestAnimationFrame(look);
          }),
      );
    for (const name of ['Best deals', 'Shop by category']) {
      const rail = page.getByRole('region', { name });
      await rail.getByRole('button', { name: 'Next slide' }).click();
      await expect.poll(() => offset(name), { timeout: 5000 }).toBeLessThan(-20);
      const moved = await atRest(name);
      expect(moved).toBeLessThan(-20);
      await rail.getByRole('button', { name: 'Previous slide' }).click();
      await expect.poll(() => offset(name), { timeout: 5000 }).toBeGreaterThan(moved);
    }
    expect(errors).toEqual([]);
    await page.close();

    // A carousel not yet near the screen (a short window) has not started: a tap on its arrow
    // starts it and moves it at once.
    const short = await shop.newPage({ width: 375, height: 300 });
    await short.emulateMedia({ reducedMotion: 'reduce' });
    const shortErrors = collectErrors(short);
    await short.goto('/', { waitUntil: 'networkidle' });
    const rail = short.getByRole('region', { name: 'Best deals' });
    const row = rail.locator('.flex').first();
    await expect(row.evaluate((el) => getComputedStyle(el).transform)).resolves.toBe('none');
    await rail.getByRole('button', { name: 'Next slide' }).dispatchEvent('click'); // no scrolling to it
    await expect.poll(() => row.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).m41), { timeout: 5000 }).toBeLessThan(-20);
    expect(shortErrors).toEqual([]);
    await short.close();

    // Without that wish, the slides move by themselves (spec: autoplay every 2.5 s), untouched.
    const moving = await shop.newPage({ width: 375, height: 812 });
    await moving.goto('/', { waitUntil: 'networkidle' });
    const deals = moving.getByRole('region', { name: 'Best deals' }).locator('.flex').first();
    await expect
      .poll(() => deals.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).m41), { timeout: 15_000 })
      .toBeLessThan(-20);
    await moving.close();
  });

  it("searching 'rice' lands on /products?q=rice with cards", async () => {
    for (const width of [375, 1440]) {
      const page = await shop.newPage({ width, height: 900 });
      await page.goto('/', { waitUntil: 'networkidle' });
      const search = page.locator('input[placeholder="Search"]:visible');
      await search.fill('  rice ');
      await search.press('Enter');
      await page.waitForURL('**/products?q=rice');
      await page.getByRole('heading', { name: 'Results for "rice"' }).waitFor();
      await page.getByTestId('product-card').first().waitFor();
      expect(await page.getByTestId('product-card').count()).toBeGreaterThan(3);
      await expect(page.getByTestId('product-card').first().textContent()).resolves.toMatch(/Rice/);
      await shop.screenshot(page, `search-rice-${width}`);
      await page.close();
    }
  });

  it('a category and a brand filter narrow the list and survive a reload; paging rewrites the address', async () => {
    const page = await shop.newPage();
    await page.goto('/products', { waitUntil: 'networkidle' });
    const all = Number((await page.getByText(/^\d+ products?$/).textContent())!.split(' ')[0]);
    await page.getByRole('complementary', { name: 'Filters' }).getByLabel('Staples', { exact: true }).click();
    await page.waitForURL('**/products?c=staples');
    await page
      .getByText(/^\d+ products?$/)
      .filter({ hasNotText: String(all) })
      .waitFor();
    const staples = Number((await page.getByText(/^\d+ products?$/).textContent())!.split(' ')[0]);
    expect(staples).toBeLessThan(all);
    await page.getByRole('complementary', { name: 'Filters' }).getByLabel('Kaveri Gold').click();
    await page.waitForURL('**/products?c=staples&b=kaveri-gold');
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByTestId('product-card').first().waitFor();
    expect(await page.getByRole('complementary', { name: 'Filters' }).getByLabel('Kaveri Gold').isChecked()).toBe(true);
    const narrowed = Number((await page.getByText(/^\d+ products?$/).textContent())!.split(' ')[0]);
    expect(narrowed).toBeGreaterThan(0);
    expect(narrowed).toBeLessThan(staples);
    for (const card of await page.getByTestId('product-card').all()) expect(await card.textContent()).toContain('Kaveri Gold');

    await page.goto('/products', { waitUntil: 'networkidle' });
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: '2', exact: true }).click();
    await page.waitForURL('**/products?page=2');
    // the next page starts at its top, not where the pager was
    await page.waitForFunction(() => window.scrollY === 0);
    await expect(page.getByRole('button', { name: '2', exact: true }).getAttribute('aria-current')).resolves.toBe('page');
    await shop.screenshot(page, 'products-1440');
    await page.close();
    const phone = await shop.newPage({ width: 375, height: 900 });
    await phone.goto('/products?c=staples', { waitUntil: 'networkidle' });
    await phone.getByTestId('product-card').first().waitFor();
    await shop.screenshot(phone, 'products-375');
    await phone.close();
  });

  it('a product page shows packs and prices', async () => {
    for (const width of [375, 1440]) {
      const page = await shop.newPage({ width, height: 900 });
      await page.goto('/products?q=basmati', { waitUntil: 'networkidle' });
      await page.getByTestId('product-card').first().click();
      await page.waitForURL(/\/products\/[a-z0-9-]+$/);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByText('Pack size').waitFor();
      expect(await page.getByText(/₹\d/).count()).toBeGreaterThan(0);
      const name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
      const photo = page.getByRole('img', { name, exact: true }).first();
      await photo.evaluate((el: HTMLImageElement) => el.decode());
      expect(await photo.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
      await shop.screenshot(page, `product-${width}`);
      await page.close();
    }
  });

  it('the sub-navbar opens a dropdown with a nested submenu by mouse and by keyboard', async () => {
    const page = await shop.newPage();
    await page.goto('/', { waitUntil: 'networkidle' });
    const main = page.getByRole('navigation', { name: 'Main' });
    await main.getByRole('button', { name: 'Categories' }).hover();
    await main.getByRole('button', { name: 'Staples' }).hover();
    await main.getByRole('button', { name: 'Rice & Rice Products' }).hover();
    await main.getByRole('link', { name: 'Basmati Rice' }).waitFor();
    await shop.screenshot(page, 'navbar-dropdown-1440');
    await main.getByRole('link', { name: 'Basmati Rice' }).click();
    await page.waitForURL('**/products?c=basmati-rice');
    await page.getByTestId('product-card').first().waitFor();
    // keyboard: the dropdown opens with Enter and closes with Escape
    await page.mouse.move(5, 600);
    const brands = main.getByRole('button', { name: 'Brands' });
    await brands.focus();
    await page.keyboard.press('Enter');
    await expect(brands.getAttribute('aria-expanded')).resolves.toBe('true');
    await page.keyboard.press('Escape');
    await expect(brands.getAttribute('aria-expanded')).resolves.toBe('false');
    await page.close();
  });

  it('the mobile menu at 375 px opens, and its Categories entry opens the category filter', async () => {
    const page = await shop.newPage({ width: 375, height: 800 });
    await page.goto('/about-us', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Demo Grocery' });
    await menu.waitFor();
    const box = await menu.boundingBox();
    expect(Math.round(box!.width)).toBe(300);
    await shop.screenshot(page, 'menu-375');
    await menu.getByRole('button', { name: 'Categories' }).click();
    const filter = page.getByRole('dialog', { name: 'Category Filter' });
    await filter.waitFor();
    await filter.getByLabel('Beverages', { exact: true }).check();
    await shop.screenshot(page, 'category-filter-375');
    await filter.getByRole('button', { name: 'Apply Filters' }).click();
    await page.waitForURL('**/products?c=beverages');
    await page.close();
  });

  it('the promo popup appears on / after 5 s and not on a product page', async () => {
    // The pages run on the browser's clock, fast-forwarded past the popup's 5 s delay: no real wait.
    // The clock keeps flowing otherwise, so the app loads and hydrates as it would.
    const afterDelay = async (path: string, viewport?: { width: number; height: number }) => {
      const page = await shop.newPage(viewport);
      await page.clock.install();
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.clock.fastForward(5100);
      // a frame for whatever the timers changed to be drawn
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
      return page;
    };
    const page = await afterDelay('/');
    await page.getByTestId('promo-popup').waitFor({ timeout: 3000 });
    await shop.screenshot(page, 'popup-1440');
    const phone = await afterDelay('/products', { width: 375, height: 800 });
    await phone.getByTestId('promo-popup').waitFor({ timeout: 3000 });
    await shop.screenshot(phone, 'popup-375');
    await phone.close();
    const other = await afterDelay('/products/kaveri-gold-classic-basmati-rice');
    expect(await other.getByTestId('promo-popup').count()).toBe(0);
    await page.close();
    await other.close();
  });

  it('an unknown path shows a real not-found page with status 404', async () => {
    for (const width of [375, 1440]) {
      const page = await shop.newPage({ width, height: 900 });
      const res = await page.goto('/no-such-page', { waitUntil: 'networkidle' });
      expect(res?.status()).toBe(404);
      await page.getByRole('heading', { name: "We couldn't find that page" }).waitFor();
      await shop.screenshot(page, `not-found-${width}`);
      await page.close();
    }
  });

  it('/categories lists the categories at both widths', async () => {
    for (const width of [375, 1440]) {
      const page = await shop.newPage({ width, height: 900 });
      await page.goto('/categories', { waitUntil: 'networkidle' });
      await page.getByRole('heading', { name: 'Staples' }).waitFor();
      await shop.screenshot(page, `categories-${width}`);
      await page.getByRole('main').getByRole('link', { name: 'Rice & Rice Products' }).click();
      await page.waitForURL('**/products?c=rice-and-rice-products');
      await page.getByTestId('product-card').first().waitFor();
      await page.close();
    }
  });

  it('nothing scrolls sideways at 360 px (the narrowest phone the issue names)', async () => {
    const page = await shop.newPage({ width: 360, height: 780 });
    const product = await (await page.request.get('/s/api/products?q=basmati')).json();
    const slug = product.data[0].slug as string;
    for (const path of ['/', '/products', '/products?q=rice', `/products/${slug}`, '/categories', '/auth/login', '/no-such-page']) {
      await page.goto(path, { waitUntil: 'networkidle' });
      const { scroll, client, wide } = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
        // what sticks out, to make a failure readable
        wide: [...document.querySelectorAll('body *')]
          .filter(
            (el) =>
              el.getBoundingClientRect().right > document.documentElement.clientWidth + 1 && getComputedStyle(el).position !== 'fixed',
          )
          .slice(0, 3)
          .map((el) => `${el.tagName}.${el.className}`.slice(0, 80)),
      }));
      expect({ path, overflow: scroll > client ? wide : [] }).toEqual({ path, overflow: [] });
      await shop.screenshot(page, `w360-${path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}`);
    }
    await page.close();
  });
});
