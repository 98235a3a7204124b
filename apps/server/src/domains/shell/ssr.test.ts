import { eq } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageComponents } from '../../db/schema';
import { seedDemo } from '../../seed/demo';
import { createTestApp } from '../../test/app';

// Server rendering with the real built web app (`npm test` builds it before the tests run).
const dist = fileURLToPath(new URL('../../../../web/dist', import.meta.url));
const built = existsSync(new URL('../../../../web/dist-server/entry-server.js', import.meta.url));

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  if (!built) return;
  t = await createTestApp({ env: { WEB_DIST: dist }, seed: (db) => seedDemo(db, { mediaDir: null }) });
  await t.db
    .update(pageComponents)
    .set({ data: { html: '<h2 id="why">Why us</h2><p>Fresh <b>daily</b></p><script>window.pwned=1</script><img src="x" onerror="window.pwned=2"><a href="javascript:alert(1)">x</a>' } })
    .where(eq(pageComponents.type, 'rich-text'));
});
afterAll(() => t?.close());

describe.skipIf(!built)('server-rendered pages', () => {
  it('renders the home page blocks into the HTML, marked for hydration', async () => {
    const html = (await t.app.inject('/')).body;
    expect(html).toContain('<div id="app" data-ssr="1">');
    expect(html).toMatch(/<h2[^>]*>Best deals<\/h2>/);
    expect(html).toContain('data-testid="product-card"');
    expect(html).not.toContain('boot-spinner');
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
    expect(app).toContain('<h2 id="why">Why us</h2>');
    expect(app).toContain('<b>daily</b>');
    expect(app).not.toContain('window.pwned');
    expect(app).not.toContain('onerror');
    expect(app).not.toContain('javascript:');
  });

  it('leaves personal pages to the browser', async () => {
    const html = (await t.app.inject('/account/orders')).body;
    expect(html).not.toContain('data-ssr');
    expect(html).toContain('boot-spinner');
  });
});
