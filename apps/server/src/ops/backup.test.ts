import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { sql } from 'drizzle-orm';
import { cpSync, existsSync, mkdtempSync, openAsBlob, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase, type Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { signInAs } from '../domains/cart/test-fixture';
import { ledgerMismatches } from '../domains/inventory';
import { localOriginals } from './media-backup';
import { withoutEntries } from './tar';
import { seedDemo } from '../seed/demo';
import { testConfig } from '../test/app';
import { TestClient } from '../test/client';
import { onPostgres } from '../test/on-postgres';
import { adminUrl, createPgDatabase, databaseUrl, dropPgDatabase, scratchName } from '../test/postgres';
import { staffClients } from '../test/staff-clients';
import { backup, BackupRefused, restore, tableCounts, type Place } from './backup';

// `npm run backup` / `npm run restore` round trip (DESIGN §11): the demo shop with orders placed
// through the API (stock movements), its pages, generated artwork and an uploaded photo is backed
// up, restored into a new database and media folder, and the copy holds every row, a balanced
// stock ledger and the same bytes of every original. PGlite in project `server` (backed up with the
// shop stopped, the media folder in its default place inside DATA_DIR), PostgreSQL in `server-pg`
// (backed up live).

const url = process.env.TEST_DATABASE_URL;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'grocer-backup-'));
const scratch: string[] = [];
afterAll(async () => {
  for (const name of scratch) await dropPgDatabase(url!, name);
  rmSync(tmp, { recursive: true, force: true });
});

/**
 * A new place for a shop: a scratch PostgreSQL database or a DATA_DIR, and its own media folder.
 * Empty, or with `migrated` a copy of the run's migrated template (test/global-setup.ts).
 */
async function newPlace(label: string, migrated = false): Promise<Place> {
  const dataDir = path.join(tmp, `${label}-data`);
  if (!onPostgres) {
    if (migrated) await (await openDatabase({ dataDir, loadDataDir: await openAsBlob(inject('pgliteTemplate')!) })).close();
    return { dataDir, mediaDir: path.join(dataDir, 'media'), s3: null };
  }
  const name = scratchName(`grocer_backup_${label}`);
  await createPgDatabase(url!, name, migrated ? inject('pgTemplate') : undefined);
  scratch.push(name);
  // backups and restores talk to the server itself (pg_dump and a restore's session cannot go through a pooler in transaction mode)
  return { databaseUrl: databaseUrl(adminUrl(url!), name), dataDir, mediaDir: path.join(tmp, `${label}-media`), s3: null };
}

const open = (place: Place) => openDatabase({ databaseUrl: place.databaseUrl, dataDir: place.dataDir, poolSize: 4 });
const counts = (database: Database) => tableCounts(async <T>(text: string) => rowsOf<T>(await database.db.execute(sql.raw(text))));

const address = {
  name: 'Asha',
  phone: '9000000011',
  pincode: '560001',
  line1: 'Flat 4B',
  line2: 'MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
};

