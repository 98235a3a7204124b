import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from './axe';
import { startShop, type Shop } from './harness';
import { placeCodOrder, signInFrom, signInHere, staffCall } from './journeys';

// Issue 40, point 14: axe-core (WCAG 2.1 A and AA, and 2.5.3 label in name) over the staff app's main screens —
// Administration (with the sales dashboard), Website Settings and the page editor, the POS — at
// phone (390 × 844) and desktop (1440 × 900) widths, with the phone's menu drawer and the order
// list's filters open too. Any critical or serious violation fails the file; the table of counts
// per screen is printed either way. (Every other journey's staff pages are checked on `goto` too,
// by the harness.)
let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
}, 120_000);
afterAll(() => shop?.close());

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const counts: string[] = [];
const found: string[] = [];

async function check(page: Page, label: string) {
  const list = await axeViolations(page);
  const where = `${label} @${page.viewportSize()!.width}`;
  const n = (impact: string) => list.filter((v) => v.impact === impact).reduce((s, v) => s + v.targets.length, 0);
  counts.push(
    `${where}: ${n('critical')} critical, ${n('serious')} serious${list.length ? ` (${[...new Set(list.map((v) => v.id))].join(', ')})` : ''}`,
  );
  found.push(...describeViolations(where, list));
  if (list.length) console.log(describeViolations(where, list).join('\n'));
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name }).first().waitFor();

async function visit(page: Page, path: string, ready: (page: Page) => Promise<unknown> = heading(/./)) {
  await page.goto(path, { waitUntil: 'networkidle' });
  await ready(page);
  await check(page, path);
}

/** Administration's main screens, each once its data is drawn. */
async function adminSweep(page: Page, orderId: string, productId: number) {
  await visit(page, '/bos/admin', (p) => p.getByText('Demo Grocery at a glance.').waitFor());
  await visit(page, '/bos/admin/orders', (p) =>
    p
      .getByRole('link', { name: /^GR\d+/ })
      .first()
      .waitFor(),
  );
  await shop.screenshot(page, `staff-orders-${page.viewportSize()!.width}`);
  await visit(page, `/bos/admin/orders/${orderId}`, heading(/GR\d+/));
  await visit(page, '/bos/admin/products', (p) => p.getByRole('row').nth(3).waitFor());
  await visit(page, `/bos/admin/products/${productId}`, heading(/./));
  await visit(page, '/bos/admin/products/new', heading(/./));
  await visit(page, '/bos/admin/categories', heading('Categories'));
  await visit(page, '/bos/admin/brands', (p) => p.getByRole('row').nth(3).waitFor());
  await visit(page, '/bos/admin/stock', (p) => p.getByRole('row').nth(3).waitFor());
  await visit(page, '/bos/admin/customers', (p) => p.getByRole('row').nth(1).waitFor());
  await visit(page, '/bos/admin/coupons', (p) => p.getByText('WELCOME50').first().waitFor());
  await visit(page, '/bos/admin/delivery', heading(/./));
  await visit(page, '/bos/admin/staff', heading(/./));
  await visit(page, '/bos/admin/reports', heading(/./));
  await visit(page, '/bos/admin/reviews', heading(/./));
  await visit(page, '/bos/admin/issues', heading(/./));
  await visit(page, '/bos/admin/media', heading(/./));
  await visit(page, '/bos/admin/audit', heading(/./));
  await visit(page, '/bos/admin/payments', heading(/./));
  await visit(page, '/bos/admin/analytics', heading(/./));
  await visit(page, '/bos/admin/agents', heading(/./));
  await visit(page, '/bos/admin/import-export', heading(/./));
  // issue 40.16: a file's every problem in one pass — a row with a bad price still has its category checked
  await page.locator('input[type="file"]').setInputFiles({
    name: 'one-pass.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'product_slug,product_name,category,pack_name,sku,price\none-pass-dal,One Pass Dal,Nowhere,1 kg,ONEPASS-1,abc\none-pass-dal,One Pass Dal,Nowhere,2 kg,ONEPASS-1,90\n',
    ),
  });
  const dryRun = page.getByRole('region', { name: 'Dry run' });
  await dryRun.getByText('4 problems found: nothing was imported').waitFor();
  expect(await dryRun.getByRole('table', { name: 'Errors' }).locator('tbody tr').allTextContents()).toEqual([
    '2categoryNo category is called Nowhere',
    '2pricePrice is not an amount in rupees (at most 2 decimals)',
    '3categoryNo category is called Nowhere',
    '3skuSKU is also on line 2',
  ]);
  await check(page, 'import problems');
  await shop.screenshot(page, `staff-import-one-pass-${page.viewportSize()!.width}`);
  if (page.viewportSize()!.width < 768) {
    // the phone's menu drawer, and the order list's filters behind their button
    await page.goto('/bos/admin/orders', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Menu' }).click();
    const drawer = page.getByRole('complementary', { name: 'Menu' });
    await drawer.getByRole('link', { name: /^Orders/ }).waitFor();
    await check(page, 'menu drawer');
    await drawer.getByRole('button', { name: 'Close the menu' }).click();
    await drawer.waitFor({ state: 'detached' });
    // the order list's filters fold behind one button on a phone
    expect(await page.getByLabel('Order status').isVisible()).toBe(false);
    await shop.screenshot(page, 'staff-orders-filters-folded-390');
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByLabel('Order status').waitFor();
    await check(page, 'order filters');
    await shop.screenshot(page, 'staff-orders-filters-open-390');
    await page.getByLabel('Order status').selectOption('placed');
    await page.getByRole('button', { name: 'Filters (1)' }).waitFor();
  }
}

