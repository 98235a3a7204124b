import type { BrowserContextOptions, Page } from 'playwright-core';
import { expect } from 'vitest';
import { collectErrors, type Shop } from './harness';

/**
 * The code in the newest message to `to`, read from the development outbox. A journey may ask right
 * after its click on "Send code", before the server has written the message: it asks again for a
 * few seconds (a wait for the message, not for time).
 */
export async function codeFor(shop: Shop, to: string): Promise<string> {
  // up to 20 s: the last rehearsal once missed a shopper's code after 10 s (cause not found)
  for (let attempt = 0; attempt < 80; attempt++) {
    const { data } = (await (await fetch(`${shop.url}/s/api/dev/outbox`)).json()) as { data: Array<{ to: string; body: string }> };
    const code = data.find((m) => m.to === to)?.body.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code for ${to}`);
}

/**
 * Signs in from the login page the page is on: identifier, then the code from the outbox. A code
 * was sent to this person less than 30 s ago (an earlier journey of the file signed them in): the
 * page says how long to wait, and the journey waits that long and asks again, as a person would.
 */
export async function signInHere(page: Page, shop: Shop, identifier: string, to = identifier) {
  await page.getByLabel('Email or mobile number').fill(identifier);
  await page.getByRole('button', { name: 'Send code' }).click();
  const wait = page.getByText(/^Please wait \d+ seconds? before asking for a new code$/);
  const outcome = await Promise.race([
    page.waitForURL('**/auth/verify').then(() => 'sent' as const),
    wait.waitFor().then(() => 'wait' as const),
  ]);
  if (outcome === 'wait') {
    // the page counts the wait down and lets Send code be tapped again when it is over
    const seconds = Number((await wait.textContent())!.match(/\d+/)![0]);
    // said in the run's output: such a wait is time the suite spends doing nothing
    console.warn(`[e2e] ${identifier} waits ${seconds} s for a new sign-in code (${expect.getState().currentTestName})`);
    const send = page.getByRole('button', { name: 'Send code' });
    await expect.poll(() => send.isEnabled(), { timeout: (seconds + 10) * 1000 }).toBe(true);
    await send.click();
  }
  await page.waitForURL('**/auth/verify');
  // the 6th digit signs in: no tap on Verify
  await page.getByLabel('6-digit code').fill(await codeFor(shop, to));
}

/** Fills the 'Add address' modal (or the one named `dialog`) with a Bengaluru address (pincode given); answers it, to save. */
export async function addAddress(page: Page, who: { name: string; phone: string }, pincode = '560034', dialog = 'Add address') {
  const modal = page.getByRole('dialog', { name: dialog });
  await modal.getByLabel('Full name').fill(who.name);
  await modal.getByLabel('Mobile').fill(who.phone);
  await modal.getByLabel('House / flat / building').fill('Flat 12, Palm Residency');
  await modal.getByLabel('Street / area').fill('80 Feet Road, Koramangala');
  await modal.getByLabel('Pincode').fill(pincode);
  await modal.getByLabel('City').fill('Bengaluru');
  // the pincode fills the state where its digits belong to one state; the shopper can still choose
  const state = modal.getByLabel(/^State\b/);
  if (pincode.startsWith('56')) await expect.poll(() => state.inputValue()).toBe('Karnataka');
  await state.selectOption('Karnataka');
  return modal;
}

/**
 * Opens `from` (the login page, or a guarded page that sends there), signs in and waits until the
 * browser has left /auth (the saved path is opened).
 */
export async function signInFrom(page: Page, shop: Shop, identifier: string, from = '/auth/login') {
  await page.goto(from, { waitUntil: 'networkidle' });
  if (!page.url().includes('/auth/')) await page.waitForURL('**/auth/login');
  await signInHere(page, shop, identifier);
  await page.waitForURL((u) => !u.pathname.startsWith('/auth'));
}

/** Adds the first addable pack of a product list (`list`, an address) to the page's cart; answers the cart as the server has it. */
export async function addFirstToCart(page: Page, list = '/products') {
  await page.goto(list, { waitUntil: 'networkidle' });
  const add = page.getByRole('button', { name: /^Add to Cart: / }).first();
  await Promise.all([page.waitForResponse((r) => r.url().includes('/s/api/cart/add')), add.click()]);
  return (await page.request.get('/s/api/cart')).json();
}

/** Opens the cart drawer from the header's cart button. */
export const openCart = (page: Page) =>
  page
    .getByRole('button', { name: /^Cart, \d+ items?$/ })
    .first()
    .click();

/** Adds the first addable product of the dearest-first list and opens checkout from the cart drawer. */
export async function cartToCheckout(page: Page) {
  await addFirstToCart(page, '/products?s=price_desc');
  await openCart(page);
  await page.getByRole('dialog', { name: 'Cart Summary' }).getByRole('button', { name: 'Continue to Checkout' }).click();
  await page.waitForURL('**/checkout');
  await page.getByRole('heading', { name: 'Checkout' }).waitFor();
}

/**
 * The shopper places a cash-on-delivery order from checkout (a new address first unless they have
 * one already); answers its order number.
 */
export async function placeCodOrder(page: Page, newAddress = true): Promise<string> {
  await cartToCheckout(page);
  if (newAddress) {
    await page.getByRole('button', { name: 'Add a new address' }).click();
    const modal = await addAddress(page, { name: 'Priya Shopper', phone: '9000000003' });
    await modal.getByRole('button', { name: 'Save address' }).click();
    await modal.waitFor({ state: 'detached' });
  }
  await page.getByRole('radiogroup', { name: 'Delivery slot' }).getByRole('radio').first().waitFor({ state: 'attached' });
  await page.getByRole('radiogroup', { name: 'Payment method' }).getByText('Cash on Delivery').click();
  await page.getByRole('button', { name: /^Place order/ }).click();
  await page.waitForURL('**/order/success/**');
  await page.getByRole('link', { name: 'View order' }).click();
  const heading = await page.getByRole('heading', { name: /^Order #GR\d+/ }).textContent();
  return heading!.match(/GR\d+/)![0];
}

/** The owner's session per shop: a later journey of the file opens Administration already signed in. */
const ownerSessions = new WeakMap<Shop, BrowserContextOptions['storageState']>();

/**
 * The demo owner signed in on Administration's dashboard (1440 px); answers the page and its
 * console errors. The file's first call signs in; later ones come back signed in, as the owner's
 * browser would (a new code within 30 s of the last would be a wait), unless that session ended.
 */
export async function ownerOnDashboard(shop: Shop): Promise<{ owner: Page; ownerErrors: string[] }> {
  const saved = ownerSessions.get(shop);
  const owner = await shop.newPage({ width: 1440, height: 900 }, { storageState: saved });
  const ownerErrors = collectErrors(owner);
  const dashboard = owner.getByRole('heading', { name: 'Dashboard' });
  await owner.goto('/bos/admin', { waitUntil: 'networkidle' });
  // the one that loses the race fails when the page closes: its failure is no answer
  const signedIn =
    saved !== undefined &&
    (await Promise.race([
      dashboard.waitFor().then(
        () => true,
        () => false,
      ),
      owner.waitForURL('**/auth/login').then(
        () => false,
        () => false,
      ),
    ]));
  if (!signedIn) {
    await owner.waitForURL('**/auth/login');
    await signInHere(owner, shop, 'admin@demo.shop');
    await owner.waitForURL('**/bos/admin');
    ownerSessions.set(shop, await owner.context().storageState());
  }
  await dashboard.waitFor();
  return { owner, ownerErrors };
}

/** A staff call from a signed-in page (its session cookie and XSRF token go with it): GET, or POST with a body. */
export const staffCall = (page: Page, path: string, body?: unknown, method = body === undefined ? 'GET' : 'POST') =>
  page.evaluate(
    async ([path, body, method]) => {
      const xsrf = decodeURIComponent(document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '');
      const res = await fetch(path as string, {
        method: method as string,
        headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: await res.json() };
    },
    [path, body, method] as const,
  );

/** The owner moves an order (by its number) through to delivered, with its cash when cash on delivery; answers the staff's order. */
export async function deliverByNumber(page: Page, ordernumber: string) {
  const id = (await staffCall(page, `/s/api/admin/orders?q=${ordernumber}`)).json.data[0].id as string;
  for (const step of ['confirm', 'pack']) expect((await staffCall(page, `/s/api/admin/orders/${id}/${step}`, {})).status).toBe(200);
  expect((await staffCall(page, `/s/api/admin/orders/${id}/ship`, { delivery: { person: 'Ravi', phone: '9876543210' } })).status).toBe(200);
  const order = (await staffCall(page, `/s/api/admin/orders/${id}`)).json;
  const done = await staffCall(
    page,
    `/s/api/admin/orders/${id}/deliver`,
    order.payment?.provider === 'cod' ? { cash_collected: order.total } : {},
  );
  expect(done.status).toBe(200);
  return done.json as { id: string; items_total: number; discount: number; total: number; delivery_charge: number };
}
