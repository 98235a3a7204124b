import { initSchema } from '@grocer/shared/storefront';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pages, products, websiteSettings } from '../../db/schema';
import { seedDemo } from '../../seed/demo';
import { createTestApp } from '../../test/app';
import { invalidateWebsite } from '../../http/cache';

// A stand-in for the built web app: the same placeholders vite keeps in index.html.
const dist = mkdtempSync(path.join(os.tmpdir(), 'grocer-dist-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'index.html'), '<html><head><!--app-head--></head><body><div id="app"></div><!--app-data--></body></html>');
writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log(1)');

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST: dist }, seed: (db) => seedDemo(db, { mediaDir: null }) });
  const [p] = await t.db.select().from(products).limit(1);
  await t.db.update(products).set({ name: 'Evil </script><script>alert(1)</script> "Rice"' }).where(eq(products.id, p!.id));
  await t.db
    .update(websiteSettings)
    .set({ pageScripts: { head: '<script>window.ownerHead=1</script>', body: '<script>window.ownerBody=1</script>' } });
  await t.db
    .update(pages)
    .set({ schemaScript: '{"@context":"https://schema.org","@type":"Organization","name":"Demo"}' })
    .where(eq(pages.url, '/'));
});
afterAll(() => t.close());

const initOf = (html: string) => JSON.parse(/<script id="__INIT__" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!);

