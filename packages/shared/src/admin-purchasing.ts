import { z } from 'zod';
import { idSchema, idSchemaWith, pageSchema } from './ids';
import { PAGE_SIZES } from './pagination';

/**
 * Administration's purchasing and transfers (`/s/api/admin/stock/{suppliers,purchase-orders,transfers}`,
 * issue 40 point 18). Stock moves only through the inventory ledger: a transfer's units leave the
 * source when it is sent (`transfer_out`) and enter the destination when received (`transfer_in`);
 * goods received on a purchase order come in as `purchase` movements carrying their cost price.
 * Money is integer paise here (the screens show and take rupees), as in the coupons' calls.
 *
 * On hand, committed, available (per pack and warehouse): `stock.available` is what the storefront
 * and the till may still sell (orders take it when placed). Committed is what placed orders hold
 * and have not yet shipped (order lines of orders awaiting payment, placed, confirmed or packed);
 * on hand = available + committed is what is physically on the shelves.
 */

export const PURCHASE_ORDER_STATUSES = ['draft', 'ordered', 'partially_received', 'received', 'cancelled'] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];
export const PURCHASE_ORDER_STATUS_LABELS: Record<PurchaseOrderStatus, string> = {
  draft: 'Draft',
  ordered: 'Ordered',
  partially_received: 'Partially received',
  received: 'Received',
  cancelled: 'Cancelled',
};
/** The moves a person makes; receiving goods moves `ordered`/`partially_received` on by itself. */
export const PURCHASE_ORDER_TRANSITIONS: Record<PurchaseOrderStatus, readonly PurchaseOrderStatus[]> = {
  draft: ['ordered', 'cancelled'],
  ordered: ['partially_received', 'received', 'cancelled'],
  partially_received: ['partially_received', 'received'],
  received: [],
  cancelled: [],
};

export const TRANSFER_STATUSES = ['draft', 'in_transit', 'partially_received', 'received', 'cancelled'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];
export const TRANSFER_STATUS_LABELS: Record<TransferStatus, string> = {
  draft: 'Draft',
  in_transit: 'In transit',
  partially_received: 'Partially received',
  received: 'Received',
  cancelled: 'Cancelled',
};
export const TRANSFER_TRANSITIONS: Record<TransferStatus, readonly TransferStatus[]> = {
  draft: ['in_transit', 'cancelled'],
  in_transit: ['partially_received', 'received'],
  partially_received: ['partially_received', 'received'],
  received: [],
  cancelled: [],
};

/** The order statuses whose lines hold stock that is still on the shelves (taken when placed, not yet shipped). */
export const COMMITTED_ORDER_STATUSES = ['pending_payment', 'placed', 'confirmed', 'packed'] as const;

/**
 * The pack's cost price after a goods receipt, as a weighted average (Odoo's AVCO; Shopify's
 * inventory cost does the same on received transfers): the units on hand keep the cost they came
 * at, the new ones bring theirs. Whole paise, rounded half up. With nothing on hand (or no cost
 * known yet) the new cost is the receipt's. Chosen over last cost because a one-off cheap or dear
 * delivery should not reprice the whole shelf for margin reports.
 */
export function weightedAverageCost(
  current: { cost: number | null; onHand: number },
  received: { quantity: number; unitCost: number },
): number {
  if (current.cost === null || current.onHand <= 0) return received.unitCost;
  const total = current.cost * current.onHand + received.unitCost * received.quantity;
  return Math.round(total / (current.onHand + received.quantity));
}

