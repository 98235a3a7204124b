import { and, desc, eq, like } from 'drizzle-orm';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outbox, rateLimits, users, websiteSettings } from '../../db/schema';
import { invalidateWebsite } from '../../http/cache';
import { createTestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { staffClients } from '../../test/staff-clients';
import { seedCartShop, signInAs, type CartShop } from '../cart/test-fixture';
import { LANGUAGE_NOT_OFFERED } from './routes';

// A stand-in for the built web app whose server renderer writes the language init hands it and
// counts its renders, so a test tells a page rendered in Hindi from one kept for English visitors.
const root = mkdtempSync(path.join(os.tmpdir(), 'grocer-lang-'));
const dist = path.join(root, 'dist');
mkdirSync(path.join(dist, 'assets'), { recursive: true });
mkdirSync(path.join(root, 'dist-server'));
writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html lang="en"><head><script type="module" crossorigin src="/assets/index-abc.js"></script><!--app-head--></head><body><div id="app"><div></div></div><!--app-data--></body></html>',
);
writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
writeFileSync(
  path.join(root, 'dist-server', 'entry-server.js'),
  'let n = 0; export async function render(url, { init }) { n += 1; return `<main>render ${n} in ${init.language}</main>`; }',
);

let t: Awaited<ReturnType<typeof createTestApp>>;
let shop: CartShop;

/** The website offers English and Hindi (not Kannada) until a test changes it. */
beforeAll(async () => {
  t = await createTestApp({
    env: { WEB_DIST: dist },
    seed: async (db) => {
      shop = await seedCartShop(db);
      await db.insert(websiteSettings).values({ websiteId: shop.websiteId, languages: ['en', 'hi'], defaultLanguage: 'en' });
    },
  });
}, 120_000);
afterAll(() => t.close());

const offer = async (languages: ('en' | 'hi' | 'kn')[], defaultLanguage: 'en' | 'hi' | 'kn' = 'en') => {
  await t.db.update(websiteSettings).set({ languages, defaultLanguage }).where(eq(websiteSettings.websiteId, shop.websiteId));
  invalidateWebsite(shop.websiteId);
};
const initOf = async (url = '/s/api/init', cookie?: string) => {
  const res = await t.app.inject({ url, headers: cookie ? { cookie } : {} });
  expect(res.statusCode).toBe(200);
  return res.json() as { language: string; languages: string[] };
};
const htmlLang = (html: string) => /<html lang="([^"]*)"/.exec(html)?.[1];
const rendered = (html: string) => /render (\d+) in (\w+)/.exec(html);

describe('the language of a request', () => {
  it('is ?lang= over the cookie over the default, and only one the website offers', async () => {
    expect(await initOf()).toMatchObject({ language: 'en', languages: ['en', 'hi'] });
    expect((await initOf('/s/api/init', 'lang=hi')).language).toBe('hi');
    expect((await initOf('/s/api/init?lang=en', 'lang=hi')).language).toBe('en');
    expect((await initOf('/s/api/init?lang=hi')).language).toBe('hi');
    // not offered (Kannada), unknown, or junk: the default
    expect((await initOf('/s/api/init', 'lang=kn')).language).toBe('en');
    expect((await initOf('/s/api/init?lang=kn', 'lang=hi')).language).toBe('hi');
    expect((await initOf('/s/api/init', 'lang=fr')).language).toBe('en');
    expect((await initOf('/s/api/init?lang=%ZZ')).language).toBe('en');
    // a website whose default is Hindi lists it first
    await offer(['en', 'hi'], 'hi');
    try {
      expect(await initOf()).toMatchObject({ language: 'hi', languages: ['hi', 'en'] });
    } finally {
      await offer(['en', 'hi']);
    }
  });

  it("of a signed-in shopper is their account's unless the browser chose one", async () => {
    await t.db.update(users).set({ language: 'hi' }).where(eq(users.id, shop.users.other.id));
    const c = new TestClient(t.app);
    await signInAs(t.db, c, shop.users.other.id);
    expect((await c.get('/s/api/init')).json().language).toBe('hi');
    c.cookies.set('lang', 'en');
    expect((await c.get('/s/api/init')).json().language).toBe('en');
    // an account language the website does not offer: the default
    await t.db.update(users).set({ language: 'kn' }).where(eq(users.id, shop.users.other.id));
    c.cookies.delete('lang');
    const d = new TestClient(t.app);
    await signInAs(t.db, d, shop.users.other.id);
    expect((await d.get('/s/api/init')).json().language).toBe('en');
    await t.db.update(users).set({ language: null }).where(eq(users.id, shop.users.other.id));
  });
});

