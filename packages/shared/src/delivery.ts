import { z } from 'zod';

/** GET /s/api/check/pincode/{pincode}: the zone that delivers there (the page reloads; spec §7). */
export const pincodeCheckSchema = z.object({
  pincode: z.string(),
  serviceable: z.literal(true),
  zone: z.string(),
  delivery_charge: z.number(),
  free_above: z.number().nullable(),
  cod: z.boolean(),
  del_date: z.string().nullable(),
  del_start_time: z.string().nullable(),
  del_end_time: z.string().nullable(),
});

/** One delivery slot offered at checkout; `remaining` 0 when it is full. */
export const slotOptionSchema = z.object({
  slot_id: z.number(),
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  remaining: z.number(),
});
export type SlotOption = z.infer<typeof slotOptionSchema>;

/** GET /s/api/delivery/slots?pincode= */
export const slotListSchema = z.object({ data: z.array(slotOptionSchema) });
