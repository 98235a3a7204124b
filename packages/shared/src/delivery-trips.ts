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
  /** a photo taken at the door is on the stop (issue 45 item 6) */
  photo: z.boolean().optional(),
});
export type RiderStop = z.infer<typeof riderStopSchema>;
/** A trip's money as the rider sees it: paise collected in cash and by UPI, and the handover once done. */
export const riderCashSchema = z.object({
  cash: z.number().int(),
  upi: z.number().int(),
  handover: z.object({ counted: z.number().int(), difference: z.number().int(), at: z.string() }).nullable(),
});
export type RiderCash = z.infer<typeof riderCashSchema>;
export const riderTripSchema = riderTripSummarySchema.extend({
  stops_list: z.array(riderStopSchema),
  /** the trip's money: what was collected at the doors and whether its cash was handed over (issue 45 item 4) */
  cash: riderCashSchema.optional(),
});
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

// ── Cash handover and the COD report (issue 45 items 4 and 6) ─────────────────────────────────

/** Where a trip's cash was counted: at the till (POS) or in Administration → Delivery → Cash handover. */
export const HANDOVER_VIA = ['pos', 'admin'] as const;
export type HandoverVia = (typeof HANDOVER_VIA)[number];

/** Notes and coins a cashier may count by (rupees). */
export const DENOMINATIONS = [500, 200, 100, 50, 20, 10, 5, 2, 1] as const;

const riderRefSchema = z.object({ id: z.number().int(), name: z.string() }).nullable();

/** A done trip whose cash waits for a cashier: what each delivered cash-on-delivery order brought (paise). */
export const pendingHandoverSchema = z.object({
  trip_id: z.number().int(),
  label: z.string(),
  date: z.string(),
  rider: riderRefSchema,
  ended_at: z.string().nullable(),
  expected: z.number().int(),
  upi: z.number().int(),
  orders: z.array(z.object({ order_id: z.string(), ordernumber: z.string(), cash: z.number().int(), upi: z.number().int() })),
});
export type PendingHandover = z.infer<typeof pendingHandoverSchema>;

export const handoverSchema = z.object({
  id: z.number().int(),
  trip_id: z.number().int(),
  label: z.string(),
  date: z.string(),
  rider: riderRefSchema,
  expected: z.number().int(),
  upi: z.number().int(),
  counted: z.number().int(),
  /** counted − expected (paise): below zero the rider is short */
  difference: z.number().int(),
  reason: z.string().nullable(),
  denominations: z.record(z.string(), z.number().int()).nullable(),
  received_by: z.string(),
  via: z.enum(HANDOVER_VIA),
  at: z.string(),
  /** the bank deposit that took this cash, null until deposited */
  deposit_id: z.number().int().nullable(),
});
export type Handover = z.infer<typeof handoverSchema>;

/** Counted handover cash taken to the bank (amount in paise). */
export const depositSchema = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  deposited_on: z.string(),
  bank_reference: z.string(),
  recorded_by: z.string(),
  handover_ids: z.array(z.number().int()),
  at: z.string(),
});
export type Deposit = z.infer<typeof depositSchema>;
export const depositsSchema = z.object({ deposits: z.array(depositSchema) });

/** Record a bank deposit of counted handovers: the amount (rupees) must be the sum of their counted cash. */
export const depositInputSchema = z
  .object({
    handover_ids: z
      .array(z.number().int().positive().max(2147483647))
      .min(1, 'Choose the handovers taken to the bank')
      .max(500, 'At most 500 handovers in one deposit'),
    deposited_on: daySchema,
    bank_reference: z.string().trim().min(1, 'Enter the bank reference').max(80, 'At most 80 characters'),
    amount: z.number().min(0, 'The amount cannot be negative').max(1_000_000, 'At most ₹10,00,000'),
  })
  .strict();
export type DepositInput = z.infer<typeof depositInputSchema>;

export const depositsQuerySchema = z.object({ from: daySchema, to: daySchema });

export const handoversSchema = z.object({ pending: z.array(pendingHandoverSchema), done: z.array(handoverSchema) });
export type Handovers = z.infer<typeof handoversSchema>;

