import { z } from 'zod';
import { REFUND_REASONS } from './order';

/**
 * The staff's own words on an order (issue 40 §12): notes on its timeline (never shown to the
 * shopper), free tags ("VIP", "Fragile") the order list filters by, and a refund of any amount
 * with a reason. Printing many orders at once names them in `ids`.
 */

/** POST /s/api/admin/orders/:id/notes */
export const orderNoteBodySchema = z
  .object({ text: z.string().trim().min(1, 'Write the note').max(1000, 'At most 1000 characters') })
  .strict();
export type OrderNoteBody = z.infer<typeof orderNoteBodySchema>;

/** A tag as kept: spaces trimmed and collapsed; compared without case. */
export const normalTag = (tag: string) => tag.trim().replace(/\s+/g, ' ');
export const orderTagSchema = z.string().transform(normalTag).pipe(z.string().min(1, 'Name the tag').max(40, 'At most 40 characters'));

/** POST /s/api/admin/orders/:id/tags */
export const orderTagBodySchema = z.object({ tag: orderTagSchema }).strict();
export type OrderTagBody = z.infer<typeof orderTagBodySchema>;

/** GET /s/api/admin/orders/tags: the website's tags, most used first (the list's filter, the tag input's suggestions). */
export const orderTagListSchema = z.object({ data: z.array(z.object({ tag: z.string(), orders: z.number().int() })) });
export type OrderTagList = z.infer<typeof orderTagListSchema>;

/**
 * POST /s/api/admin/orders/:id/refunds: ₹ given back through the order's online payment, up to
 * what is still refundable; `key` makes a double click or a retry one refund. `other` needs a note.
 */
export const orderRefundBodySchema = z
  .object({
    amount: z
      .number({ message: 'Enter an amount in ₹' })
      .positive('More than ₹0')
      .max(10_000_000)
      .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'At most 2 decimals (paise)'),
    reason: z.enum(REFUND_REASONS, { message: 'Choose a reason' }),
    note: z.string().trim().max(300, 'At most 300 characters').default(''),
    key: z
      .string()
      .min(10)
      .max(64)
      .regex(/^[\w-]+$/),
  })
  .strict()
  .refine((b) => b.reason !== 'other' || b.note.length > 0, { message: 'Say why', path: ['note'] });
export type OrderRefundBody = z.infer<typeof orderRefundBodySchema>;

/** GET /s/api/admin/orders/invoices?ids=…, …/packing-slips?ids=…: one document, a page per order (in the order given). */
export const printQuerySchema = z.object({
  ids: z.preprocess(
    (v) => (Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : v),
    z.array(z.string().uuid('Choose orders')).min(1, 'Choose orders').max(200, 'At most 200 orders at once'),
  ),
});
export type PrintQuery = z.infer<typeof printQuerySchema>;

/** What the staff's timeline shows in an entry: a status the order entered, a change while in it, or a staff note. */
export const TIMELINE_KINDS = ['status', 'change', 'note'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];
