import { z } from 'zod';
import { daySchema } from './days';
import { idSchema, idSchemaWith } from './ids';
import { PINCODE_PATTERN } from './validation';

/**
 * Administration's delivery calls (`/s/api/admin/delivery/*`): zones with their pincodes, charge,
 * free-delivery threshold and cash on delivery, and slot templates. Money is integer paise here
 * (the screen shows and takes rupees).
 */

/**
 * Pincodes pasted as the owner has them (one a line, or separated by commas, spaces, semicolons
 * or tabs, from a spreadsheet column): each checked by the one pincode rule, repeats dropped,
 * first-seen order kept. `invalid` names every piece that is not a pincode, so none is silently lost.
 */
export function parsePincodes(text: string): { valid: string[]; invalid: string[] } {
  const valid: string[] = [];
  const invalid: string[] = [];
  const seen = new Set<string>();
  for (const piece of text.split(/[\s,;]+/)) {
    if (piece === '' || seen.has(piece)) continue;
    seen.add(piece);
    (PINCODE_PATTERN.test(piece) ? valid : invalid).push(piece);
  }
  return { valid, invalid };
}

/** Weekday names in the bit order of a slot's `weekdays` (bit 0 Sunday). */
export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
export const EVERY_DAY = 127;

/** A slot template's weekdays in words ("Every day", "Mon–Sat" style lists: "Mon, Tue, Sat"). */
export function weekdaysLabel(mask: number): string {
  if (mask === EVERY_DAY) return 'Every day';
  if (mask === 0b0111110) return 'Mon–Fri';
  if (mask === 0b1111110) return 'Mon–Sat';
  return WEEKDAYS.filter((_, i) => mask & (1 << i)).join(', ');
}

const paise = z.number().int('Whole paise only').min(0, 'Cannot be negative').max(100_000_000);
const TIME_PATTERN = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const time = z.string().regex(TIME_PATTERN, 'Use HH:MM, e.g. 09:00');

export const adminSlotInputSchema = z
  .object({
    startTime: time,
    endTime: time,
    capacity: z.number().int('Whole orders only').min(1, 'At least 1 order').max(100_000),
    weekdays: z.number().int().min(1, 'Choose at least one day').max(EVERY_DAY),
    cutoffMinutes: z.number().int('Whole minutes').min(0, 'Cannot be negative').max(10_080, 'At most a week'),
  })
  // Only between two real times: a malformed start is its own field's error, not the end's.
  .refine((s) => !TIME_PATTERN.test(s.startTime) || !TIME_PATTERN.test(s.endTime) || s.endTime > s.startTime, {
    path: ['endTime'],
    message: 'Must be after the start',
  });
export type AdminSlotInput = z.infer<typeof adminSlotInputSchema>;

export const adminSlotSchema = z.object({
  id: z.number().int(),
  zoneId: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
  capacity: z.number().int(),
  weekdays: z.number().int(),
  cutoffMinutes: z.number().int(),
});
export type AdminSlot = z.infer<typeof adminSlotSchema>;

export const adminZoneInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Enter a name').max(80, 'At most 80 characters'),
    warehouseId: idSchemaWith('Choose a warehouse'),
    deliveryCharge: paise,
    freeAbove: paise.nullable(),
    codAllowed: z.boolean(),
    codMax: paise.min(1, 'Must be more than 0').nullable(),
    leadDays: z.number().int('Whole days').min(0, 'Cannot be negative').max(30, 'At most 30 days'),
  })
  .transform((z) => (z.codAllowed ? z : { ...z, codMax: null }));
export type AdminZoneInput = z.input<typeof adminZoneInputSchema>;

export const adminZoneSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  warehouseId: z.number().int(),
  warehouse: z.string(),
  deliveryCharge: z.number().int(),
  freeAbove: z.number().int().nullable(),
  codAllowed: z.boolean(),
  codMax: z.number().int().nullable(),
  leadDays: z.number().int(),
  pincodes: z.array(z.string()),
  slots: z.array(adminSlotSchema),
});
export type AdminZone = z.infer<typeof adminZoneSchema>;

/** A day without deliveries, in one zone or (zoneId null) in all; today's and later ones are listed. */
export const adminClosureSchema = z.object({
  id: z.number().int(),
  zoneId: z.number().int().nullable(),
  date: z.string(),
  reason: z.string(),
});
export type AdminClosure = z.infer<typeof adminClosureSchema>;

export const adminClosureInputSchema = z.object({
  zoneId: idSchema.nullable(),
  date: daySchema,
  reason: z.string().trim().max(120, 'At most 120 characters').default(''),
});
export type AdminClosureInput = z.input<typeof adminClosureInputSchema>;

export const adminDeliverySchema = z.object({
  zones: z.array(adminZoneSchema),
  closures: z.array(adminClosureSchema),
  warehouses: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type AdminDelivery = z.infer<typeof adminDeliverySchema>;

/** POST /s/api/admin/delivery/zones/:id/pincodes: the pasted text; all are added or none. */
export const adminPincodesInputSchema = z.object({ pincodes: z.string().max(100_000) });
export const adminPincodesResultSchema = z.object({ added: z.array(z.string()), zone: adminZoneSchema });

/** GET /s/api/admin/delivery/slots/:id/bookings: places taken per date, from today on. */
export const adminSlotBookingsSchema = z.object({
  slot: adminSlotSchema,
  data: z.array(z.object({ date: z.string(), used: z.number().int(), capacity: z.number().int() })),
});
export type AdminSlotBookings = z.infer<typeof adminSlotBookingsSchema>;
