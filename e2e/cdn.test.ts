import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, startShop, type Shop } from './harness';

// CDN_URL on another origin than the page (issue 11, item 6): the page is opened at
// http://127.0.0.1:{port} and its images come from http://localhost:{port}, as they would from a
// CDN in front of the server. Helmet's default Cross-Origin-Resource-Policy (same-origin) blocked
// every one of them.
let shop: Shop;
beforeAll(async () => {
  shop = await startShop((port) => ({ CDN_URL: `http://localhost:${port}` }));
}, 120_000);
afterAll(() => shop?.close());

describe('images from a CDN origin', () => {
  it('home and product pages show their images loaded from the other origin, with no console errors', async () => {
    const page = await shop.newPage();
    const errors = collectErrors(page);
    const cdn = new URL(shop.url.replace('127.0.0.1', 'localhost')).origin;
    for (const path of ['/', '/products/kaveri-gold-classic-basmati-rice']) {
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.locator(`img[src^="${cdn}/media/"]`).first().waitFor();
      // every image in view has finished: each must have decoded from the CDN origin
      await page.waitForFunction(() =>
        [...document.images].filter((i) => i.getBoundingClientRect().top < innerHeight && i.loading !== 'lazy').every((i) => i.complete),
      );
      const images = await page.$$eval('img', (imgs) =>
        imgs
          .filter((i) => i.complete && i.getBoundingClientRect().top < innerHeight)
          .map((i) => ({ src: i.currentSrc || i.src, width: i.naturalWidth })),
      );
      const fromCdn = images.filter((i) => i.src.startsWith(`${cdn}/media/`));
      expect(fromCdn.length, path).toBeGreaterThan(0);
      expect(
        fromCdn.filter((i) => i.width === 0),
        path,
      ).toEqual([]);
    }
    expect(errors).toEqual([]);
    await page.close();
  });
});
