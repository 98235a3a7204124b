import type { CodRiderReport, DispatchSlot, Handovers, RiderTrip } from '@grocer/shared/delivery-trips';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, cashDeposits, cashHandovers, deliveryTrips, payments, tripStops, websites } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { tripsBench } from '../../test/trips-bench';

// A trip's cash handed over to a cashier once, the COD report by day and rider, and the photo at
// the door (issue 45 items 4 and 6), on PGlite and PostgreSQL (`--project server-pg`).

let b: Awaited<ReturnType<typeof tripsBench>>;
let placed: Array<Awaited<ReturnType<typeof b.packedOrder>>>;
let tripId: number;
let cashier: TestClient;
let packer: TestClient;
let accountant: TestClient;
let short: number;

const multipart = (content: Buffer) => {
  const boundary = `----door${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="door.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};
const photo = () =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#b45309' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'GPS here' } } })
    .toBuffer();
const upload = async (c: TestClient, orderId: string) =>
  c.request({ method: 'POST', url: `/s/api/rider/orders/${orderId}/photo`, ...multipart(await photo()) });

beforeAll(async () => {
  b = await tripsBench();
  cashier = await b.staff.as({ isCashier: true });
  packer = await b.staff.as({ isPacker: true });
  accountant = await b.staff.as({ isAccountant: true });
  expect((await b.owner.put('/s/api/admin/dispatch/settings', { code_mode: 'off' })).statusCode).toBe(200);
  placed = [];
  for (let i = 0; i < 3; i++) placed.push(await b.packedOrder('560001', `${i + 1} Brigade Road`));
  const v: DispatchSlot = await b.build();
  tripId = v.trips.find((t) => t.stops.length === 3)!.id;
  expect((await b.owner.post(`/s/api/admin/dispatch/trips/${tripId}/rider`, { rider_id: b.rider.userId })).statusCode).toBe(200);
  expect((await b.rider.post(`/s/api/rider/trips/${tripId}/pick-up`, {})).statusCode).toBe(200);
}, 120_000);
afterAll(() => b.t.close());

describe('the cash of a trip', () => {
  it('is collected at the doors: a short cash order with a photo, one part UPI; the trip is out until every stop is settled', async () => {
    short = 5000;
    const first = await b.rider.post(`/s/api/rider/orders/${placed[0]!.id}/deliver`, {
      cash: placed[0]!.total - short,
      short_reason: 'Customer had no change',
    });
    expect(first.statusCode, first.body).toBe(200);
    // another rider may not put a photo on this rider's stop; the rider may
    expect((await upload(b.rider2, placed[0]!.id)).statusCode).toBe(404);
    const up = await upload(b.rider, placed[0]!.id);
    expect(up.statusCode, up.body).toBe(200);
    expect((up.json() as RiderTrip).stops_list.find((s) => s.order_id === placed[0]!.id)!.photo).toBe(true);
    // not a photo: refused
    const junk = await b.rider.request({
      method: 'POST',
      url: `/s/api/rider/orders/${placed[1]!.id}/photo`,
      ...multipart(Buffer.from('<svg/>')),
    });
    expect(junk.statusCode).toBe(422);

    const upiPart = 2000;
    expect(
      (await b.rider.post(`/s/api/rider/orders/${placed[1]!.id}/deliver`, { cash: placed[1]!.total - upiPart, upi: upiPart })).statusCode,
    ).toBe(200);
    // still out: the cashier cannot take it yet
    const early = await cashier.post(`/s/api/pos/handovers/${tripId}`, { counted: 100 });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('TRIP_NOT_DONE');
    const last = await b.rider.post(`/s/api/rider/orders/${placed[2]!.id}/fail`, { reason: 'not_at_home', next: 'reattempt' });
    const trip: RiderTrip = last.json();
    expect(trip.status).toBe('done');
    expect(trip.cash).toEqual({ cash: placed[0]!.total - short + placed[1]!.total - upiPart, upi: upiPart, handover: null });
  });

  it('waits for a cashier: listed with each order’s cash and UPI, on the till and in Administration', async () => {
    const expected = placed[0]!.total - short + placed[1]!.total - 2000;
    const list: Handovers = (await cashier.get('/s/api/pos/handovers')).json();
    const mine = list.pending.find((p) => p.trip_id === tripId)!;
    expect(mine).toMatchObject({ expected, upi: 2000, rider: { id: b.rider.userId } });
    expect(mine.orders.map((o) => o.order_id).sort()).toEqual([placed[0]!.id, placed[1]!.id].sort());
    expect((await accountant.get('/s/api/admin/dispatch/handovers')).statusCode).toBe(200);
    // who may count: the cashier (till) and the delivery manager (Administration); not a packer, not the accountant, not a rider
    expect((await packer.get('/s/api/pos/handovers')).statusCode).toBe(403);
    expect((await packer.post(`/s/api/admin/dispatch/handovers/${tripId}`, { counted: expected })).statusCode).toBe(403);
    expect((await accountant.post(`/s/api/admin/dispatch/handovers/${tripId}`, { counted: expected })).statusCode).toBe(403);
    expect((await b.rider.post(`/s/api/pos/handovers/${tripId}`, { counted: expected })).statusCode).toBe(403);
    expect((await cashier.post(`/s/api/admin/dispatch/handovers/${tripId}`, { counted: expected })).statusCode).toBe(403);
  });

  it('is counted once: a difference needs a reason, the notes must make the total, and two counts at once make one', async () => {
    const expected = placed[0]!.total - short + placed[1]!.total - 2000;
    const counted = expected - 1000;
    const noReason = await cashier.post(`/s/api/pos/handovers/${tripId}`, { counted });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason[0]).toContain('short');
    const badNotes = await cashier.post(`/s/api/pos/handovers/${tripId}`, { counted, denominations: { '500': 1 }, reason: 'x' });
    expect(badNotes.statusCode).toBe(422);
    expect(badNotes.json().errors.denominations[0]).toContain('The notes and coins make ₹500');
    // a note the shop does not count by
    expect((await cashier.post(`/s/api/pos/handovers/${tripId}`, { counted: 300_000, denominations: { '3000': 1 } })).statusCode).toBe(422);
    expect((await cashier.post(`/s/api/pos/handovers/${tripId}`, { counted: -1 })).statusCode).toBe(422);
    expect((await b.t.db.select().from(cashHandovers).where(eq(cashHandovers.tripId, tripId))).length).toBe(0);

    // the till and Administration at the same moment: one count wins, the other is told
    const [a, c] = await Promise.all([
      cashier.post(`/s/api/pos/handovers/${tripId}`, { counted, reason: 'Rider spent ₹10 on fuel' }),
      b.owner.post(`/s/api/admin/dispatch/handovers/${tripId}`, { counted, reason: 'Rider spent ₹10 on fuel' }),
    ]);
    expect([a.statusCode, c.statusCode].sort()).toEqual([200, 409]);
    const won = a.statusCode === 200 ? a : c;
    expect(won.json()).toMatchObject({ trip_id: tripId, expected, counted, difference: -1000, reason: 'Rider spent ₹10 on fuel' });
    expect((a.statusCode === 409 ? a : c).json().code).toBe('HANDOVER_DONE');
    expect((await b.t.db.select().from(cashHandovers).where(eq(cashHandovers.tripId, tripId))).length).toBe(1);
    // a third tap: still one
    expect((await cashier.post(`/s/api/pos/handovers/${tripId}`, { counted, reason: 'again' })).statusCode).toBe(409);

    // the orders' cash is now with the shop; audited on the trip
    const pays = await b.t.db.select().from(payments).where(eq(payments.orderId, placed[0]!.id));
    expect(pays[0]!.status).toBe('handed_over');
    const audit = await b.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'delivery_trip'), eq(auditLog.action, 'cash_handover'), eq(auditLog.entityId, String(tripId))));
    expect(audit).toHaveLength(1);
    // the rider sees it counted; the list no longer has it pending
    const trip: RiderTrip = (await b.rider.get(`/s/api/rider/trips/${tripId}`)).json();
    expect(trip.cash!.handover).toMatchObject({ counted, difference: -1000 });
    const list: Handovers = (await b.owner.get('/s/api/admin/dispatch/handovers')).json();
    expect(list.pending.some((p) => p.trip_id === tripId)).toBe(false);
    expect(list.done[0]).toMatchObject({ trip_id: tripId, counted });
  });

  it('an unknown or another website’s trip is 404', async () => {
    expect((await cashier.post('/s/api/pos/handovers/999999', { counted: 1 })).statusCode).toBe(404);
  });
});

describe('the COD report by day and rider', () => {
  it('reconciles: the orders make the expected cash; handed over + pending = expected; counted = handed over + difference', async () => {
    const day = b.slot.date;
    const res = await accountant.get(`/s/api/admin/dispatch/cod-report?from=${day}&to=${day}`);
    expect(res.statusCode, res.body).toBe(200);
    const r: CodRiderReport = res.json();
    const row = r.rows.find((x) => x.rider?.id === b.rider.userId)!;
    const expected = placed[0]!.total - short + placed[1]!.total - 2000;
    expect(row).toMatchObject({
      orders: 2,
      expected,
      upi: 2000,
      handed_over: expected,
      counted: expected - 1000,
      difference: -1000,
      pending: 0,
    });
    expect(r.orders.filter((o) => o.trip_id === tripId).reduce((s, o) => s + o.cash, 0)).toBe(expected);
    expect(r.totals.handed_over + r.totals.pending).toBe(r.totals.expected);
    expect(r.orders.find((o) => o.order_id === placed[0]!.id)).toMatchObject({ trip_id: tripId, rider: { id: b.rider.userId } });
    const csv = await accountant.get(`/s/api/admin/dispatch/cod-report.csv?from=${day}&to=${day}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Cash pending (INR)');
    expect(csv.body).toContain(placed[0]!.ordernumber);
    expect((await accountant.get(`/s/api/admin/dispatch/cod-report?from=${day}&to=2000-01-01`)).statusCode).toBe(422);
    expect((await packer.get(`/s/api/admin/dispatch/cod-report?from=${day}&to=${day}`)).statusCode).toBe(200);
    expect((await cashier.get(`/s/api/admin/dispatch/cod-report?from=${day}&to=${day}`)).statusCode).toBe(403);
  });
});

