import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { startShop, type Shop } from './harness';
import { ownerOnDashboard, signInHere } from './journeys';

/**
 * Analytics and error reporting as a shopper's browser sends them (issue 18): posthog-js through
 * /brgest with the website group, identify at sign-in, a response-shape mismatch reported once
 * through the error tunnel with the page's environment label, and Administration's Analytics and
 * Errors pages showing what was kept first-party.
 */
let shop: Shop;
beforeAll(async () => {
  shop = await startShop(() => ({ ENVIRONMENT: 'journey' }));
}, 120_000);
afterAll(() => shop?.close());

interface Captured {
  event: string;
  distinct_id?: string;
  properties: Record<string, unknown>;
}

/** The events of a posthog-js request: gzip-js, base64 `data=` or plain JSON; one event, a list or `{batch}`. */
function eventsOf(req: Request): Captured[] {
  const body = req.postDataBuffer();
  if (!body) return [];
  const url = new URL(req.url());
  let text =
    url.searchParams.get('compression') === 'gzip-js' || body[0] === 0x1f ? gunzipSync(body).toString('utf8') : body.toString('utf8');
  if (text.startsWith('data=')) text = Buffer.from(new URLSearchParams(text).get('data') ?? '', 'base64').toString('utf8');
  const json = JSON.parse(text) as unknown;
  const list = Array.isArray(json)
    ? json
    : Array.isArray((json as { batch?: unknown[] }).batch)
      ? (json as { batch: unknown[] }).batch
      : [json];
  return list as Captured[];
}

/**
 * A page with an ordinary desktop Chrome user agent: posthog-js drops the events of a browser
 * that calls itself HeadlessChrome (its bot filter), as it should in a real shop.
 */
async function shopperPage(viewport = { width: 1280, height: 900 }) {
  const ua = (await shop.browser.newBrowserCDPSession().then(async (s) => (await s.send('Browser.getVersion')).userAgent)).replace(
    'HeadlessChrome',
    'Chrome',
  );
  const page = await shop.browser.newPage({ viewport, baseURL: shop.url, serviceWorkers: 'block', userAgent: ua });
  // an automated browser says so (navigator.webdriver), which posthog-js also takes for a bot
  await page.addInitScript(() => Object.defineProperty(navigator, 'webdriver', { get: () => false }));
  return page;
}

function watch(page: Page) {
  const events: Captured[] = [];
  const envelopes: string[] = [];
  page.on('request', (req) => {
    const path = new URL(req.url()).pathname;
    if (req.method() === 'POST' && /^\/brgest\/(e|i\/v0\/e|batch)\/?$/.test(path)) events.push(...eventsOf(req));
    if (req.method() === 'POST' && path === '/s/tunnel') envelopes.push(req.postDataBuffer()?.toString('utf8') ?? '');
  });
  return { events, envelopes };
}

/** The error events (not replays or transactions) in the tunnel's envelopes. */
function errorEvents(envelopes: string[]) {
  const out: Array<{
    environment?: string;
    tags?: Record<string, string>;
    exception?: { values?: Array<{ type?: string; value?: string }> };
  }> = [];
  for (const env of envelopes) {
    const lines = env.split('\n');
    for (let i = 1; i < lines.length - 1; i++) {
      try {
        const header = JSON.parse(lines[i]!) as { type?: string };
        if (header.type === 'event') out.push(JSON.parse(lines[i + 1]!));
      } catch {
        // a binary replay item
      }
    }
  }
  return out;
}

