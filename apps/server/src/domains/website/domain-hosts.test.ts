import { asc, eq, sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { websiteDomains, websites } from '../../db/schema';
import { createWebsiteResolver } from '../../http/website';
import { seedDemo } from '../../seed/demo';
import { createTestApp } from '../../test/app';
import type { TestClient } from '../../test/client';
import { staffClients } from '../../test/staff-clients';

// Issue 38, point 5: a host has one form (normaliseHost: lower case, punycode, no trailing dot,
// no port), used when a domain is added and when a request's host is looked up, so no variant of
// one website's domain can be added to, or served by, another.

let t: Awaited<ReturnType<typeof createTestApp>>;
let a: number;
let b: number;
let root: TestClient;

beforeAll(async () => {
  t = await createTestApp({ seed: async (db) => (a = await seedDemo(db, { mediaDir: null })) });
  root = await staffClients(t, a).as({ superadmin: true });
  const made = await root.post('/s/api/bos/websites', { name: 'Shop B', domain: 'shopb.test', state: 'Karnataka', start: 'blank' });
  expect(made.statusCode, made.body).toBe(201);
  b = made.json().id;
});
afterAll(() => t.close());

const hostsOf = async (websiteId: number) =>
  (await t.db.select().from(websiteDomains).where(eq(websiteDomains.websiteId, websiteId)).orderBy(asc(websiteDomains.id))).map(
    (d) => d.host,
  );
const servedBy = async (headers: Record<string, string>) => (await t.app.inject({ url: '/s/api/init', headers })).json().web.id as number;

describe("a domain's variants belong to the website that has the domain", () => {
  it('refuses adding a port, case or trailing-dot variant of B’s domain to A, naming the domain', async () => {
    const before = await hostsOf(a);
    for (const host of ['shopb.test:443', 'SHOPB.test', 'shopb.test.', 'ShopB.Test.:8443', ' shopb.test:80 ']) {
      const res = await root.post(`/s/api/bos/websites/${a}/domains`, { host });
      expect([host, res.statusCode, res.json()]).toEqual([
        host,
        409,
        {
          code: 'DOMAIN_TAKEN',
          message: 'shopb.test already belongs to another website: remove it there first, or choose another domain.',
        },
      ]);
    }
    // nor as a new website's domain
    const made = await root.post('/s/api/bos/websites', { name: 'Shop C', domain: 'SHOPB.TEST.:443', state: 'Karnataka', start: 'blank' });
    expect([made.statusCode, made.json().code]).toEqual([409, 'DOMAIN_TAKEN']);
    expect(await hostsOf(a)).toEqual(before);
    expect(
      await t.db
        .select()
        .from(websiteDomains)
        .where(sql`${websiteDomains.host} like '%shopb%'`),
    ).toEqual([expect.objectContaining({ websiteId: b, host: 'shopb.test' })]);
    expect((await t.db.select().from(websites).where(eq(websites.name, 'Shop C'))).length).toBe(0);
  });

  it('serves every variant of the host B has by B, from Host, Origin or X-Origin', async () => {
    for (const host of ['SHOPB.TEST.:443', 'shopb.test:443', 'shopb.test.', 'ShopB.test:8080']) {
      expect([host, await servedBy({ host })]).toEqual([host, b]);
    }
    expect(await servedBy({ host: 'localhost', 'x-origin': 'https://SHOPB.TEST.:443' })).toBe(b);
    expect(await servedBy({ host: 'localhost', origin: 'http://shopb.test.:80' })).toBe(b);
    // and A keeps its own
    expect(await servedBy({ host: 'LOCALHOST:3000' })).toBe(a);
    // in production too, where an unknown host is refused rather than given the default shop
    const resolver = createWebsiteResolver(t.db, { production: true, ttlMs: 0 });
    await expect(resolver.resolve({ headers: { host: 'SHOPB.test.:443' } })).resolves.toMatchObject({ id: b });
    await expect(resolver.resolve({ headers: { host: 'shopb.test.evil' } })).rejects.toMatchObject({ statusCode: 404 });
  });

  it('stores a port variant without the port, once', async () => {
    const res = await root.post(`/s/api/bos/websites/${b}/domains`, { host: 'WWW.ShopB.test:8443' });
    expect(res.statusCode, res.body).toBe(201);
    expect(await hostsOf(b)).toEqual(['shopb.test', 'www.shopb.test']);
    const again = await root.post(`/s/api/bos/websites/${b}/domains`, { host: 'www.shopb.test' });
    expect([again.statusCode, again.json().code]).toEqual([409, 'DOMAIN_TAKEN']);
  });

  it('stores internationalised domains as punycode, and matches them however they come', async () => {
    const added = await root.post(`/s/api/bos/websites/${b}/domains`, { host: 'दुकान.test' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data.map((d: { host: string }) => d.host)).toContain('xn--11b7ah1gn.test');
    const made = await root.post('/s/api/bos/websites', { name: 'Bücher', domain: 'Bücher.test', state: 'Karnataka', start: 'blank' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().domain).toBe('xn--bcher-kva.test');
    const books = made.json().id as number;
    expect(await hostsOf(books)).toEqual(['xn--bcher-kva.test']);
    // a browser sends punycode in Host; a page's origin may be written either way
    expect(await servedBy({ host: 'xn--11b7ah1gn.test' })).toBe(b);
    expect(await servedBy({ host: 'localhost', 'x-origin': 'https://दुकान.test' })).toBe(b);
    expect(await servedBy({ host: 'XN--BCHER-KVA.TEST.:443' })).toBe(books);
    expect(await servedBy({ host: 'localhost', 'x-origin': 'https://BÜCHER.test' })).toBe(books);
    // the punycode spelling is the same domain
    const taken = await root.post(`/s/api/bos/websites/${a}/domains`, { host: 'XN--BCHER-KVA.test' });
    expect([taken.statusCode, taken.json().message]).toEqual([
      409,
      'xn--bcher-kva.test already belongs to another website: remove it there first, or choose another domain.',
    ]);
  });

  it('holds every writer to the form: the database refuses a host with a port or capitals', async () => {
    for (const host of ['shopd.test:443', 'ShopD.test', 'shopd.test.']) {
      await expect(t.db.insert(websiteDomains).values({ websiteId: a, host })).rejects.toThrow();
    }
  });
});

describe('migration 0030: domains stored before are normalised', () => {
  it('rewrites variants, keeps the plain host’s owner when two become one, and leaves each website a primary', async () => {
    // the rows as an older install could hold them (the check is dropped to write them, as before)
    await t.db.execute(sql`alter table website_domains drop constraint website_domains_host_normal`);
    const [c] = await t.db.insert(websites).values({ name: 'Shop C (old)' }).returning();
    const [d] = await t.db.insert(websites).values({ name: 'Shop D (old)' }).returning();
    await t.db.insert(websiteDomains).values([
      { websiteId: a, host: 'localhost:3000' },
      { websiteId: c!.id, host: 'shopb.test:443', isPrimary: true },
      { websiteId: c!.id, host: 'Shop-C.Test.' },
      { websiteId: c!.id, host: 'shop-c.test:8080' },
      { websiteId: d!.id, host: 'SHOP-D.test:443', isPrimary: true },
    ]);
    const file = path.join(import.meta.dirname, '../../db/migrations/0030_normal-hosts.sql');
    for (const statement of readFileSync(file, 'utf8').split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));

    const rows = async (websiteId: number) =>
      (await t.db.select().from(websiteDomains).where(eq(websiteDomains.websiteId, websiteId)).orderBy(asc(websiteDomains.id))).map((r) => [
        r.host,
        r.isPrimary,
      ]);
    expect(await rows(a)).toEqual([
      ['localhost', true],
      ['127.0.0.1', false],
    ]);
    expect(await rows(b)).toEqual([
      ['shopb.test', true],
      ['www.shopb.test', false],
      ['xn--11b7ah1gn.test', false],
    ]);
    // C lost the variant of B's host and its primary with it: its oldest remaining domain is primary
    expect(await rows(c!.id)).toEqual([['shop-c.test', true]]);
    expect(await rows(d!.id)).toEqual([['shop-d.test', true]]);
    // the check is back: nothing written from now on escapes the form
    await expect(t.db.insert(websiteDomains).values({ websiteId: d!.id, host: 'shop-d.test:80' })).rejects.toThrow();
  });
});
