import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { badgeSvg } from '../../seed/images';

const mediaDir = mkdtempSync(path.join(os.tmpdir(), 'grocer-media-'));
mkdirSync(path.join(mediaDir, 'products'));
writeFileSync(path.join(mediaDir, 'products/rice.svg'), badgeSvg({ text: 'Rice', colour: '#0f766e' }));
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ env: { MEDIA_DIR: mediaDir } });
});
afterAll(() => t.close());

describe('GET /media/{size}/{path}', () => {
  it('resizes to the size and negotiates the format by Accept, cached on disk', async () => {
    const webp = await t.app.inject({ url: '/media/small/products/rice.svg', headers: { accept: 'image/webp,*/*' } });
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.headers.vary).toBe('Accept');
    expect(webp.headers['cache-control']).toContain('immutable');
    expect((await sharp(webp.rawPayload).metadata()).width).toBe(240);
    expect(existsSync(path.join(mediaDir, '.cache/small/webp/products/rice.svg.webp'))).toBe(true);
    const avif = await t.app.inject({ url: '/media/large/products/rice.svg', headers: { accept: 'image/avif,image/webp' } });
    expect(avif.headers['content-type']).toBe('image/avif');
    const png = await t.app.inject('/media/medium/products/rice.svg');
    expect(png.headers['content-type']).toBe('image/png');
    expect((await sharp(png.rawPayload).metadata()).width).toBe(480);
    const again = await t.app.inject({ url: '/media/medium/products/rice.svg', headers: { 'if-none-match': png.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });

  it('serves a placeholder, and refuses unknown sizes, missing files and traversal', async () => {
    expect((await t.app.inject('/media/small/placeholder.svg')).statusCode).toBe(200);
    expect((await t.app.inject('/media/huge/products/rice.svg')).statusCode).toBe(404);
    expect((await t.app.inject('/media/small/products/none.svg')).statusCode).toBe(404);
    expect((await t.app.inject('/media/small/../../etc/passwd')).statusCode).toBe(404);
    expect((await t.app.inject('/media/small/%2e%2e/%2e%2e/etc/passwd')).statusCode).toBe(404);
    expect((await t.app.inject('/media/small/.cache/small/webp/products/rice.svg.webp')).statusCode).toBe(404);
  });
});