describe('the counted cash taken to the bank', () => {
  it('is deposited once: the amount must be the counted sum, a handover in two deposits at once makes one, and the report shows it', async () => {
    const day = b.slot.date;
    const deliveryManager = await b.staff.as({ isDeliveryManager: true });
    const list: Handovers = (await b.owner.get('/s/api/admin/dispatch/handovers')).json();
    const h = list.done.find((x) => x.trip_id === tripId)!;
    expect(h.deposit_id).toBeNull();
    const body = { handover_ids: [h.id], deposited_on: day, bank_reference: 'SBI slip 4471', amount: h.counted / 100 };
    const count = async () => (await b.t.db.select().from(cashDeposits)).length;
    const before = await count();
    // the order manager records it; the accountant, the delivery manager and the cashier only read (or not at all)
    expect((await accountant.post('/s/api/admin/dispatch/deposits', body)).statusCode).toBe(403);
    expect((await deliveryManager.post('/s/api/admin/dispatch/deposits', body)).statusCode).toBe(403);
    expect((await cashier.post('/s/api/admin/dispatch/deposits', body)).statusCode).toBe(403);
    // a wrong amount names the field; an unknown (or another website's) handover is 409; bad input is 422; nothing written
    const wrong = await b.owner.post('/s/api/admin/dispatch/deposits', { ...body, amount: h.counted / 100 + 1 });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.amount[0]).toContain('counted');
    const unknown = await b.owner.post('/s/api/admin/dispatch/deposits', { ...body, handover_ids: [h.id, 999_999] });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().code).toBe('HANDOVER_DEPOSITED');
    for (const bad of [
      { ...body, handover_ids: [] },
      { ...body, bank_reference: ' ' },
      { ...body, deposited_on: '30/11/2026' },
      { ...body, amount: -1 },
    ])
      expect((await b.owner.post('/s/api/admin/dispatch/deposits', bad)).statusCode).toBe(422);
    // another website's counted handover: as if unknown, and left alone
    const [other] = await b.t.db.insert(websites).values({ name: 'Another shop' }).returning();
    const [mine] = await b.t.db.select().from(deliveryTrips).where(eq(deliveryTrips.id, tripId));
    const [otherTrip] = await b.t.db
      .insert(deliveryTrips)
      .values({ websiteId: other!.id, slotId: mine!.slotId, slotDate: day, label: 'Their trip', status: 'done' })
      .returning();
    const [theirs] = await b.t.db
      .insert(cashHandovers)
      .values({ websiteId: other!.id, tripId: otherTrip!.id, expected: 10_000, counted: 10_000, difference: 0, via: 'admin' })
      .returning();
    const cross = await b.owner.post('/s/api/admin/dispatch/deposits', {
      ...body,
      handover_ids: [h.id, theirs!.id],
      amount: (h.counted + theirs!.counted) / 100,
    });
    expect(cross.statusCode).toBe(409);
    expect((await b.t.db.select().from(cashHandovers).where(eq(cashHandovers.id, theirs!.id)))[0]!.depositId).toBeNull();
    expect(await count()).toBe(before);
    expect((await b.t.db.select().from(cashHandovers).where(eq(cashHandovers.id, h.id)))[0]!.depositId).toBeNull();

    // two deposits of the same handover at once: one 200, one 409, one row
    const [x, y] = await Promise.all([
      b.owner.post('/s/api/admin/dispatch/deposits', body),
      b.owner.post('/s/api/admin/dispatch/deposits', { ...body, bank_reference: 'SBI slip 4472' }),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    expect((x.statusCode === 409 ? x : y).json().code).toBe('HANDOVER_DEPOSITED');
    expect(await count()).toBe(before + 1);
    const dep = (x.statusCode === 200 ? x : y).json();
    expect(dep).toMatchObject({ amount: h.counted, deposited_on: day, handover_ids: [h.id] });
    const audit = await b.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'cash_deposit'), eq(auditLog.entityId, String(dep.id))));
    expect(audit).toHaveLength(1);

    // listed for whoever reads dispatch; the handover names it; the report reconciles counted = deposited + undeposited
    const listed = await accountant.get(`/s/api/admin/dispatch/deposits?from=${day}&to=${day}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().deposits.map((d: { id: number }) => d.id)).toContain(dep.id);
    expect(((await b.owner.get('/s/api/admin/dispatch/handovers')).json() as Handovers).done.find((d) => d.id === h.id)!.deposit_id).toBe(
      dep.id,
    );
    const r: CodRiderReport = (await accountant.get(`/s/api/admin/dispatch/cod-report?from=${day}&to=${day}`)).json();
    const row = r.rows.find((z) => z.rider?.id === b.rider.userId)!;
    expect(row).toMatchObject({ counted: h.counted, deposited: h.counted, undeposited: 0 });
    expect(r.totals.deposited + r.totals.undeposited).toBe(r.totals.counted);
    expect(r.orders.find((o) => o.order_id === placed[0]!.id)!.deposit_id).toBe(dep.id);
    const csv = await accountant.get(`/s/api/admin/dispatch/cod-report.csv?from=${day}&to=${day}`);
    expect(csv.body).toContain('Not deposited (INR)');
    expect(csv.body).toContain(`#${dep.id}`);
  });
});

