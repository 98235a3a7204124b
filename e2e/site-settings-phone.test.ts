import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, startShop, type Shop } from './harness';
import { signInHere, staffCall } from './journeys';

// Issue 40, points 9 and 13: Website Settings (/page-builder) on a phone. At 390 px every settings
// screen fits the width (no sideways scroll of the page), its navigation is the same Menu drawer as
// Administration's, and the page editor says plainly it needs a wider screen while still letting
// the owner publish, unpublish or go back. At 1440 px the left navigation stays as it was.
let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
}, 120_000);
afterAll(() => shop?.close());

const SCREENS: Array<[path: string, heading: string]> = [
  ['/page-builder/pages', 'Pages'],
  ['/page-builder/settings/website', 'Website'],
  ['/page-builder/settings/theme', 'Theme'],
  ['/page-builder/settings/navigation', 'Navigation'],
  ['/page-builder/settings/menus', 'Navbar menu'],
  ['/page-builder/settings/footer', 'Footer menu'],
  ['/page-builder/settings/popup', 'Popup'],
  ['/page-builder/settings/seo', 'SEO'],
  ['/page-builder/settings/scripts', 'Page scripts'],
];

/** How far the page scrolls sideways: the document's width beyond the window's. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The innermost elements reaching past the window's right edge (named when the page does scroll sideways, to say what to fix). */
const offenders = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .filter((el) => ![...el.children].some((c) => c.getBoundingClientRect().right > window.innerWidth + 1))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`),
  );

/**
 * The Pages list's row actions (edit, settings, duplicate, unpublish, delete): each one's size, its
 * accessible name (as the browser computes it) and its tooltip, which must be the same words.
 */
async function rowActions(page: Page) {
  const actions = page.getByRole('table').locator('tbody td:last-child').locator('a[title], button[title]');
  await actions.first().waitFor();
  const out: Array<{ name: string; title: string; width: number; height: number }> = [];
  for (const a of await actions.all()) {
    const box = (await a.boundingBox())!;
    const name = await a.evaluate((el) => el.getAttribute('aria-label') ?? el.textContent ?? '');
    out.push({ name, title: (await a.getAttribute('title')) ?? '', width: Math.round(box.width), height: Math.round(box.height) });
    // the accessibility tree agrees: the element is found by that name
    expect(await page.getByRole((await a.evaluate((el) => el.tagName)) === 'A' ? 'link' : 'button', { name, exact: true }).count()).toBe(1);
  }
  return out;
}

async function open(page: Page, path: string, heading: string) {
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
}

describe('Website Settings on a phone (Chromium, built shop, demo data)', () => {
  it('every settings screen fits 390 px, the Menu drawer moves between them, and 1440 px keeps the sidebar', async () => {
    const page = await shop.newPage({ width: 390, height: 844 });
    const errors = collectErrors(page);
    await page.goto('/page-builder/settings/website', { waitUntil: 'networkidle' });
    await page.waitForURL('**/auth/login');
    await signInHere(page, shop, 'admin@demo.shop');
    await page.waitForURL('**/page-builder/settings/website');

    const sidebar = page.getByRole('navigation', { name: 'Website Settings' });
    for (const [path, heading] of SCREENS) {
      await open(page, path, heading);
      const wider = await overflow(page);
      expect([path, wider, wider > 0 ? await offenders(page) : []]).toEqual([path, 0, []]);
      // the navigation is behind the Menu button, not squeezing the form
      expect([path, await sidebar.isVisible()]).toEqual([path, false]);
      await shop.screenshot(page, `site-settings-phone${path.replaceAll('/', '-')}-390`);
    }

    // the Pages list's row actions are touch targets of 44 px, named as their tooltips say
    await open(page, '/page-builder/pages', 'Pages');
    const phoneActions = await rowActions(page);
    expect(phoneActions.length).toBeGreaterThanOrEqual(5);
    for (const a of phoneActions) {
      expect(a.name).toBe(a.title);
      expect([a.name, a.width >= 44 && a.height >= 44]).toEqual([a.name, true]);
    }
    await shop.screenshot(page, 'site-settings-pages-actions-390');

    // the drawer: opens from Menu, names the screens, goes to one and closes itself
    await open(page, '/page-builder/settings/website', 'Website');
    await page.getByRole('button', { name: 'Menu' }).click();
    const drawer = page.getByRole('complementary', { name: 'Menu' });
    await drawer.getByRole('link', { name: 'Theme' }).waitFor();
    await drawer.getByText('Website Settings').waitFor();
    expect(await drawer.getByRole('link', { name: 'Administration' }).getAttribute('href')).toBe('/bos/admin');
    await shop.screenshot(page, 'site-settings-phone-drawer-390');
    await drawer.getByRole('link', { name: 'Theme' }).click();
    await page.waitForURL('**/page-builder/settings/theme');
    await page.getByRole('heading', { name: 'Theme', exact: true }).waitFor();
    await drawer.waitFor({ state: 'detached' });
    // Escape closes it too, leaving the screen as it was
    await page.getByRole('button', { name: 'Menu' }).click();
    await drawer.waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(page.url()).toMatch(/\/page-builder\/settings\/theme$/);

    // a form saves from a phone: its Save is at hand at the top of the form
    await open(page, '/page-builder/settings/navigation', 'Navigation');
    const height = page.getByLabel('Navbar height (px)', { exact: true });
    const next = Number(await height.inputValue()) + 2;
    await height.fill(String(next));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Navigation saved: shoppers see it on their next page load').waitFor();
    expect(await overflow(page)).toBe(0);
    await shop.screenshot(page, 'site-settings-phone-saved-390');

    // 1440 px: the sidebar is back, no Menu button
    await page.setViewportSize({ width: 1440, height: 900 });
    for (const [path, heading] of SCREENS) {
      await open(page, path, heading);
      const wider = await overflow(page);
      expect([path, wider, wider > 0 ? await offenders(page) : []]).toEqual([path, 0, []]);
      expect([path, await sidebar.isVisible()]).toEqual([path, true]);
      expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
    }
    await open(page, '/page-builder/settings/navigation', 'Navigation');
    await shop.screenshot(page, 'site-settings-navigation-1440');
    await open(page, '/page-builder/pages', 'Pages');
    for (const a of await rowActions(page)) {
      expect(a.name).toBe(a.title);
      expect([a.name, a.width >= 40 && a.height >= 40]).toEqual([a.name, true]);
    }
    await shop.screenshot(page, 'site-settings-pages-1440');
    expect(errors).toEqual([]);
  });

  it('the page editor at 390 px says it needs a wider screen, and publishes, unpublishes and goes back', async () => {
    const page = await shop.newPage({ width: 390, height: 844 });
    await page.goto('/page-builder/pages', { waitUntil: 'networkidle' });
    await page.waitForURL('**/auth/login');
    await signInHere(page, shop, 'admin@demo.shop');
    await page.waitForURL('**/page-builder/pages');
    const created = await staffCall(page, '/s/api/builder/pages', { url: '/phone-offers', title: 'Phone Offers' });
    expect(created.status).toBe(201);
    const id = (created.json.page ?? created.json).id as number;
    const stored = async () => ((await staffCall(page, `/s/api/builder/pages/${id}`)).json.page as { status: string }).status;

    await page.goto(`/page-builder/pages/${id}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Phone Offers' }).waitFor();
    await page.getByText('The page editor needs a wider screen').waitFor();
    await page.getByText('Draft, not published').waitFor();
    expect(await overflow(page)).toBe(0);
    await shop.screenshot(page, 'page-editor-phone-390');

    await page.getByRole('button', { name: 'Publish the saved draft' }).click();
    await page.getByText('Published: shoppers see revision 1 of /phone-offers').waitFor();
    await page.getByText('Live: shoppers see this page').waitFor();
    expect(await stored()).toBe('published');
    expect(await page.getByRole('link', { name: 'View live' }).getAttribute('href')).toMatch(/\/phone-offers$/);

    await page.getByRole('button', { name: 'Unpublish' }).click();
    await page.getByText('Unpublished: shoppers no longer see /phone-offers').waitFor();
    await page.getByText('Draft, not published').waitFor();
    expect(await stored()).toBe('draft');
    await shop.screenshot(page, 'page-editor-phone-unpublished-390');

    await page.getByRole('link', { name: 'Pages', exact: true }).click();
    await page.waitForURL('**/page-builder/pages');
    await page.getByRole('link', { name: 'Phone Offers', exact: true }).waitFor();
  });
});