export const handoverInputSchema = z
  .object({
    /** paise counted, the total (required) */
    counted: z.number().int().min(0).max(100_000_000),
    /** how many of each note or coin (optional); when given they must make the total */
    denominations: z
      .partialRecord(z.enum(DENOMINATIONS.map(String) as [string, ...string[]]), z.number().int().min(0).max(100_000))
      .optional(),
    reason: z.string().trim().max(300).optional(),
  })
  .strict();
export type HandoverInput = z.infer<typeof handoverInputSchema>;

/** The rupees a count of notes and coins makes, in paise. */
export const denominationsTotal = (d: Partial<Record<string, number>>): number =>
  Object.entries(d).reduce((sum, [face, n]) => sum + Number(face) * 100 * (n ?? 0), 0);

export const codReportQuerySchema = z.object({ from: daySchema, to: daySchema });

const codFiguresSchema = z.object({
  /** delivered cash-on-delivery orders */
  orders: z.number().int(),
  /** cash collected at the doors (paise): handed_over + pending */
  expected: z.number().int(),
  upi: z.number().int(),
  /** the expected cash of trips whose cash a cashier counted */
  handed_over: z.number().int(),
  /** what the cashiers counted for them: handed_over + difference */
  counted: z.number().int(),
  difference: z.number().int(),
  /** the expected cash of trips not counted yet */
  pending: z.number().int(),
  /** counted cash taken to the bank (a deposit names its handover): deposited + undeposited = counted */
  deposited: z.number().int(),
  /** counted cash not deposited yet */
  undeposited: z.number().int(),
});
export type CodFigures = z.infer<typeof codFiguresSchema>;

/** Cash on delivery by day (the trip's slot date) and rider, each order with its rider, trip and handover. */
export const codRiderReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(codFiguresSchema.extend({ date: z.string(), rider: riderRefSchema })),
  totals: codFiguresSchema,
  orders: z.array(
    z.object({
      date: z.string(),
      order_id: z.string(),
      ordernumber: z.string(),
      rider: riderRefSchema,
      trip_id: z.number().int(),
      trip: z.string(),
      total: z.number().int(),
      cash: z.number().int(),
      upi: z.number().int(),
      handover_id: z.number().int().nullable(),
      handed_over_at: z.string().nullable(),
      deposit_id: z.number().int().nullable(),
    }),
  ),
});
export type CodRiderReport = z.infer<typeof codRiderReportSchema>;

// ── The shopper's tracking and the rider's live position (issue 45 §5) ─────────────────────────

/** The steps an order takes on the shopper's tracker, in order ('shipped' is "Out for delivery"). */
export const TRACK_STEPS = ['placed', 'confirmed', 'packed', 'shipped', 'delivered'] as const;
export type TrackStep = (typeof TRACK_STEPS)[number];
/** done: passed; current: where the order is now; ahead: still to come; skipped: never to come (cancelled). */
export const TRACK_STATES = ['done', 'current', 'ahead', 'skipped'] as const;
export type TrackState = (typeof TRACK_STATES)[number];

/**
 * The tracker's steps from the order's status and its status history (oldest first). Where the
 * order is now is its status; a step is done when a later step is reached (even one it skipped,
 * e.g. packed straight from placed), and shows when it was last reached. A cancelled or failed
 * order keeps the steps it reached and the rest never come. A failed delivery sent back for
 * another trip is packed again: "Out for delivery" is ahead again.
 */
export function trackSteps(
  status: string,
  history: ReadonlyArray<{ status: string; at: string }>,
): Array<{ step: TrackStep; state: TrackState; at: string | null }> {
  const stepOf = (s: string) => (TRACK_STEPS as readonly string[]).indexOf(s);
  const ended = status === 'cancelled' || status === 'payment_failed';
  let now = stepOf(status);
  if (ended) {
    // the last step it stood on before it ended
    const before = history.filter((h) => stepOf(h.status) >= 0).at(-1);
    now = before ? stepOf(before.status) : -1;
  }
  const lastAt = (step: TrackStep) => history.filter((h) => h.status === step).at(-1)?.at ?? null;
  return TRACK_STEPS.map((step, i) => ({
    step,
    state: i < now ? 'done' : i === now ? (ended ? 'done' : 'current') : ended ? 'skipped' : 'ahead',
    at: i <= now ? lastAt(step) : null,
  }));
}

