import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, startShop, type Shop } from './harness';
import { ownerOnDashboard, placeCodOrder, signInFrom, signInHere, staffCall } from './journeys';

let shop: Shop;
let owner: Page;
beforeAll(async () => {
  shop = await startShop();
  ({ owner } = await ownerOnDashboard(shop));
}, 120_000);
afterAll(() => shop?.close());

describe('staff roles (Chromium): the owner adds a packer, who packs from a phone and sees nothing else', () => {
  it('adding a person ticks nothing; a packer signs in on a phone, reaches only Orders, and packs', async () => {
    await owner.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Staff' }).click();
    await owner.getByRole('heading', { name: 'Staff' }).waitFor();
    const roles = owner.getByRole('group', { name: 'What they do here' });
    for (const box of await roles.getByRole('checkbox').all()) expect(await box.isChecked()).toBe(false);
    await owner.getByLabel('Email or mobile').fill('kiran.packer@example.com');
    await owner.getByLabel('Name', { exact: true }).fill('Kiran Packer');
    await owner.getByRole('button', { name: 'Add', exact: true }).click();
    await owner.getByText('Choose at least one role for this person').waitFor();
    await roles.getByRole('checkbox', { name: /^Packer/ }).check();
    await shop.screenshot(owner, 'staff-roles-add-1440');
    await owner.getByRole('button', { name: 'Add', exact: true }).click();
    await owner.getByRole('table', { name: 'Staff' }).getByRole('cell', { name: 'Kiran Packer', exact: true }).waitFor();
    expect(await owner.getByRole('checkbox', { name: 'Packer: Kiran Packer' }).isChecked()).toBe(true);
    expect(await owner.getByRole('checkbox', { name: 'Sales agent: Kiran Packer' }).isChecked()).toBe(false);

    // a shopper's cash-on-delivery order, confirmed by the owner, waits to be packed
    const shopper = await shop.newPage({ width: 1280, height: 900 });
    await signInFrom(shopper, shop, 'shopper@demo.shop');
    const number = await placeCodOrder(shopper);
    // the owner's open Administration hears of it: a toast that opens it, and the Orders badge
    await owner.getByText(new RegExp(`^New order ${number} from `)).waitFor({ timeout: 60_000 });
    await owner
      .getByRole('navigation', { name: 'Administration' })
      .getByRole('link', { name: /^Orders 1 new$/ })
      .waitFor();
    expect(await owner.title()).toMatch(/^\(1\) /);
    await shop.screenshot(owner, 'staff-roles-new-order-1440');
    // search everything: Ctrl+K, the order's number, Enter opens it
    await owner.keyboard.press('Control+k');
    const palette = owner.getByRole('dialog', { name: 'Search Administration' });
    await palette.getByRole('combobox').fill(number);
    await palette.getByRole('option', { name: new RegExp(number) }).waitFor();
    await shop.screenshot(owner, 'staff-roles-palette-1440');
    await owner.keyboard.press('Enter');
    await owner.waitForURL('**/bos/admin/orders/*');
    await owner
      .getByRole('heading', { name: new RegExp(number) })
      .first()
      .waitFor();
    const id = (await staffCall(owner, `/s/api/admin/orders?q=${number}`)).json.data[0].id as string;
    expect((await staffCall(owner, `/s/api/admin/orders/${id}/confirm`, {})).status).toBe(200);

    const packer = await shop.newPage({ width: 390, height: 844 });
    const errors = collectErrors(packer);
    await packer.goto('/bos/admin', { waitUntil: 'networkidle' });
    await packer.waitForURL('**/auth/login');
    await signInHere(packer, shop, 'kiran.packer@example.com');
    // Administration's front door sends a packer (no dashboard) to the orders
    await packer.waitForURL('**/bos/admin/orders**');
    await packer.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    await packer.getByRole('button', { name: 'Menu' }).click();
    const nav = packer.getByRole('navigation', { name: 'Administration' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Orders']);
    await shop.screenshot(packer, 'staff-roles-packer-menu-390');
    await packer.keyboard.press('Escape');
    await nav.waitFor({ state: 'detached' });
    await shop.screenshot(packer, 'staff-roles-packer-orders-390');

    await packer.getByRole('link', { name: number }).click();
    await packer
      .getByRole('heading', { name: new RegExp(number) })
      .first()
      .waitFor();
    await packer.getByRole('button', { name: 'Mark packed' }).waitFor();
    expect(await packer.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
    expect(await packer.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    await shop.screenshot(packer, 'staff-roles-packer-order-390');
    await packer.getByRole('button', { name: 'Mark packed' }).click();
    await packer.getByText(`Order ${number} is packed`).waitFor();
    expect((await staffCall(owner, `/s/api/admin/orders/${id}`)).json.status).toBe('packed');

    // a screen outside the role says so before drawing anything; the server refuses its calls
    await packer.goto('/bos/admin/products', { waitUntil: 'networkidle' });
    await packer.getByRole('heading', { name: 'Not part of your role' }).waitFor();
    expect((await staffCall(packer, '/s/api/admin/products')).status).toBe(403);
    expect(errors.filter((e) => !/status of 403/.test(e))).toEqual([]);
  }, 240_000);

  it('a shopper opening "Create a website" is told it is not theirs before any form draws', async () => {
    const shopper = await shop.newPage({ width: 390, height: 844 });
    await signInFrom(shopper, shop, 'shopper@demo.shop', '/auth/login');
    await shopper.goto('/auth/bos/create', { waitUntil: 'networkidle' });
    await shopper.getByRole('heading', { name: 'Not allowed' }).waitFor();
    await shopper.getByText(/creating websites/).waitFor();
    expect(await shopper.getByRole('textbox').count()).toBe(0);
    await shop.screenshot(shopper, 'staff-roles-create-refused-390');
  }, 120_000);
});