describe('PUT /s/api/language', () => {
  it('keeps an offered language in the cookie for a year; refuses another with nothing changed', async () => {
    const c = new TestClient(t.app);
    const ok = await c.put('/s/api/language', { language: 'hi' });
    expect(ok.statusCode).toBe(204);
    const cookie = ok.cookies.find((k) => k.name === 'lang') as { value: string; maxAge: number; path: string; sameSite: string };
    expect(cookie).toMatchObject({ value: 'hi', maxAge: 365 * 24 * 3600, path: '/', sameSite: 'Lax' });
    expect((await c.get('/s/api/init')).json().language).toBe('hi');
    for (const language of ['kn', 'fr', '']) {
      const no = await c.put('/s/api/language', { language });
      expect(no.statusCode).toBe(400);
      expect(no.json().errors).toEqual({ language: [LANGUAGE_NOT_OFFERED] });
      expect(no.json()).toMatchObject({ message: LANGUAGE_NOT_OFFERED });
      expect(no.cookies.find((k) => k.name === 'lang')).toBeUndefined();
    }
    expect(c.cookies.get('lang')).toBe('hi');
    expect((await c.put('/s/api/language', {})).statusCode).toBe(422); // no language at all: the schema's refusal
    // without the XSRF header: refused like every state-changing call
    const bare = await t.app.inject({ method: 'PUT', url: '/s/api/language', payload: { language: 'en' } });
    expect(bare.statusCode).toBe(403);
  });

  it('signed in, saves it on the account; a fresh browser signing in speaks it', async () => {
    const a = new TestClient(t.app);
    await signInAs(t.db, a, shop.users.shopper.id);
    expect((await a.put('/s/api/language', { language: 'hi' })).statusCode).toBe(204);
    const [row] = await t.db.select({ language: users.language }).from(users).where(eq(users.id, shop.users.shopper.id));
    expect(row!.language).toBe('hi');

    // another phone: signs in with a code, no cookie of its own yet
    const b = new TestClient(t.app);
    expect((await b.get('/s/api/init')).json().language).toBe('en');
    expect((await b.post('/s/api/auth/login', { identifier: 'asha@example.com' })).statusCode).toBe(200);
    const [m] = await t.db.select().from(outbox).where(eq(outbox.to, 'asha@example.com')).orderBy(desc(outbox.id)).limit(1);
    const code = /\b(\d{6})\b/.exec(m!.body)![1]!;
    expect((await b.post('/s/api/auth/verify', { identifier: 'asha@example.com', code })).statusCode).toBe(200);
    expect(b.cookies.get('lang')).toBe('hi');
    expect((await b.get('/s/api/init')).json().language).toBe('hi');
    expect(htmlLang((await b.get('/')).body)).toBe('hi-IN');

    // a browser that chose English keeps it when it signs in
    const c = new TestClient(t.app);
    await c.put('/s/api/language', { language: 'en' });
    // (the resend cooldown let pass without waiting 30 s)
    await t.db
      .update(rateLimits)
      .set({ windowStart: new Date(Date.now() - 60_000) })
      .where(like(rateLimits.key, 'cooldown:%'));
    expect((await c.post('/s/api/auth/login', { identifier: 'asha@example.com' })).statusCode).toBe(200);
    const [m2] = await t.db.select().from(outbox).where(eq(outbox.to, 'asha@example.com')).orderBy(desc(outbox.id)).limit(1);
    const res = await c.post('/s/api/auth/verify', { identifier: 'asha@example.com', code: /\b(\d{6})\b/.exec(m2!.body)![1]! });
    expect(res.statusCode).toBe(200);
    expect(c.cookies.get('lang')).toBe('en');
    expect((await c.get('/s/api/init')).json().language).toBe('en');
  });
});

