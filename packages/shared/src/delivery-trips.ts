import { z } from 'zod';
import { daySchema } from './days';
import { idSchema } from './ids';

/**
 * Own delivery (issue 45): a slot's packed orders grouped into trips (Administration → Delivery →
 * Dispatch, `/s/api/admin/dispatch*`), each trip ridden by a rider (a staff member with the rider
 * role) through the rider API (`/s/api/rider/*`). Money is integer paise.
 */

/** planned (being arranged), out (the rider left with it: its orders are out for delivery), done. */
export const TRIP_STATUSES = ['planned', 'out', 'done'] as const;
export type TripStatus = (typeof TRIP_STATUSES)[number];

/** What became of a stop: delivered, failed (with a reason), or cancelled while planned. */
export const STOP_OUTCOMES = ['delivered', 'failed'] as const;
export type StopOutcome = (typeof STOP_OUTCOMES)[number];

export const FAIL_REASONS = ['not_at_home', 'refused', 'wrong_address', 'could_not_reach'] as const;
export type FailReason = (typeof FAIL_REASONS)[number];
export const FAIL_REASON_LABELS: Record<FailReason, string> = {
  not_at_home: 'Not at home',
  refused: 'Refused',
  wrong_address: 'Wrong address',
  could_not_reach: 'Could not reach',
};

/** After a failed stop: the order goes back to packed for another trip (stock kept), or back to the store (stock released). */
export const FAIL_NEXT = ['reattempt', 'return_to_store'] as const;
export type FailNext = (typeof FAIL_NEXT)[number];

/** Which orders need the shopper's delivery code at the door (a website setting). */
export const DELIVERY_CODE_MODES = ['off', 'prepaid', 'cod', 'all'] as const;
export type DeliveryCodeMode = (typeof DELIVERY_CODE_MODES)[number];
export const DELIVERY_CODE_MODE_LABELS: Record<DeliveryCodeMode, string> = {
  off: 'Off',
  prepaid: 'Prepaid orders',
  cod: 'Cash on delivery orders',
  all: 'Every order',
};
/** Whether an order paid by `method` needs the code under `mode`. */
export const codeRequired = (mode: DeliveryCodeMode, method: string): boolean =>
  mode === 'all' || (mode === 'cod' ? method === 'cod' : mode === 'prepaid' ? method !== 'cod' : false);

/** Wrong codes allowed before the code locks, and for how long. */
export const CODE_TRIES = 5;
export const CODE_LOCK_MINUTES = 15;

/** A phone number as a rider sees it on the list: the last three digits (98•••••210 → •••••••210). */
export const maskPhone = (phone: string): string =>
  phone.length <= 3 ? phone : '•'.repeat(Math.max(phone.length - 3, 0)) + phone.slice(-3);

// ── Dispatch (staff) ────────────────────────────────────────────────────────────────────────────

export const dispatchQuerySchema = z.object({ slot_id: z.coerce.number().int().min(1).max(2_147_483_647), date: daySchema });
export type DispatchQuery = z.infer<typeof dispatchQuerySchema>;

export const dispatchStopSchema = z.object({
  id: z.number().int(),
  order_id: z.string(),
  ordernumber: z.string(),
  sequence: z.number().int(),
  attempt: z.number().int(),
  name: z.string(),
  area: z.string(),
  pincode: z.string(),
  payment_method: z.string(),
  /** paise */
  total: z.number().int(),
  order_status: z.string(),
  outcome: z.enum(STOP_OUTCOMES).nullable(),
  fail_reason: z.enum(FAIL_REASONS).nullable(),
});
export type DispatchStop = z.infer<typeof dispatchStopSchema>;

export const dispatchTripSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  status: z.enum(TRIP_STATUSES),
  rider: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  started_at: z.string().nullable(),
  stops: z.array(dispatchStopSchema),
});
export type DispatchTrip = z.infer<typeof dispatchTripSchema>;

