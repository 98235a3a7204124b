import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, startShop, type Shop } from './harness';
import { ownerOnDashboard, staffCall } from './journeys';

/**
 * Issue 46 §2: Administration → Translations on the demo shop (English, with Hindi and Kannada
 * offered). The owner sees each language's progress, translates a product name missing in Hindi
 * beside its English, saves the row, and shoppers asking for Hindi get it.
 */
let shop: Shop;

/** Whether the screen's script font has loaded for `text` (and so draws it). */
const scriptFontReady = (page: Page, text: string) =>
  page.evaluate(async (t) => (await document.fonts.load('16px "Grocer Scripts"', t)).length > 0, text);
beforeAll(async () => {
  shop = await startShop();
}, 120_000);
afterAll(() => shop?.close());

describe('Administration → Translations (Chromium)', () => {
  it('the owner translates a missing product name; the Hindi storefront answers it', async () => {
    const { owner, ownerErrors } = await ownerOnDashboard(shop);
    await owner.setViewportSize({ width: 1280, height: 900 });
    await owner.getByRole('link', { name: 'Translations' }).click();
    await owner.getByRole('heading', { name: 'Translations', level: 1 }).waitFor();
    const progress = owner.getByRole('region', { name: 'Progress' });
    await progress.getByRole('heading', { name: 'Hindi' }).waitFor();
    await progress.getByRole('heading', { name: 'Kannada' }).waitFor();
    await progress
      .getByText(/ \/ [\d,]+ product names$/)
      .first()
      .waitFor();
    // the Devanagari of the translations draws in the screen's own Noto subset
    expect(await scriptFontReady(owner, 'दूध')).toBe(true);
    await shop.screenshot(owner, 'translations-1280');

    // the box follows the address, which the router changes in a transition: click, then wait for it
    await owner.getByLabel('Only missing').click();
    await owner.waitForURL(/[?&]missing=1/);
    await expect.poll(() => owner.getByLabel('Only missing').isChecked()).toBe(true);
    const list = owner.getByRole('region', { name: 'Products in Hindi' });
    const input = list.getByLabel(/^Name in Hindi of /).first();
    await input.waitFor();
    const labelled = await input.evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? '');
    const name = labelled.replace(/^Name in Hindi of /, '').trim();
    expect(name.length).toBeGreaterThan(0);
    await input.fill('परीक्षण उत्पाद');
    await Promise.all([
      owner.waitForResponse((r) => r.url().includes('/s/api/admin/translations') && r.request().method() === 'PUT' && r.status() === 200),
      list.getByRole('button', { name: `Save the Hindi of ${name}` }).click(),
    ]);
    await owner.getByText('1 saved').waitFor();

    // shoppers asking for Hindi get the new name, English ones the English
    const hi = (await staffCall(owner, `/s/api/products?perPage=48&lang=hi&q=${encodeURIComponent(name)}`)).json;
    expect(hi.data.map((p: { product_name: string }) => p.product_name)).toContain('परीक्षण उत्पाद');
    const en = (await staffCall(owner, `/s/api/products?perPage=48&lang=en&q=${encodeURIComponent(name)}`)).json;
    expect(en.data.map((p: { product_name: string }) => p.product_name)).toContain(name);

    // the demo's menus and home blocks are translated too (seed/content-translations.ts)
    const kn = (await staffCall(owner, '/s/api/init?lang=kn')).json as { navs: Array<{ name: string }> };
    expect(kn.navs.map((n) => n.name)).toContain('ಮುಖಪುಟ');
    const home = (await staffCall(owner, '/s/api/page/data/?lang=hi')).json as { data: Array<{ data: { title?: string } }> };
    expect(home.data.map((b) => b.data.title)).toContain('सबसे अच्छे सौदे');

    // on a phone: the same screen, one column
    const phone = await shop.newPage({ width: 390, height: 844 }, { storageState: await owner.context().storageState() });
    const phoneErrors = collectErrors(phone);
    await phone.goto('/bos/admin/translations?kind=category', { waitUntil: 'networkidle' });
    await phone.getByRole('heading', { name: 'Translations', level: 1 }).waitFor();
    await phone
      .getByRole('region', { name: 'Categories in Hindi' })
      .getByLabel(/^Name in Hindi of /)
      .first()
      .waitFor();
    expect(await scriptFontReady(phone, 'दूध')).toBe(true);
    await shop.screenshot(phone, 'translations-390');
    expect([...ownerErrors, ...phoneErrors]).toEqual([]);
  });
});