describe('analytics and errors in the browser (Chromium, demo shop, first-party)', () => {
  let shopper: Page;
  let seen: ReturnType<typeof watch>;
  let websiteId: string;
  let owner: Page;

  it('writes the environment label into the page and sends three page views for three routes, with the website group', async () => {
    shopper = await shopperPage();
    seen = watch(shopper);
    await shopper.goto('/', { waitUntil: 'networkidle' });
    expect(await shopper.locator('meta[name="environment"]').getAttribute('content')).toBe('journey');
    websiteId = String(
      await shopper.evaluate(() => (JSON.parse(document.getElementById('__INIT__')!.textContent!) as { web: { id: number } }).web.id),
    );
    await expect.poll(() => seen.events.filter((e) => e.event === '$pageview').length, { timeout: 60_000 }).toBe(1);
    // a search from the header: the app's own navigation to /products?q=rice
    const box = shopper.locator('input[placeholder="Search"]:visible').first();
    await box.fill('rice');
    await box.press('Enter');
    await shopper.waitForURL('**/products**');
    await shopper.locator('a[href^="/products/"]').first().waitFor();
    await shopper.locator('a[href^="/products/"]').first().click();
    await shopper.waitForURL(/\/products\/[^/?]+$/);
    await shopper.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => seen.events.filter((e) => e.event === '$pageview').length, { timeout: 60_000 }).toBeGreaterThanOrEqual(3);
    const views = seen.events.filter((e) => e.event === '$pageview');
    expect(views.map((v) => new URL(String(v.properties.$current_url)).pathname)).toEqual([
      '/',
      '/products',
      new URL(shopper.url()).pathname,
    ]);
    for (const v of views) expect(v.properties.$groups).toMatchObject({ website: websiteId });
    await expect.poll(() => seen.events.some((e) => e.event === 'product viewed'), { timeout: 30_000 }).toBe(true);
    await expect
      .poll(() => seen.events.find((e) => e.event === 'search')?.properties, { timeout: 30_000 })
      .toMatchObject({ query: 'rice' });
    await shop.screenshot(shopper, 'telemetry-product-1280');
  }, 180_000);

  it('identifies the shopper by account id, not email, once she consents (not at sign-in before)', async () => {
    await shopper.goto('/auth/login', { waitUntil: 'networkidle' });
    await signInHere(shopper, shop, 'shopper@demo.shop');
    await shopper.waitForURL((u) => !u.pathname.startsWith('/auth'));
    await shopper.goto('/account/details', { waitUntil: 'networkidle' });
    // signed in and on a second page, without consent: nobody identified
    expect(seen.events.filter((e) => e.event === '$identify')).toEqual([]);
    await shopper.getByRole('checkbox', { name: /share my activity with the shop’s analytics/ }).check();
    await expect.poll(() => seen.events.find((e) => e.event === '$identify'), { timeout: 60_000 }).toBeTruthy();
    const identified = seen.events.find((e) => e.event === '$identify')!;
    const id = String(identified.distinct_id ?? identified.properties.distinct_id);
    expect(id).toMatch(/^\d+$/);
    expect(JSON.stringify(identified)).not.toContain('shopper@demo.shop');
  }, 120_000);

  it('a product answer of the wrong shape is reported once, with the environment from the meta tag', async () => {
    const page = await shopperPage();
    const mine = watch(page);
    await page.route(/\/s\/api\/products\/[^/?]+$/, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ product_id: 'not a number' }) }),
    );
    await page.goto('/products', { waitUntil: 'networkidle' });
    await page.locator('a[href^="/products/"]').first().click();
    await page.getByRole('alert').waitFor();
    await expect.poll(() => errorEvents(mine.envelopes).length, { timeout: 60_000 }).toBeGreaterThanOrEqual(1);
    // nothing else arrives for the same failure
    await page.waitForLoadState('networkidle');
    const events = errorEvents(mine.envelopes);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      environment: 'journey',
      exception: { values: [expect.objectContaining({ type: 'ContractError' })] },
    });
    await shop.screenshot(page, 'telemetry-contract-error-1280');
    await page.close();
  }, 120_000);

  it('Administration shows the visits and funnel on Analytics, and the mismatch on Errors', async () => {
    ({ owner } = await ownerOnDashboard(shop));
    const nav = owner.getByRole('navigation', { name: 'Administration' });
    await nav.getByRole('link', { name: 'Analytics' }).click();
    await owner.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    await expect
      .poll(async () => Number(await owner.getByTestId('funnel-visit').textContent()), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(1);
    expect(Number(await owner.getByTestId('funnel-product').textContent())).toBeGreaterThanOrEqual(1);
    await shop.screenshot(owner, 'telemetry-admin-analytics-1440');
    await nav.getByRole('link', { name: 'Errors' }).click();
    await owner.getByRole('heading', { name: 'Errors', level: 1 }).waitFor();
    const row = owner
      .getByRole('list', { name: 'Errors' })
      .getByText(/ContractError/)
      .first();
    await row.waitFor();
    await row.click();
    await owner.getByRole('region', { name: 'Breadcrumbs' }).waitFor();
    // the latest occurrence's stack, from the minified chunk that threw (the API client is in the
    // entry chunk every first load runs, apps/web/vite.config.ts)
    await owner
      .getByRole('region', { name: 'Details' })
      .getByText(/assets\/index-[\w-]+\.js/)
      .waitFor();
    // the ContractError's row names its environment (other rows, e.g. a fetch cut short by a
    // closing page in an earlier test, may be listed too)
    await owner
      .getByRole('list', { name: 'Errors' })
      .getByRole('button', { name: /ContractError/ })
      .first()
      .getByText(/· journey/)
      .waitFor();
    await shop.screenshot(owner, 'telemetry-admin-errors-1440');
    // resolving the open group takes it off the open list (other groups, e.g. a fetch an earlier
    // test's closing page cut short, may stay open)
    const errors = owner.getByRole('list', { name: 'Errors' });
    await errors
      .getByRole('listitem')
      .filter({ has: owner.getByRole('button', { name: /ContractError/ }) })
      .getByRole('button', { name: 'Resolve' })
      .click();
    await owner.getByText('Error resolved').waitFor();
    await expect.poll(() => errors.getByRole('button', { name: /ContractError/ }).count()).toBe(0);
  }, 120_000);

  it("a staff screen's answer of the wrong shape goes through the storefront's tunnel, tagged as the staff app", async () => {
    // the owner signed in by the test before (a second sign-in would wait out the code's 30 s)
    const mine = watch(owner);
    await owner.route(/\/s\/api\/admin\/brands(\?.*)?$/, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data: 'not a list' }) }),
    );
    await owner.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Brands' }).click();
    await owner.getByRole('heading', { name: 'Brands', level: 1 }).waitFor();
    const brandsError = () => errorEvents(mine.envelopes).find((e) => e.exception?.values?.[0]?.value?.includes('/api/admin/brands'));
    await expect.poll(brandsError, { timeout: 60_000 }).toBeTruthy();
    expect(brandsError()).toMatchObject({
      environment: 'journey',
      tags: { app: 'staff' },
      exception: { values: [expect.objectContaining({ type: 'ContractError', value: expect.stringContaining('/api/admin/brands') })] },
    });
    // the same SDK major as the storefront's (one version across the apps)
    expect(mine.envelopes.find((e) => e.includes('"type":"event"'))).toMatch(/"sdk":\{"name":"sentry\.javascript\.react","version":"11\./);
    await owner.close();
  }, 120_000);
});