describe('caches never answer in another language', () => {
  it('/s/api/init for guests: the micro-cache and the front cache keep one answer per language', async () => {
    const front = t.app.frontCache.counts;
    for (let round = 0; round < 3; round++) {
      expect((await initOf('/s/api/init', 'lang=hi')).language).toBe('hi');
      expect((await initOf('/s/api/init')).language).toBe('en');
      expect((await initOf('/s/api/init', 'lang=en')).language).toBe('en');
      expect((await initOf('/s/api/init?lang=hi')).language).toBe('hi');
      expect((await initOf('/s/api/init', 'theme=dark; lang=hi')).language).toBe('hi');
    }
    expect(front.hook).toBeGreaterThan(0); // answered from the front cache, each in its language
  });

  it('catalogue answers: the front cache keeps one per language, for guests and for sessions', async () => {
    const counts = t.app.frontCache.counts;
    const get = async (cookie?: string) => {
      const before = { ...counts };
      const res = await t.app.inject({ url: '/s/api/products?q=rice', headers: cookie ? { cookie } : {} });
      expect(res.statusCode).toBe(200);
      return counts.miss > before.miss ? 'route' : 'kept';
    };
    invalidateWebsite(shop.websiteId);
    expect(await get('lang=hi')).toBe('route');
    expect(await get('lang=hi')).toBe('kept');
    expect(await get('lang=en')).toBe('route'); // never the Hindi answer
    expect(await get()).toBe('kept'); // the default: English's
    expect(await get('lang=kn')).toBe('kept'); // not offered: the default's
    // a guest with a session (a pincode given): kept per language too
    const c = new TestClient(t.app);
    await c.put('/s/api/language', { language: 'hi' });
    expect((await c.get('/s/api/check/pincode/560001')).statusCode).toBe(200);
    expect((await c.get('/s/api/init')).json().pincode).toBe('560001');
    const sid = c.cookies.get('sid')!;
    expect(sid).toBeTruthy();
    expect(await get(`sid=${sid}; lang=hi`)).toBe('route');
    expect(await get(`sid=${sid}; lang=hi`)).toBe('kept');
    expect(await get(`sid=${sid}; lang=en`)).toBe('route');
    expect(await get(`sid=${sid}; lang=en`)).toBe('kept');
  });

  it('pages: a Hindi cookie then an English cookie at one address give two pages, each kept', async () => {
    const hi1 = await t.app.inject({ url: '/categories', headers: { cookie: 'lang=hi' } });
    const en1 = await t.app.inject({ url: '/categories', headers: { cookie: 'lang=en' } });
    const hi2 = await t.app.inject({ url: '/categories', headers: { cookie: 'lang=hi' } });
    const en2 = await t.app.inject({ url: '/categories' });
    expect(htmlLang(hi1.body)).toBe('hi-IN');
    expect(htmlLang(en1.body)).toBe('en-IN');
    expect(rendered(hi1.body)![2]).toBe('hi');
    expect(rendered(en1.body)![2]).toBe('en');
    // each language's page is shared (the same render), never the other's
    expect(hi2.body).toBe(hi1.body);
    expect(en2.body).toBe(en1.body);
    expect(JSON.parse(/id="__INIT__" type="application\/json">(.*?)<\/script>/.exec(hi1.body)![1]!).language).toBe('hi');
    // a cache between must keep them apart: the page varies with the cookie
    expect(String(hi1.headers.vary)).toMatch(/\bCookie\b/);
  });

  it('a website of one language: no Vary on Cookie, no alternates, lang="en-IN"', async () => {
    await offer(['en']);
    try {
      const res = await t.app.inject({ url: '/', headers: { cookie: 'lang=hi' } });
      expect(htmlLang(res.body)).toBe('en-IN');
      expect(String(res.headers.vary ?? '')).not.toMatch(/Cookie/);
      expect(res.body).not.toContain('hreflang');
      expect((await initOf('/s/api/init', 'lang=hi')).languages).toEqual(['en']);
    } finally {
      await offer(['en', 'hi']);
    }
  });
});

