import { z } from 'zod';
import { idSchema } from './ids';

/**
 * Customer groups and their price lists (`/s/api/admin/customer-groups*`, issue 40 §19). A
 * customer is in at most one group per website; a member pays the group's price of a pack from
 * `minQuantity` units on a line, never more than the pack's own price. Money in paise.
 */
export const customerGroupInputSchema = z.object({
  name: z.string().trim().min(1, 'Enter a name').max(60, 'At most 60 characters'),
});

export const priceListEntrySchema = z.object({
  packId: idSchema,
  pricePaise: z.number().int('Whole paise only').min(1, 'Must be more than 0').max(100_000_000),
  minQuantity: z.number().int('Whole numbers only').min(1, 'Must be at least 1').max(10_000).default(1),
});

/** PUT /admin/customer-groups/:id/prices: the whole list, replacing the one before. */
export const priceListInputSchema = z.object({
  entries: z
    .array(priceListEntrySchema)
    .max(5000)
    .refine((e) => new Set(e.map((x) => x.packId)).size === e.length, 'Each pack once'),
});

/** POST /admin/customer-groups/:id/members: a customer by mobile number or email. */
export const groupMemberInputSchema = z.object({
  customer: z.string().trim().min(3, 'Enter a mobile number or an email').max(200),
});

export const customerGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  members: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable(), phone: z.string().nullable() })),
  prices: z.array(
    priceListEntrySchema.extend({
      minQuantity: z.number().int(),
      /** "Toor Dal 1 kg", and its own price (paise) */
      label: z.string(),
      listPricePaise: z.number().int(),
    }),
  ),
});
export type CustomerGroup = z.infer<typeof customerGroupSchema>;

export const customerGroupListSchema = z.object({
  data: z.array(z.object({ id: z.number().int(), name: z.string(), members: z.number().int(), prices: z.number().int() })),
});
export type CustomerGroupList = z.infer<typeof customerGroupListSchema>;
