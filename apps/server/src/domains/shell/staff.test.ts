import { staffBootSchema } from '@grocer/shared/staff';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, websiteMembers } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { seedCartShop, signInAs, type CartShop } from '../cart/test-fixture';

// A stand-in for the built staff app: the placeholders apps/staff/index.html keeps.
const dist = mkdtempSync(path.join(os.tmpdir(), 'grocer-staff-dist-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(
  path.join(dist, 'index.html'),
  '<html><head><title>Administration</title></head><body><div id="root"></div><!--staff-data--></body></html>',
);
writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log(1)');

let t: Awaited<ReturnType<typeof createTestApp>>;
let shop: CartShop;
beforeAll(async () => {
  t = await createTestApp({ env: { STAFF_DIST: dist }, seed: async (db) => (shop = await seedCartShop(db)) });
}, 120_000);
afterAll(() => t.close());

const bootOf = (html: string) =>
  staffBootSchema.parse(JSON.parse(/<script id="__STAFF__" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!));

describe('staff app shell', () => {
  it('serves /bos/admin and every path under it with the website and the signed-in person, never cached or indexed', async () => {
    const visitor = new TestClient(t.app);
    for (const url of [
      '/bos/admin',
      '/bos/admin/products/12?q=rice',
      '/pos',
      '/pos/receipt/GR1001',
      '/page-builder',
      '/page-builder/pages/3',
    ]) {
      const res = await visitor.get(url);
      expect([url, res.statusCode]).toEqual([url, 200]);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-robots-tag']).toBe('noindex');
      expect(res.body).toContain(
        `<title>${url.startsWith('/page-builder') ? 'Website Settings' : 'Administration'} | Test Grocery</title>`,
      );
      expect(bootOf(res.body)).toEqual({ website: { id: shop.websiteId, name: 'Test Grocery' }, user: null });
    }
  });

  it("names the error DSN and environment in the head, so staff errors reach the storefront's tunnel", async () => {
    const res = await new TestClient(t.app).get('/bos/admin/orders');
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain(`<meta name="environment" content="${t.config.environment}" />`);
    // no SENTRY_DSN: the placeholder the SDK names in envelopes the tunnel keeps for the Errors inbox
    expect(head).toContain('<meta name="error-dsn" content="https://firstparty@errors.invalid/1" />');
  });

  it('tells the app who is signed in and whether they may administer this website', async () => {
    const shopper = new TestClient(t.app);
    await signInAs(t.db, shopper, shop.users.shopper.id);
    expect(bootOf((await shopper.get('/bos/admin')).body).user).toMatchObject({
      name: 'Asha Shopper',
      hasAdminAccess: false,
      superadmin: false,
    });
    const [u] = await t.db
      .insert(users)
      .values({ name: 'Owner </script><script>x()</script>', email: 'owner@example.com', phone: '9300000001' })
      .returning();
    await t.db.insert(websiteMembers).values({ websiteId: shop.websiteId, userId: u!.id, hasAdminAccess: true });
    const owner = new TestClient(t.app);
    await signInAs(t.db, owner, u!.id);
    const html = (await owner.get('/bos/admin')).body;
    expect(html).not.toContain('<script>x()');
    expect(bootOf(html).user).toMatchObject({ name: 'Owner </script><script>x()</script>', hasAdminAccess: true });
  });

  it('serves its built assets under /staff/assets/ with immutable caching', async () => {
    const res = await t.app.inject('/staff/assets/index-abc.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.app.inject('/staff/assets/missing.js')).statusCode).toBe(404);
  });
});
