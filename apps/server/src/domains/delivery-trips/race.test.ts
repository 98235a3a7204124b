import type { DispatchSlot } from '@grocer/shared/delivery-trips';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { orders, stockMovements, tripStops } from '../../db/schema';
import { describeOnPostgres, itOnPostgres } from '../../test/on-postgres';
import { tripsBench } from '../../test/trips-bench';

// The rider marks delivered while the shopper cancels (issue 45): exactly one wins, on PostgreSQL
// where the requests really run at once. The order row's guarded updates decide (moveOrder, and
// the ship and deliver moves under it).

let b: Awaited<ReturnType<typeof tripsBench>>;

beforeAll(async () => {
  b = await tripsBench();
  expect((await b.owner.put('/s/api/admin/dispatch/settings', { code_mode: 'off' })).statusCode).toBe(200);
}, 120_000);
afterAll(() => b?.t.close());

const statusOf = async (id: string) => (await b.t.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.s;
const cancelMovements = async (id: string) =>
  (
    await b.t.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.reference, `order:${id}`), eq(stockMovements.reason, 'cancel')))
  ).length;

describeOnPostgres('the rider delivers while the shopper cancels (PostgreSQL)', () => {
  itOnPostgres('exactly one wins for every order, the trip starting and the deliveries racing the cancels', async () => {
    const placed = [];
    for (let i = 0; i < 6; i++) placed.push(await b.packedOrder());
    const v: DispatchSlot = await b.build(20);
    const trip = v.trips.find((t) => t.stops.length === placed.length)!;
    expect((await b.owner.post(`/s/api/admin/dispatch/trips/${trip.id}/rider`, { rider_id: b.rider.userId })).statusCode).toBe(200);

    // the rider picks the trip up (its orders go out) while three shoppers cancel
    const [pick, ...cancels] = await Promise.all([
      b.rider.post(`/s/api/rider/trips/${trip.id}/pick-up`, {}),
      ...placed.slice(0, 3).map((p) => p.c.post(`/s/api/orders/${p.id}/cancel`, {})),
    ]);
    expect(pick!.statusCode, pick!.body).toBe(200);
    for (const [i, c] of cancels.entries()) {
      const now = await statusOf(placed[i]!.id);
      // either the cancel came first (the trip dropped the order) or the trip did (the cancel refused)
      if (c.statusCode === 200) expect(now).toBe('cancelled');
      else expect([c.statusCode, now]).toEqual([409, 'shipped']);
    }

    // every order still on the trip: the rider delivers while its shopper cancels, all at once
    const onTrip = (await b.t.db.select().from(tripStops).where(eq(tripStops.tripId, trip.id))).map((s) => s.orderId);
    const racing = placed.filter((p) => onTrip.includes(p.id));
    expect(racing.length).toBeGreaterThan(0);
    const answers = await Promise.all(
      racing.flatMap((p) => [
        b.rider.post(`/s/api/rider/orders/${p.id}/deliver`, { cash: p.total }),
        p.c.post(`/s/api/orders/${p.id}/cancel`, {}),
      ]),
    );
    for (const [i, p] of racing.entries()) {
      const [delivered, cancelled] = [answers[2 * i]!, answers[2 * i + 1]!];
      const wins = [delivered.statusCode === 200, cancelled.statusCode === 200].filter(Boolean).length;
      expect(wins, `${delivered.body} / ${cancelled.body}`).toBe(1);
      expect(await statusOf(p.id)).toBe(delivered.statusCode === 200 ? 'delivered' : 'cancelled');
    }
    // the stock came back once for each cancelled order, never for a delivered one
    for (const p of placed) expect(await cancelMovements(p.id)).toBe((await statusOf(p.id)) === 'cancelled' ? 1 : 0);
  });
});
