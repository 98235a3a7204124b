import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Media } from '@grocer/shared/media';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import type { TestClient } from '../../test/client';
import { staffClients } from '../../test/staff-clients';
import { seedCartShop, type CartShop } from '../cart/test-fixture';
import { badgeSvg } from '../../seed/images';
import { LocalStorage, S3Storage, safeKey } from './storage';

/**
 * The S3 implementation against a real S3-compatible server (s3rver, pure npm, started here on a
 * free port with its files in a temp folder), through the same routes the local folder serves.
 */
const bucket = 'shop-media';
const s3Dir = mkdtempSync(path.join(os.tmpdir(), 'grocer-s3rver-'));
const mediaDir = mkdtempSync(path.join(os.tmpdir(), 'grocer-s3-local-'));
let server: S3rver;
let endpoint: string;
let client: S3Client;
let t: Awaited<ReturnType<typeof createTestApp>>;
let shop: CartShop;
let owner: TestClient;

beforeAll(async () => {
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  // An original written before the switch to S3 (the demo's artwork): read from the local folder.
  mkdirSync(path.join(mediaDir, 'products'));
  writeFileSync(path.join(mediaDir, 'products/rice.svg'), badgeSvg({ text: 'Rice', colour: '#0f766e' }));
  t = await createTestApp({
    env: {
      MEDIA_DIR: mediaDir,
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: 'grocer',
    },
    seed: async (db) => (shop = await seedCartShop(db)),
  });
  owner = await staffClients(t, shop.websiteId).as({ hasAdminAccess: true });
}, 120_000);
afterAll(async () => {
  await t?.close();
  client?.destroy();
  await server?.close();
});

const objectOf = async (key: string) => {
  try {
    const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: `grocer/${key}` }));
    return { type: res.ContentType, body: Buffer.from(await res.Body!.transformToByteArray()) };
  } catch (e) {
    if ((e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
    throw e;
  }
};

describe('media in S3-compatible storage', () => {
  it('an upload is written to the bucket (not the local folder), served resized from it, and deleted from it', async () => {
    const photo = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#a16207' } })
      .jpeg()
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 0/1' } })
      .toBuffer();
    const boundary = '----grocers3';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="ghee.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      photo,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await owner.request({
      method: 'POST',
      url: '/s/api/admin/media',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode).toBe(201);
    const m: Media = res.json();

    const stored = await objectOf(m.path);
    expect(stored?.type).toBe('image/jpeg');
    expect((await sharp(stored!.body).metadata()).exif).toBeUndefined();
    expect(existsSync(path.join(mediaDir, m.path))).toBe(false);

    const medium = await t.app.inject({ url: `/media/medium/${m.path}`, headers: { accept: 'image/avif' } });
    expect([medium.statusCode, medium.headers['content-type'], medium.headers['x-content-type-options']]).toEqual([
      200,
      'image/avif',
      'nosniff',
    ]);
    expect((await sharp(medium.rawPayload).metadata()).width).toBe(480);

    expect((await owner.delete(`/s/api/admin/media/${m.id}`)).statusCode).toBe(204);
    expect(await objectOf(m.path)).toBeNull();
    expect((await t.app.inject(`/media/medium/${m.path}`)).statusCode).toBe(404);
  });

  it('takes a photo of a few megabytes under the default 10 MB limit (the API body limit of 1 MB does not apply)', async () => {
    const noise = await sharp(Buffer.from(Array.from({ length: 1000 * 800 * 3 }, (_, i) => (i * 7919) % 251)), {
      raw: { width: 1000, height: 800, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(2_000_000);
    const boundary = '----grocerbig';
    const res = await owner.request({
      method: 'POST',
      url: '/s/api/admin/media',
      payload: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`),
        noise,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect([res.statusCode, res.json().width]).toEqual([201, 1000]);
  });

  it('reads files the local folder had before the switch; a key missing everywhere is 404', async () => {
    const res = await t.app.inject({ url: '/media/small/products/rice.svg', headers: { accept: 'image/webp' } });
    expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'image/webp']);
    expect((await t.app.inject('/media/small/products/none.png')).statusCode).toBe(404);
  });

  it('the storage itself: put, get, delete, prefix, and no key outside its folder', async () => {
    const s3 = new S3Storage({
      bucket,
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      prefix: 'p2',
    });
    await s3.put('a/b.png', Buffer.from('x'), 'image/png');
    expect(await s3.get('a/b.png')).toEqual(Buffer.from('x'));
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: 'p2/a/b.png' }));
    expect(head.ContentType).toBe('image/png');
    await s3.delete('a/b.png');
    expect(await s3.get('a/b.png')).toBeNull();
    expect(await s3.get('../x')).toBeNull();
    s3.close();
    for (const bad of ['../etc/passwd', '/etc/passwd', '.cache/small/x', 'a/../../b', '']) expect([bad, safeKey(bad)]).toEqual([bad, null]);
    const local = new LocalStorage(mediaDir);
    expect(await local.get('../../etc/passwd')).toBeNull();
    await expect(local.put('../evil.png', Buffer.from('x'))).rejects.toThrow(/unsafe/);
  });
});
