import { z } from 'zod';
import { idSchema, pageSchema } from './ids';
import { PAGE_SIZES } from './pagination';

/**
 * "Report an issue" on a delivered order (issue 19): missing, damaged or wrong items, or something
 * else, a ticket the owner reads and resolves in Administration → Issues. A shopper may report
 * within REPORT_WINDOW_DAYS of delivery, one open report per order at a time.
 */
export const ISSUE_KINDS = ['missing', 'damaged', 'wrong_item', 'quality', 'other'] as const;
export type IssueKind = (typeof ISSUE_KINDS)[number];
export const ISSUE_KIND_LABELS: Record<IssueKind, string> = {
  missing: 'Item missing',
  damaged: 'Item damaged or leaking',
  wrong_item: 'Wrong item delivered',
  quality: 'Poor quality or expired',
  other: 'Something else',
};
export const REPORT_WINDOW_DAYS = 7;
export const ISSUE_STATUSES = ['open', 'resolved'] as const;

/** POST /s/api/orders/:id/issues: which lines (by pack) and how many of each, and what happened. */
export const reportIssueBodySchema = z
  .object({
    kind: z.enum(ISSUE_KINDS, { error: 'Choose what went wrong' }),
    lines: z
      .array(z.object({ pack_id: idSchema, quantity: z.number().int().min(1, 'At least 1').max(1_000_000) }))
      .max(100)
      .default([]),
    note: z.string().trim().max(1000, 'At most 1000 characters').default(''),
  })
  .superRefine((b, ctx) => {
    if (b.kind !== 'other' && b.lines.length === 0)
      ctx.addIssue({ code: 'custom', path: ['lines'], message: 'Choose the items this is about' });
    if (b.kind === 'other' && !b.note) ctx.addIssue({ code: 'custom', path: ['note'], message: 'Tell us what went wrong' });
    if (new Set(b.lines.map((l) => l.pack_id)).size !== b.lines.length)
      ctx.addIssue({ code: 'custom', path: ['lines'], message: 'Each item once' });
  });
export type ReportIssueBody = z.input<typeof reportIssueBodySchema>;

export const orderIssueSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ISSUE_KINDS),
  lines: z.array(z.object({ pack_id: z.number().int(), name: z.string(), quantity: z.number().int() })),
  note: z.string(),
  status: z.enum(ISSUE_STATUSES),
  resolution: z.string().nullable(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type OrderIssue = z.infer<typeof orderIssueSchema>;
export const orderIssueListSchema = z.object({ data: z.array(orderIssueSchema) });

/**
 * GET /s/api/admin/issues: open ones first by default, newest first, paged. `q`: every word in the
 * order's number, the customer's name or mobile, or the shopper's note.
 */
export const adminIssuesQuerySchema = z.object({
  status: z.enum([...ISSUE_STATUSES, 'all']).default('open'),
  q: z.string().trim().max(100).optional(),
  page: pageSchema,
  perPage: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: `Per page must be one of ${PAGE_SIZES.join(', ')}` })
    .default(20),
});
export const adminIssueSchema = orderIssueSchema.extend({
  order_id: z.string(),
  ordernumber: z.string(),
  customer: z.object({ name: z.string(), phone: z.string() }),
  resolved_by: z.string().nullable(),
});
export type AdminIssue = z.infer<typeof adminIssueSchema>;
export const adminIssueListSchema = z.object({
  data: z.array(adminIssueSchema),
  meta: z.object({ total: z.number().int(), open: z.number().int(), page: z.number().int(), perPage: z.number().int() }),
});
export const resolveIssueBodySchema = z.object({
  resolution: z.string().trim().min(1, 'Say how it was resolved').max(1000, 'At most 1000 characters'),
});
