import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { seedCartShop } from '../cart/test-fixture';
import { RIDER_CSP } from './rider';

// A stand-in for the built rider app (apps/rider/dist).
const dist = mkdtempSync(path.join(os.tmpdir(), 'grocer-rider-dist-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'index.html'), '<html><head><title>Rider</title></head><body><div id="app"></div></body></html>');
writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Rider","start_url":"/rider/"}');
writeFileSync(path.join(dist, 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ env: { RIDER_DIST: dist }, seed: async (db) => void (await seedCartShop(db)) });
}, 120_000);
afterAll(() => t.close());

describe('rider app shell', () => {
  it('serves /rider and every path under it (the app routes in the browser), revalidated, never indexed, own scripts only', async () => {
    for (const url of ['/rider', '/rider/', '/rider/trips/12', '/rider/trips/12/deliver/abc']) {
      const res = await t.app.inject(url);
      expect([url, res.statusCode]).toEqual([url, 200]);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['x-robots-tag']).toBe('noindex');
      expect(res.headers['content-security-policy']).toBe(RIDER_CSP);
      expect(res.body).toContain('<title>Rider | Test Grocery</title>');
    }
  });

  it('serves its built assets under /rider/assets/ with immutable caching, and its manifest and icon', async () => {
    const js = await t.app.inject('/rider/assets/index-abc.js');
    expect(js.statusCode).toBe(200);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await t.app.inject('/rider/assets/missing.js');
    expect(missing.statusCode).toBe(404);
    const manifest = await t.app.inject('/rider/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.json()).toMatchObject({ start_url: '/rider/' });
    const icon = await t.app.inject('/rider/icon.svg');
    expect(icon.headers['content-type']).toContain('image/svg+xml');
    expect(icon.headers['cache-control']).toBe('public, max-age=86400');
  });
});
