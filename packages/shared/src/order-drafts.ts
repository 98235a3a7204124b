import { z } from 'zod';
import { addressInputSchema, addressSchema } from './account';
import { cartSchema } from './cart';
import { daySchema } from './days';
import { idSchema } from './ids';
import { ORDER_STATUSES } from './order';
import { MOBILE_MESSAGE, MOBILE_PATTERN } from './validation';

/**
 * Draft orders (issue 40 §12): Administration builds an order for a customer (by phone) before it
 * exists. A draft reserves nothing; "Send payment link" places it as an order awaiting the
 * customer's online payment (stock and slot taken then, as an agent's payment link does), "Mark as
 * COD and place" places it at once. Shoppers never see a draft, only the order it becomes.
 */
export const DRAFT_STATUSES = ['draft', 'sent', 'placed'] as const;
export type DraftStatus = (typeof DRAFT_STATUSES)[number];
export const DRAFT_STATUS_LABELS: Record<DraftStatus, string> = { draft: 'Draft', sent: 'Payment link sent', placed: 'Placed' };

/** The number people see: `D1001`, never mistaken for an order number (`GR1001`). */
export const draftNumber = (n: number) => `D${n}`;

/** POST /s/api/admin/orders/drafts: an existing customer, or a new one by name and mobile (found by the mobile when they exist). */
export const draftCreateBodySchema = z.union([
  z.object({ customer_id: idSchema }),
  z.object({
    customer: z.object({
      name: z.string().trim().min(2, 'Name must have at least 2 characters').max(80, 'Name is too long'),
      phone: z.string().trim().regex(MOBILE_PATTERN, MOBILE_MESSAGE),
    }),
  }),
]);
export type DraftCreateBody = z.infer<typeof draftCreateBodySchema>;

/**
 * PATCH /s/api/admin/orders/drafts/{id}: any of the address (one of the customer's, or a new one
 * added to their book), lines set to a quantity (0 removes), the slot, the coupon (null removes).
 */
export const draftUpdateBodySchema = z.object({
  address_id: idSchema.optional(),
  address: addressInputSchema.optional(),
  lines: z
    .array(z.object({ pack_id: idSchema, quantity: z.number().int().min(0).max(99) }))
    .max(100)
    .optional(),
  slot: z.object({ slot_id: idSchema, date: daySchema }).nullable().optional(),
  coupon: z.string().trim().min(1).max(40).nullable().optional(),
});
export type DraftUpdateBody = z.output<typeof draftUpdateBodySchema>;
/** what the staff app sends (the address before its defaults) */
export type DraftUpdateInput = z.input<typeof draftUpdateBodySchema>;

/** POST …/send-link (an online provider) and …/place-cod; `expected_total` (₹) is the total staff saw. */
export const draftSendLinkBodySchema = z.object({
  payment_method: z.enum(['razorpay', 'cashfree']),
  expected_total: z.number().nonnegative(),
});
export const draftPlaceCodBodySchema = z.object({ expected_total: z.number().nonnegative() });

const draftSlotSchema = z.object({
  slot_id: z.number().int(),
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  remaining: z.number().int(),
});

export const adminDraftSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(DRAFT_STATUSES),
  created_at: z.string(),
  customer: z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
  addresses: z.array(addressSchema),
  address_id: z.number().int().nullable(),
  /** the warehouse serving the address (items are searched with their stock there); null without an address it delivers to */
  warehouse_id: z.number().int().nullable(),
  /** the draft's items priced by checkout's pricing for the address's zone (₹) */
  cart: cartSchema,
  slot: z.object({ slot_id: z.number().int(), date: z.string() }).nullable(),
  slots: z.array(draftSlotSchema),
  order: z.object({ id: z.string(), ordernumber: z.string(), status: z.enum(ORDER_STATUSES) }).nullable(),
  /** where the payment link went (masked), once sent */
  link_sent_to: z.array(z.string()),
});
export type AdminDraft = z.infer<typeof adminDraftSchema>;

export const adminDraftListSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      number: z.string(),
      status: z.enum(DRAFT_STATUSES),
      customer: z.string(),
      items: z.number().int(),
      amount: z.number(),
      created_at: z.string(),
      order: z.object({ id: z.string(), ordernumber: z.string(), status: z.enum(ORDER_STATUSES) }).nullable(),
    }),
  ),
});
export type AdminDraftList = z.infer<typeof adminDraftListSchema>;

export const draftCustomersQuerySchema = z.object({ q: z.string().trim().min(2).max(80) });
export const draftCustomerListSchema = z.object({
  data: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable(), phone: z.string().nullable() })),
});
