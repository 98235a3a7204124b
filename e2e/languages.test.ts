import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, startShop, type Shop } from './harness';

/**
 * Issue 46: the storefront in Hindi and Kannada on a phone. The demo website offers English,
 * हिन्दी and ಕನ್ನಡ; the phone menu switches, the server renders the chosen language (and keeps it
 * in the `lang` cookie), home (its hero slide's words too), a product and the cart (its product's
 * name too) read in it, with the Noto fonts drawing Devanagari and Kannada.
 */
let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop?.close());

const PRODUCT = '/products/kaveri-gold-classic-basmati-rice';

async function chooseInMenu(page: Page, menuLabel: string, name: string, lang: string) {
  await page.getByRole('button', { name: menuLabel, exact: true }).click();
  await page.getByTestId('menu-languages').getByRole('button', { name, exact: true }).click();
  await page.waitForURL((u) => u.searchParams.get('lang') === lang);
  await page.waitForLoadState('networkidle');
}

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);
/** the Noto face of a script has been fetched and is in use for the page's text */
const scriptFontLoaded = (page: Page, start: string) =>
  page.evaluate(async (range) => {
    await document.fonts.ready;
    return [...document.fonts].some(
      (f) => f.family.replace(/"/g, '') === 'Inter' && f.unicodeRange.includes(range) && f.status === 'loaded',
    );
  }, start);

describe('languages on a phone (Chromium, 390 px, demo shop offering en, hi, kn)', () => {
  it('switches to हिन्दी and ಕನ್ನಡ in the phone menu: home, product and cart in that language, kept on reload', async () => {
    const page = await shop.newPage({ width: 390, height: 844 });
    const errors = collectErrors(page);
    await page.goto('/', { waitUntil: 'networkidle' });
    expect(await htmlLang(page)).toBe('en-IN');
    await page.locator('input[placeholder="Search"]:visible').first().waitFor();

    for (const [code, name, tag, menu, words, range] of [
      [
        'hi',
        'हिन्दी',
        'hi-IN',
        'Open menu',
        {
          search: 'खोजें',
          add: 'कार्ट में डालें',
          cart: 'कार्ट सारांश',
          menu: 'मेन्यू खोलें',
          hero: 'खेत से ताज़ा, हर सुबह',
          rice: 'क्लासिक बासमती चावल',
        },
        'U+900',
      ],
      [
        'kn',
        'ಕನ್ನಡ',
        'kn-IN',
        'मेन्यू खोलें',
        {
          search: 'ಹುಡುಕಿ',
          add: 'ಕಾರ್ಟ್‌ಗೆ ಸೇರಿಸಿ',
          cart: 'ಕಾರ್ಟ್ ಸಾರಾಂಶ',
          menu: 'ಮೆನು ತೆರೆಯಿರಿ',
          hero: 'ಹೊಲದಿಂದ ತಾಜಾ, ಪ್ರತಿದಿನ ಬೆಳಿಗ್ಗೆ',
          rice: 'ಕ್ಲಾಸಿಕ್ ಬಾಸ್ಮತಿ ಅಕ್ಕಿ',
        },
        'U+C80',
      ],
    ] as const) {
      await chooseInMenu(page, menu, name, code);
      // home, rendered by the server in the language
      expect(await htmlLang(page)).toBe(tag);
      await page.locator(`input[placeholder="${words.search}"]:visible`).first().waitFor();
      // the hero slide's own words, translated (a page block's text), over its artwork
      await page.getByText(words.hero, { exact: true }).first().waitFor();
      expect(await page.locator(`link[rel=preload][as=font][href*="noto-sans-${code === 'hi' ? 'devanagari' : 'kannada'}"]`).count()).toBe(
        1,
      );
      await shop.screenshot(page, `languages-home-${code}-390`);
      expect(await scriptFontLoaded(page, range)).toBe(true);

      // a product page, in the same language without asking again (the cookie)
      await page.goto(PRODUCT, { waitUntil: 'networkidle' });
      expect(await htmlLang(page)).toBe(tag);
      const buyBar = page.getByTestId('buy-bar');
      await buyBar.getByRole('button', { name: words.add }).first().click();
      await buyBar.getByTestId('cart-quantity').waitFor();
      await shop.screenshot(page, `languages-product-${code}-390`);

      // the cart drawer
      await page.locator('header button[aria-label^="' + (code === 'hi' ? 'कार्ट' : 'ಕಾರ್ಟ್') + '"]').click();
      const drawer = page.getByRole('dialog', { name: words.cart });
      await drawer.waitFor();
      // the product named in the language (its translated name)
      await drawer.getByText(words.rice).first().waitFor();
      await shop.screenshot(page, `languages-cart-${code}-390`);
      await drawer
        .getByRole('button', { name: code === 'hi' ? 'बंद करें' : 'ಮುಚ್ಚಿ' })
        .first()
        .click();

      // a reload keeps the language
      await page.reload({ waitUntil: 'networkidle' });
      expect(await htmlLang(page)).toBe(tag);
      await page.getByRole('button', { name: words.menu, exact: true }).waitFor();
      // empty the cart for the next language's round
      await page
        .getByTestId('buy-bar')
        .getByRole('button', { name: code === 'hi' ? /एक .* कम करें/ : /ಒಂದು .* ಕಡಿಮೆ ಮಾಡಿ/ })
        .click();
      await page.getByTestId('buy-bar').getByRole('button', { name: words.add }).first().waitFor();
      await page.goto('/', { waitUntil: 'networkidle' });
    }

    // and back to English: the page as the spec writes it
    await chooseInMenu(page, 'ಮೆನು ತೆರೆಯಿರಿ', 'English', 'en');
    expect(await htmlLang(page)).toBe('en-IN');
    await page.locator('input[placeholder="Search"]:visible').first().waitFor();
    expect(await page.locator('link[rel=preload][as=font][href*="noto-sans"]').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
