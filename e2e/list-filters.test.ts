import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, startShop, type Shop } from './harness';

/** Issue 39: the filters a grocery shopper expects on the phone, and a search that finds nothing still leads somewhere. */
let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop?.close());

describe('list filters on a phone (Chromium, 390 px, demo data)', () => {
  it('price range, least discount, in stock only and a brand found by its search box narrow the list; Reset All clears them', async () => {
    const page = await shop.newPage({ width: 390, height: 844 });
    const errors = collectErrors(page);
    await page.goto('/products?q=rice&s=price_asc', { waitUntil: 'networkidle' });
    await page.getByTestId('product-card').first().waitFor();
    await page.getByRole('button', { name: 'Filters', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Category Filter' });
    await dialog.waitFor();
    await dialog.getByPlaceholder('Min ₹').waitFor();
    await shop.screenshot(page, 'list-filters-sheet-top-390');
    await dialog.getByPlaceholder('Min ₹').fill('100');
    await dialog.getByPlaceholder('Max ₹').fill('900');
    await dialog.getByRole('button', { name: '10% or more' }).click();
    await dialog.getByRole('switch', { name: 'In stock only' }).check();
    const brands = dialog.getByRole('group', { name: 'Brands' });
    await brands.getByRole('searchbox', { name: 'Search brands' }).fill('kav');
    // only the brand whose name holds the words is left to tick
    expect(await brands.getByRole('checkbox').count()).toBe(1);
    await brands.getByRole('checkbox', { name: 'Kaveri Gold' }).check();
    await shop.screenshot(page, 'list-filters-sheet-390');
    await dialog.getByRole('button', { name: 'Apply Filters' }).click();
    await page.waitForURL((u) => u.searchParams.has('in_stock'));
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: 'rice',
      s: 'price_asc',
      b: 'kaveri-gold',
      min_price: '100',
      max_price: '900',
      discount: '10',
      in_stock: '1',
    });
    // the list's chips of what is in force
    for (const chip of ['Kaveri Gold', '₹100 – ₹900', '10% off or more', 'In stock'])
      await page.locator('main span.rounded-full', { hasText: chip }).first().waitFor();
    // the filtered list replaces the one shown while it loads: wait for it, then every card is Kaveri Gold in stock
    const cards = page.getByTestId('product-card');
    await expect
      .poll(async () => {
        const texts = await cards.allTextContents();
        return texts.length > 0 && texts.every((t) => /Kaveri Gold/.test(t) && !/Out of stock/i.test(t));
      })
      .toBe(true);
    await shop.screenshot(page, 'list-filtered-390');

    await page.getByRole('button', { name: 'Filters', exact: true }).first().click();
    await dialog.getByRole('button', { name: 'Reset All' }).click();
    await page.waitForURL((u) => !u.searchParams.has('in_stock'));
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ q: 'rice', s: 'price_asc' });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a search that finds nothing offers the corrected words', async () => {
    const page = await shop.newPage({ width: 390, height: 844 });
    const errors = collectErrors(page);
    await page.goto('/products?q=mlik', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'No products match "mlik"' }).waitFor();
    await page.getByRole('link', { name: 'milk', exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get('q') === 'milk');
    await page.getByTestId('product-card').first().waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('list filters on a desktop (Chromium, 1280 px)', () => {
  it('shows the brand search and the filters beside the list, applied at once', async () => {
    const page = await shop.newPage({ width: 1280, height: 900 });
    const errors = collectErrors(page);
    await page.goto('/products?c=staples', { waitUntil: 'networkidle' });
    await page.getByTestId('product-card').first().waitFor();
    const side = page.getByRole('complementary', { name: 'Filters' });
    await side.getByRole('switch', { name: 'In stock only' }).check();
    await page.waitForURL((u) => u.searchParams.get('in_stock') === '1');
    await side.getByRole('button', { name: '20% or more' }).click();
    await page.waitForURL((u) => u.searchParams.get('discount') === '20');
    await page.locator('main span.rounded-full', { hasText: '20% off or more' }).waitFor();
    // each card shows the saving it was listed for: its best offer, the MRP struck through
    await page.waitForFunction(() => !document.querySelector('main .opacity-60'));
    // (polled: the filtered list replaces the one shown while it loads)
    await expect
      .poll(() => page.getByTestId('product-card').evaluateAll((cards) => cards.length > 0 && cards.every((c) => c.querySelector('s'))))
      .toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shop.screenshot(page, 'list-filters-desktop');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('pack chips on the product page (Chromium, 390 px)', () => {
  it('lists packs smallest first, with the MRP struck through and the cheapest per unit tagged Best value', async () => {
    const { data } = (await (await fetch(`${shop.url}/s/api/products?perPage=100&s=discount`)).json()) as {
      data: Array<{ slug: string; packs: Array<{ pack_name: string; price: number; act_price: number; stock?: number }> }>;
    };
    // a product with three packs or more, all in stock, one discounted
    const product = data.find((p) => p.packs.length >= 3 && p.packs.every((k) => (k.stock ?? 0) > 0));
    expect(product).toBeDefined();
    const page = await shop.newPage({ width: 390, height: 844 });
    const errors = collectErrors(page);
    await page.goto(`/products/${product!.slug}`, { waitUntil: 'networkidle' });
    const chips = page.getByRole('group', { name: 'Pack size' }).getByRole('button');
    await chips.first().waitFor();
    const grams = (name: string) => {
      const m = /([\d.]+)\s*(kg|g|l|ml)/i.exec(name)!;
      return Number(m[1]) * (/^(kg|l)$/i.test(m[2]!) ? 1000 : 1);
    };
    const names = await chips.evaluateAll((els) => els.map((e) => e.textContent ?? ''));
    const sizes = names.map((n) => grams(n.replace(/^Best value/, '')));
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
    expect(names.filter((n) => n.startsWith('Best value'))).toHaveLength(1);
    // each discounted pack's MRP, struck through
    const struck = await page.getByRole('group', { name: 'Pack size' }).locator('s').count();
    expect(struck).toBe(product!.packs.filter((k) => k.act_price > k.price).length);
    await shop.screenshot(page, 'pack-chips-390');
    expect(errors).toEqual([]);
    await page.close();
  });
});
