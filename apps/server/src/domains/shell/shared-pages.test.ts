import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidateWebsite } from '../../http/cache';
import { packs, users } from '../../db/schema';
import { seedDemo } from '../../seed/demo';
import { createTestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { signInAs } from '../cart/test-fixture';

// A stand-in for the built web app with a server renderer that counts its renders, so a test can
// tell a page rendered for this request from one kept for visitors without a session.
const root = mkdtempSync(path.join(os.tmpdir(), 'grocer-web-'));
const dist = path.join(root, 'dist');
mkdirSync(path.join(dist, 'assets'), { recursive: true });
mkdirSync(path.join(root, 'dist-server'));
writeFileSync(
  path.join(dist, 'index.html'),
  '<html><head><script type="module" crossorigin src="/assets/index-abc.js"></script><!--app-head--></head><body><div id="app"><div></div></div><!--app-data--></body></html>',
);
writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
writeFileSync(
  path.join(root, 'dist-server', 'entry-server.js'),
  'let n = 0; export async function render(url) { n += 1; return `<main>render ${n} of ${new URL(url).pathname}</main>`; }',
);

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST: dist }, seed: (db) => seedDemo(db, { mediaDir: null }) });
});
afterAll(() => t.close());

const renderOf = (html: string) => /render (\d+) of/.exec(html)?.[1];
/** The hashes of a page's inline scripts (those CSP would run), as the browser computes them. */
const inlineHashes = (html: string) =>
  [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, code]) => `'sha256-${createHash('sha256').update(code!).digest('base64')}'`);

describe('pages for visitors without a session', () => {
  it('are rendered once and shared for seconds: the same bytes, compressed once, their inline scripts allowed by hash', async () => {
    invalidateWebsite();
    const a = await t.app.inject('/');
    const b = await t.app.inject('/');
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(renderOf(a.body)).toBeDefined();
    expect(renderOf(b.body)).toBe(renderOf(a.body));
    expect(b.body).toBe(a.body);
    expect(b.headers['content-security-policy']).toBe(a.headers['content-security-policy']);
    // the early-tap recorder and the after-paint loader, each allowed by its hash and nothing else inline
    const hashes = inlineHashes(a.body);
    expect(hashes).toHaveLength(2);
    for (const h of hashes) expect(a.headers['content-security-policy']).toContain(h);
    expect(a.headers['content-security-policy']).not.toMatch(/nonce|unsafe-inline/);
    // compressed as the browser asks, the same page
    const br = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.headers['content-encoding']).toBe('br');
    // the demo shop speaks three languages: one address, a page per `lang` cookie (issue 46)
    expect(br.headers.vary).toBe('Cookie, Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(a.body);
    const gz = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gz.rawPayload).toString()).toBe(a.body);
    // the same page at another address is its own
    expect(renderOf((await t.app.inject('/about-us')).body)).not.toBe(renderOf(a.body));
  });

  it('a staff edit drops them at once; a session cookie that names no session gets a page of its own', async () => {
    const first = renderOf((await t.app.inject('/')).body);
    invalidateWebsite();
    const after = renderOf((await t.app.inject('/')).body);
    expect(after).not.toBe(first);
    const withSession = async () => renderOf((await t.app.inject({ url: '/', headers: { cookie: 'sid=someone' } })).body);
    const [x, y] = [await withSession(), await withSession()];
    expect(new Set([after, x, y]).size).toBe(3);
  });

  it('a page that is not found is never kept', async () => {
    const a = await t.app.inject('/no-such-page');
    const b = await t.app.inject('/no-such-page');
    expect([a.statusCode, b.statusCode]).toEqual([404, 404]);
    expect(renderOf(b.body)).not.toBe(renderOf(a.body));
  });
});

describe('pages for a guest whose session holds no cart', () => {
  /** A guest who has given a pincode (which starts their session) and nothing more. */
  const guestAt = async (pincode: string) => {
    const c = new TestClient(t.app);
    expect((await c.get(`/s/api/check/pincode/${pincode}`)).statusCode).toBe(200);
    return c;
  };
  const page = async (c: TestClient) => renderOf((await c.get('/')).body);

  it("are shared by every such guest of a pincode; another pincode, a cart or a signed-in shopper's page is their own", async () => {
    invalidateWebsite();
    const [a, b, elsewhere] = [await guestAt('560001'), await guestAt('560001'), await guestAt('400001')];
    const shared = await page(a);
    expect(shared).toBeDefined();
    expect(await page(b)).toBe(shared);
    expect(await page(elsewhere)).not.toBe(shared); // its own stock and slots
    expect(renderOf((await t.app.inject('/')).body)).not.toBe(shared); // nor a visitor without a session's

    // b puts a pack in the cart: from the next page on, b's pages are b's own; a's stays shared
    const [pack] = await t.db.select({ id: packs.id }).from(packs).limit(1);
    expect((await b.post('/s/api/cart/add', { pack_id: pack!.id })).statusCode).toBe(200);
    const [b1, b2] = [await page(b), await page(b)];
    expect(new Set([shared, b1, b2]).size).toBe(3);
    expect(await page(a)).toBe(shared);

    // a signs in: a's pages are a's own
    const [user] = await t.db.insert(users).values({ name: 'Page Guest', email: 'page-guest@example.com' }).returning();
    await signInAs(t.db, a, user!.id);
    const [a1, a2] = [await page(a), await page(a)];
    expect(new Set([shared, b1, b2, a1, a2]).size).toBe(5);
  });
});
