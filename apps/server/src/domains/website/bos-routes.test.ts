import type { ManageableList } from '@grocer/shared/websites';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  categories,
  navItems,
  orders,
  pageComponents,
  pages,
  packs,
  products,
  sessions,
  stock,
  warehouses,
  websiteDomains,
  websiteMembers,
  websiteSettings,
  websites,
} from '../../db/schema';
import { createWebsiteResolver } from '../../http/website';
import { seedDemo } from '../../seed/demo';
import { createTestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { staffClients } from '../../test/staff-clients';

let t: Awaited<ReturnType<typeof createTestApp>>;
let demoId: number;
let staff: ReturnType<typeof staffClients>;
let root: TestClient & { userId?: number };

beforeAll(async () => {
  t = await createTestApp({ seed: async (db) => (demoId = await seedDemo(db, { mediaDir: null })) });
  staff = staffClients(t, demoId);
  root = await staff.as({ superadmin: true });
}, 180_000);
afterAll(() => t.close());

const n = async (
  table:
    | typeof products
    | typeof pages
    | typeof navItems
    | typeof pageComponents
    | typeof packs
    | typeof categories
    | typeof warehouses
    | typeof stock
    | typeof orders,
  websiteId: number,
) => (await t.db.select({ n: count() }).from(table).where(eq(table.websiteId, websiteId)))[0]!.n;

const blank = { name: 'Corner Store', domain: 'corner.localhost', state: 'Maharashtra', gstin: '27ABCDE1234F1Z5', start: 'blank' } as const;
/** A client on another host (the browser's page origin, X-Origin). */
const on = (host: string) => new TestClient(t.app, { 'x-origin': `http://${host}` });

describe('creating a website (/s/api/bos/websites)', () => {
  it('only a superadmin creates; a refused create leaves nothing', async () => {
    const who = await staff.everyone();
    const before = (await t.db.select({ n: count() }).from(websites))[0]!.n;
    for (const [name, status] of [
      ['anonymous', 401],
      ['shopper', 403],
      ['agent', 403],
      ['admin', 403],
    ] as const) {
      const res = await who[name].post('/s/api/bos/websites', { ...blank, domain: `${name}.localhost` });
      expect([name, res.statusCode]).toEqual([name, status]);
    }
    expect((await t.db.select({ n: count() }).from(websites))[0]!.n).toBe(before);
  });

  it('blank: default settings with its state and GSTIN, one warehouse, no products, a home page, the creator its admin, audited', async () => {
    const res = await root.post('/s/api/bos/websites', blank);
    expect(res.statusCode).toBe(201);
    const made = res.json() as { id: number; name: string; domain: string };
    expect(made).toMatchObject({ name: 'Corner Store', domain: 'corner.localhost' });
    const [domain] = await t.db.select().from(websiteDomains).where(eq(websiteDomains.websiteId, made.id));
    expect(domain).toMatchObject({ host: 'corner.localhost', isPrimary: true });
    const [settings] = await t.db.select().from(websiteSettings).where(eq(websiteSettings.websiteId, made.id));
    expect(settings).toMatchObject({
      state: 'Maharashtra',
      theme: 'default',
      logo: '',
      webAddress: { state: 'Maharashtra', gstin: '27ABCDE1234F1Z5' },
    });
    expect(await n(warehouses, made.id)).toBe(1);
    expect([await n(products, made.id), await n(pages, made.id), await n(navItems, made.id)]).toEqual([0, 1, 0]);
    const [member] = await t.db
      .select()
      .from(websiteMembers)
      .where(and(eq(websiteMembers.websiteId, made.id), eq(websiteMembers.userId, root.userId!)));
    expect(member?.hasAdminAccess).toBe(true);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.websiteId, made.id), eq(auditLog.entity, 'website')));
    expect(audit).toMatchObject({ action: 'create', actorId: root.userId });
    // its host serves it: the storefront's init names it
    const init = await on('corner.localhost').get('/s/api/init');
    expect(init.json().web).toMatchObject({ id: made.id, name: 'Corner Store' });
    // and its front door is a page, not a 404: a welcome in its name, its categories, its newest products
    const home = await on('corner.localhost').get('/s/api/page/data/');
    expect(home.statusCode).toBe(200);
    expect(home.json().data.map((c: { type: string }) => c.type)).toEqual(['rich-text', 'category-carousel', 'product-carousel']);
    expect(JSON.stringify(home.json().data[0].data)).toContain('Welcome to Corner Store');
  });

  it('refuses a domain another website has (409, its message) and invalid input (422 per field)', async () => {
    const taken = await root.post('/s/api/bos/websites', { ...blank, name: 'Again', domain: 'Corner.localhost' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'DOMAIN_TAKEN',
      message: 'corner.localhost already belongs to another website: remove it there first, or choose another domain.',
    });
    expect(await t.db.select().from(websites).where(eq(websites.name, 'Again'))).toEqual([]);
    const bad = await root.post('/s/api/bos/websites', { ...blank, domain: 'http://x y', gstin: '123', start: 'copy' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['copy_from', 'domain', 'gstin']);
  });

  it('copy of a storefront without its catalogue: theme, menus, pages with components, popup and SEO; no products, stock or orders', async () => {
    const res = await root.post('/s/api/bos/websites', {
      name: 'Fresh Basket',
      domain: 'fresh.localhost',
      state: 'Karnataka',
      gstin: '',
      start: 'copy',
      copy_from: demoId,
      copy_catalogue: false,
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().id as number;
    const [from] = await t.db.select().from(websiteSettings).where(eq(websiteSettings.websiteId, demoId));
    const [to] = await t.db.select().from(websiteSettings).where(eq(websiteSettings.websiteId, id));
    for (const k of ['theme', 'logo', 'activeTheme', 'navSetting', 'seo', 'popup', 'fontFamily', 'pageScripts'] as const)
      expect(to![k]).toEqual(from![k]);
    expect(to!.webAddress).toEqual({ state: 'Karnataka', gstin: '' });
    expect(await n(pages, id)).toBe(await n(pages, demoId));
    expect(await n(pageComponents, id)).toBe(await n(pageComponents, demoId));
    expect(await n(navItems, id)).toBe(await n(navItems, demoId));
    expect(await n(pages, id)).toBeGreaterThan(0);
    // copied components hang on the copy's pages, nav children on the copy's items
    const comps = await t.db.select({ pageId: pageComponents.pageId }).from(pageComponents).where(eq(pageComponents.websiteId, id));
    const own = new Set((await t.db.select({ id: pages.id }).from(pages).where(eq(pages.websiteId, id))).map((p) => p.id));
    expect(comps.every((c) => own.has(c.pageId))).toBe(true);
    const items = await t.db.select().from(navItems).where(eq(navItems.websiteId, id));
    const itemIds = new Set(items.map((i) => i.id));
    expect(items.filter((i) => i.parentId !== null).every((i) => itemIds.has(i.parentId!))).toBe(true);
    expect([await n(products, id), await n(categories, id), await n(stock, id), await n(orders, id)]).toEqual([0, 0, 0, 0]);
    const init = (await on('fresh.localhost').get('/s/api/init')).json();
    expect(init.web.name).toBe('Fresh Basket');
    expect(init.webPages.length).toBeGreaterThan(0);
  });

  it('copy with its catalogue: categories (same tree), brands, products, packs and images; not stock or orders', async () => {
    const res = await root.post('/s/api/bos/websites', {
      name: 'Twin Grocery',
      domain: 'twin.localhost',
      state: 'Delhi',
      start: 'copy',
      copy_from: demoId,
      copy_catalogue: true,
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().id as number;
    for (const table of [products, packs, categories] as const) expect(await n(table, id)).toBe(await n(table, demoId));
    expect(await n(products, id)).toBeGreaterThan(100);
    expect([await n(stock, id), await n(orders, id)]).toEqual([0, 0]);
    const cats = await t.db.select().from(categories).where(eq(categories.websiteId, id));
    const catIds = new Set(cats.map((c) => c.id));
    expect(cats.filter((c) => c.parentId !== null).every((c) => catIds.has(c.parentId!))).toBe(true);
    const prods = await t.db.select({ categoryId: products.categoryId }).from(products).where(eq(products.websiteId, id));
    expect(prods.every((p) => p.categoryId === null || catIds.has(p.categoryId))).toBe(true);
    // the copy's storefront finds its products, by search too
    const found = (await on('twin.localhost').get('/s/api/products?search=atta')).json();
    expect(found.data.length).toBeGreaterThan(0);
  });
});

describe('choosing the managed website (/s/api/bos/choose)', () => {
  it('lists what the person may manage, with logo, domain and orders today; choosing elsewhere is refused', async () => {
    const all = (await root.get('/s/api/bos/choose')).json() as ManageableList;
    expect(all.can_create).toBe(true);
    const names = all.data.map((w) => w.name);
    expect(names).toEqual(expect.arrayContaining(['Demo Grocery', 'Corner Store', 'Fresh Basket', 'Twin Grocery']));
    const demo = all.data.find((w) => w.id === demoId)!;
    expect(demo).toMatchObject({ domain: 'localhost', logo: 'site/logo.svg', current: true, paused: false });
    expect(demo.orders_today).toBeGreaterThanOrEqual(0);

    // an admin of Demo Grocery and of Corner Store only
    const [corner] = await t.db.select().from(websites).where(eq(websites.name, 'Corner Store'));
    const [fresh] = await t.db.select().from(websites).where(eq(websites.name, 'Fresh Basket'));
    const admin = await staff.as({ hasAdminAccess: true });
    await t.db.insert(websiteMembers).values({ websiteId: corner!.id, userId: admin.userId!, hasAdminAccess: true });
    const mine = (await admin.get('/s/api/bos/choose')).json() as ManageableList;
    expect(mine.data.map((w) => w.name).sort()).toEqual(['Corner Store', 'Demo Grocery']);
    expect(mine.can_create).toBe(false);
    const refused = await admin.post('/s/api/bos/choose', { website_id: fresh!.id });
    expect(refused.statusCode).toBe(403);
    const shopper = await staff.as({});
    expect((await shopper.get('/s/api/bos/choose')).json().data).toEqual([]);
    expect((await shopper.post('/s/api/bos/choose', { website_id: demoId })).statusCode).toBe(403);
    expect((await new TestClient(t.app).get('/s/api/bos/choose')).statusCode).toBe(401);
  });

  it("staff calls then work on the managed website (audited there), the storefront stays on its host's; losing access there is 403", async () => {
    const [corner] = await t.db.select().from(websites).where(eq(websites.name, 'Corner Store'));
    const admin = await staff.as({ hasAdminAccess: true });
    await t.db.insert(websiteMembers).values({ websiteId: corner!.id, userId: admin.userId!, hasAdminAccess: true });
    expect((await admin.get('/s/api/builder/settings')).json().website_id).toBe(demoId);
    const chose = await admin.post('/s/api/bos/choose', { website_id: corner!.id });
    expect(chose.statusCode).toBe(200);
    expect(chose.json()).toEqual({ website: { id: corner!.id, name: 'Corner Store' } });
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, admin.userId!));
    expect(session).toMatchObject({ websiteId: demoId, managedWebsiteId: corner!.id });

    expect((await admin.get('/s/api/builder/settings')).json()).toMatchObject({
      website_id: corner!.id,
      website: { name: 'Corner Store' },
    });
    // Administration's product list is Corner Store's (no products), not Demo Grocery's
    const list = (await admin.get('/s/api/admin/products')).json();
    expect(list.total ?? list.data.length).toBe(0);
    // a write is made on, and audited against, the managed website
    const brand = await admin.post('/s/api/admin/brands', { name: 'Corner Own', slug: 'corner-own', logo: '' });
    expect(brand.statusCode).toBe(201);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'brand'), eq(auditLog.actorId, admin.userId!)));
    expect(audit?.websiteId).toBe(corner!.id);
    // the storefront on this host is still Demo Grocery's
    expect((await admin.get('/s/api/init')).json().web.id).toBe(demoId);
    // the staff shell's boot data names the managed website (or says the app is not built)
    const page = await admin.get('/bos/admin');
    expect([200, 503]).toContain(page.statusCode);

    await t.db
      .update(websiteMembers)
      .set({ hasAdminAccess: false })
      .where(and(eq(websiteMembers.websiteId, corner!.id), eq(websiteMembers.userId, admin.userId!)));
    expect((await admin.get('/s/api/builder/settings')).statusCode).toBe(403);
    // choosing back the host's website works again
    expect((await admin.post('/s/api/bos/choose', { website_id: demoId })).statusCode).toBe(200);
    const back = await admin.get('/s/api/builder/settings');
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().website_id).toBe(demoId);
  });
});