describe(`backup and restore (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('restores the demo shop into a new database and media folder: every row, a balanced ledger, the same images', async () => {
    const source = await newPlace('source', true);
    const database = await open(source);
    const websiteId = await seedDemo(database.db, { mediaDir: source.mediaDir });
    const config = testConfig({ MEDIA_DIR: source.mediaDir, DATA_DIR: source.dataDir });
    const app = await buildApp({ config, database });
    await app.ready();
    let photo: string;
    try {
      // two cash-on-delivery orders, as shoppers place them: stock leaves through the ledger
      const [pack] = rowsOf<{ pack_id: number }>(
        await database.db.execute(sql`select s.pack_id from stock s
          join delivery_zones z on z.warehouse_id = s.warehouse_id join zone_pincodes zp on zp.zone_id = z.id and zp.pincode = '560001'
          where s.website_id = ${websiteId} and s.available > 5 order by s.pack_id limit 1`),
      );
      for (const n of [1, 2]) {
        const c = new TestClient(app);
        await c.get('/s/api/check/pincode/560001');
        const [u] = rowsOf<{ id: number }>(
          await database.db.execute(
            sql`insert into users (name, email) values (${`Backup ${n}`}, ${`backup${n}@example.com`}) returning id`,
          ),
        );
        await signInAs(database.db, c, u!.id);
        expect((await c.post('/s/api/cart/add', { pack_id: pack!.pack_id })).statusCode).toBe(200);
        const a = await c.post('/s/api/addresses', address);
        expect(a.statusCode, a.body).toBe(200);
        const cart = (await c.get(`/s/api/cart?address_id=${a.json().id}`)).json();
        const placed = await c.post('/s/api/orders', {
          address_id: a.json().id,
          payment_method: 'cod',
          expected_total: cart.amount,
          idempotency_key: `backup-${n}`,
        });
        expect(placed.statusCode, placed.body).toBe(200);
      }
      // a photo uploaded in Administration, and a resized copy of it in the cache
      const owner = await staffClients({ app, db: database.db }, websiteId).as({ hasAdminAccess: true });
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#b45309' } })
        .png()
        .toBuffer();
      const boundary = 'grocerbackup';
      const upload = await owner.request({
        method: 'POST',
        url: '/s/api/admin/media',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="Shop Front.png"\r\nContent-Type: image/png\r\n\r\n`,
          ),
          png,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
      expect(upload.statusCode, upload.body).toBe(201);
      photo = upload.json().path;
      expect((await new TestClient(app).get(`/media/small/${photo}`)).statusCode).toBe(200);
      expect(existsSync(path.join(source.mediaDir, '.cache'))).toBe(true);
    } finally {
      await app.close();
    }

    const before = await counts(database);
    // the shop really holds what the backup must carry
    for (const table of ['orders', 'order_lines', 'stock_movements', 'pages', 'media', 'products'])
      expect(before[`public.${table}`], table).toBeGreaterThan(0);
    expect(before['public.orders']).toBe(2);
    const out = path.join(tmp, 'backup');
    let backupMs: number;
    if (onPostgres) {
      // live: the source stays open
      const t0 = performance.now();
      await backup(source, out);
      backupMs = performance.now() - t0;
    } else {
      // the embedded database is one process's: refused while the shop has it open, and nothing written
      await expect(backup(source, out)).rejects.toThrow(/is open \(postmaster.pid\): stop the shop first/);
      expect(existsSync(out)).toBe(false);
      await database.close();
      const t0 = performance.now();
      await backup(source, out);
      backupMs = performance.now() - t0;
    }
    const manifest = JSON.parse(readFileSync(path.join(out, 'manifest.json'), 'utf8'));
    expect(manifest.database.tables).toEqual(before);
    expect(manifest.database.migrations.head).not.toBeNull();
    // originals only: not the resized cache
    expect(Object.keys(manifest.media.local.files)).toContain(photo);
    expect(Object.keys(manifest.media.local.files).some((f) => f.startsWith('.cache'))).toBe(false);
    expect(existsSync(path.join(out, 'media/.cache'))).toBe(false);
    if (!onPostgres) {
      // the data directory's tarball leaves out the media folder inside it (backed up on its own)
      const names: string[] = [];
      withoutEntries(gunzipSync(readFileSync(path.join(out, 'database.tar.gz'))), (name) => {
        names.push(name);
        return false;
      });
      expect(names).toContain('PG_VERSION');
      expect(names.filter((n) => n === 'media' || n.startsWith('media/') || n === 'postmaster.pid')).toEqual([]);
    }

    const target = await newPlace('target');
    const t1 = performance.now();
    await restore(target, out);
    const restoreMs = performance.now() - t1;
    const restored = await open(target);
    try {
      expect(await counts(restored)).toEqual(before);
      const ledger = await ledgerMismatches(restored.db);
      expect(ledger.checked).toBe(before['public.stock']);
      expect(ledger.mismatches).toEqual([]);
      // every original, byte for byte; the uploaded photo among them
      const originals = await localOriginals(source.mediaDir);
      expect(await localOriginals(target.mediaDir)).toEqual(originals);
      for (const rel of originals)
        expect(readFileSync(path.join(target.mediaDir, rel)).equals(readFileSync(path.join(source.mediaDir, rel))), rel).toBe(true);
      expect(readFileSync(path.join(target.mediaDir, photo)).length).toBeGreaterThan(0);
      // the restored shop serves its catalogue and the photo
      const served = await buildApp({ config: testConfig({ MEDIA_DIR: target.mediaDir, DATA_DIR: target.dataDir }), database: restored });
      await served.ready();
      try {
        const shopper = new TestClient(served);
        expect((await shopper.get('/s/api/products')).statusCode).toBe(200);
        expect((await shopper.get(`/media/small/${photo}`)).statusCode).toBe(200);
      } finally {
        await served.close();
      }

      // a second restore into the same place is refused, and changes nothing
      await expect(restore(target, out)).rejects.toThrow(BackupRefused);
      expect(await counts(restored)).toEqual(before);
    } finally {
      await restored.close();
      if (onPostgres) await database.close();
    }
    const size = (rel: string) => readFileSync(path.join(out, rel)).length;
    console.log(
      `backup round trip (${onPostgres ? 'PostgreSQL' : 'PGlite'}): backup ${(backupMs / 1000).toFixed(1)} s, restore ${(restoreMs / 1000).toFixed(1)} s; ` +
        `database file ${(manifest.database.bytes / 1024 / 1024).toFixed(2)} MB, manifest ${(size('manifest.json') / 1024).toFixed(0)} KB, ` +
        `${Object.keys(manifest.media.local.files).length} media files; ${Object.values(before).reduce((a, b) => a + b, 0)} rows in ${Object.keys(before).length} tables`,
    );
  }, 240_000);

  it('refuses a damaged backup before writing anything', async () => {
    const out = path.join(tmp, 'damaged');
    cpSync(path.join(tmp, 'backup'), out, { recursive: true });
    const manifest = JSON.parse(readFileSync(path.join(out, 'manifest.json'), 'utf8'));
    const victim = Object.keys(manifest.media.local.files)[0]!;
    writeFileSync(path.join(out, 'media', victim), 'not the image');
    const target = await newPlace('damaged');
    await expect(restore(target, out)).rejects.toThrow(`The backup is damaged: media/${victim} does not match its checksum`);
    expect(existsSync(path.join(target.dataDir, 'PG_VERSION'))).toBe(false);
    expect(await localOriginals(target.mediaDir)).toEqual([]);
    if (onPostgres) {
      const database = await open(target); // (migrates: a server started on it)
      await database.close();
      writeFileSync(path.join(out, 'media', victim), readFileSync(path.join(tmp, 'backup', 'media', victim)));
      await expect(restore(target, out)).rejects.toThrow(/is not empty \(\d+ tables.*restore into a new database \(createdb\)/);
    }
  }, 60_000);
});