describe('search engines', () => {
  it('every page names its version in each offered language and x-default; the canonical keeps ?lang=', async () => {
    const plain = (await t.app.inject({ url: '/products' })).body;
    expect(plain).toContain('<link rel="alternate" hreflang="en-IN" href="http://localhost:80/products?lang=en">');
    expect(plain).toContain('<link rel="alternate" hreflang="hi-IN" href="http://localhost:80/products?lang=hi">');
    expect(plain).toContain('<link rel="alternate" hreflang="x-default" href="http://localhost:80/products">');
    expect(plain).not.toContain('hreflang="kn-IN"');
    expect(plain).toContain('<link rel="canonical" href="http://localhost:80/products">');
    const hindi = (await t.app.inject({ url: '/products?lang=hi' })).body;
    expect(htmlLang(hindi)).toBe('hi-IN');
    expect(hindi).toContain('<link rel="canonical" href="http://localhost:80/products?lang=hi">');
    expect(hindi).toContain('<meta property="og:url" content="http://localhost:80/products?lang=hi">');
    // a ?lang= the website does not offer: the default page, its canonical the plain address
    const kn = (await t.app.inject({ url: '/products?lang=kn' })).body;
    expect(htmlLang(kn)).toBe('en-IN');
    expect(kn).toContain('<link rel="canonical" href="http://localhost:80/products">');
  });

  it('the sitemap lists each address with its alternates', async () => {
    const xml = (await t.app.inject({ url: '/sitemap.xml' })).body;
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(xml).toContain(
      '<url><loc>http://localhost:80/products/basmati-rice</loc><xhtml:link rel="alternate" hreflang="en-IN" href="http://localhost:80/products/basmati-rice?lang=en"/><xhtml:link rel="alternate" hreflang="hi-IN" href="http://localhost:80/products/basmati-rice?lang=hi"/><xhtml:link rel="alternate" hreflang="x-default" href="http://localhost:80/products/basmati-rice"/>',
    );
  });
});

describe('Website Settings → Languages', () => {
  it('the owner chooses the languages and the default: validated, versioned, audited, live at once', async () => {
    const staff = staffClients(t, shop.websiteId);
    const admin = await staff.as({ hasAdminAccess: true });
    const shopper = await staff.as({});
    const read = async () => (await admin.get('/s/api/builder/settings')).json();
    const s = await read();
    expect(s.languages).toEqual({ languages: ['en', 'hi'], default_language: 'en' });
    const put = (c: TestClient, body: unknown) => c.put('/s/api/builder/settings/languages', body);

    expect((await put(shopper, { languages: ['en'], default_language: 'en', version: s.version })).statusCode).toBe(403);
    const none = await put(admin, { languages: [], default_language: 'en', version: s.version });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ languages: ['Offer at least one language'] });
    const outside = await put(admin, { languages: ['en', 'hi'], default_language: 'kn', version: s.version });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().errors).toEqual({ default_language: ['The default language must be one the shop offers'] });
    expect((await put(admin, { languages: ['ta'], default_language: 'en', version: s.version })).statusCode).toBe(422);
    expect((await read()).version).toBe(s.version); // nothing changed

    const ok = await put(admin, { languages: ['kn', 'en', 'hi'], default_language: 'kn', version: s.version });
    expect(ok.statusCode).toBe(200);
    expect((await put(admin, { languages: ['en'], default_language: 'en', version: s.version })).statusCode).toBe(409);
    const after = await read();
    expect(after.languages).toEqual({ languages: ['en', 'hi', 'kn'], default_language: 'kn' });
    // the storefront at once: Kannada first and the default
    expect(await initOf()).toMatchObject({ language: 'kn', languages: ['kn', 'en', 'hi'] });
    expect(htmlLang((await t.app.inject({ url: '/categories' })).body)).toBe('kn-IN');
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.websiteId, shop.websiteId), eq(auditLog.entityId, `${shop.websiteId}:languages`)));
    expect(audit).toMatchObject({
      action: 'update',
      before: { languages: ['en', 'hi'], default_language: 'en' },
      after: { languages: ['en', 'hi', 'kn'], default_language: 'kn' },
    });
    await put(admin, { languages: ['en', 'hi'], default_language: 'en', version: after.version });
    expect(await initOf()).toMatchObject({ language: 'en', languages: ['en', 'hi'] });
  });
});