describe('the proof of delivery on the order', () => {
  it('shows the time, the code’s result and the photo to staff who read orders; the photo has no metadata', async () => {
    const proof = (await accountant.get(`/s/api/admin/dispatch/orders/${placed[0]!.id}/proof`)).json();
    expect(proof).toMatchObject({ outcome: 'delivered', trip_id: tripId, code_result: 'not_needed' });
    expect(proof.outcome_at).toBeTruthy();
    expect(proof.photo_url).toBe(`/s/api/admin/dispatch/orders/${placed[0]!.id}/photo`);
    const img = await accountant.get(proof.photo_url);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(img.rawPayload).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(1280);
    expect(meta.exif).toBeUndefined();
    expect((await accountant.get(`/s/api/admin/dispatch/orders/${placed[1]!.id}/proof`)).json().photo_url).toBeNull();
    expect((await accountant.get(`/s/api/admin/dispatch/orders/${placed[1]!.id}/photo`)).statusCode).toBe(404);
    expect((await b.rider.get(proof.photo_url)).statusCode).toBe(403);
    // an order no rider carried: nothing to show, and no 404 in the order screen's console
    const walkIn = await accountant.get(`/s/api/admin/dispatch/orders/00000000-0000-4000-8000-000000000000/proof`);
    expect([walkIn.statusCode, walkIn.json()]).toEqual([200, null]);
    const [stop] = await b.t.db.select().from(tripStops).where(eq(tripStops.orderId, placed[0]!.id));
    expect(stop!.photoPath).toMatch(/^door\/w\d+\/\d+-[0-9a-f]{24}\.jpg$/);
  });
});