describe('privacy: Do-Not-Track and consent (Chromium)', () => {
  /** A visit of two routes with the interactions that start analytics (a scroll, a key). */
  async function visit(page: Page) {
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.mouse.wheel(0, 400);
    await page.keyboard.press('Tab');
    await page.goto('/products', { waitUntil: 'networkidle' });
    await page.mouse.wheel(0, 400);
  }

  it('a browser asking not to be tracked sends nothing to /brgest, while the same visit without it is counted', async () => {
    const private_ = await shopperPage();
    await private_.addInitScript(() => Object.defineProperty(navigator, 'doNotTrack', { get: () => '1' }));
    const hidden = watch(private_);
    await visit(private_);
    const control = await shopperPage();
    const counted = watch(control);
    await visit(control);
    await expect.poll(() => counted.events.filter((e) => e.event === '$pageview').length, { timeout: 60_000 }).toBeGreaterThanOrEqual(1);
    await private_.waitForLoadState('networkidle');
    expect(hidden.events).toEqual([]);
    await Promise.all([private_.close(), control.close()]);
  }, 180_000);

  it('with "Only after consent" the shopper is asked first: No thanks sends nothing and is remembered, Allow counts the visit', async () => {
    const { owner } = await ownerOnDashboard(shop);
    await owner.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Analytics' }).click();
    await owner.getByLabel('Shopper analytics').selectOption('consent');
    await owner.getByRole('button', { name: 'Save settings' }).click();
    await owner.getByText('Analytics settings saved').waitFor();
    await owner.close();

    const declining = await shopperPage();
    const declined = watch(declining);
    await expect
      .poll(
        async () => {
          await declining.goto('/', { waitUntil: 'domcontentloaded' });
          return declining.locator('meta[name="analytics"]').getAttribute('content');
        },
        { timeout: 30_000 },
      )
      .toBe('consent');
    await declining.waitForLoadState('networkidle');
    await declining.mouse.wheel(0, 400);
    const banner = declining.getByRole('region', { name: 'Analytics consent' });
    await banner.getByText('We count visits to improve the shop. May we?').waitFor();
    await shop.screenshot(declining, 'telemetry-consent-banner-1280');
    await banner.getByRole('button', { name: 'No thanks' }).click();
    await banner.waitFor({ state: 'detached' });
    await visit(declining);
    expect(await banner.count()).toBe(0);

    const allowing = await shopperPage();
    const allowed = watch(allowing);
    await allowing.goto('/', { waitUntil: 'networkidle' });
    await allowing.mouse.wheel(0, 400);
    await allowing.getByRole('region', { name: 'Analytics consent' }).getByRole('button', { name: 'Allow' }).click();
    await expect.poll(() => allowed.events.filter((e) => e.event === '$pageview').length, { timeout: 60_000 }).toBeGreaterThanOrEqual(1);
    await declining.waitForLoadState('networkidle');
    expect(declined.events).toEqual([]);
    await Promise.all([declining.close(), allowing.close()]);
  }, 180_000);
});
