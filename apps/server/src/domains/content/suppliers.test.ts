import { initSchema, supplierListSchema, type NavItem } from '@grocer/shared/storefront';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { websiteSettings } from '../../db/schema';
import { seedDemo } from '../../seed/demo';
import { createTestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { invalidateWebsite } from '../../http/cache';

// A stand-in for the built web app (the HTML shell's placeholders).
const dist = mkdtempSync(path.join(os.tmpdir(), 'grocer-dist-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'index.html'), '<html><head><!--app-head--></head><body><div id="app"></div><!--app-data--></body></html>');

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST: dist }, seed: (db) => seedDemo(db, { mediaDir: null }) });
}, 60_000);
afterAll(() => t.close());

async function setSupplierPage(on: boolean) {
  await t.db.update(websiteSettings).set({ showSupplierPage: on });
  invalidateWebsite();
}
const links = (items: NavItem[]): string[] => items.flatMap((i) => [i.link ?? '', ...links(i.children)]);
const initOf = (html: string) =>
  initSchema.parse(JSON.parse(/<script id="__INIT__" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!));
const dataOf = (html: string) =>
  JSON.parse(/<script id="__DATA__" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!) as [unknown[], unknown][];

describe('the suppliers page (spec §3 show_supplier_page)', () => {
  it('GET /s/api/suppliers lists the supplier tiles’ suppliers once each, each linking to its products', async () => {
    await setSupplierPage(true);
    const res = await new TestClient(t.app).get('/s/api/suppliers');
    expect(res.statusCode).toBe(200);
    const { data } = supplierListSchema.parse(res.json());
    expect(data.map((s) => s.title)).toEqual([
      'Local Farmers Collective',
      'Heritage Flour Mills',
      'Village Dairy Co-op',
      'Kerala Spice Growers',
    ]);
    expect(data.map((s) => s.link)).toEqual([
      '/products?c=fruits-and-vegetables',
      '/products?c=atta-and-flours',
      '/products?c=dairy-and-bakery',
      '/products?c=masalas-and-spices',
    ]);
    expect(data[0]).toMatchObject({ image: 'suppliers/farmers.svg', border: true });
  });

  it('server-renders /suppliers with its data, and links to it from the footer', async () => {
    await setSupplierPage(true);
    const res = await t.app.inject('/suppliers');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Suppliers | Demo Grocery</title>');
    expect(dataOf(res.body).find(([key]) => key[0] === 'suppliers')).toBeDefined();
    expect(links(initOf(res.body).footers)).toContain('/suppliers');
  });

  it('when off: the call and the page answer 404 and no link leads there', async () => {
    await setSupplierPage(false);
    try {
      const api = await new TestClient(t.app).get('/s/api/suppliers');
      expect(api.statusCode).toBe(404);
      expect(api.json()).toEqual({ message: 'Page not found', code: 'NOT_FOUND' });
      const page = await t.app.inject('/suppliers');
      expect(page.statusCode).toBe(404);
      const init = initOf(page.body);
      expect(init.web.show_supplier_page).toBe(false);
      expect([...links(init.navs), ...links(init.footers)]).not.toContain('/suppliers');
      expect(links(init.footers)).toContain('/about-us');
    } finally {
      await setSupplierPage(true);
    }
  });
});
