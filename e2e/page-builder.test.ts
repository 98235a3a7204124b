import sharp from 'sharp';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, startShop, type Shop } from './harness';
import { signInHere } from './journeys';

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
}, 120_000);
afterAll(() => shop?.close());

/** A festive banner (2400×900): orange with its words, made here (no network). */
const banner = (label: string) =>
  sharp({ create: { width: 2400, height: 900, channels: 3, background: '#c2410c' } })
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="900"><text x="1200" y="520" font-size="200" text-anchor="middle" fill="#fff7ed" font-family="sans-serif">${label}</text></svg>`,
        ),
      },
    ])
    .jpeg()
    .toBuffer();

/** Puck's preview frame (the canvas is an iframe, like the storefront page it shows). */
const canvas = async (page: Page): Promise<Frame> => {
  const el = await page.waitForSelector('iframe#preview-frame');
  return (await el.contentFrame())!;
};

/** Drags a block from Puck's drawer to the bottom of the page in the preview. */
async function addBlock(page: Page, label: string) {
  const item = page.locator('[data-testid^="drawer-item"]', { hasText: label }).first();
  await item.scrollIntoViewIfNeeded();
  const from = (await item.boundingBox())!;
  const frame = (await page.locator('iframe#preview-frame').boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2, { steps: 5 });
  const to = { x: frame.x + frame.width / 2, y: frame.y + Math.min(frame.height - 40, 300) };
  await page.mouse.move(to.x, to.y, { steps: 20 });
  await page.waitForTimeout(300);
  await page.mouse.move(to.x, to.y + 10, { steps: 5 });
  await page.mouse.up();
}

describe('page builder (Chromium, built shop, demo data)', () => {
  it('the owner builds /diwali-offers with a hero slider and a product carousel, previews it at 375 px, publishes it; a shopper opens it; the owner rolls back', async () => {
    const page = await shop.newPage({ width: 1440, height: 900 });
    const errors = collectErrors(page);
    await page.goto('/page-builder', { waitUntil: 'networkidle' });
    await page.waitForURL('**/auth/login');
    await signInHere(page, shop, 'admin@demo.shop');
    await page.waitForURL('**/page-builder/pages');
    await page.getByRole('heading', { name: 'Pages' }).waitFor();
    await page.getByRole('cell', { name: /About us/i }).first().waitFor();
    await shop.screenshot(page, 'page-builder-pages-1440');

    await page.getByRole('button', { name: 'New page' }).click();
    const dialog = page.getByRole('dialog', { name: 'New page' });
    await dialog.getByLabel('Title').fill('Diwali Offers');
    expect(await dialog.getByLabel('Address (URL)').inputValue()).toBe('/diwali-offers');
    await dialog.getByRole('button', { name: 'Create and edit' }).click();
    await page.waitForURL(/\/page-builder\/pages\/\d+$/);
    await canvas(page);
    await page.waitForTimeout(1000);
    await shop.screenshot(page, 'page-builder-editor-empty-1440');

    await addBlock(page, 'Hero slider');
    await page.waitForTimeout(1000);
    await shop.screenshot(page, 'page-builder-editor-hero-1440');
    expect(errors).toEqual([]);
  });
});
