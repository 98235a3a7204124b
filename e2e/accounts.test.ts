import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, startShop, type Shop } from './harness';
import { addAddress, codeFor } from './journeys';

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
}, 120_000);
afterAll(() => shop?.close());

async function signIn(page: Page, identifier: string, to = identifier, width = 1440) {
  await page.getByLabel('Email or mobile number').fill(identifier);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.waitForURL('**/auth/verify');
  await page.getByText(/Resend code in \d+s/).waitFor();
  await shop.screenshot(page, `verify-${width}`);
  // pasted with a space, as codes often are
  const code = await codeFor(shop, to);
  await page.getByLabel('6-digit code').fill(`${code.slice(0, 3)} ${code.slice(3)}`);
  // the 6th digit signs in: no tap on Verify
}

describe('account journeys (Chromium, built shop, demo data)', () => {
  it('registers a new shopper end to end and lands signed in', async () => {
    const page = await shop.newPage({ width: 375, height: 900 });
    const errors = collectErrors(page);
    await page.goto('/auth/register', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Name is required').waitFor();
    await page.getByText('Email is required').waitFor();
    await page.getByLabel('Name').fill('Meera Nair');
    await page.getByLabel('Email').fill('meera@example.com');
    await page.getByLabel('Mobile').fill('5123');
    await page.getByText('Mobile must be 10 digits starting with 6, 7, 8 or 9').waitFor();
    await page.getByLabel('Mobile').fill('9123456780');
    await shop.screenshot(page, 'register-375');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL('**/auth/verify');
    // a code to the email and another to the mobile: each identifier is proven by its own
    await page.getByLabel('Email code').fill(await codeFor(shop, 'meera@example.com'));
    await page.getByLabel('Mobile code').fill(await codeFor(shop, '9123456780'));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(shop.url + '/');
    const init = await (await page.request.get('/s/api/init')).json();
    expect(init.user).toMatchObject({ name: 'Meera Nair', email: 'meera@example.com', phone: '9123456780' });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('sends a signed-out shopper from a guarded page to login and back after sign-in; then logout', async () => {
    for (const width of [1440, 375]) {
      const page = await shop.newPage({ width, height: 900 });
      await page.goto('/account/addresses', { waitUntil: 'networkidle' });
      await page.waitForURL('**/auth/login');
      await shop.screenshot(page, `login-${width}`);
      await signIn(page, width === 1440 ? 'shopper@demo.shop' : '90000 00003', width === 1440 ? 'shopper@demo.shop' : '9000000003', width);
      await page.waitForURL('**/account/addresses');
      await page.getByRole('heading', { name: 'Addresses' }).waitFor();
      await page.getByRole('link', { name: 'Dashboard' }).click();
      await page.getByRole('heading', { name: 'Hello, Priya' }).waitFor();
      await shop.screenshot(page, `account-${width}`);
      await page.goto('/auth/logout');
      await page.waitForURL(shop.url + '/');
      await page.getByRole('link', { name: 'Login' }).first().waitFor();
      expect((await (await page.request.get('/s/api/init')).json()).user).toBeNull();
      await page.close();
    }
  });

  // Each journey signs in with an identifier the others do not use: a code may be re-sent only
  // after 30 s per identifier.
  it('adds, edits and deletes an address', async () => {
    const page = await shop.newPage();
    await page.goto('/auth/login', { waitUntil: 'networkidle' });
    await signIn(page, '9000000001');
    await page.waitForURL(shop.url + '/');
    await page.goto('/account/addresses', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Add address' }).click();
    const modal = page.getByRole('dialog', { name: 'Add address' });
    await modal.getByRole('button', { name: 'Save address' }).click();
    await modal.getByText('Pincode is required').waitFor();
    await addAddress(page, { name: 'Store Owner', phone: '9000000001' });
    await shop.screenshot(page, 'address-form-1440');
    await modal.getByRole('button', { name: 'Save address' }).click();
    // toasts load after the first load (lib/toast.tsx): the first one still shows
    await page.locator('[data-sonner-toast]').getByText('Address added').waitFor();
    const card = page.getByTestId('address-card').first();
    await card.getByText('Default').waitFor();
    await card.getByText(/Delivers here/).waitFor();
    await card.getByRole('button', { name: /^Edit address/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit address' });
    await edit.getByLabel('Pincode').fill('999999');
    await edit.getByRole('button', { name: 'Save address' }).click();
    await card.getByText('Sorry, we do not deliver to 999999 yet.').waitFor();
    await shop.screenshot(page, 'addresses-1440');
    await card.getByRole('button', { name: /^Delete address/ }).click();
    await page.getByRole('dialog', { name: 'Delete address' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No saved addresses yet').waitFor();
    expect((await (await page.request.get('/s/api/addresses')).json()).data).toEqual([]);
    await page.close();
  });

  it('sends a non-agent from the sales dashboard to /account/orders; the agent sees it', async () => {
    const page = await shop.newPage();
    await page.goto('/auth/login', { waitUntil: 'networkidle' });
    await signIn(page, '9123456780'); // the shopper registered above, by mobile this time
    await page.waitForURL(shop.url + '/');
    await page.goto('/account/dashboard');
    await page.waitForURL('**/account/orders');
    await page.goto('/auth/logout');
    await page.waitForURL(shop.url + '/');
    await page.goto('/account/dashboard', { waitUntil: 'networkidle' });
    await page.waitForURL('**/auth/login');
    await signIn(page, 'agent@demo.shop');
    await page.waitForURL('**/account/dashboard');
    await page.getByRole('heading', { name: 'Sales dashboard' }).waitFor();
    await page.close();
  });

  it('shows the owner Administration, Website Settings and POS in a new tab, and Switch Website', async () => {
    const page = await shop.newPage();
    await page.goto('/auth/login', { waitUntil: 'networkidle' });
    await signIn(page, 'admin@demo.shop');
    await page.waitForURL(shop.url + '/');
    await page
      .getByRole('button', { name: /Store Owner/ })
      .first()
      .click();
    for (const [name, href] of [
      ['Administration', '/bos/admin'],
      ['Website Settings', '/page-builder'],
      ['POS', '/pos'],
    ]) {
      const link = page.getByRole('menuitem', { name });
      expect(await link.getAttribute('href')).toBe(href);
      expect(await link.getAttribute('target')).toBe('_blank');
    }
    expect(await page.getByRole('menuitem', { name: 'Switch Website' }).getAttribute('href')).toBe('/auth/bos/choose');
    await shop.screenshot(page, 'account-menu-admin-1440');
    await page.close();
  });

  it('chooses message channels on a phone (390 px): a change is kept after reload, and shown in Hindi', async () => {
    const page = await shop.newPage({ width: 390, height: 844 });
    const errors = collectErrors(page);
    await page.goto('/auth/login', { waitUntil: 'networkidle' });
    // the shopper registered above, by email (its code was sent long enough ago to ask again)
    await signIn(page, 'meera@example.com', 'meera@example.com', 390);
    await page.waitForURL(shop.url + '/');
    await page.goto('/account/details', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Messages from the shop' }).waitFor();
    const offersByEmail = page.getByRole('checkbox', { name: 'Back in stock by Email' });
    expect(await offersByEmail.isChecked()).toBe(true);
    const saved = page.waitForResponse((r) => r.url().endsWith('/s/api/account/messages') && r.request().method() === 'PUT');
    await offersByEmail.uncheck();
    expect((await saved).status()).toBe(200);
    // order updates keep one way at least: unticking both is refused, saying why
    const smsSaved = page.waitForResponse((r) => r.url().endsWith('/s/api/account/messages') && r.request().method() === 'PUT');
    await page.getByRole('checkbox', { name: 'Order updates by SMS' }).uncheck();
    expect((await smsSaved).status()).toBe(200);
    await page.getByRole('checkbox', { name: 'Order updates by Email' }).click();
    await page.getByRole('alert').getByText('Order updates need at least one way to reach you').waitFor();
    expect(await page.getByRole('checkbox', { name: 'Order updates by Email' }).isChecked()).toBe(true);
    await shop.screenshot(page, 'messages-en-390');
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Messages from the shop' }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Back in stock by Email' }).isChecked()).toBe(false);
    expect(await page.getByRole('checkbox', { name: 'Order updates by SMS' }).isChecked()).toBe(false);
    // the same choices in Hindi
    await page.goto('/account/details?lang=hi', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'दुकान से मैसेज' }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'फिर से उपलब्ध: ईमेल पर' }).isChecked()).toBe(false);
    await shop.screenshot(page, 'messages-hi-390');
    expect(errors).toEqual([]);
    await page.close();
  });
});
