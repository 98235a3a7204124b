import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, startShop, type Shop } from './harness';
import { signInHere } from './journeys';

/**
 * Issue 16, many shops on one installation: the owner (superadmin) creates "Fresh Basket" on
 * fresh.localhost (Chromium resolves *.localhost to this machine) as a copy of Demo Grocery's
 * storefront without its catalogue, switches to it, adds a product in Administration; a shopper
 * on fresh.localhost finds it, and Demo Grocery's storefront does not show it.
 */
let shop: Shop;
let owner: Page;
let ownerErrors: string[];
const PRODUCT = 'Fresh Basket Mango Pickle';

beforeAll(async () => {
  shop = await startShop();
  owner = await shop.newPage({ width: 1440, height: 900 });
  ownerErrors = collectErrors(owner);
  await owner.goto('/bos/admin', { waitUntil: 'networkidle' });
  await owner.waitForURL('**/auth/login');
  await signInHere(owner, shop, 'admin@demo.shop');
  await owner.waitForURL('**/bos/admin');
  await owner.getByRole('heading', { name: 'Dashboard' }).waitFor();
}, 120_000);
afterAll(() => shop?.close());

describe('many websites (Chromium, 1440 px)', () => {
  it('creates Fresh Basket as a storefront copy, switches to it, adds a product its shoppers find and Demo Grocery does not show', async () => {
    const port = new URL(shop.url).port;
    await owner.getByRole('link', { name: 'Switch Website' }).click();
    await owner.waitForURL('**/auth/bos/choose');
    await owner.getByRole('heading', { name: 'Choose a website' }).waitFor();
    await owner.getByRole('heading', { name: 'Demo Grocery' }).waitFor();
    await shop.screenshot(owner, 'websites-choose-1440');

    await owner.getByRole('link', { name: 'Create a website' }).click();
    await owner.getByRole('heading', { name: 'Create a website' }).waitFor();
    // the form's messages before anything is sent
    await owner.getByRole('radio', { name: /A copy of a website/ }).check();
    await owner.getByRole('button', { name: 'Create website' }).click();
    await owner.getByText('Enter a name').waitFor();
    await owner.getByText('Choose the website to copy', { exact: true }).last().waitFor();
    await owner.getByLabel('Name', { exact: true }).fill('Fresh Basket');
    await owner.getByLabel('Primary domain').fill('fresh.localhost');
    await owner.getByLabel('State').selectOption('Karnataka');
    await owner.getByLabel('GSTIN').fill('29AAAAA1111A1Z5');
    await owner.getByLabel('Website to copy').selectOption({ label: 'Demo Grocery (localhost)' });
    await expect.poll(() => owner.getByRole('checkbox', { name: /Also copy its catalogue/ }).isChecked()).toBe(false);
    await shop.screenshot(owner, 'websites-create-1440');
    await owner.getByRole('button', { name: 'Create website' }).click();
    await owner.waitForURL('**/auth/bos/choose');
    const card = owner.getByRole('listitem').filter({ has: owner.getByRole('heading', { name: 'Fresh Basket' }) });
    await card.getByText('fresh.localhost').first().waitFor();
    await shop.screenshot(owner, 'websites-created-1440');

    await card.getByRole('button', { name: 'Manage Fresh Basket' }).click();
    await owner.waitForURL('**/bos/admin');
    const frame = owner.getByRole('complementary');
    await frame.getByText('Fresh Basket', { exact: true }).waitFor();
    await owner.getByRole('heading', { name: 'Dashboard' }).waitFor();
    // View shop opens Fresh Basket's own storefront
    expect(await frame.getByRole('link', { name: 'View shop' }).getAttribute('href')).toBe(`http://fresh.localhost:${port}/`);
    await shop.screenshot(owner, 'websites-admin-fresh-1440');

    // Administration works on Fresh Basket: its product list is empty (no catalogue copied)
    await owner.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Products' }).click();
    await owner.getByRole('link', { name: 'New product' }).click();
    await owner.getByRole('heading', { name: 'New product' }).waitFor();
    await owner.getByLabel('Name', { exact: true }).fill(PRODUCT);
    await owner.getByRole('combobox', { name: 'Status' }).selectOption('active');
    await owner.getByLabel('Pack 1 name').fill('500 g');
    await owner.getByLabel('Pack 1 SKU').fill('FB-MANGO-500');
    await owner.getByLabel('Pack 1 price (₹)').fill('180');
    await owner.getByLabel('Pack 1 MRP (₹)').fill('200');
    await owner.getByRole('button', { name: 'Create product' }).click();
    await owner.getByRole('heading', { name: PRODUCT }).waitFor();
    await shop.screenshot(owner, 'websites-product-fresh-1440');

    // A shopper on fresh.localhost finds it, on the copied storefront
    const fresh = await shop.newPage({ width: 1440, height: 900 });
    const freshErrors = collectErrors(fresh);
    await fresh.goto(`http://fresh.localhost:${port}/products?q=mango%20pickle`, { waitUntil: 'networkidle' });
    await fresh.getByTestId('product-card').filter({ hasText: PRODUCT }).first().waitFor();
    expect(await fresh.title()).toContain('Fresh Basket');
    await shop.screenshot(fresh, 'websites-fresh-search-1440');

    // Demo Grocery's storefront does not show it
    const demo = await shop.newPage({ width: 1440, height: 900 });
    await demo.goto('/products?q=mango%20pickle', { waitUntil: 'networkidle' });
    // the list has answered (with other products or with none) before it is checked for the new one
    await demo.getByTestId('product-card').or(demo.getByText('No products match "mango pickle"')).first().waitFor();
    expect(await demo.getByText(PRODUCT).count()).toBe(0);
    expect(await demo.title()).not.toContain('Fresh Basket');
    await shop.screenshot(demo, 'websites-demo-search-1440');

    // back on Demo Grocery through the switcher
    await owner.getByRole('link', { name: 'Switch Website' }).click();
    await owner.getByRole('button', { name: 'Manage Demo Grocery' }).click();
    await owner.waitForURL('**/bos/admin');
    await owner.getByRole('complementary').getByText('Demo Grocery', { exact: true }).waitFor();
    expect(ownerErrors).toEqual([]);
    expect(freshErrors).toEqual([]);
  }, 180_000);
});
