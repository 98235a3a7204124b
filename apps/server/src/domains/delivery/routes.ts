import { pincodeCheckSchema, slotListSchema } from '@grocer/shared/delivery';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { PINCODE_MESSAGE, PINCODE_PATTERN } from '@grocer/shared/validation';
import { nextSlots, pincodeErrors, resolvePincode } from './service';
import { toRupees } from '@grocer/shared/money';

export const deliveryRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  /**
   * Spec §7: stores a delivered-to pincode on the session. Failures carry the reason in
   * `message` (shown under the modal's input, spec §8); the session keeps its old pincode.
   */
  app.get(
    '/check/pincode/:pincode',
    { schema: { params: z.object({ pincode: z.string().max(20) }), response: { 200: pincodeCheckSchema } } },
    async (req) => {
      const pincode = req.params.pincode.trim();
      if (!PINCODE_PATTERN.test(pincode)) throw pincodeErrors.invalid();
      const zone = await resolvePincode(db, req.website.id, pincode);
      if (!zone) throw pincodeErrors.notServiceable(pincode);
      await req.session.update({ pincode });
      const [slot] = await nextSlots(db, req.website.id, zone.id, new Date(), 7);
      return {
        pincode,
        serviceable: true as const,
        zone: zone.name,
        delivery_charge: toRupees(zone.deliveryCharge),
        free_above: zone.freeAbove === null ? null : toRupees(zone.freeAbove),
        cod: zone.codAllowed,
        del_date: slot?.date ?? null,
        del_start_time: slot?.startTime ?? null,
        del_end_time: slot?.endTime ?? null,
      };
    },
  );

  /** Checkout's slot choice: the next week's slots for a pincode, full ones included (remaining 0). */
  app.get(
    '/delivery/slots',
    {
      schema: {
        querystring: z.object({ pincode: z.string().regex(PINCODE_PATTERN, PINCODE_MESSAGE) }),
        response: { 200: slotListSchema },
      },
    },
    async (req) => {
      const zone = await resolvePincode(db, req.website.id, req.query.pincode);
      if (!zone) throw pincodeErrors.notServiceable(req.query.pincode);
      const slots = await nextSlots(db, req.website.id, zone.id, new Date(), 7, true);
      return {
        data: slots.map((s) => ({ slot_id: s.slotId, date: s.date, start_time: s.startTime, end_time: s.endTime, remaining: s.remaining })),
      };
    },
  );
};