describe(`backup and restore of media in S3 (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('lists the bucket, copies its objects, and puts them back into an empty bucket only', async () => {
    const server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: path.join(tmp, 's3rver'),
      configureBuckets: [
        { name: 'shop-media', configs: [] },
        { name: 'restored-media', configs: [] },
      ],
    });
    const { port } = await server.run();
    const s3 = (bucket: string, prefix: string) => ({
      bucket,
      prefix,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    const client = new S3Client({
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    try {
      const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0f766e' } })
        .webp()
        .toBuffer();
      const objects = { 'uploads/w1/front-abc.webp': photo, 'uploads/w1/notes-def.png': Buffer.from('not really a png') };
      for (const [key, body] of Object.entries(objects))
        await client.send(new PutObjectCommand({ Bucket: 'shop-media', Key: `grocer/${key}`, Body: body, ContentType: 'image/webp' }));
      // an object outside the prefix is another application's: not listed, not copied
      await client.send(new PutObjectCommand({ Bucket: 'shop-media', Key: 'other/x.txt', Body: 'x' }));

      const source = { ...(await newPlace('s3source', true)), s3: s3('shop-media', 'grocer') };
      const listed = path.join(tmp, 's3-listed');
      const m1 = await backup(source, listed, { s3Objects: false });
      expect(m1.media.s3).toMatchObject({ bucket: 'shop-media', prefix: 'grocer', keys: 2, copied: false, files: {} });
      expect(existsSync(path.join(listed, 's3'))).toBe(false);
      const listing = JSON.parse(readFileSync(path.join(listed, 's3-keys.json'), 'utf8'));
      expect(listing.keys.map((k: { key: string }) => k.key).sort()).toEqual(Object.keys(objects).sort());

      const copied = path.join(tmp, 's3-copied');
      const m2 = await backup(source, copied);
      expect(m2.media.s3).toMatchObject({ keys: 2, copied: true });
      expect(Object.keys(m2.media.s3!.files).sort()).toEqual(Object.keys(objects).sort());

      const target = { ...(await newPlace('s3target')), s3: s3('restored-media', 'shop') };
      await restore(target, copied);
      for (const [key, body] of Object.entries(objects)) {
        const got = await client.send(new GetObjectCommand({ Bucket: 'restored-media', Key: `shop/${key}` }));
        expect(Buffer.from(await got.Body!.transformToByteArray()).equals(body), key).toBe(true);
        expect(got.ContentType).toBe('image/webp');
      }
      // the bucket now holds them: another restore into it is refused, before the database is touched
      const again = { ...(await newPlace('s3again')), s3: s3('restored-media', 'shop') };
      await expect(restore(again, copied)).rejects.toThrow('The bucket restored-media/shop is not empty: restore into an empty one');
      expect(existsSync(path.join(again.dataDir, 'PG_VERSION'))).toBe(false);
    } finally {
      client.destroy();
      await server.close();
    }
  }, 120_000);
});
