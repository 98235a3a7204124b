import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, startShop, type Shop } from './harness';
import { codeFor, ownerOnDashboard, placeCodOrder, signInFrom, staffCall } from './journeys';

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
}, 120_000);
afterAll(() => shop?.close());

/** A call from a signed-in page with any method (its session cookie and XSRF token go with it). */
const call = (page: Page, method: string, path: string, body?: unknown) =>
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

describe('the shopper’s tracking (Chromium, 390 px)', () => {
  it('shows the steps, then the stops before yours once out, and “You’re next” without a reload when the rider settles the stop before', async () => {
    // a shopper with two cash-on-delivery orders, packed and put on one trip for Ravi
    const shopper = await shop.newPage({ width: 390, height: 844 });
    const shopperErrors = collectErrors(shopper);
    await signInFrom(shopper, shop, 'shopper@demo.shop');
    const numbers = [await placeCodOrder(shopper), await placeCodOrder(shopper, false)];

    const { owner, ownerErrors } = await ownerOnDashboard(shop);
    const ids: string[] = [];
    for (const n of numbers) {
      const id = (await staffCall(owner, `/s/api/admin/orders?q=${n}`)).json.data[0].id as string;
      for (const step of ['confirm', 'pack']) expect((await staffCall(owner, `/s/api/admin/orders/${id}/${step}`, {})).status).toBe(200);
      ids.push(id);
    }
    const date = (await staffCall(owner, `/s/api/admin/orders/${ids[0]}`)).json.slot.date as string;
    expect(
      (await staffCall(owner, '/s/api/admin/staff', { identifier: 'rider@demo.shop', name: 'Ravi Rider', isRider: true })).status,
    ).toBe(201);
    const settings = await call(owner, 'PUT', '/s/api/admin/dispatch/tracking', { share_position: true, call_number: '+91 80 4000 1234' });
    expect(settings.status, JSON.stringify(settings.json)).toBe(200);
    const slot = (await staffCall(owner, `/s/api/admin/dispatch/slots?date=${date}`)).json.data.find(
      (s: { packed: number }) => s.packed >= 2,
    ) as { id: number };
    expect((await staffCall(owner, '/s/api/admin/dispatch/build', { slot_id: slot.id, date })).status).toBe(200);
    const dispatch = (await staffCall(owner, `/s/api/admin/dispatch?slot_id=${slot.id}&date=${date}`)).json as {
      trips: Array<{ id: number; label: string; stops: Array<{ order_id: string; sequence: number }> }>;
      riders: Array<{ id: number; name: string }>;
    };
    const trip = dispatch.trips.find((t) => t.stops.some((s) => s.order_id === ids[0]))!;
    expect(trip.stops).toHaveLength(2);
    const [first, second] = [...trip.stops].sort((a, b) => a.sequence - b.sequence).map((s) => s.order_id);
    const ravi = dispatch.riders.find((r) => r.name === 'Ravi Rider')!;
    expect((await staffCall(owner, `/s/api/admin/dispatch/trips/${trip.id}/rider`, { rider_id: ravi.id })).status).toBe(200);

    // before it goes out: every step, Packed now, the slot
    await shopper.goto(`/account/orders/${second}`, { waitUntil: 'networkidle' });
    const tracker = shopper.getByTestId('tracker');
    await tracker.getByRole('heading', { name: 'Track your order' }).waitFor();
    await tracker.getByText(/^Arriving /).waitFor();
    expect(await tracker.locator('[aria-current=step]').innerText()).toContain('Packed');
    await shop.screenshot(shopper, 'tracking-packed-390');

    // the rider signs in, picks the trip up and shares the phone's position
    const rider = await shop.newPage({ width: 390, height: 844 });
    const riderErrors = collectErrors(rider);
    await rider.context().grantPermissions(['geolocation'], { origin: shop.url });
    await rider.context().setGeolocation({ latitude: 12.9352, longitude: 77.6245 });
    await rider.goto('/rider/', { waitUntil: 'networkidle' });
    await rider.getByLabel('Mobile number or email').fill('rider@demo.shop');
    await rider.getByRole('button', { name: 'Send code' }).click();
    await rider.getByText(/We sent a 6-digit code/).waitFor();
    // the code reaches the outbox once the sign-in's message is delivered
    await expect.poll(() => codeFor(shop, 'rider@demo.shop').catch(() => ''), { timeout: 15_000 }).toMatch(/^\d{6}$/);
    await rider.getByLabel('6-digit code').fill(await codeFor(shop, 'rider@demo.shop'));
    const card = rider.getByRole('listitem').filter({ has: rider.getByRole('heading', { name: trip.label }) });
    await card.getByRole('button', { name: 'Pick up' }).click();
    await rider.getByRole('heading', { name: trip.label }).waitFor();
    await rider.getByRole('button', { name: 'Share my location' }).click();
    const sharing = rider.locator('.sharing');
    await sharing.getByText('Sharing location').waitFor();
    await shop.screenshot(rider, 'rider-sharing-390');
    expect((await call(rider, 'GET', `/s/api/rider/trips/${trip.id}/position`)).json).toMatchObject({
      allowed: true,
      shared_at: expect.any(String),
    });

    // the shopper's page: out for delivery, one stop before theirs, Ravi, a call to the shop's number
    await shopper.reload({ waitUntil: 'networkidle' });
    const stops = tracker.getByTestId('stops-before');
    await stops.getByText('1 stop before yours').waitFor();
    await tracker.getByText('Ravi is bringing your order').waitFor();
    expect(await tracker.getByRole('link', { name: 'Call about this delivery' }).getAttribute('href')).toBe('tel:+918040001234');
    expect(await tracker.locator('[aria-current=step]').innerText()).toContain('Out for delivery');
    await shop.screenshot(shopper, 'tracking-out-390');
    const answer = await shopper.request.get(`/s/api/orders/${second}/tracking`);
    expect(await answer.text()).not.toContain('Rider');

    // the rider delivers the stop before: the page says "You're next" by itself (no reload)
    await shopper.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    const code = ((await (await shopper.request.get(`/s/api/orders/${first}`)).json()) as { delivery_code: string }).delivery_code;
    const total = (await staffCall(owner, `/s/api/admin/orders/${first}`)).json.total as number;
    const done = await call(rider, 'POST', `/s/api/rider/orders/${first}/deliver`, { code, cash: Math.round(total * 100) });
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    await stops.getByText('You’re next').waitFor({ timeout: 45_000 });
    expect(await shopper.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await shop.screenshot(shopper, 'tracking-next-390');

    // the rider stops sharing: the position is gone
    await sharing.getByRole('button', { name: 'Stop' }).click();
    await sharing.waitFor({ state: 'detached' });
    await expect.poll(async () => (await call(rider, 'GET', `/s/api/rider/trips/${trip.id}/position`)).json.shared_at).toBeNull();

    expect(riderErrors.filter((e) => !/status of 401\b/.test(e))).toEqual([]);
    expect(ownerErrors).toEqual([]);
    expect(shopperErrors).toEqual([]);
  }, 240_000);
});
