import { z } from 'zod';
import { coercedIdSchema, idSchema } from './ids';

/**
 * Daily essentials on subscription (issue 44 §4-6): a shopper's standing order for one pack, on a
 * schedule, delivered in a morning slot and paid from the wallet by the nightly generation. Dates
 * are shop days 'YYYY-MM-DD'; amounts whole paise.
 */

export const SCHEDULE_KINDS = ['daily', 'alternate', 'weekdays', 'every_n'] as const;
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number];
export const SUBSCRIPTION_STATUSES = ['active', 'paused', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** What the generation did for one subscription's delivery date. */
export const GENERATION_STATUSES = ['ordered', 'held', 'out_of_stock', 'slot_full'] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];

/** How many days the shopper's calendar shows. */
export const CALENDAR_DAYS = 30;
/** The largest quantity of one delivery. */
export const SUBSCRIPTION_MAX_QUANTITY = 99;

const dateSchema = z
  .string({ message: 'A date is needed (YYYY-MM-DD)' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date must be written YYYY-MM-DD')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'Not a real date');
const quantitySchema = (min: number) =>
  z
    .number({ message: 'Quantity must be a whole number' })
    .int('Quantity must be a whole number')
    .min(min, `Quantity must be at least ${min}`)
    .max(SUBSCRIPTION_MAX_QUANTITY, `Quantity must be at most ${SUBSCRIPTION_MAX_QUANTITY}`);

export const scheduleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('daily') }),
  z.object({ kind: z.literal('alternate') }),
  z.object({
    kind: z.literal('weekdays'),
    /** 0 Sunday … 6 Saturday */
    weekdays: z
      .array(z.number().int().min(0, 'Weekdays are 0 (Sunday) to 6').max(6, 'Weekdays are 0 (Sunday) to 6'))
      .min(1, 'Choose at least one weekday')
      .max(7),
  }),
  z.object({
    kind: z.literal('every_n'),
    every_days: z
      .number()
      .int('Every N days must be a whole number')
      .min(2, 'Every N days: at least 2')
      .max(60, 'Every N days: at most 60'),
  }),
]);
export type Schedule = z.output<typeof scheduleSchema>;

export const subscriptionCreateSchema = z.object({
  pack_id: idSchema,
  quantity: quantitySchema(1),
  schedule: scheduleSchema,
  start_date: dateSchema,
  address_id: idSchema,
  /** the morning slot (null: the zone has no slots) */
  slot_id: idSchema.nullable().default(null),
});
export type SubscriptionCreate = z.output<typeof subscriptionCreateSchema>;

export const subscriptionDaySchema = z.object({
  date: dateSchema,
  /** 0 skips the day */
  quantity: quantitySchema(0),
});
/** The largest quantity of a one-off item added to a delivery. */
export const EXTRA_MAX_QUANTITY = 20;
/** PUT /account/subscriptions/{id}/extras: a one-off item for one delivery date (quantity 0 removes it). */
export const subscriptionExtraSchema = z.object({
  date: dateSchema,
  pack_id: idSchema,
  quantity: z
    .number({ message: 'Quantity must be a whole number' })
    .int('Quantity must be a whole number')
    .min(0, 'Quantity must be at least 0')
    .max(EXTRA_MAX_QUANTITY, `Quantity must be at most ${EXTRA_MAX_QUANTITY}`),
});
export type SubscriptionExtra = z.output<typeof subscriptionExtraSchema>;

export const subscriptionPauseSchema = z
  .object({ from: dateSchema, to: dateSchema })
  .refine((p) => p.from <= p.to, { message: 'The pause must end on or after its first day', path: ['to'] });

export const subscriptionSchema = z.object({
  id: z.number().int(),
  pack_id: z.number().int(),
  product_name: z.string(),
  pack_name: z.string(),
  price_paise: z.number().int(),
  quantity: z.number().int(),
  schedule: scheduleSchema,
  start_date: z.string(),
  address_id: z.number().int(),
  slot_id: z.number().int().nullable(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  pauses: z.array(z.object({ from: z.string(), to: z.string() })),
  created_at: z.string(),
});
export type SubscriptionJson = z.output<typeof subscriptionSchema>;
export const subscriptionListSchema = z.object({ subscriptions: z.array(subscriptionSchema), cutoff_time: z.string() });

export const calendarDaySchema = z.object({
  date: z.string(),
  quantity: z.number().int(),
  price_paise: z.number().int(),
  /** skipped, paused, or changed from the usual quantity */
  note: z.enum(['usual', 'changed', 'skipped', 'paused']),
  /** changes for this day are still open (before the cut-off the evening before) */
  changeable: z.boolean(),
  /** one-off items added to this day's delivery */
  extras: z.array(
    z.object({
      pack_id: z.number().int(),
      product_name: z.string(),
      pack_name: z.string(),
      quantity: z.number().int(),
      price_paise: z.number().int(),
    }),
  ),
});
export const calendarSchema = z.object({
  subscription_id: z.number().int(),
  cutoff_time: z.string(),
  days: z.array(calendarDaySchema),
});

/**
 * GET /s/api/subscriptions/offer (public): what a product page needs to offer a subscription — the
 * packs the owner made subscribable, the cut-off, and the first start date still open now.
 */
export const subscriptionOfferSchema = z.object({
  pack_ids: z.array(z.number().int()),
  cutoff_time: z.string(),
  /** tomorrow before the cut-off, else the day after */
  first_date: z.string(),
});
export type SubscriptionOffer = z.output<typeof subscriptionOfferSchema>;

export const subscriptionIdParamsSchema = z.object({ id: coercedIdSchema });

// Administration

const cutoffSchema = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'The cut-off is a time HH:MM (24-hour), e.g. 22:00');
const paiseSchema = (what: string) =>
  z
    .number({ message: `${what} must be a whole number of paise` })
    .int(`${what} must be a whole number of paise`)
    .min(0, `${what} cannot be negative`)
    .max(100_000_000, `${what} is too large`);

