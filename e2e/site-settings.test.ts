import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, startShop, type Shop } from './harness';
import { signInHere } from './journeys';

let shop: Shop;
let owner: Page;
beforeAll(async () => {
  shop = await startShop();
}, 120_000);
afterAll(() => shop?.close());

/** The owner's page, signed in once, on a settings group. */
async function openSettings(group: string): Promise<Page> {
  if (!owner) {
    owner = await shop.newPage({ width: 1440, height: 900 });
    collectErrors(owner);
    await owner.goto(`/page-builder/settings/${group}`, { waitUntil: 'networkidle' });
    await owner.waitForURL('**/auth/login');
    await signInHere(owner, shop, 'admin@demo.shop');
  } else {
    await owner.goto(`/page-builder/settings/${group}`, { waitUntil: 'networkidle' });
  }
  await owner.waitForURL(`**/page-builder/settings/${group}`);
  return owner;
}

async function save(page: Page, title: string) {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText(`${title} saved: shoppers see it on their next page load`).waitFor();
}

describe('Website Settings (Chromium, built shop, demo data, 1440 px)', () => {
  it('the owner changes the theme colour and the header template; the storefront shows both on reload', async () => {
    const page = await openSettings('theme');
    await page.getByRole('heading', { name: 'Theme' }).waitFor();
    const primary = page.getByLabel('primary colour', { exact: true });
    await primary.fill('#fde047');
    // a yellow primary under white text: the contrast warning shows before saving
    await page.getByText('Hard to read for some shoppers').waitFor();
    // the shop's own home page in the frame takes the draft colour as it is typed
    const framed = () =>
      page.evaluate(() => {
        const doc = document.querySelector<HTMLIFrameElement>('iframe[title="Storefront in the draft colours"]')?.contentDocument;
        // once the page has rendered (not the frame's first, empty document)
        if (!doc?.body || doc.body.innerText.length < 100) return null;
        return getComputedStyle(doc.documentElement).getPropertyValue('--color-primary').trim();
      });
    await expect.poll(framed, { timeout: 15_000 }).toBe('#fde047');
    await page.waitForLoadState('networkidle');
    await shop.screenshot(page, 'settings-theme-warning-1440');
    await primary.fill('#7c3aed');
    await expect.poll(() => page.getByText('Hard to read for some shoppers').count()).toBe(0);
    await shop.screenshot(page, 'settings-theme-1440');
    await save(page, 'Theme');

    await page.goto('/page-builder/settings/navigation', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Navigation' }).waitFor();
    await page.getByLabel('3. Search, centred logo, actions').check();
    await shop.screenshot(page, 'settings-navigation-1440');
    await save(page, 'Navigation');

    const shopper = await shop.newPage({ width: 1440, height: 900 });
    await shopper.goto('/', { waitUntil: 'networkidle' });
    expect(await shopper.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim())).toBe(
      '#7c3aed',
    );
    // header template 3: the logo sits in the middle of the top bar
    const logo = await shopper.locator('header a[href="/"]').first().boundingBox();
    expect(Math.abs(logo!.x + logo!.width / 2 - 720)).toBeLessThan(60);
    await shop.screenshot(shopper, 'settings-storefront-theme-header-1440');
    await shopper.close();
  });

  it('the owner adds a navbar item with a submenu; the storefront shows the dropdown', async () => {
    const page = await openSettings('menus');
    await page.getByRole('heading', { name: 'Navbar menu' }).waitFor();
    await page.getByRole('button', { name: 'Add item' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Festive');
    await page.getByRole('radio', { name: 'URL' }).click();
    await page.getByLabel('URL', { exact: true }).fill('/products?q=sweets');
    await page.getByRole('button', { name: 'Add under “Festive”' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Diwali sweets');
    await page.getByRole('radio', { name: 'Category' }).click();
    await page.getByLabel('Category', { exact: true }).selectOption({ index: 1 });
    // a bad icon name is flagged at the field before anything is sent
    await page.getByLabel('Icon', { exact: true }).fill('Not An Icon');
    await page.getByText('Icon name: lowercase letters and digits joined by hyphens (e.g. badge-percent)').waitFor();
    await page.getByLabel('Icon', { exact: true }).fill('gift');
    await expect.poll(() => page.getByTestId('menu-item-Diwali sweets').getAttribute('data-depth')).toBe('1');
    // a top-level item moved in: it joins Festive's submenu, after Diwali sweets
    await page.getByRole('button', { name: 'Add item' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Gift hampers');
    await page.getByRole('radio', { name: 'URL' }).click();
    await page.getByLabel('URL', { exact: true }).fill('/products?q=gift');
    // an icon outside the storefront's common ones: loaded by name through lucide's own map
    await page.getByLabel('Icon', { exact: true }).fill('gift');
    await page.getByRole('switch', { name: 'Show icon' }).check({ force: true });
    await page.getByRole('button', { name: 'Move in Gift hampers' }).click();
    await expect.poll(() => page.getByTestId('menu-item-Gift hampers').getAttribute('data-depth')).toBe('1');
    // drag-and-drop from the keyboard (dnd-kit: Space picks up, an arrow moves, Space drops): Festive,
    // with its submenu, goes before About Us
    const topLevel = () =>
      page
        .locator('ul[aria-label="Navbar items"] > li[data-depth="0"]')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')));
    await page.getByRole('button', { name: 'Drag Festive' }).focus();
    // what a screen reader is told: picked up (then "over itself"), then over another item
    const announced = (moved: boolean) =>
      page.waitForFunction((moved) => {
        const text = [...document.querySelectorAll('[aria-live]')].map((e) => e.textContent ?? '').join(' ');
        const over = /Draggable item (\S+) was moved over droppable area (\S+)\./.exec(text);
        return moved ? !!over && over[1] !== over[2] : /Picked up draggable item|was moved over/.test(text);
      }, moved);
    await page.keyboard.press('Space');
    await announced(false);
    await page.keyboard.press('ArrowUp');
    await announced(true);
    await page.keyboard.press('Space');
    await expect.poll(topLevel).toEqual(expect.arrayContaining(['menu-item-Festive']));
    await expect.poll(async () => (await topLevel()).slice(-2)).toEqual(['menu-item-Festive', 'menu-item-About Us']);
    expect(await page.getByTestId('menu-item-Gift hampers').getAttribute('data-depth')).toBe('1');
    await shop.screenshot(page, 'settings-menus-1440');
    await save(page, 'Navbar menu');

    const shopper = await shop.newPage({ width: 1440, height: 900 });
    await shopper.goto('/', { waitUntil: 'networkidle' });
    const bar = shopper.getByRole('navigation', { name: 'Main' });
    // the order the owner dragged: Festive before About Us, at the end of the bar
    const barItems = await bar.locator(':scope > ul > li').allInnerTexts();
    expect(barItems.slice(-2).map((t) => t.trim())).toEqual(['Festive', 'About Us']);
    await bar.getByRole('button', { name: 'Festive' }).hover();
    const child = shopper.getByRole('link', { name: 'Diwali sweets' });
    await child.waitFor();
    expect(await child.getAttribute('href')).toMatch(/^\/products\?c=/);
    expect(await shopper.getByRole('link', { name: 'Gift hampers' }).getAttribute('href')).toBe('/products?q=gift');
    await shopper.getByRole('link', { name: 'Gift hampers' }).locator('svg.lucide-gift').waitFor();
    await shop.screenshot(shopper, 'settings-storefront-dropdown-1440');
    await shopper.close();
  });

  it('the owner turns registration off; /auth/register is closed', async () => {
    const page = await openSettings('navigation');
    // a bad value is refused at its field, and nothing is saved
    const height = page.getByLabel('Navbar height (px)', { exact: true });
    const before = await height.inputValue();
    await height.fill('5');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Nothing was saved: fix the fields marked below.').waitFor();
    expect(await height.getAttribute('aria-invalid')).toBe('true');
    // the message is the field's own (its accessible description), not only a toast
    const described = (await height.getAttribute('aria-describedby'))!.split(' ').pop()!;
    expect(await page.locator(`[id="${described}"]`).innerText()).toBe('Navbar height must be 40 to 160 px');
    await shop.screenshot(page, 'settings-navigation-refused-1440');
    await height.fill(before);
    await page.getByRole('switch', { name: /^Registration/ }).uncheck({ force: true });
    await save(page, 'Navigation');
    const shopper = await shop.newPage({ width: 1440, height: 900 });
    await shopper.goto('/auth/register', { waitUntil: 'networkidle' });
    expect(new URL(shopper.url()).pathname).toBe('/auth/login');
    expect(await shopper.getByText('Create an account').count()).toBe(0);
    // inside the app too: a link to /auth/register lands on the login page (the server refuses sign-ups: route-tested).
    // Clicked from the home page, so that arriving at /auth/login is the link's doing, not where the page already was.
    await shopper.goto('/', { waitUntil: 'networkidle' });
    await shopper.evaluate(() => {
      const a = document.createElement('a');
      a.href = '/auth/register';
      a.textContent = 'go-register';
      document.body.append(a);
    });
    await shopper.getByRole('link', { name: 'go-register' }).click();
    await shopper.waitForURL((u) => u.pathname === '/auth/login');
    await shopper.getByRole('button', { name: 'Send code' }).waitFor();
    expect(await shopper.getByText('Create an account').count()).toBe(0);
    await shop.screenshot(shopper, 'settings-register-closed-1440');
    await shopper.close();
  });

  it('the owner adds an inline page script; the storefront runs it under its CSP (no violation)', async () => {
    const page = await openSettings('scripts');
    await page.getByText('This HTML goes into').waitFor();
    await page.getByLabel('In the head (before </head>)').fill('<script>window.__ownerScript = "ran";</script>');
    await save(page, 'Page scripts');
    const shopper = await shop.newPage({ width: 1440, height: 900 });
    await shopper.goto('/', { waitUntil: 'networkidle' });
    expect(await shopper.evaluate(() => (window as unknown as { __ownerScript?: string }).__ownerScript)).toBe('ran');
    await shopper.close();
  });

  it('two people edit at once: the later save is refused as stale and Reload brings the other’s change', async () => {
    const page = await openSettings('seo');
    const title = page.getByLabel('Title (og_title)');
    await title.fill('Mine');
    // meanwhile, someone else (another tab, another person) saves the SEO title
    const status = await page.evaluate(async () => {
      const token = () => decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
      if (!token()) await fetch('/s/api/cookie', { headers: { 'x-origin': location.origin } });
      const s = await (await fetch('/s/api/builder/settings', { headers: { 'x-origin': location.origin } })).json();
      const res = await fetch('/s/api/builder/settings/seo', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-origin': location.origin, 'x-xsrf-token': token() },
        body: JSON.stringify({ ...s.seo, og_title: 'Theirs', version: s.version }),
      });
      return res.status;
    });
    expect(status).toBe(200);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Someone else saved the website settings after you opened them' }).waitFor();
    await shop.screenshot(page, 'settings-stale-1440');
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => title.inputValue()).toBe('Theirs');
  });

  it('every settings screen renders (screenshots)', async () => {
    for (const group of ['website', 'footer', 'popup', 'seo', 'scripts']) {
      const page = await openSettings(group);
      await page.getByRole('button', { name: 'Save', exact: true }).waitFor();
      await page.waitForLoadState('networkidle');
      await shop.screenshot(page, `settings-${group}-1440`);
    }
  });
});
