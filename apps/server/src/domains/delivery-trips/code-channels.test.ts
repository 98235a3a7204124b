import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema';
import { tripsBench } from '../../test/trips-bench';

// The delivery code reaches the customer once per channel: by email always, by SMS when an SMS
// provider is set, unless the website sends order updates on WhatsApp, whose out-for-delivery
// template carries the code (issue 46 §6; without this the customer got it by SMS and WhatsApp).
let b: Awaited<ReturnType<typeof tripsBench>>;
beforeAll(async () => {
  // an SMS provider nobody answers: the messages are written, which is what is checked
  b = await tripsBench({ env: { SMS_URL: 'http://127.0.0.1:1/sms' } });
}, 120_000);
afterAll(() => b.t.close());

/** The code messages written for an order, by channel. */
const codeMessages = async (ordernumber: string) =>
  (
    await b.t.db
      .select({ channel: outbox.channel })
      .from(outbox)
      .where(and(eq(outbox.websiteId, b.shop.websiteId), like(outbox.body, `%${ordernumber}%Delivery code:%`)))
  )
    .map((r) => r.channel)
    .sort();

/** Builds trips of one stop for the packed orders, gives them the rider and starts the one of `order`. */
async function startTripOf(orderId: string) {
  const view = await b.build(1);
  const trip = view.trips.find((t: { stops: Array<{ order_id: string }> }) => t.stops.some((s) => s.order_id === orderId));
  expect((await b.owner.post(`/s/api/admin/dispatch/trips/${trip.id}/rider`, { rider_id: b.rider.userId })).statusCode).toBe(200);
  const res = await b.owner.post(`/s/api/admin/dispatch/trips/${trip.id}/start`, {});
  expect(res.statusCode, res.body).toBe(200);
}

describe('the delivery code’s channels', () => {
  it('goes by email and SMS; with WhatsApp on, by email only (WhatsApp carries it)', async () => {
    const first = await b.packedOrder('560001', '12 MG Road');
    await startTripOf(first.id);
    expect(await codeMessages(first.ordernumber)).toEqual(['email', 'sms']);

    const saved = await b.owner.put('/s/api/admin/whatsapp', {
      enabled: true,
      phone_number_id: '109876543210',
      access_token: 'EAAG-code-channels-1234',
      app_secret: 'code-channels-secret',
      verify_token: 'code-channels-verify',
      language: 'en',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const second = await b.packedOrder('560001', 'Church Street');
    await startTripOf(second.id);
    expect(await codeMessages(second.ordernumber)).toEqual(['email']);
  });
});