describe('HTML shell', () => {
  it('writes the home head, the page schema script and the owner scripts, and inlines init', async () => {
    const res = await t.app.inject('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(html).toContain('<title>Demo Grocery — fresh groceries delivered</title>');
    expect(html).toContain('<meta property="og:image" content="http://localhost:80/media/large/banners/fresh.svg">');
    expect(html).toContain('<link rel="canonical" href="http://localhost:80/">');
    expect(html).toContain('"@type":"Organization"');
    expect(html).toContain('<script>window.ownerHead=1</script>');
    expect(html).toContain('<script>window.ownerBody=1</script>\n  </body>');
    const init = initSchema.parse(initOf(html));
    expect(init.web.name).toBe('Demo Grocery');
    expect(JSON.stringify(initOf(html))).not.toContain('ownerHead');
  });

  it("paints in the website's own colours and font from the first byte, and a theme cannot inject CSS", async () => {
    const [before] = await t.db.select().from(websiteSettings);
    await t.db.update(websiteSettings).set({
      activeTheme: { primary: '#7c3aed', accent: 'rgb(190, 18, 60)', evil: 'red;}</style><script>alert(1)</script>' },
      fontFamily: "'Poppins', sans-serif",
    });
    invalidateWebsite();
    try {
      const html = (await t.app.inject('/about-us')).body;
      const css = /<style id="site-theme">:root\{(.*?)\}<\/style>/.exec(html)?.[1] ?? '';
      expect(css.split(';').sort()).toEqual([
        '--color-accent:rgb(190, 18, 60)',
        '--color-primary:#7c3aed',
        '--font-site:"Poppins", Inter, "Inter Fallback", ui-sans-serif, system-ui, sans-serif',
      ]);
      expect(html).not.toContain('<script>alert(1)'); // (the init JSON carries it escaped, as data)
    } finally {
      await t.db.update(websiteSettings).set({ activeTheme: before!.activeTheme, fontFamily: before!.fontFamily });
      invalidateWebsite();
    }
  });

  it('loads a chosen site font from the bundled ones, served here; Inter and unknown families add nothing', async () => {
    const [before] = await t.db.select().from(websiteSettings);
    const headOf = async (fontFamily: string) => {
      await t.db.update(websiteSettings).set({ fontFamily });
      invalidateWebsite();
      const html = (await t.app.inject('/about-us')).body;
      return html.slice(0, html.indexOf('</head>'));
    };
    try {
      const head = await headOf('"poppins", sans-serif');
      const preload =
        /<link rel="preload" as="font" type="font\/woff2" crossorigin href="(\/fonts\/poppins-latin-400-normal\.woff2\?v=[\d.]+)">/.exec(
          head,
        )?.[1];
      expect(preload).toBeDefined();
      const faces = /<style id="site-font">(.*?)<\/style>/.exec(head)?.[1] ?? '';
      expect(faces.match(/font-weight:(\d+)/g)).toEqual([
        'font-weight:400',
        'font-weight:500',
        'font-weight:600',
        'font-weight:700',
        'font-weight:800',
      ]);
      expect(faces).toContain("font-family:'Poppins'");
      const font = await t.app.inject(preload!);
      expect(font.statusCode).toBe(200);
      expect(font.headers['content-type']).toBe('font/woff2');
      expect(font.headers['cache-control']).toContain('immutable');
      expect(font.rawPayload.subarray(0, 4).toString()).toBe('wOF2');
      // a variable font: one face for every weight
      expect(await headOf('Roboto')).toMatch(
        /font-family:'Roboto';font-style:normal;font-display:swap;font-weight:100 900;src:url\(\/fonts\/roboto-latin-wght-normal\.woff2\?v=/,
      );
      for (const family of ['Inter', 'Comic Neue', '']) expect(await headOf(family)).not.toContain('site-font');
      // only the bundled files: nothing else on disk
      for (const url of ['/fonts/..%2F..%2Fpackage.json', '/fonts/poppins-latin-400-italic.woff2', '/fonts/passwd'])
        expect((await t.app.inject(url)).statusCode).toBe(404);
    } finally {
      await t.db.update(websiteSettings).set({ fontFamily: before!.fontFamily });
      invalidateWebsite();
    }
  });

  it('writes product heads with JSON-LD, escaping everything from content', async () => {
    const [p] = await t.db.select().from(products).where(eq(products.name, 'Evil </script><script>alert(1)</script> "Rice"'));
    const html = (await t.app.inject(`/products/${p!.slug}`)).body;
    expect(html).toContain('<title>Evil &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;Rice&quot; | Demo Grocery</title>');
    expect(html).not.toContain('<script>alert(1)');
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!;
    expect(JSON.parse(ld)).toMatchObject({
      '@type': 'Product',
      name: 'Evil </script><script>alert(1)</script> "Rice"',
      offers: expect.any(Array),
    });
    expect(JSON.parse(ld).offers[0].priceCurrency).toBe('INR');
  });

  it('answers 404 (still with the app shell) for unknown products and pages', async () => {
    const product = await t.app.inject('/products/no-such-thing');
    expect(product.statusCode).toBe(404);
    expect(product.body).toContain('<div id="app">');
    expect((await t.app.inject('/no-such-page')).statusCode).toBe(404);
    expect((await t.app.inject('/about-us')).statusCode).toBe(200);
    expect((await t.app.inject('/products?q=rice')).body).toContain('<title>Results for &quot;rice&quot; | Demo Grocery</title>');
  });

  it('serves hashed assets with long-lived cache headers', async () => {
    const res = await t.app.inject('/assets/index-abc.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.app.inject('/assets/missing.js')).statusCode).toBe(404);
  });
});

describe('Content-Security-Policy of the shell', () => {
  const policy = (res: { headers: Record<string, unknown> }) => String(res.headers['content-security-policy']);

  it("allows this origin's scripts, its own inline scripts and the owner's by hash, the payment providers and the owner's hosts", async () => {
    const [before] = await t.db.select().from(websiteSettings);
    const inline = 'window.dataLayer = window.dataLayer || [];\r\nfunction gtag(){dataLayer.push(arguments)}';
    await t.db.update(websiteSettings).set({
      pageScripts: {
        head: `<script async src="https://www.googletagmanager.com/gtag/js?id=G-1"></script><script>${inline}</script>`,
        body: '<script type="application/ld+json">{"a":1}</script>',
      },
    });
    invalidateWebsite();
    try {
      const a = await t.app.inject('/');
      const b = await t.app.inject('/');
      const csp = policy(a);
      expect(csp).toMatch(
        /^script-src 'self' https:\/\/checkout\.razorpay\.com https:\/\/sdk\.cashfree\.com (?:'sha256-[\w+/=]+' )*https:\/\/www\.googletagmanager\.com 'sha256-[\w+/=]+'; worker-src 'self' blob:; object-src 'none'; base-uri 'self'; frame-ancestors 'self'$/,
      );
      // the browser hashes the inline script as parsed: line endings normalised to LF
      expect(csp).toContain(`'sha256-${createHash('sha256').update(inline.replace('\r\n', '\n')).digest('base64')}'`);
      expect(policy(b)).toBe(csp); // the same page, the same policy: no nonce
      // another website's owner scripts are not allowed here
      await t.db.update(websiteSettings).set({ pageScripts: before!.pageScripts });
      invalidateWebsite();
      expect(policy(await t.app.inject('/'))).not.toContain('googletagmanager');
    } finally {
      await t.db.update(websiteSettings).set({ pageScripts: before!.pageScripts });
      invalidateWebsite();
    }
  });

  it('sends HSTS only in production', async () => {
    expect((await t.app.inject('/')).headers['strict-transport-security']).toBeUndefined();
    const prod = await createTestApp({ env: { NODE_ENV: 'production', SESSION_SECRET: 'a-production-secret-value' } });
    try {
      expect((await prod.app.inject('/s/api/health')).headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await prod.close();
    }
  }, 60_000);
});