describe('domains and pausing', () => {
  it('adds, sets primary and removes domains; a host belongs to one website; unknown hosts are 404 in production', async () => {
    const [corner] = await t.db.select().from(websites).where(eq(websites.name, 'Corner Store'));
    const url = `/s/api/bos/websites/${corner!.id}/domains`;
    const added = await root.post(url, { host: 'www.corner.localhost' });
    expect(added.statusCode).toBe(201);
    expect(added.json().data).toEqual([
      expect.objectContaining({ host: 'corner.localhost', is_primary: true }),
      expect.objectContaining({ host: 'www.corner.localhost', is_primary: false }),
    ]);
    expect((await on('www.corner.localhost').get('/s/api/init')).json().web.id).toBe(corner!.id);
    const taken = await root.post(`/s/api/bos/websites/${demoId}/domains`, { host: 'www.corner.localhost' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('DOMAIN_TAKEN');
    const www = added.json().data[1].id as number;
    const first = added.json().data[0].id as number;
    expect((await root.delete(`${url}/${first}`)).json().code).toBe('PRIMARY_DOMAIN_KEPT');
    const primary = await root.post(`${url}/${www}/primary`);
    expect(primary.json().data.map((d: { host: string; is_primary: boolean }) => [d.host, d.is_primary])).toEqual([
      ['corner.localhost', false],
      ['www.corner.localhost', true],
    ]);
    const removed = await root.delete(`${url}/${first}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.map((d: { host: string }) => d.host)).toEqual(['www.corner.localhost']);
    // a domain of another website is not removable through this one
    const [demoDomain] = await t.db
      .select()
      .from(websiteDomains)
      .where(and(eq(websiteDomains.websiteId, demoId), eq(websiteDomains.host, '127.0.0.1')));
    expect((await root.delete(`${url}/${demoDomain!.id}`)).statusCode).toBe(404);
    // only a superadmin manages domains
    const admin = await staff.as({ hasAdminAccess: true });
    expect((await admin.post(`/s/api/bos/websites/${demoId}/domains`, { host: 'x.localhost' })).statusCode).toBe(403);

    // in production a host no website has is the 404 of DESIGN §4; the removed one is unknown now
    const resolver = createWebsiteResolver(t.db, { production: true, ttlMs: 0 });
    await expect(resolver.resolve({ headers: { host: 'corner.localhost' } })).rejects.toMatchObject({
      statusCode: 404,
      code: 'WEBSITE_NOT_FOUND',
    });
    await expect(resolver.resolve({ headers: { host: 'www.corner.localhost' } })).resolves.toMatchObject({ id: corner!.id });
    const res = await t.app.inject({ method: 'GET', url: '/s/api/init', headers: { host: 'nobody.example' } });
    expect(res.statusCode).toBe(200); // outside production the default shop answers unknown hosts
  });

  it('pausing closes the storefront (a closed page), staff still work; reopening ends it', async () => {
    const [fresh] = await t.db.select().from(websites).where(eq(websites.name, 'Fresh Basket'));
    const paused = await root.patch(`/s/api/bos/websites/${fresh!.id}`, { paused: true });
    expect(paused.json()).toEqual({ id: fresh!.id, name: 'Fresh Basket', paused: true });
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'fresh.localhost' } });
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain('<h1>Fresh Basket is closed for now</h1>');
    const demoPage = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'localhost' } });
    expect(demoPage.body).not.toContain('closed for now');
    // its staff still work on it
    expect((await root.post('/s/api/bos/choose', { website_id: fresh!.id })).statusCode).toBe(200);
    expect((await root.get('/s/api/builder/settings')).json().website_id).toBe(fresh!.id);
    expect((await root.get('/s/api/bos/choose')).json().data.find((w: { id: number }) => w.id === fresh!.id).paused).toBe(true);
    await root.post('/s/api/bos/choose', { website_id: demoId });
    expect((await root.patch(`/s/api/bos/websites/${fresh!.id}`, { paused: false })).json().paused).toBe(false);
    const again = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'fresh.localhost' } });
    expect(again.body).not.toContain('closed for now');
    const [row] = await t.db
      .select()
      .from(websites)
      .where(and(eq(websites.id, fresh!.id), isNull(websites.pausedAt)));
    expect(row).toBeDefined();
  });

  it("a session is valid only on its own website's hosts", async () => {
    const shopperClient = await staff.as({});
    expect((await shopperClient.get('/s/api/init')).json().user).not.toBeNull();
    // the same cookie sent to Fresh Basket's host: signed out there
    const elsewhere = new TestClient(t.app, { 'x-origin': 'http://fresh.localhost' });
    for (const [k, v] of shopperClient.cookies) elsewhere.cookies.set(k, v);
    expect((await elsewhere.get('/s/api/init')).json().user).toBeNull();
    expect((await elsewhere.get('/s/api/account')).statusCode).toBe(401);
    expect((await shopperClient.get('/s/api/account')).statusCode).toBe(200);
  });
});