export const dispatchSlotSchema = z.object({
  slot: z.object({ id: z.number().int(), date: z.string(), start_time: z.string(), end_time: z.string(), zone: z.string() }),
  trips: z.array(dispatchTripSchema),
  /** packed orders of the slot not yet in a trip (build trips to place them) */
  unassigned: z.array(z.object({ order_id: z.string(), ordernumber: z.string(), pincode: z.string(), name: z.string() })),
  riders: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type DispatchSlot = z.infer<typeof dispatchSlotSchema>;

/** The slots of a day with how many packed orders wait in each (the screen's slot picker). */
export const dispatchSlotsSchema = z.object({
  data: z.array(
    z.object({
      id: z.number().int(),
      zone: z.string(),
      start_time: z.string(),
      end_time: z.string(),
      packed: z.number().int(),
      trips: z.number().int(),
    }),
  ),
});
export type DispatchSlots = z.infer<typeof dispatchSlotsSchema>;

export const buildTripsInputSchema = z.object({
  slot_id: idSchema,
  date: daySchema,
  /** stops per trip at most (a rider's bag) */
  max_stops: z.number().int().min(1).max(50).default(12),
});
export type BuildTripsInput = z.input<typeof buildTripsInputSchema>;

export const assignRiderInputSchema = z.object({ rider_id: idSchema.nullable() });
export const moveStopInputSchema = z.object({ order_id: z.string().min(1).max(64), to_trip_id: idSchema });

export const deliverySettingsSchema = z.object({ code_mode: z.enum(DELIVERY_CODE_MODES) });
export type DeliverySettings = z.infer<typeof deliverySettingsSchema>;

export const overrideCodeInputSchema = z.object({ reason: z.string().trim().min(3, 'Say why the code is not needed').max(300) });

// ── Rider ───────────────────────────────────────────────────────────────────────────────────────

export const riderTripSummarySchema = z.object({
  id: z.number().int(),
  label: z.string(),
  status: z.enum(TRIP_STATUSES),
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  stops: z.number().int(),
  left: z.number().int(),
});
export const riderTripsSchema = z.object({ data: z.array(riderTripSummarySchema) });
export type RiderTrips = z.infer<typeof riderTripsSchema>;

export const riderStopSchema = z.object({
  order_id: z.string(),
  ordernumber: z.string(),
  sequence: z.number().int(),
  attempt: z.number().int(),
  /** null once the trip is done: a rider keeps no one's address or phone */
  name: z.string().nullable(),
  address: z.string().nullable(),
  pincode: z.string(),
  landmark: z.string().nullable(),
  phone_masked: z.string().nullable(),
  /** a `tel:` link the phone dials (null once the trip is done) */
  call_url: z.string().nullable(),
  /** the address and pincode in the phone's maps app */
  maps_url: z.string().nullable(),
  geo_url: z.string().nullable(),
  instructions: z.string().nullable(),
  payment_method: z.string(),
  /** paise to collect at the door (0: prepaid) */
  collect: z.number().int(),
  code_required: z.boolean(),
  picked_up: z.boolean(),
  outcome: z.enum(STOP_OUTCOMES).nullable(),
  fail_reason: z.enum(FAIL_REASONS).nullable(),
});
export type RiderStop = z.infer<typeof riderStopSchema>;
export const riderTripSchema = riderTripSummarySchema.extend({ stops_list: z.array(riderStopSchema) });
export type RiderTrip = z.infer<typeof riderTripSchema>;

export const deliverInputSchema = z.object({
  code: z
    .string()
    .regex(/^\d{4}$/, 'The delivery code is 4 digits')
    .optional(),
  /** paise collected at the door for a cash-on-delivery order, by cash or UPI to the shop's QR */
  cash: z.number().int().min(0).max(100_000_000).default(0),
  upi: z.number().int().min(0).max(100_000_000).default(0),
  short_reason: z.string().trim().max(300).optional(),
});
export type DeliverInput = z.input<typeof deliverInputSchema>;

export const failInputSchema = z.object({ reason: z.enum(FAIL_REASONS), next: z.enum(FAIL_NEXT) });
export type FailInput = z.infer<typeof failInputSchema>;
