import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageComponents, products, websiteSettings } from '../../db/schema';
import { seedDemo } from '../../seed/demo';
import { createTestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { invalidateWebsite } from '../../http/cache';

// Server rendering with the real built web app (`npm test` builds it before the tests run). A
// missing build fails the file: skipping would let a broken build pass the suite unnoticed.
const dist = fileURLToPath(new URL('../../../../web/dist', import.meta.url));
const built = existsSync(new URL('../../../../web/dist-server/entry-server.js', import.meta.url));

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  if (!built) throw new Error('The web app is not built: run `npm run build` before these tests.');
  t = await createTestApp({ env: { WEB_DIST: dist }, seed: (db) => seedDemo(db, { mediaDir: null }) });
  await t.db
    .update(pageComponents)
    .set({
      data: {
        html: '<h2 id="why">Why us</h2><p>Fresh <b>daily</b></p><script>window.pwned=1</script><img src="x" onerror="window.pwned=2"><a href="javascript:alert(1)">x</a>',
      },
    })
    .where(eq(pageComponents.type, 'rich-text'));
});
afterAll(() => t?.close());

describe('server-rendered pages', () => {
  it('renders the home page blocks into the HTML, marked for hydration', async () => {
    const html = (await t.app.inject('/')).body;
    expect(html).toContain('<div id="app" data-ssr="1">');
    expect(html).toMatch(/<h2[^>]*>Best deals<\/h2>/);
    expect(html).toContain('data-testid="product-card"');
    expect(html).not.toContain('boot-spinner');
  });

  it("writes a product named with `$&` and `$'` as it is (text, not a replacement pattern)", async () => {
    const [rice] = await t.db.select().from(products).where(eq(products.slug, 'kaveri-gold-classic-basmati-rice'));
    await t.db.update(products).set({ name: "Rice $& $' $` offer" }).where(eq(products.id, rice!.id));
    invalidateWebsite();
    try {
      const html = (await t.app.inject('/products/kaveri-gold-classic-basmati-rice')).body;
      expect(html).toContain("Rice $&amp; $' $` offer"); // the title, escaped as HTML
      const data = /<script id="__DATA__" type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1]!;
      expect(JSON.stringify(JSON.parse(data))).toContain("Rice $& $' $` offer"); // the inlined data
      expect(html.match(/id="__INIT__"/g)).toHaveLength(1);
      expect(html).not.toContain('<!--app-');
    } finally {
      await t.db.update(products).set({ name: rice!.name }).where(eq(products.id, rice!.id));
      invalidateWebsite();
    }
  });

  it('places the top bar slots by header_template, aligns the sub-navbar by navbar_template and honours every show_* toggle', async () => {
    const [row] = await t.db.select().from(websiteSettings);
    const original = row!.navSetting;
    const header = async (nav: Record<string, unknown>) => {
      await t.db.update(websiteSettings).set({ navSetting: { ...original, ...nav } });
      invalidateWebsite();
      const html = (await t.app.inject('/about-us')).body;
      return /<header[\s\S]*?<\/header>/.exec(html)![0];
    };
    // the first place each slot appears in the header (the search also has a phone-width row)
    const order = (h: string) =>
      (
        [
          ['logo', h.indexOf('aria-label="Demo Grocery home"')],
          ['search', h.indexOf('placeholder="Search"')],
          ['pincode', h.indexOf('Set delivery pincode')],
          ['account', h.indexOf('>Login<')],
          ['cart', h.indexOf('aria-label="Cart, ')],
        ] as const
      )
        .filter(([, i]) => i >= 0)
        .sort((a, b) => a[1] - b[1])
        .map(([k]) => k);
    try {
      expect(order(await header({ header_template: 1 }))).toEqual(['logo', 'search', 'pincode', 'account', 'cart']);
      expect(order(await header({ header_template: 2 }))).toEqual(['logo', 'pincode', 'search', 'account', 'cart']);
      expect(order(await header({ header_template: 3 }))).toEqual(['search', 'logo', 'pincode', 'account', 'cart']);
      expect(order(await header({ header_template: 4 }))).toEqual(['logo', 'pincode', 'account', 'cart', 'search']);
      const justify = async (n: number) => {
        const nav = /<nav[^>]*aria-label="Main"[\s\S]*?<ul[^>]*>/.exec(await header({ navbar_template: n }))?.[0] ?? '';
        return nav.match(/justify-\w+/)?.[0];
      };
      expect([await justify(1), await justify(2), await justify(3), await justify(5)]).toEqual([
        'justify-start',
        'justify-end',
        'justify-center',
        'justify-center',
      ]);
      const bare = await header({
        show_logo: false,
        show_search_bar: false,
        show_pincode: false,
        show_cart_icon: false,
        show_login: false,
        show_sub_navbar: false,
        navbar_height: 72,
      });
      expect(order(bare)).toEqual([]);
      expect(bare).not.toContain('aria-label="Main"');
      expect(bare).toContain('height:72px');
    } finally {
      await t.db.update(websiteSettings).set({ navSetting: original });
      invalidateWebsite();
    }
  });

  it('renders a product page with its name, packs and price', async () => {
    const html = (await t.app.inject('/products/kaveri-gold-classic-basmati-rice')).body;
    expect(html).toMatch(/<h1[^>]*>Kaveri Gold Classic Basmati Rice<\/h1>/);
    expect(html).toContain('Pack size');
  });

  it('renders a product list with the cards of the address it was asked for', async () => {
    const html = (await t.app.inject('/products?q=rice&s=price_asc')).body;
    expect(html).toContain('data-ssr="1"');
    expect(html).toMatch(/Results for (&quot;|")rice(&quot;|")/);
    const cards = html.match(/data-testid="product-card"/g) ?? [];
    expect(cards.length).toBeGreaterThan(3);
  });

  it('sanitises content HTML on the server: no script, handler or javascript: URL survives', async () => {
    const html = (await t.app.inject('/about-us')).body;
    expect(html).toContain('data-ssr="1"');
    const app = html.slice(html.indexOf('<div id="app"'), html.indexOf('<script id="__INIT__"'));
    const clean = (s: string) => {
      expect(s).toContain('<h2 id="why">Why us</h2>');
      expect(s).toContain('<b>daily</b>');
      expect(s).not.toContain('window.pwned');
      expect(s).not.toContain('onerror');
      expect(s).not.toContain('javascript:');
    };
    clean(app);
    // the storefront renders block HTML as its server sends it (no DOM sanitiser in the browser):
    // the page data inlined for hydration and the API's answer carry the same sanitised HTML
    const blocksIn = (data: { data: Array<{ type: string; data: { html?: string } }> }) =>
      data.data.filter((c) => c.type === 'rich-text').map((c) => c.data.html!);
    const inlined = JSON.parse(/<script id="__DATA__" type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1]!) as [
      unknown[],
      never,
    ][];
    const fromHtml = inlined.flatMap(([, data]) => blocksIn(data));
    const answer = (await t.app.inject('/s/api/page/data/about-us')).json();
    const fromApi = blocksIn(answer);
    expect(fromHtml.length).toBeGreaterThan(0);
    expect(fromApi).toEqual(fromHtml);
    for (const h of fromApi) clean(h);
  });

  it('leaves personal pages to the browser', async () => {
    const html = (await t.app.inject('/account/orders')).body;
    expect(html).not.toContain('data-ssr');
    expect(html).toContain('boot-spinner');
  });

  it("asks for a rendered page's scripts after its first paint, and for a personal page's at once", async () => {
    const res = await t.app.inject('/products/kaveri-gold-classic-basmati-rice');
    const rendered = res.body;
    const head = rendered.slice(0, rendered.indexOf('</head>'));
    expect(head).not.toMatch(/<script type="module"|rel="modulepreload"/);
    // the inline loader runs under the page's Content-Security-Policy by its hash
    const boot = /<script>(\(function\(\)\{var done=0;.*?)<\/script>/.exec(rendered)?.[1] ?? '';
    expect(String(res.headers['content-security-policy'])).toContain(`'sha256-${createHash('sha256').update(boot).digest('base64')}'`);
    expect(boot).toContain('first-contentful-paint');
    expect(boot).toMatch(/s\.src="\/assets\/index-[\w-]+\.js"/);
    expect(boot).toMatch(/"\/assets\/product-[\w-]+\.js"/); // the route's chunk, not a waterfall after the entry
    expect(rendered).toContain('var q=window.__early=[]'); // taps before hydration are kept for the app
    const personal = (await t.app.inject('/account/orders')).body;
    const personalHead = personal.slice(0, personal.indexOf('</head>'));
    expect(personalHead).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
    expect(personalHead).toMatch(/rel="modulepreload" crossorigin href="\/assets\/account-[\w-]+\.js"/);
    expect(personal).not.toContain('first-contentful-paint');
    expect(personal).not.toContain('window.__early');
  });

  it("shares a guest's page only when it is what that guest would be rendered: byte for byte, its pincode's own", async () => {
    const guestAt = async (pincode: string) => {
      const c = new TestClient(t.app);
      expect((await c.get(`/s/api/check/pincode/${pincode}`)).statusCode).toBe(200);
      return c;
    };
    const [a, b, elsewhere] = [await guestAt('560034'), await guestAt('560034'), await guestAt('110001')];
    for (const path of ['/', '/products/kaveri-gold-classic-basmati-rice', '/products?c=staples']) {
      invalidateWebsite(); // nothing kept: each page below is rendered for its own guest
      const forA = (await a.get(path)).body;
      invalidateWebsite();
      const forB = (await b.get(path)).body;
      expect(forA).toContain('data-ssr="1"');
      expect(forB).toBe(forA);
      const init = (html: string) => JSON.parse(/<script id="__INIT__" type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1]!);
      expect(init(forA)).toMatchObject({ user: null, pincode: '560034' });
      const other = (await elsewhere.get(path)).body;
      expect(init(other).pincode).toBe('110001');
      expect(other).not.toBe(forA);
    }
  });
});
