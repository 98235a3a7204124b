import { productToInput, type AdminProduct } from '@grocer/shared/admin-catalogue';
import type { Media } from '@grocer/shared/media';
import { eq } from 'drizzle-orm';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, media, packs, websiteDomains, websites } from '../../db/schema';
import { createTestApp } from '../../test/app';
import type { TestClient } from '../../test/client';
import { ROLE_STATUS, staffClients, type RoleName } from '../../test/staff-clients';
import { seedCartShop, type CartShop } from '../cart/test-fixture';

const mediaDir = mkdtempSync(path.join(os.tmpdir(), 'grocer-media-admin-'));
let t: Awaited<ReturnType<typeof createTestApp>>;
let shop: CartShop;
let owner: TestClient;
let otherMedia: { id: number; path: string };

beforeAll(async () => {
  // A small limit (200 KB) so the test can exceed it cheaply.
  t = await createTestApp({ env: { MEDIA_DIR: mediaDir, MEDIA_MAX_MB: '0.2' }, seed: async (db) => (shop = await seedCartShop(db)) });
  for (const [key, pack] of Object.entries(shop.packs))
    await t.db.update(packs).set({ sku: key.toUpperCase() }).where(eq(packs.id, pack.id));
  const [site] = await t.db.insert(websites).values({ name: 'Other Shop' }).returning();
  await t.db.insert(websiteDomains).values({ websiteId: site!.id, host: 'other.test' });
  const [row] = await t.db
    .insert(media)
    .values({
      websiteId: site!.id,
      path: `uploads/w${site!.id}/theirs-abc.png`,
      name: 'theirs.png',
      width: 8,
      height: 8,
      bytes: 10,
      format: 'png',
    })
    .returning();
  otherMedia = { id: row!.id, path: row!.path };
  owner = await staffClients(t, shop.websiteId).as({ hasAdminAccess: true });
}, 120_000);
afterAll(() => t.close());

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
function multipart(content: Buffer, filename: string, type = 'application/octet-stream', field = 'file') {
  const boundary = `----grocer${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const upload = (c: TestClient, content: Buffer, filename: string, type?: string) =>
  c.request({ method: 'POST', url: '/s/api/admin/media', ...multipart(content, filename, type) });

const solid = (format: 'jpeg' | 'png' | 'webp' | 'avif', width = 64, height = 48, background = '#0f766e') =>
  sharp({ create: { width, height, channels: 3, background } })
    .toFormat(format)
    .toBuffer();

const rowsOf = async (websiteId: number) => t.db.select().from(media).where(eq(media.websiteId, websiteId));
const storedFiles = () => {
  const dir = path.join(mediaDir, 'uploads', `w${shop.websiteId}`);
  return existsSync(dir) ? readdirSync(dir).filter((f) => !f.endsWith('.tmp')) : [];
};

describe('roles', () => {
  it('401 signed out, 403 for a shopper or agent, allowed for admin and superadmin; a refused upload stores nothing', async () => {
    const who = await staffClients(t, shop.websiteId).everyone();
    const png = await solid('png');
    for (const [name, c] of Object.entries(who) as Array<[RoleName, TestClient]>) {
      expect([name, (await c.get('/s/api/admin/media')).statusCode]).toEqual([name, ROLE_STATUS[name]]);
      const up = await upload(c, png, `${name}.png`);
      expect([name, up.statusCode]).toEqual([name, ROLE_STATUS[name] === 200 ? 201 : ROLE_STATUS[name]]);
    }
    expect((await rowsOf(shop.websiteId)).map((r) => r.name).sort()).toEqual(['admin.png', 'superadmin.png']);
    expect(storedFiles()).toHaveLength(2);
  });

  it('an upload without the XSRF token is refused (403) like every non-GET call', async () => {
    const res = await owner.request({
      method: 'POST',
      url: '/s/api/admin/media',
      ...multipart(await solid('png'), 'x.png'),
      headers: { ...multipart(await solid('png'), 'x.png').headers, 'x-xsrf-token': 'forged' },
    });
    expect([res.statusCode, res.json().code]).toEqual([403, 'CSRF_MISMATCH']);
  });
});

describe('POST /s/api/admin/media', () => {
  it('re-encodes a JPEG upright with every piece of metadata dropped (no GPS position survives)', async () => {
    const photo = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#c2410c' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneCo', ImageDescription: 'my-home-address' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 1234/100', GPSLongitudeRef: 'E', GPSLongitude: '77/1 35/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(photo).metadata();
    // the test's photo really carries a GPS IFD (tag 0x8825) and a rotation
    expect(before.exif?.includes(Buffer.from([0x25, 0x88])) || before.exif?.includes(Buffer.from([0x88, 0x25]))).toBe(true);
    expect(before.orientation).toBe(6);

    const res = await upload(owner, photo, 'Holiday Photo.JPG', 'image/jpeg');
    expect(res.statusCode).toBe(201);
    const m: Media = res.json();
    expect(m).toMatchObject({ name: 'Holiday Photo.JPG', format: 'jpeg', width: 20, height: 40, alt: '' });
    expect(m.path).toMatch(new RegExp(`^uploads/w${shop.websiteId}/holiday-photo-[a-z0-9]+\\.jpg$`));

    const stored = await sharp(path.join(mediaDir, m.path)).metadata();
    expect([stored.exif, stored.xmp, stored.iptc, stored.orientation]).toEqual([undefined, undefined, undefined, undefined]);
    expect([stored.width, stored.height]).toEqual([20, 40]);
    const bytes = (await import('node:fs')).readFileSync(path.join(mediaDir, m.path));
    expect(bytes.includes('my-home-address')).toBe(false);
    expect(bytes.includes('Exif')).toBe(false);
    expect(m.bytes).toBe(bytes.length);

    // the resized variants work for it, as raster images with nosniff
    const small = await t.app.inject({ url: `/media/small/${m.path}`, headers: { accept: 'image/webp' } });
    expect([small.statusCode, small.headers['content-type'], small.headers['x-content-type-options']]).toEqual([
      200,
      'image/webp',
      'nosniff',
    ]);
    expect((await sharp(small.rawPayload).metadata()).width).toBe(240);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(m.id)));
    expect(audit.map((a) => [a.entity, a.action])).toContainEqual(['media', 'create']);
  });

  it('accepts PNG, WebP and AVIF, each kept in its format', async () => {
    for (const format of ['png', 'webp', 'avif'] as const) {
      const res = await upload(owner, await solid(format), `tile.${format}`);
      expect([format, res.statusCode, res.json().format]).toEqual([format, 201, format]);
      expect(res.json().path).toMatch(new RegExp(`\\.${format}$`));
    }
  });

  it('decides by the decoded image: SVG, HTML, GIF and junk are refused whatever their name or type, nothing stored', async () => {
    const rows = (await rowsOf(shop.websiteId)).length;
    const files = storedFiles().length;
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const broken = Buffer.concat([(await solid('png')).subarray(0, 40), Buffer.alloc(200, 7)]);
    for (const [label, body, name, type] of [
      ['svg as png', svg, 'logo.png', 'image/png'],
      ['svg', svg, 'logo.svg', 'image/svg+xml'],
      ['html as png', html, 'photo.png', 'image/png'],
      ['gif', gif, 'anim.gif', 'image/gif'],
      ['broken png', broken, 'broken.png', 'image/png'],
    ] as const) {
      const res = await upload(owner, body, name, type);
      expect([label, res.statusCode, res.json().code]).toEqual([label, 422, 'MEDIA_UNSUPPORTED']);
      expect(res.json().errors.file[0]).toMatch(/JPEG, PNG, WebP or AVIF|damaged/);
    }
    expect((await rowsOf(shop.websiteId)).length).toBe(rows);
    expect(storedFiles().length).toBe(files);
  });

  it('refuses a file over the size limit with 413 and a message naming the limit; no file is 422', async () => {
    const noise = await sharp(Buffer.from(Array.from({ length: 300 * 300 * 3 }, (_, i) => (i * 7919) % 251)), {
      raw: { width: 300, height: 300, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(210_000);
    const res = await upload(owner, noise, 'big.png', 'image/png');
    expect([res.statusCode, res.json().code]).toEqual([413, 'MEDIA_TOO_LARGE']);
    expect(res.json().message).toBe('This file is larger than 205 KB. Choose a smaller image (at most 205 KB).');
    const none = await owner.request({
      method: 'POST',
      url: '/s/api/admin/media',
      ...multipart(await solid('png'), 'x.png', 'image/png', 'other'),
    });
    expect([none.statusCode, none.json().errors.file]).toEqual([422, ['Choose an image to upload']]);
    const json = await owner.post('/s/api/admin/media', { file: 'x' });
    expect(json.statusCode).toBe(422);
  });
});

describe('the library', () => {
  it('lists newest first, pages, searches name and alt, edits alt; another website’s media is 404', async () => {
    const a = (await upload(owner, await solid('png', 30, 30, '#111111'), 'Mango Crate.png')).json() as Media;
    const b = (await upload(owner, await solid('png', 30, 30, '#222222'), 'IMG_0001.png')).json() as Media;
    const alt = await owner.patch(`/s/api/admin/media/${b.id}`, { alt: 'Alphonso mangoes in a crate' });
    expect([alt.statusCode, alt.json().alt]).toEqual([200, 'Alphonso mangoes in a crate']);
    const list = async (qs: string) => (await owner.get(`/s/api/admin/media?${qs}`)).json() as { data: Media[]; meta: { total: number } };
    expect((await list('q=mango')).data.map((m) => m.id)).toEqual([b.id, a.id]);
    expect((await list('q=alphonso')).data.map((m) => m.id)).toEqual([b.id]);
    const page = await list('perPage=5&page=1');
    expect(page.data[0]!.id).toBe(b.id);
    expect(page.data).toHaveLength(5);
    expect(page.meta.total).toBe((await rowsOf(shop.websiteId)).length);
    expect((await owner.get('/s/api/admin/media?perPage=7')).statusCode).toBe(422);
    const long = await owner.patch(`/s/api/admin/media/${b.id}`, { alt: 'x'.repeat(251) });
    expect([long.statusCode, long.json().errors.alt]).toEqual([422, ['Alt text can be at most 250 characters']]);

    for (const res of [
      await owner.get(`/s/api/admin/media/${otherMedia.id}`),
      await owner.patch(`/s/api/admin/media/${otherMedia.id}`, { alt: 'mine now' }),
      await owner.delete(`/s/api/admin/media/${otherMedia.id}`),
    ])
      expect(res.statusCode).toBe(404);
    expect((await t.db.select().from(media).where(eq(media.id, otherMedia.id)))[0]).toMatchObject({ alt: '' });
    expect((await list('q=theirs')).data).toEqual([]);
  });
});

describe('product images', () => {
  const read = async (id: number): Promise<AdminProduct> => (await owner.get(`/s/api/admin/products/${id}`)).json();

  it('saves images in order with alt text in the product save (bumping its version), shown on the storefront', async () => {
    const one = (await upload(owner, await solid('webp', 80, 60, '#dc2626'), 'front.webp')).json() as Media;
    const two = (await upload(owner, await solid('webp', 80, 60, '#2563eb'), 'back.webp')).json() as Media;
    const rice = await read(shop.products.rice.id);
    expect(rice.images).toEqual([{ src: 'products/basmati-rice.webp', alt: '' }]);
    const images = [
      { src: two.path, alt: 'Back of the bag' },
      { src: one.path, alt: 'Front of the bag' },
      { src: 'products/basmati-rice.webp', alt: '' },
    ];
    // a signed-out visitor's answer is micro-cached: the save must drop it
    const cached = await t.app.inject({ url: `/s/api/products/${rice.slug}` });
    expect((cached.json().data ?? cached.json()).medias).toEqual([{ src: 'products/basmati-rice.webp' }]);
    const res = await owner.put(`/s/api/admin/products/${rice.id}`, { ...productToInput(rice), images });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ images, image: two.path, version: rice.version + 1 });

    const shopper = await t.app.inject({ url: `/s/api/products/${rice.slug}` });
    const product = shopper.json().data ?? shopper.json();
    expect(product.medias).toEqual([
      { src: two.path, alt: 'Back of the bag' },
      { src: one.path, alt: 'Front of the bag' },
      { src: 'products/basmati-rice.webp' },
    ]);
    expect(product.image).toBe(two.path);

    // the editor's old version is refused, nothing changes
    const stale = await owner.put(`/s/api/admin/products/${rice.id}`, { ...productToInput(rice), images: [] });
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'STALE_PRODUCT']);
    expect((await read(rice.id)).images).toEqual(images);
  });

  it('refuses another website’s image or a path not in the library, at its field, saving nothing', async () => {
    const rice = await read(shop.products.rice.id);
    for (const src of [otherMedia.path, 'uploads/w1/made-up.png', '../../etc/passwd']) {
      const res = await owner.put(`/s/api/admin/products/${rice.id}`, {
        ...productToInput(rice),
        name: 'Changed',
        images: [{ src, alt: '' }],
      });
      expect([src, res.statusCode, res.json().errors?.['images.0.src']]).toEqual([src, 422, ['This image is not in the media library']]);
    }
    expect(await read(rice.id)).toMatchObject({ name: rice.name, version: rice.version, images: rice.images });
  });

  it('deletes an image only when unused: 409 names the product; after removal the file and its variants go', async () => {
    const rice = await read(shop.products.rice.id);
    const cover = rice.images[0]!.src;
    const [row] = await t.db.select().from(media).where(eq(media.path, cover));
    const used = await owner.delete(`/s/api/admin/media/${row!.id}`);
    expect([used.statusCode, used.json().code, used.json().message]).toEqual([
      409,
      'MEDIA_IN_USE',
      'This image is still used by product “Basmati Rice”. Remove it there first.',
    ]);
    expect(existsSync(path.join(mediaDir, cover))).toBe(true);
    expect((await t.app.inject(`/media/small/${cover}`)).statusCode).toBe(200);

    const saved = await owner.put(`/s/api/admin/products/${rice.id}`, { ...productToInput(rice), images: rice.images.slice(1) });
    expect(saved.statusCode).toBe(200);
    const gone = await owner.delete(`/s/api/admin/media/${row!.id}`);
    expect(gone.statusCode).toBe(204);
    expect(await t.db.select().from(media).where(eq(media.id, row!.id))).toEqual([]);
    expect(existsSync(path.join(mediaDir, cover))).toBe(false);
    expect((await t.app.inject(`/media/small/${cover}`)).statusCode).toBe(404);
    expect((await owner.delete(`/s/api/admin/media/${row!.id}`)).statusCode).toBe(404);
  });

  it('a delete racing a save that attaches the image: one wins, and no product shows a deleted image', async () => {
    for (let round = 0; round < 3; round++) {
      const m = (await upload(owner, await solid('png', 20, 20, '#15803d'), `race-${round}.png`)).json() as Media;
      const ghee = await read(shop.products.ghee.id);
      const [save, del] = await Promise.all([
        owner.put(`/s/api/admin/products/${ghee.id}`, { ...productToInput(ghee), images: [{ src: m.path, alt: '' }] }),
        owner.delete(`/s/api/admin/media/${m.id}`),
      ]);
      const outcome = [save.statusCode, del.statusCode];
      expect([
        [200, 409],
        [422, 204],
      ]).toContainEqual(outcome);
      const attached = (await read(ghee.id)).images.some((i) => i.src === m.path);
      const inLibrary = (await t.db.select().from(media).where(eq(media.id, m.id))).length === 1;
      expect([attached, inLibrary]).toEqual(outcome[0] === 200 ? [true, true] : [false, false]);
    }
  });
});
