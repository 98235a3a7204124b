import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from './axe';
import { collectErrors, startShop, type Shop } from './harness';
import { addAddress, ownerOnDashboard, signInFrom } from './journeys';

// Issue 44 §4, the Bar's shopper part: the owner makes the demo's 500 ml milk subscribable (staff
// API), the shopper tops up ₹500 on the simulator, subscribes to it daily from the product page,
// skips a Saturday and pauses for 3 days on the 30-day calendar, and sees the calendar say so.
// The nightly generation is not driven from here: the server runs in its own process and has no
// development route for it (the server's subscriptions.test.ts runs it in-process).
let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
}, 120_000);
afterAll(() => shop?.close());

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const utc = (d: string) => new Date(`${d}T00:00:00Z`);
const dayWords = (d: string) => `${DAYS[utc(d).getUTCDay()]} ${utc(d).getUTCDate()} ${MONTHS[utc(d).getUTCMonth()]}`;
const plusDays = (d: string, n: number) => new Date(utc(d).getTime() + n * 86_400_000).toISOString().slice(0, 10);

/** A staff call with any method from a signed-in page (its session cookie and XSRF token go with it). */
const staff = (page: Page, method: string, path: string, body?: unknown) =>
  page.evaluate(
    async ([method, path, body]) => {
      const xsrf = decodeURIComponent(document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '');
      const res = await fetch(path as string, {
        method: method as string,
        headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: await res.json() };
    },
    [method, path, body] as const,
  );

type Day = { date: string; quantity: number; note: string; changeable: boolean };

describe('subscriptions (Chromium, simulator payments)', () => {
  it('the owner makes milk subscribable; the shopper tops up, subscribes daily, skips a Saturday, pauses 3 days', async () => {
    // the demo's milk: a 500 ml pack in stock
    const { owner, ownerErrors } = await ownerOnDashboard(shop);
    const found = (await (await owner.request.get('/s/api/products?q=Toned%20Milk')).json()) as {
      data: Array<{
        slug: string;
        product_name: string;
        packs: Array<{ pack_id: number; pack_name: string; price: number; stock?: number | null }>;
      }>;
    };
    const milk = found.data.find(
      (p) => /Toned Milk/.test(p.product_name) && p.packs.some((k) => k.pack_name === '500 ml' && k.stock !== 0),
    )!;
    expect(milk, 'the demo has toned milk in 500 ml').toBeTruthy();
    const pack = milk.packs.find((k) => k.pack_name === '500 ml')!;

    // the owner marks it subscribable (Administration's call; the screen is the staff app's)
    const settings = await staff(owner, 'GET', '/s/api/admin/subscriptions/settings');
    expect(settings.status).toBe(200);
    const now = settings.json as {
      cutoff_time: string;
      subscribable_pack_ids: number[];
      min_topup_paise: number;
      cashback_percent: number;
      cashback_cap_paise: number;
    };
    const saved = await staff(owner, 'PUT', '/s/api/admin/subscriptions/settings', {
      cutoff_time: now.cutoff_time,
      subscribable_pack_ids: [...now.subscribable_pack_ids, pack.pack_id],
      min_topup_paise: now.min_topup_paise,
      cashback_percent: now.cashback_percent,
      cashback_cap_paise: now.cashback_cap_paise,
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(ownerErrors).toEqual([]);
    await owner.close();

    const page = await shop.newPage({ width: 1280, height: 900 });
    const errors = collectErrors(page);
    await signInFrom(page, shop, 'shopper@demo.shop');

    // ₹500 into the wallet through the simulator
    await page.goto('/account/wallet', { waitUntil: 'networkidle' });
    await page.getByRole('group', { name: 'Amount' }).getByRole('button', { name: '₹500' }).click();
    await page.getByRole('button', { name: 'Add ₹500' }).click();
    await page.waitForURL('**/sim/checkout/razorpay/**');
    await page.getByRole('button', { name: 'Success', exact: true }).click();
    await page.waitForURL('**/account/wallet?topup=*');
    await page.getByTestId('topup-done').waitFor();

    // the product page: Subscribe beside Add to Cart for the 500 ml pack
    await page.goto(`/products/${milk.slug}`, { waitUntil: 'networkidle' });
    await page
      .getByRole('group', { name: 'Pack size' })
      .getByRole('button', { name: /500 ml/ })
      .click();
    const subscribe = page.getByRole('button', { name: `Subscribe: ${milk.product_name} 500 ml` });
    await subscribe.click();
    const sheet = page.getByRole('dialog', { name: 'Subscribe' });
    await sheet.getByRole('radiogroup', { name: 'How often' }).waitFor();
    // the shopper's addresses, or none yet: then one is added from the sheet
    const none = sheet.getByText('Add the address we should deliver to.');
    await sheet.getByRole('radiogroup', { name: 'Delivery address' }).or(none).waitFor();
    const hasAddress = !(await none.isVisible());
    if (!hasAddress) {
      await sheet.getByRole('button', { name: 'Add a new address' }).click();
      const modal = await addAddress(page, { name: 'Priya Shopper', phone: '9000000003' });
      await modal.getByRole('button', { name: 'Save address' }).click();
      await modal.waitFor({ state: 'detached' });
    }
    await sheet.getByRole('radiogroup', { name: 'Delivery address' }).getByRole('radio').first().waitFor({ state: 'attached' });
    expect(await sheet.getByRole('radio', { name: 'Daily' }).isChecked()).toBe(true);
    const perDelivery = (await sheet.getByTestId('sub-per-delivery').textContent())!;
    expect(Number(perDelivery.replace(/[^\d.]/g, ''))).toBe(pack.price);
    await sheet.getByText('Wallet balance').waitFor();
    await sheet.getByText('₹500', { exact: true }).waitFor();
    const sheetA11y = describeViolations('subscribe sheet @1280', await axeViolations(page, '[role=dialog]'));
    expect(sheetA11y).toEqual([]);
    await shop.screenshot(page, 'subscribe-sheet-1280');
    await sheet.getByRole('button', { name: /^Subscribe · ₹[\d,.]+ per delivery$/ }).click();
    // the success toast reads at AA (sonner's own green on its tint measured 4.3:1)
    const toasted = page.locator('[data-sonner-toast][data-type=success]').filter({ hasText: `Subscribed to ${milk.product_name} 500 ml` });
    await toasted.hover(); // sonner holds a hovered toast
    expect(describeViolations('success toast', await axeViolations(page, '[data-sonner-toaster]'))).toEqual([]);

    // the new subscription's page: every day of the 30 delivers 1 × 500 ml
    await page.waitForURL(/\/account\/subscriptions\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('heading', { name: `${milk.product_name} · 500 ml` }).waitFor();
    await page.getByText('1 × Every day').first().waitFor();
    const calendar = page.getByRole('list', { name: 'Deliveries in the next 30 days' });
    await calendar.waitFor();
    const days = async () =>
      ((await (await page.request.get(`/s/api/account/subscriptions/${id}/calendar`)).json()) as { days: Day[] }).days;
    const before = await days();
    expect(before.length).toBeGreaterThanOrEqual(28);
    expect(before.every((d) => d.quantity === 1)).toBe(true);

    // skip the first Saturday still open
    const saturday = before.find((d) => utc(d.date).getUTCDay() === 6 && d.changeable)!.date;
    const price = perDelivery.trim();
    await calendar.getByRole('button', { name: `${dayWords(saturday)}, 1 × 500 ml, ${price} — skip` }).click();
    await page.getByTestId(`day-${saturday}`).getByText('Skipped').waitFor();
    await calendar.getByRole('button', { name: `${dayWords(saturday)}, Skipped — deliver 1 again` }).waitFor();

    // a vacation: 3 days from the Monday after
    const from = plusDays(saturday, 2);
    const to = plusDays(from, 2);
    await page.getByLabel('From', { exact: true }).fill(from);
    await page.getByLabel('To', { exact: true }).fill(to);
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    await page
      .getByRole('list', { name: 'Pauses' })
      .getByText(/^Paused /)
      .waitFor();
    for (const d of [from, plusDays(from, 1), to]) await page.getByTestId(`day-${d}`).getByText('Paused').waitFor();

    // what the page shows is what the server holds
    const after = await days();
    expect(after.find((d) => d.date === saturday)).toMatchObject({ quantity: 0, note: 'skipped' });
    expect(after.filter((d) => d.note === 'paused').map((d) => d.date)).toEqual([from, plusDays(from, 1), to]);
    expect(after.filter((d) => d.quantity === 1)).toHaveLength(before.length - 4);
    await page.getByTestId(`day-${saturday}`).scrollIntoViewIfNeeded();
    await shop.screenshot(page, 'subscription-calendar-1280');

    // the list, from the account's navigation: schedule in words, status, next delivery
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Subscriptions' }).click();
    await page.getByRole('heading', { name: 'Subscriptions', exact: true }).waitFor();
    // the card is one link named by what it shows: product · pack, status, schedule and price, next delivery
    const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await page.getByRole('link', { name: new RegExp(`^${esc(milk.product_name)} · 500 ml\\s*Active\\s*1 × Every day`) }).waitFor();
    await page.getByText(/^Next: \w+day \d+ \w+, 1 × 500 ml$/).waitFor();
    await shop.screenshot(page, 'subscriptions-list-1280');

    // the phone: the same pages without sideways scroll, the sheet from the buy bar
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/account/subscriptions', { waitUntil: 'networkidle' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shop.screenshot(page, 'subscriptions-list-390');
    await page.goto(`/account/subscriptions/${id}`, { waitUntil: 'networkidle' });
    await page.getByRole('list', { name: 'Deliveries in the next 30 days' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shop.screenshot(page, 'subscription-calendar-390');
    await page.goto(`/products/${milk.slug}`, { waitUntil: 'networkidle' });
    await page
      .getByRole('group', { name: 'Pack size' })
      .getByRole('button', { name: /500 ml/ })
      .click();
    await page
      .getByTestId('buy-bar')
      .getByRole('button', { name: `Subscribe: ${milk.product_name} 500 ml` })
      .waitFor();
    await shop.screenshot(page, 'product-subscribe-390');
    await page.getByRole('button', { name: `Subscribe: ${milk.product_name} 500 ml` }).click();
    await page.getByRole('dialog', { name: 'Subscribe' }).getByRole('radiogroup', { name: 'How often' }).waitFor();
    await shop.screenshot(page, 'subscribe-sheet-390');
    expect(errors).toEqual([]);
    await page.close();
  }, 240_000);
});
