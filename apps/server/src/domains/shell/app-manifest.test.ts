import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../seed/demo';
import { createTestApp } from '../../test/app';
import { drawIcon } from './app-manifest';

// The built web app carries the service worker (`npm test` builds it before the tests run).
const dist = fileURLToPath(new URL('../../../../web/dist', import.meta.url));

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  if (!existsSync(`${dist}/index.html`)) throw new Error('The web app is not built: run `npm run build` before these tests.');
  t = await createTestApp({ env: { WEB_DIST: dist }, seed: (db) => seedDemo(db, { mediaDir: null }) });
});
afterAll(() => t?.close());

describe('an installable shop (issue 19)', () => {
  it("answers the website's manifest: its name, colour and icons, and the page head links it", async () => {
    const res = await t.app.inject('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/manifest+json');
    expect(res.json()).toMatchObject({
      name: 'Demo Grocery',
      short_name: 'Demo Grocery',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
      icons: expect.arrayContaining([
        { src: '/app-icon/192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/app-icon/512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ]),
    });
    const html = (await t.app.inject('/')).body;
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
  });

  it('draws square PNG icons at the manifest sizes only', async () => {
    for (const size of [192, 512]) {
      const res = await t.app.inject(`/app-icon/${size}.png`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'png', width: size, height: size });
    }
    expect((await t.app.inject('/app-icon/64.png')).statusCode).toBe(404);
    expect((await t.app.inject('/app-icon/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(404);
  });

  it('falls back to the initials when the image cannot be read', async () => {
    const png = await drawIcon(Buffer.from('not an image'), 'Fresh Mart', '#b91c1c', 192);
    expect(await sharp(png).metadata()).toMatchObject({ width: 192, height: 192 });
  });

  it('serves the service worker from the root, always revalidated', async () => {
    const res = await t.app.inject('/sw.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/javascript');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain("addEventListener('fetch'");
  });
});
