import type { SiteSettings } from '@grocer/shared/site-settings';
import type { NavItem } from '@grocer/shared/storefront';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, navItems, pages, websiteDomains, websiteSettings, websites } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { ROLE_STATUS, staffClients, type RoleName } from '../../test/staff-clients';
import { seedCartShop, type CartShop } from '../cart/test-fixture';
import { parseNavSetting } from './service';

let t: Awaited<ReturnType<typeof createTestApp>>;
let shop: CartShop;
let admin: TestClient;
let owner: TestClient;
let otherId: number;
let staff: ReturnType<typeof staffClients>;

const OTHER_THEME = { primary: '#123456' };

beforeAll(async () => {
  t = await createTestApp({ seed: async (db) => (shop = await seedCartShop(db)) });
  staff = staffClients(t, shop.websiteId);
  admin = await staff.as({ hasAdminAccess: true });
  owner = await staff.as({ superadmin: true, hasAdminAccess: true });
  const [other] = await t.db.insert(websites).values({ name: 'Other Shop' }).returning();
  otherId = other!.id;
  await t.db.insert(websiteDomains).values({ websiteId: otherId, host: 'other.test' });
  await t.db
    .insert(websiteSettings)
    .values({ websiteId: otherId, activeTheme: OTHER_THEME, navSetting: { navbar_template: 3 }, version: 7 });
  await t.db.insert(navItems).values({ websiteId: otherId, kind: 'nav', name: 'Theirs', link: '/theirs', value: '/theirs' });
}, 120_000);
afterAll(() => t.close());

const settings = async (c: TestClient = admin): Promise<SiteSettings> => {
  const res = await c.get('/s/api/builder/settings');
  expect(res.statusCode).toBe(200);
  return res.json();
};
const init = async () => (await new TestClient(t.app).get('/s/api/init')).json();
const otherUntouched = async () => {
  const [row] = await t.db.select().from(websiteSettings).where(eq(websiteSettings.websiteId, otherId));
  expect(row).toMatchObject({ activeTheme: OTHER_THEME, navSetting: { navbar_template: 3 }, version: 7 });
  const items = await t.db.select().from(navItems).where(eq(navItems.websiteId, otherId));
  expect(items.map((i) => i.name)).toEqual(['Theirs']);
};

const item = (name: string, link: string, children: NavItem[] = []): NavItem => ({
  group: null,
  name,
  icon: null,
  show_icon: 0,
  link,
  value: link,
  slug: null,
  image: null,
  children,
});

/** A valid body for each group, from the current settings. */
function bodies(s: SiteSettings): Record<string, [string, unknown]> {
  return {
    website: ['/s/api/builder/settings/website', { ...s.website, version: s.version }],
    theme: ['/s/api/builder/settings/theme', { ...s.theme, version: s.version }],
    navigation: ['/s/api/builder/settings/navigation', { ...s.navigation, version: s.version }],
    popup: ['/s/api/builder/settings/popup', { popup: s.popup, version: s.version }],
    seo: ['/s/api/builder/settings/seo', { ...s.seo, version: s.version }],
    scripts: ['/s/api/builder/settings/scripts', { head: '', body: '', version: s.version }],
    menus: ['/s/api/builder/menus/nav', { items: s.menus.nav, version: s.version }],
  };
}