export const subscriptionSettingsSchema = z.object({
  cutoff_time: cutoffSchema,
  subscribable_pack_ids: z.array(idSchema).max(1000),
  min_topup_paise: paiseSchema('The minimum top-up'),
  cashback_percent: z
    .number()
    .int('Cashback is a whole percent')
    .min(0, 'Cashback cannot be negative')
    .max(100, 'Cashback is at most 100 %'),
  cashback_cap_paise: paiseSchema('The cashback cap'),
});
export type SubscriptionSettings = z.output<typeof subscriptionSettingsSchema>;

export const demandQuerySchema = z.object({ date: dateSchema.optional() });
export const demandSchema = z.object({
  date: z.string(),
  packs: z.array(
    z.object({
      pack_id: z.number().int(),
      product_name: z.string(),
      pack_name: z.string(),
      units: z.number().int(),
      subscriptions: z.number().int(),
    }),
  ),
});

export const adminSubscriptionsQuerySchema = z.object({ status: z.enum(SUBSCRIPTION_STATUSES).optional() });
export const adminSubscriptionListSchema = z.object({
  subscriptions: z.array(
    subscriptionSchema.extend({ user_id: z.number().int(), customer_name: z.string().nullable(), customer_phone: z.string().nullable() }),
  ),
});
export const lowBalanceSchema = z.object({
  date: z.string(),
  customers: z.array(
    z.object({
      user_id: z.number().int(),
      name: z.string().nullable(),
      phone: z.string().nullable(),
      due_paise: z.number().int(),
      balance_paise: z.number().int(),
    }),
  ),
});

/** A pack as Administration's subscription settings name it: "Toned Milk - 500 ml", its price. */
const packChoiceSchema = z.object({ id: z.number().int(), label: z.string(), pricePaise: z.number().int() });
/** GET/PUT /admin/subscriptions/settings answer: the settings with the subscribable packs named. */
export const subscriptionSettingsViewSchema = subscriptionSettingsSchema.extend({ packs: z.array(packChoiceSchema) });
export type SubscriptionSettingsView = z.output<typeof subscriptionSettingsViewSchema>;
/** GET /admin/subscriptions/packs?q=: the settings' pack picker (the website's packs by product, pack name or SKU). */
export const subscriptionPacksQuerySchema = z.object({ q: z.string().trim().max(100).default('') });
export const subscriptionPackChoicesSchema = z.object({ data: z.array(packChoiceSchema) });

/** POST /admin/subscriptions/generate: the owner prepares a date's orders now (its changes close with it). */
export const generateBodySchema = z.object({ date: dateSchema });
export const generationSummarySchema = z.object({
  date: z.string(),
  orders: z.number().int(),
  held: z.number().int(),
  out_of_stock: z.number().int(),
  slot_full: z.number().int(),
  already: z.number().int(),
  /** of `orders`, those put on the customer's khata (the wallet was short) */
  on_khata: z.number().int(),
});
export type GenerationSummaryJson = z.output<typeof generationSummarySchema>;

/**
 * GET /admin/subscriptions/deliveries?date=: the morning delivery list — each customer's delivery
 * of the date (subscriptions and one-off items), grouped by pincode and area in route order (the
 * trip builder's order), with what the generation did.
 */
export const deliveryStopSchema = z.object({
  /** 1, 2, … in route order over the whole list */
  sequence: z.number().int(),
  user_id: z.number().int(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string(),
  pincode: z.string(),
  area: z.string(),
  slot: z.string().nullable(),
  items: z.array(z.object({ label: z.string(), quantity: z.number().int(), extra: z.boolean() })),
  /** pending (not generated yet), ordered, held, out_of_stock, slot_full */
  status: z.enum(['pending', ...GENERATION_STATUSES]),
  order_id: z.string().nullable(),
  ordernumber: z.string().nullable(),
  payment: z.enum(['wallet', 'khata']).nullable(),
});
export const deliveryListSchema = z.object({
  date: z.string(),
  areas: z.array(z.object({ pincode: z.string(), area: z.string(), stops: z.array(deliveryStopSchema) })),
});
export type DeliveryList = z.output<typeof deliveryListSchema>;