describe('staff accessibility (axe-core, WCAG 2.1 AA): no critical or serious violation on a staff screen', () => {
  it('Administration, Website Settings, the page editor and the POS at 390 and 1440 px', { timeout: 600_000 }, async () => {
    // an order for the order list and the order screen
    const shopper = await shop.newPage(DESKTOP, { axe: false });
    await signInFrom(shopper, shop, 'shopper@demo.shop');
    const ordernumber = await placeCodOrder(shopper);
    await shopper.close();
    const page = await shop.newPage(DESKTOP, { axe: false });
    await page.goto('/bos/admin', { waitUntil: 'networkidle' });
    await page.waitForURL('**/auth/login');
    await signInHere(page, shop, 'admin@demo.shop');
    await page.waitForURL('**/bos/admin');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const orderId = (await staffCall(page, `/s/api/admin/orders?q=${ordernumber}`)).json.data[0].id as string;
    const productId = (await staffCall(page, '/s/api/admin/products?perPage=5')).json.data[0].id as number;
    const home = ((await staffCall(page, '/s/api/builder/pages')).json.data as Array<{ id: number; url: string }>).find(
      (p) => p.url === '/',
    )!;

    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await adminSweep(page, orderId, productId);
      await visit(page, '/page-builder/pages', (p) => p.getByRole('row').nth(1).waitFor());
      for (const group of ['website', 'theme', 'navigation', 'menus', 'footer', 'popup', 'seo', 'scripts'])
        await visit(page, `/page-builder/settings/${group}`);
      // issue 40.16: the success toast does not cover the form's buttons (Reset and Save at the form's head)
      const height = page.getByLabel('Navbar height (px)', { exact: true });
      await page.goto('/page-builder/settings/navigation', { waitUntil: 'networkidle' });
      await height.fill(String(Number(await height.inputValue()) + 1));
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'saved: shoppers see it on their next page load' });
      await toast.waitFor();
      await toast.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
      const box = (await toast.boundingBox())!;
      for (const name of ['Save', 'Reset']) {
        const button = (await page.getByRole('button', { name, exact: true }).boundingBox())!;
        const overlap =
          box.x < button.x + button.width &&
          button.x < box.x + box.width &&
          box.y < button.y + button.height &&
          button.y < box.y + box.height;
        expect([name, overlap]).toEqual([name, false]);
      }
      await shop.screenshot(page, `staff-toast-${viewport.width}`);
      await visit(page, `/page-builder/pages/${home.id}`, (p) =>
        viewport === DESKTOP
          ? // the preview draws the storefront's own blocks in Puck's frame
            p.frameLocator('iframe').first().getByRole('heading', { name: 'Best deals' }).waitFor()
          : // a phone gets the reduced editor (publish, unpublish, back), saying why
            p.getByText('The page editor needs a wider screen').waitFor(),
      );
      if (viewport === DESKTOP) {
        // a block chosen in the preview: its fields and Puck's action bar (icon buttons, each named)
        await page.frameLocator('iframe').first().getByRole('heading', { name: 'Best deals' }).click();
        await page
          .getByText(/^When chosen, these show in this order, those in stock first/)
          .locator('visible=true')
          .first()
          .waitFor();
        await check(page, 'page editor, a block chosen');
        await shop.screenshot(page, 'staff-a11y-page-editor-1440');
      }
      await visit(page, '/pos', (p) => p.getByRole('button', { name: 'Open shift' }).waitFor());
      await visit(page, '/auth/bos/choose');
      await shop.screenshot(page, `staff-a11y-choose-${viewport.width}`);
    }
    // the till with a shift open
    await page.goto('/pos', { waitUntil: 'networkidle' });
    await page.getByLabel('Till').fill('A11y till');
    await page.getByLabel('Cash float (₹)').fill('500');
    await page.getByRole('button', { name: 'Open shift' }).click();
    await page.getByLabel('Scan or search (name, SKU, barcode)').waitFor();
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await check(page, '/pos (shift open)');
    }
    console.log(`staff accessibility (axe-core, critical and serious):\n${counts.join('\n')}`);
    expect(found).toEqual([]);
  });
});