describe('Website Settings staff calls', () => {
  it('role matrix: 401 signed out, 403 shopper and agent, admin and superadmin read; refused writes change nothing', async () => {
    const who = await staff.everyone();
    const before = await settings();
    for (const [name, c] of Object.entries(who) as Array<[RoleName, TestClient]>) {
      expect([name, (await c.get('/s/api/builder/settings')).statusCode]).toEqual([name, ROLE_STATUS[name]]);
      if (ROLE_STATUS[name] === 200) continue;
      for (const [group, [url, body]] of Object.entries(bodies(before))) {
        expect([name, group, (await c.put(url, body)).statusCode]).toEqual([name, group, ROLE_STATUS[name]]);
      }
    }
    expect((await settings()).version).toBe(before.version);
    await otherUntouched();
  });

  it('the theme: saved, audited, versioned, on the storefront at once; another website untouched', async () => {
    const s = await settings();
    const res = await admin.put('/s/api/builder/settings/theme', {
      activetheme: { primary: '#7c3aed', foreground: '#111111' },
      version: s.version,
    });
    expect([res.statusCode, res.json()]).toEqual([200, { version: s.version + 1 }]);
    expect((await init()).activetheme).toEqual({ primary: '#7c3aed', foreground: '#111111' });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.websiteId, shop.websiteId), eq(auditLog.entityId, `${shop.websiteId}:theme`)));
    expect(audit.at(-1)).toMatchObject({ entity: 'website_settings', action: 'update', after: { primary: '#7c3aed' } });
    await otherUntouched();
  });

  it('409 on a stale version, nothing changed', async () => {
    const s = await settings();
    const stale = await admin.put('/s/api/builder/settings/seo', { ...s.seo, og_title: 'Stale', version: s.version - 1 });
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'STALE_SETTINGS']);
    const menu = await admin.put('/s/api/builder/menus/nav', { items: [item('Stale', '/x')], version: s.version + 5 });
    expect(menu.statusCode).toBe(409);
    const after = await settings();
    expect(after.version).toBe(s.version);
    expect(after.seo.og_title).toBe(s.seo.og_title);
    expect(after.menus.nav).toEqual(s.menus.nav);
  });

  it('bad values are refused at the field, with nothing changed', async () => {
    const s = await settings();
    const cases: Array<[string, unknown, string]> = [
      ['/s/api/builder/settings/navigation', { ...s.navigation, navbar_template: 9, version: s.version }, 'navbar_template'],
      [
        '/s/api/builder/settings/navigation',
        { ...s.navigation, logo_settings: { ...s.navigation.logo_settings, image_height: 5000 }, version: s.version },
        'logo_settings.image_height',
      ],
      ['/s/api/builder/settings/theme', { activetheme: { primary: 'red;}body{display:none' }, version: s.version }, 'activetheme.primary'],
      ['/s/api/builder/settings/website', { ...s.website, font_family: 'Comic Sans', version: s.version }, 'font_family'],
      ['/s/api/builder/settings/website', { ...s.website, name: '  ', version: s.version }, 'name'],
      [
        '/s/api/builder/settings/popup',
        { popup: { image: 'x.png', duration: 5, link: 'javascript:alert(1)', once: false }, version: s.version },
        'popup.link',
      ],
      [
        '/s/api/builder/menus/nav',
        { items: [item('Fresh', '/f', [{ ...item('Bad', '/b'), icon: 'Bad Icon' }])], version: s.version },
        'items.0.children.0.icon',
      ],
      ['/s/api/builder/menus/footer', { items: [item('', '/f')], version: s.version }, 'items.0.name'],
    ];
    for (const [url, body, field] of cases) {
      const res = await admin.put(url, body);
      expect([url, res.statusCode]).toEqual([url, 422]);
      expect([url, Object.keys(res.json().errors)]).toEqual([url, [field]]);
    }
    expect(await settings()).toEqual(s);
  });

  it('navigation and website settings reach /s/api/init; menus with a submenu and a generated /categories item', async () => {
    let s = await settings();
    const nav = { ...s.navigation, header_template: 3, navbar_template: 2, show_register: false, footer_name: 'Corner Shop' };
    expect((await admin.put('/s/api/builder/settings/navigation', { ...nav, version: s.version })).statusCode).toBe(200);
    s = await settings();
    expect(s.navigation).toEqual(nav);
    const web = { ...s.website, name: 'Renamed Grocery', font_family: 'Poppins' as const, show_cart: false };
    expect((await admin.put('/s/api/builder/settings/website', { ...web, version: s.version })).statusCode).toBe(200);
    s = await settings();
    const tree = [
      item('Deals', '/products?s=discount', [item('Rice', '/products?q=rice', [item('Basmati', '/products?q=basmati')])]),
      item('All', '/categories'),
    ];
    expect((await admin.put('/s/api/builder/menus/nav', { items: tree, version: s.version })).statusCode).toBe(200);
    const i = await init();
    expect(i.navSetting).toMatchObject({ header_template: 3, navbar_template: 2, show_register: false, footer_name: 'Corner Shop' });
    expect(i.web).toMatchObject({ name: 'Renamed Grocery', font_family: 'Poppins', show_cart: false });
    expect(i.navs[0]).toMatchObject({ name: 'Deals', children: [{ name: 'Rice', children: [{ name: 'Basmati' }] }] });
    expect(i.navs[1].value).toBe('/categories');
    expect((await settings()).menus.nav).toEqual(tree);
    await otherUntouched();
  });

  it('show_register off closes registration on the server', async () => {
    const s = await settings();
    await admin.put('/s/api/builder/settings/navigation', { ...s.navigation, show_register: false, version: s.version });
    const res = await new TestClient(t.app).post('/s/api/auth/register', {
      name: 'New Person',
      email: 'new@example.com',
      phone: '9876543210',
    });
    expect([res.statusCode, res.json().code]).toEqual([403, 'REGISTRATION_CLOSED']);
    const s2 = await settings();
    await admin.put('/s/api/builder/settings/navigation', { ...s2.navigation, show_register: true, version: s2.version });
    const open = await new TestClient(t.app).post('/s/api/auth/register', {
      name: 'New Person',
      email: 'new@example.com',
      phone: '9876543210',
    });
    expect(open.statusCode).toBe(200);
  });

  it('extra page scripts: owner only (hasAdminAccess alone neither sees nor saves them)', async () => {
    expect((await settings(admin)).scripts).toBeNull();
    const s = await settings(owner);
    expect(s.scripts).toEqual({ head: '', body: '' });
    const body = { head: '<script src="https://tags.example.com/t.js"></script>', body: '', version: s.version };
    expect((await admin.put('/s/api/builder/settings/scripts', body)).statusCode).toBe(403);
    expect((await settings(owner)).version).toBe(s.version);
    expect((await owner.put('/s/api/builder/settings/scripts', body)).statusCode).toBe(200);
    expect((await settings(owner)).scripts?.head).toContain('tags.example.com');
  });

  it('one invalid stored nav setting falls back alone; the others stay as set', () => {
    const nav = parseNavSetting({
      navbar_template: 42,
      header_template: 3,
      navbar_height: 70,
      logo_settings: '{"image_height": "x", "image_width": 80}',
    });
    expect(nav).toMatchObject({
      navbar_template: 1,
      header_template: 3,
      navbar_height: 70,
      logo_settings: { image_height: 56, image_width: 80 },
    });
  });

  it('fonts: the 12 bundled families with their @font-face rules', async () => {
    const res = await admin.get('/s/api/builder/fonts');
    expect(res.json().data.map((f: { family: string }) => f.family)).toHaveLength(12);
    expect(res.json().data[0].css).toContain('@font-face');
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('lists the published pages and active products of the host’s website only', async () => {
    await t.db.insert(pages).values([
      { websiteId: shop.websiteId, url: '/diwali', title: 'Diwali', published: true },
      { websiteId: shop.websiteId, url: '/draft-page', title: 'Draft', published: false },
      { websiteId: otherId, url: '/their-page', title: 'Theirs', published: true },
    ]);
    const res = await new TestClient(t.app, { host: 'localhost' }).get('/sitemap.xml');
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toContain('<loc>http://localhost/diwali</loc>');
    expect(res.body).toMatch(/<loc>http:\/\/localhost\/products\/[^<]+<\/loc><lastmod>/);
    expect(res.body).not.toContain('draft-page');
    expect(res.body).not.toContain('their-page');
    const other = await new TestClient(t.app, { host: 'other.test' }).get('/sitemap.xml');
    expect(other.body).toContain('<loc>http://other.test/their-page</loc>');
    expect(other.body).not.toContain('/products/');
    const robots = await new TestClient(t.app, { host: 'other.test' }).get('/robots.txt');
    expect(robots.body).toContain('Disallow: /account');
    expect(robots.body).toContain('Sitemap: http://other.test/sitemap.xml');
  });
});