/** Seconds between the tracker's asks: often while the order is on its way, now and then before, never once it ended. */
export const trackRefreshSeconds = (status: string): number =>
  status === 'shipped' ? 20 : ['pending_payment', 'placed', 'confirmed', 'packed'].includes(status) ? 60 : 0;

/** Metres between two points (zod-free in ./geo, for the rider's first chunk). */
export { distanceMetres } from './geo';

/**
 * GET /s/api/orders/:id/tracking: the shopper's order, where it is. `out` only while it is out for
 * delivery on a trip: the stops the rider settles before this one (route order), the rider's first
 * name only, and `call_url`, a `tel:` link to the shop's delivery number (never the rider's own),
 * and, when the rider shares the phone's position and the address has coordinates, how far away.
 */
export const orderTrackingSchema = z.object({
  order_id: z.string(),
  ordernumber: z.string(),
  status: z.enum(['pending_payment', 'placed', 'confirmed', 'packed', 'shipped', 'delivered', 'cancelled', 'payment_failed']),
  steps: z.array(z.object({ step: z.enum(TRACK_STEPS), state: z.enum(TRACK_STATES), at: z.string().nullable() })),
  /** a cancelled or failed order: when it ended */
  ended: z.object({ status: z.enum(['cancelled', 'payment_failed']), at: z.string().nullable() }).nullable(),
  slot: z.object({ date: z.string(), start_time: z.string(), end_time: z.string() }).nullable(),
  /** the shop's date now (Today / Tomorrow beside the slot) */
  today: daySchema,
  out: z
    .object({
      stops_before: z.number().int().min(0),
      rider: z.string().nullable(),
      call_url: z.string().nullable(),
      /** metres from the rider's last shared position to the address, and when it was shared */
      distance_m: z.number().int().nullable(),
      position_at: z.string().nullable(),
    })
    .nullable(),
  /** seconds until the page asks again (0: nothing changes by itself now) */
  refresh: z.number().int().min(0),
});
export type OrderTracking = z.infer<typeof orderTrackingSchema>;

/** PUT /s/api/rider/trips/:id/position: the phone's position (navigator.geolocation), only while the trip is out. */
export const riderPositionInputSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  accuracy: z.number().min(0).max(100_000).optional(),
});
export type RiderPositionInput = z.infer<typeof riderPositionInputSchema>;
/** The answer of /s/api/rider/trips/:id/position: whether the shop lets riders share, and when the server last got this trip's. */
export const riderPositionSchema = z.object({ allowed: z.boolean(), shared_at: z.string().nullable() });
export type RiderPosition = z.infer<typeof riderPositionSchema>;

/** The tracking settings beside the code mode (Administration → Delivery → Dispatch settings). */
export const trackingSettingsSchema = z.object({
  share_position: z.boolean(),
  call_number: z
    .string()
    .trim()
    .regex(/^\+?[0-9 -]{6,20}$/, 'A phone number: digits, spaces, + and -')
    .nullable(),
});
export type TrackingSettings = z.infer<typeof trackingSettingsSchema>;

/** An order's delivery by a rider as its timeline in Administration shows it (issue 45 item 6). */
export const stopProofSchema = z.object({
  trip_id: z.number().int(),
  trip: z.string(),
  rider: z.string().nullable(),
  attempt: z.number().int(),
  outcome: z.enum(STOP_OUTCOMES).nullable(),
  outcome_at: z.string().nullable(),
  fail_reason: z.enum(FAIL_REASONS).nullable(),
  /** the delivery code at the door: matched, stood in for by the owner (with the reason), not asked, or not yet used */
  code_result: z.enum(['matched', 'override', 'not_needed', 'pending']),
  override_reason: z.string().nullable(),
  cash: z.number().int(),
  upi: z.number().int(),
  /** the photo taken at the door (staff only), or null */
  photo_url: z.string().nullable(),
});
export type StopProof = z.infer<typeof stopProofSchema>;
