import { z } from 'zod';
import { ORDER_STATUSES, PAYMENT_PROVIDERS } from './order';
import { pageSchema } from './ids';
import { PAGE_SIZES } from './pagination';

/**
 * Administration's customers (`/s/api/admin/customers*`, issue 14): the website's shoppers with
 * their orders, searched and sorted; one customer's screen; block and unblock. People are global,
 * membership (and so a block) is per website: a person blocked here still shops elsewhere.
 */
export const CUSTOMER_SORTS = ['name', 'orders', 'spent', 'last_order', 'joined'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

const perPage = z.coerce
  .number()
  .int()
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: `Per page must be one of ${PAGE_SIZES.join(', ')}` });

/** GET /s/api/admin/customers: search by name, email or mobile; only blocked ones; sort and page. */
export const customersQuerySchema = z.object({
  q: z.string().trim().max(100).default(''),
  blocked: z.enum(['yes', 'no']).optional(),
  /** only customers with this tag */
  tag: z.string().trim().toLowerCase().max(30).optional(),
  sort: z.enum(CUSTOMER_SORTS).default('last_order'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  page: pageSchema,
  perPage: perPage.default(20),
});
export type CustomersQuery = z.infer<typeof customersQuerySchema>;

const blockSchema = z.object({ at: z.string(), reason: z.string() }).nullable();

export const customerRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  joined: z.string(),
  /** orders placed (not those whose payment never came) */
  orders: z.number().int(),
  /** ₹ of their sales: delivered orders, goods net of refunds, no delivery charge (apps/server/docs/orders.md, "What counts as a sale") */
  spent: z.number(),
  last_order: z.string().nullable(),
  blocked: blockSchema,
  /** the staff's tags on them here, sorted */
  tags: z.array(z.string()),
});
export type CustomerRow = z.infer<typeof customerRowSchema>;

export const customerListSchema = z.object({
  data: z.array(customerRowSchema),
  meta: z.object({ total: z.number().int(), page: z.number().int(), perPage: z.number().int() }),
});
export type CustomerList = z.infer<typeof customerListSchema>;

export const customerDetailSchema = customerRowSchema.extend({
  addresses: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      phone: z.string(),
      line1: z.string(),
      line2: z.string(),
      city: z.string(),
      state: z.string(),
      pincode: z.string(),
      is_default: z.boolean(),
    }),
  ),
  recent_orders: z.array(
    z.object({
      id: z.string(),
      ordernumber: z.string(),
      created_at: z.string(),
      status: z.enum(ORDER_STATUSES),
      payment_method: z.enum(PAYMENT_PROVIDERS),
      total: z.number(),
    }),
  ),
  /** the staff's notes on them, newest first (never shown to the shopper) */
  notes: z.array(z.object({ id: z.number().int(), body: z.string(), author: z.string().nullable(), created_at: z.string() })),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

/** POST /s/api/admin/customers/:id/block: the reason is shown to the customer when they try to sign in or order. */
export const blockBodySchema = z
  .object({ reason: z.string().trim().min(3, 'Say why (the customer is told)').max(200, 'At most 200 characters') })
  .strict();
export type BlockBody = z.infer<typeof blockBodySchema>;

/**
 * A tag: the staff's word for a kind of customer ("wholesale", "vip"), kept lower-case so
 * "VIP" and "vip" are one tag; letters, digits, spaces and - _ only.
 */
export const customerTagSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Type a tag')
  .max(30, 'At most 30 characters')
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} _-]*$/u, 'Letters, digits, spaces, - and _ only')
  .transform((t) => t.replace(/\s+/g, ' '));

/** POST /s/api/admin/customers/:id/tags */
export const tagBodySchema = z.object({ tag: customerTagSchema }).strict();
/** GET /s/api/admin/customers/tags: every tag in use on the website, with how many customers carry it. */
export const customerTagListSchema = z.object({ data: z.array(z.object({ tag: z.string(), customers: z.number().int() })) });
export type CustomerTagList = z.infer<typeof customerTagListSchema>;

/** POST /s/api/admin/customers/:id/notes */
export const noteBodySchema = z.object({ body: z.string().trim().min(1, 'Write the note').max(2000, 'At most 2,000 characters') }).strict();

/** GET /s/api/admin/customers/export.csv: the list's filters and sort, every page. */
export const customersExportQuerySchema = customersQuerySchema.omit({ page: true, perPage: true });
export type CustomersExportQuery = z.infer<typeof customersExportQuerySchema>;
/** The export's columns, in order. */
export const CUSTOMER_EXPORT_COLUMNS = ['name', 'phone', 'email', 'tags', 'orders', 'total_spent', 'created'] as const;
