import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, startShop, type Shop } from './harness';
import { codeFor, ownerOnDashboard, placeCodOrder, signInFrom, staffCall } from './journeys';

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
}, 120_000);
afterAll(() => shop?.close());

const inr = (rupees: number) =>
  `₹${rupees.toLocaleString('en-IN', { minimumFractionDigits: rupees % 1 ? 2 : 0, maximumFractionDigits: 2 })}`;

describe('own delivery: a rider’s cash handed over, counted with a difference, on the COD report (Chromium)', () => {
  it('the rider collects ₹20 short with a photo, ends the trip with cash to hand over; a cashier counts it short; the report shows it', async () => {
    const shopper = await shop.newPage({ width: 390, height: 844 });
    const shopperErrors = collectErrors(shopper);
    await signInFrom(shopper, shop, 'shopper@demo.shop');
    const number = await placeCodOrder(shopper);

    const { owner, ownerErrors } = await ownerOnDashboard(shop);
    const id = (await staffCall(owner, `/s/api/admin/orders?q=${number}`)).json.data[0].id as string;
    for (const step of ['confirm', 'pack']) expect((await staffCall(owner, `/s/api/admin/orders/${id}/${step}`, {})).status).toBe(200);
    const order = (await staffCall(owner, `/s/api/admin/orders/${id}`)).json as { total: number; slot: { date: string } };
    const date = order.slot.date;
    for (const [identifier, name, role] of [
      ['cashrider@demo.shop', 'Kiran Rider', 'isRider'],
      ['till@demo.shop', 'Tara Cashier', 'isCashier'],
    ] as const)
      expect((await staffCall(owner, '/s/api/admin/staff', { identifier, name, [role]: true })).status).toBe(201);
    const slot = (await staffCall(owner, `/s/api/admin/dispatch/slots?date=${date}`)).json.data.find(
      (s: { packed: number }) => s.packed >= 1,
    ) as { id: number };
    const built = (await staffCall(owner, '/s/api/admin/dispatch/build', { slot_id: slot.id, date })).json as {
      trips: Array<{ id: number; label: string; stops: Array<{ order_id: string }> }>;
      riders: Array<{ id: number; name: string }>;
    };
    const trip = built.trips.find((t) => t.stops.some((s) => s.order_id === id))!;
    const kiran = built.riders.find((r) => r.name === 'Kiran Rider')!;
    expect((await staffCall(owner, `/s/api/admin/dispatch/trips/${trip.id}/rider`, { rider_id: kiran.id })).status).toBe(200);

    // the rider, on the phone: picks up, delivers collecting ₹20 short, with a photo at the door
    const rider = await shop.newPage({ width: 390, height: 844 });
    const riderErrors = collectErrors(rider);
    await rider.goto('/rider/', { waitUntil: 'networkidle' });
    await rider.getByLabel('Mobile number or email').fill('cashrider@demo.shop');
    await rider.getByRole('button', { name: 'Send code' }).click();
    await rider.getByLabel('6-digit code').waitFor();
    await rider.getByLabel('6-digit code').fill(await codeFor(shop, 'cashrider@demo.shop'));
    const card = rider.getByRole('listitem').filter({ has: rider.getByRole('heading', { name: trip.label }) });
    await card.getByRole('button', { name: 'Pick up' }).click();
    await rider.getByRole('heading', { name: trip.label }).waitFor();
    const stop = rider.getByRole('listitem', { name: new RegExp(`: ${number}$`) });
    await stop.getByRole('link', { name: 'Delivered', exact: true }).click();
    await rider.getByRole('heading', { name: `Deliver ${number}` }).waitFor();
    const code = ((await (await shopper.request.get(`/s/api/orders/${id}`)).json()) as { delivery_code: string }).delivery_code;
    await rider.getByLabel('Delivery code (4 digits)').fill(code);
    const collected = order.total - 20;
    await rider.getByLabel('Cash collected (₹)').fill(String(collected));
    await rider.getByText(`${inr(20)} short`).waitFor();
    await rider.getByLabel('Reason for less').fill('Customer had no change');
    const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#a16207' } })
      .jpeg()
      .toBuffer();
    await rider.getByLabel('Photo at the door (optional)').setInputFiles({ name: 'door.jpg', mimeType: 'image/jpeg', buffer: photo });
    await rider.getByRole('img', { name: 'The photo to send' }).waitFor();
    await shop.screenshot(rider, 'rider-deliver-photo-390');
    await rider.getByRole('button', { name: 'Mark delivered' }).click();
    await rider.getByRole('status').getByText(`${number} delivered, with the photo.`).waitFor();

    // the trip is done (its one stop settled): the cash to hand over
    await rider.getByRole('heading', { name: `Cash to hand over ${inr(collected)}` }).waitFor();
    await shop.screenshot(rider, 'rider-cash-handover-390');

    // the cashier, at the till's Rider cash: counts ₹50 less than the rider collected, with the reason
    const cashier = await shop.newPage({ width: 1280, height: 900 });
    const cashierErrors = collectErrors(cashier);
    await signInFrom(cashier, shop, 'till@demo.shop');
    await cashier.goto('/pos/handovers', { waitUntil: 'networkidle' });
    await cashier.getByRole('heading', { name: 'Rider cash' }).waitFor();
    const pending = cashier.getByRole('listitem').filter({ hasText: 'Kiran Rider' });
    await pending.getByLabel(`Cash to hand over ${inr(collected)}`).waitFor();
    await pending.getByRole('button', { name: 'Count cash' }).click();
    const counted = collected - 50;
    await cashier.getByLabel('Cash counted (₹)').fill(String(counted));
    await cashier.getByText(`${inr(50)} short`, { exact: true }).waitFor();
    await cashier.getByRole('button', { name: 'Record handover' }).click();
    await cashier
      .getByRole('alert')
      .getByText(/say why under Reason/)
      .waitFor();
    await cashier.getByLabel('Reason').fill('One ₹50 note missing; rider to pay tomorrow');
    await shop.screenshot(cashier, 'rider-cash-count-1280');
    await cashier.getByRole('button', { name: 'Record handover' }).click();
    await cashier
      .getByRole('status')
      .getByText(/Kiran Rider's cash counted/)
      .waitFor();
    await cashier.getByRole('cell', { name: /One ₹50 note missing/ }).waitFor();
    await shop.screenshot(cashier, 'rider-cash-counted-1280');

    // the rider sees the count
    await rider.reload({ waitUntil: 'networkidle' });
    await rider.getByRole('heading', { name: 'Cash handed over' }).waitFor();
    await rider.getByText(`${inr(50)} short.`, { exact: false }).waitFor();

    // Administration → Rider cash: the COD report by day and rider shows it, with the order
    await owner.goto(`/bos/admin/rider-cash?from=${date}&to=${date}`, { waitUntil: 'networkidle' });
    const report = owner.getByRole('region', { name: 'Cash on delivery by day and rider' });
    const row = report.getByRole('row').filter({ hasText: 'Kiran Rider' });
    await row
      .getByRole('cell', { name: inr(collected), exact: true })
      .first()
      .waitFor();
    // counted, and (nothing taken to the bank yet) not deposited
    await row
      .getByRole('cell', { name: inr(counted), exact: true })
      .first()
      .waitFor();
    expect(await row.getByRole('cell', { name: inr(counted), exact: true }).count()).toBe(2);
    await report.getByText('Each order (1)').click();
    await report.getByRole('link', { name: number }).waitFor();
    await owner.setViewportSize({ width: 1280, height: 900 });
    await shop.screenshot(owner, 'rider-cod-report-1280');

    // the counted cash goes to the bank: ticked, the amount filled in from it, recorded once
    const deposit = owner.getByRole('form', { name: 'Record bank deposit' });
    await deposit
      .getByRole('checkbox', { name: new RegExp(`^Deposit Kiran Rider .*\\(${inr(counted).replace(/[₹.]/g, '.')}\\)$`) })
      .check();
    await deposit.getByLabel('Bank reference').fill('SLIP-0042');
    await deposit.getByRole('button', { name: 'Record bank deposit' }).click();
    // once the list refreshes, the one handover is deposited and the form gives way to the message
    await owner
      .getByRole('status')
      .filter({ hasText: /^Deposit recorded: .*, reference SLIP-0042\.$/ })
      .waitFor();
    await owner.reload({ waitUntil: 'networkidle' });
    // nothing left to take to the bank, and the report shows it deposited
    await owner.getByText('Every counted handover is deposited.').waitFor();
    expect(await owner.getByRole('checkbox', { name: /^Deposit Kiran Rider/ }).count()).toBe(0);
    const total = report.getByRole('row').filter({ hasText: 'Total' });
    expect(await total.getByRole('cell').allTextContents()).toEqual([
      'Total',
      '1',
      inr(collected),
      '₹0',
      inr(collected),
      inr(counted),
      `-${inr(collected - counted)}`,
      '₹0',
      inr(counted),
      '₹0',
    ]);
    await shop.screenshot(owner, 'rider-cash-deposited-1280');

    // the order's timeline: delivered by the rider, the code matched, the photo
    await owner.goto(`/bos/admin/orders/${id}`, { waitUntil: 'networkidle' });
    const proof = owner.getByRole('region', { name: 'Delivery by rider' });
    await proof.getByText('Delivery code matched', { exact: false }).waitFor();
    await proof.getByRole('img', { name: 'Photo taken at the door' }).waitFor();
    await shop.screenshot(owner, 'rider-order-proof-1280');

    expect(riderErrors.filter((e) => !/status of 401\b/.test(e))).toEqual([]);
    expect(cashierErrors.filter((e) => !/status of (401|422)\b/.test(e))).toEqual([]);
    expect(ownerErrors).toEqual([]);
    expect(shopperErrors).toEqual([]);
    // four people (shopper, owner, rider, cashier) and a bank deposit: about a minute on a quiet machine
  }, 150_000);
});