const units = (label: string) =>
  z
    .number({ error: `${label} is required` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(1_000_000, `${label} is too large`);
const countOf = (label: string) =>
  z
    .number({ error: `${label} is required` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`)
    .max(1_000_000, `${label} is too large`);
const paise = z
  .number({ error: 'Cost price is required' })
  .int('Whole paise only')
  .min(0, 'Cost price cannot be negative')
  .max(100_000_000);
const note = z.string().trim().max(500, 'Note can be at most 500 characters').default('');
const listQuery = z.object({
  page: pageSchema,
  q: z.string().trim().max(100).default(''),
  perPage: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: `Per page must be one of ${PAGE_SIZES.join(', ')}` })
    .default(20),
});

/**
 * A line of a stock document as written (a purchase order, a transfer): a pack and how many. A
 * purchase order's line extends it with the cost price; both lists refuse a pack twice.
 */
const documentLineInputSchema = z.object({ pack_id: idSchemaWith('Choose a pack'), quantity: units('Quantity') });
const documentLinesInput = <L extends z.ZodType<{ pack_id: number }>>(line: L, document: string) =>
  z
    .array(line)
    .min(1, 'Add at least one line')
    .max(200, 'At most 200 lines')
    .refine((ls) => new Set(ls.map((l) => l.pack_id)).size === ls.length, `Each pack once per ${document}`);

/** A line of a stock document as shown: the pack by name, units on the document and units received so far. */
const documentLineSchema = z.object({
  id: z.number().int(),
  pack_id: z.number().int(),
  product: z.string(),
  pack: z.string(),
  sku: z.string(),
  quantity: z.number().int(),
  received: z.number().int(),
});
/** What every stock document's list row carries; each adds its own columns. */
const documentSummarySchema = z.object({ id: z.number().int(), number: z.string(), created_at: z.string() });
const documentListOf = <S extends z.ZodType>(summary: S) =>
  z.object({
    data: z.array(summary),
    meta: z.object({ total: z.number().int(), page: z.number().int(), perPage: z.number().int() }),
  });

/** Indian GSTIN: 2-digit state, PAN (5 letters, 4 digits, 1 letter), entity digit, Z, check character. */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

// ---------------------------------------------------------------------------------------------
// Suppliers

export const supplierInputSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(120, 'Name can be at most 120 characters'),
  phone: z
    .string()
    .trim()
    .max(20)
    .refine((p) => p === '' || /^[0-9+\- ]{6,20}$/.test(p), 'Enter a valid phone number')
    .default(''),
  gstin: z
    .string()
    .trim()
    .toUpperCase()
    .refine((g) => g === '' || GSTIN_PATTERN.test(g), 'Enter a valid 15-character GSTIN')
    .default(''),
});
export type SupplierInput = z.input<typeof supplierInputSchema>;

export const supplierSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  gstin: z.string(),
  /** purchase orders not yet received or cancelled */
  open_orders: z.number().int(),
});
export type Supplier = z.infer<typeof supplierSchema>;
export const supplierListSchema = z.object({ data: z.array(supplierSchema) });
export const supplierQuerySchema = z.object({ q: z.string().trim().max(100).default('') });

// ---------------------------------------------------------------------------------------------
// Purchase orders

export const purchaseOrderInputSchema = z.object({
  supplier_id: idSchemaWith('Choose a supplier'),
  warehouse_id: idSchemaWith('Choose a warehouse'),
  expected_on: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date')
    .nullable()
    .default(null),
  note,
  lines: documentLinesInput(documentLineInputSchema.extend({ unit_cost: paise }), 'order'),
});
/** POST …/purchase-orders (a new draft) and PUT …/purchase-orders/{id} (a draft rewritten whole). */
export type PurchaseOrderInput = z.input<typeof purchaseOrderInputSchema>;

export const purchaseOrderLineSchema = documentLineSchema.extend({ unit_cost: z.number().int() });

export const purchaseOrderSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.enum(PURCHASE_ORDER_STATUSES),
  supplier: z.object({ id: z.number().int(), name: z.string(), phone: z.string(), gstin: z.string() }),
  warehouse: z.object({ id: z.number().int(), name: z.string() }),
  expected_on: z.string().nullable(),
  note: z.string(),
  created_at: z.string(),
  /** paise: Σ quantity × unit cost */
  total: z.number().int(),
  lines: z.array(purchaseOrderLineSchema),
  /** the goods received notes: each receipt's lines as they came in */
  receipts: z.array(
    z.object({
      reference: z.string(),
      at: z.string(),
      by: z.string(),
      note: z.string(),
      lines: z.array(z.object({ pack_id: z.number().int(), quantity: z.number().int(), unit_cost: z.number().int() })),
    }),
  ),
});
export type PurchaseOrder = z.infer<typeof purchaseOrderSchema>;

export const purchaseOrderSummarySchema = documentSummarySchema.extend({
  status: z.enum(PURCHASE_ORDER_STATUSES),
  supplier: z.string(),
  warehouse: z.string(),
  expected_on: z.string().nullable(),
  total: z.number().int(),
  ordered: z.number().int(),
  received: z.number().int(),
});
export type PurchaseOrderSummary = z.infer<typeof purchaseOrderSummarySchema>;
export const purchaseOrderListSchema = documentListOf(purchaseOrderSummarySchema);
export const purchaseOrderQuerySchema = listQuery.extend({ status: z.enum(PURCHASE_ORDER_STATUSES).optional() });

export const purchaseOrderMoveSchema = z.object({ status: z.enum(['ordered', 'cancelled'], { error: 'Choose ordered or cancelled' }) });

/** POST …/purchase-orders/{id}/receive: a goods received note, units per line (0 or absent: none this time). */
export const goodsReceiptSchema = z.object({
  note,
  lines: z
    .array(z.object({ line_id: idSchema, quantity: countOf('Received quantity') }))
    .min(1, 'Enter what arrived')
    .refine((ls) => ls.some((l) => l.quantity > 0), 'Enter what arrived'),
});
export type GoodsReceipt = z.input<typeof goodsReceiptSchema>;

// ---------------------------------------------------------------------------------------------
// Transfers

export const transferInputSchema = z
  .object({
    from_warehouse_id: idSchemaWith('Choose where the stock leaves from'),
    to_warehouse_id: idSchemaWith('Choose where the stock goes'),
    note,
    lines: documentLinesInput(documentLineInputSchema, 'transfer'),
  })
  .refine((t) => t.from_warehouse_id !== t.to_warehouse_id, { path: ['to_warehouse_id'], message: 'Choose two different warehouses' });
/** POST …/transfers (a new draft) and PUT …/transfers/{id} (a draft rewritten whole). */
export type TransferInput = z.input<typeof transferInputSchema>;

export const transferLineSchema = documentLineSchema.extend({
  short: z.number().int(),
  short_reason: z.string().nullable(),
  /** units available at the source now (what a draft can still send) */
  available_at_source: z.number().int(),
});

export const transferSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.enum(TRANSFER_STATUSES),
  from: z.object({ id: z.number().int(), name: z.string() }),
  to: z.object({ id: z.number().int(), name: z.string() }),
  note: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  received_at: z.string().nullable(),
  lines: z.array(transferLineSchema),
});
export type Transfer = z.infer<typeof transferSchema>;

export const transferSummarySchema = documentSummarySchema.extend({
  status: z.enum(TRANSFER_STATUSES),
  from: z.string(),
  to: z.string(),
  units: z.number().int(),
  received: z.number().int(),
  short: z.number().int(),
});
export type TransferSummary = z.infer<typeof transferSummarySchema>;
export const transferListSchema = documentListOf(transferSummarySchema);
export const transferQuerySchema = listQuery.extend({ status: z.enum(TRANSFER_STATUSES).optional() });

/**
 * POST …/transfers/{id}/receive: per line, units that arrived now and units that will never
 * arrive (short, with the reason). Lines not named stay in transit.
 */
export const transferReceiptSchema = z.object({
  lines: z
    .array(
      z
        .object({
          line_id: idSchema,
          received: countOf('Received quantity').default(0),
          short: countOf('Short quantity').default(0),
          short_reason: z.string().trim().max(200, 'Reason can be at most 200 characters').default(''),
        })
        .refine((l) => l.short === 0 || l.short_reason !== '', { path: ['short_reason'], message: 'Say why units are short' }),
    )
    .min(1, 'Enter what arrived')
    .refine((ls) => ls.some((l) => l.received > 0 || l.short > 0), 'Enter what arrived'),
});
export type TransferReceipt = z.input<typeof transferReceiptSchema>;
