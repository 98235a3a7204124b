import type { Page } from 'playwright-core';
import type { Shop } from './harness';

/** The code in the newest message to `to`, read from the development outbox. */
export async function codeFor(shop: Shop, to: string): Promise<string> {
  const { data } = (await (await fetch(`${shop.url}/s/api/dev/outbox`)).json()) as { data: Array<{ to: string; body: string }> };
  const code = data.find((m) => m.to === to)?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code for ${to}`);
  return code;
}

/** Signs in from the login page the page is on: identifier, then the code from the outbox. */
export async function signInHere(page: Page, shop: Shop, identifier: string, to = identifier) {
  await page.getByLabel('Email or mobile number').fill(identifier);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.waitForURL('**/auth/verify');
  await page.getByLabel('6-digit code').fill(await codeFor(shop, to));
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** Fills the 'Add address' modal with a Bengaluru address (pincode given) and saves it. */
export async function addAddress(page: Page, who: { name: string; phone: string }, pincode = '560034') {
  const modal = page.getByRole('dialog', { name: 'Add address' });
  await modal.getByLabel('Full name').fill(who.name);
  await modal.getByLabel('Mobile').fill(who.phone);
  await modal.getByLabel('House / flat / building').fill('Flat 12, Palm Residency');
  await modal.getByLabel('Street / area').fill('80 Feet Road, Koramangala');
  await modal.getByLabel('Pincode').fill(pincode);
  await modal.getByLabel('City').fill('Bengaluru');
  await modal.getByRole('button', { name: 'State', exact: true }).click();
  await modal.getByLabel('Search State').fill('karna');
  await page.getByRole('option', { name: 'Karnataka' }).click();
  return modal;
}
