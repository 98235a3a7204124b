import { z } from 'zod';
import { coercedIdSchema, idSchema, pageSchema } from './ids';
import { PAGE_SIZES } from './pagination';

/**
 * Administration's stock calls (`/s/api/admin/stock*`): balances per pack per warehouse, written
 * only through the inventory ledger (each adjustment is one guarded update and one movement).
 */

/** Why the owner adjusts stock. `count` is a count correction: the counted quantity, or a difference. */
export const STOCK_ADJUST_REASONS = ['received', 'damaged', 'expired', 'count'] as const;
export type StockAdjustReason = (typeof STOCK_ADJUST_REASONS)[number];
export const STOCK_ADJUST_LABEL: Record<StockAdjustReason, string> = {
  received: 'Received',
  damaged: 'Damaged',
  expired: 'Expired',
  count: 'Count correction',
};

/** Every reason a movement may carry (the ledger's), with a label for the history. */
export const STOCK_MOVEMENT_LABEL: Record<string, string> = {
  ...STOCK_ADJUST_LABEL,
  opening: 'Opening balance',
  order: 'Order',
  release: 'Unpaid order released',
  cancel: 'Order cancelled',
  adjustment: 'Adjustment',
  pos_sale: 'Counter sale',
  return: 'Return',
  import: 'Import (counted)',
  transfer_out: 'Transfer sent',
  transfer_in: 'Transfer received',
  purchase: 'Goods received',
};

/** The low-stock threshold a pack without its own uses, unless the website sets another. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;

export const ADMIN_STOCK_SORTS = ['product', 'sku', 'warehouse', 'available', 'threshold'] as const;

const flag = z.enum(['1', 'true', '0', 'false']).transform((v) => v === '1' || v === 'true');
const perPage = z.coerce
  .number()
  .int()
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: `Per page must be one of ${PAGE_SIZES.join(', ')}` });

/** GET /s/api/admin/stock: packs × warehouses, searched, filtered, sorted, paged. */
export const adminStockQuerySchema = z.object({
  q: z.string().trim().max(100).default(''),
  warehouse: coercedIdSchema.optional(),
  low: flag.optional(),
  sort: z.enum(ADMIN_STOCK_SORTS).default('product'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  page: pageSchema,
  perPage: perPage.default(20),
});
export type AdminStockQuery = z.infer<typeof adminStockQuerySchema>;

export const adminStockRowSchema = z.object({
  pack_id: z.number().int(),
  product_id: z.number().int(),
  product: z.string(),
  pack: z.string(),
  sku: z.string(),
  warehouse_id: z.number().int(),
  warehouse: z.string(),
  /** what may still be sold (orders take it when placed) */
  available: z.number().int(),
  /** held by placed orders not yet shipped (admin-purchasing.ts COMMITTED_ORDER_STATUSES) */
  committed: z.number().int(),
  /** physically there: available + committed */
  on_hand: z.number().int(),
  /** on its way here: sent on transfers to this warehouse and not yet received or written off as short */
  in_transit: z.number().int(),
  /** the pack's own threshold, or the website's default */
  threshold: z.number().int(),
  /** true when the pack has its own threshold */
  own_threshold: z.boolean(),
  low: z.boolean(),
});
export type AdminStockRow = z.infer<typeof adminStockRowSchema>;

export const adminWarehouseSchema = z.object({ id: z.number().int(), name: z.string(), code: z.string() });

export const adminStockListSchema = z.object({
  data: z.array(adminStockRowSchema),
  meta: z.object({ total: z.number().int(), page: z.number().int(), perPage: z.number().int() }),
  warehouses: z.array(adminWarehouseSchema),
  default_threshold: z.number().int(),
});
export type AdminStockList = z.infer<typeof adminStockListSchema>;

const units = (label: string) =>
  z
    .number({ error: `${label} is required` })
    .int(`${label} must be a whole number`)
    .min(-1_000_000, `${label} is too large`)
    .max(1_000_000, `${label} is too large`);

/**
 * POST /s/api/admin/stock/packs/{packId}/adjust. `received` adds units (a positive `delta`),
 * `damaged` and `expired` remove them (a negative `delta`); `count` sets the counted quantity
 * (`counted`) or corrects by a difference (`delta`).
 */
export const adminStockAdjustSchema = z
  .object({
    warehouse_id: idSchema,
    reason: z.enum(STOCK_ADJUST_REASONS, { error: 'Choose a reason' }),
    delta: units('Quantity').optional(),
    counted: units('Counted quantity').min(0, 'Counted quantity cannot be negative').optional(),
    note: z.string().trim().max(500, 'Note can be at most 500 characters').default(''),
  })
  .superRefine((a, ctx) => {
    if (a.reason === 'count') {
      if ((a.counted === undefined) === (a.delta === undefined))
        ctx.addIssue({ code: 'custom', path: ['counted'], message: 'Give the counted quantity or a difference' });
    } else if (a.counted !== undefined)
      ctx.addIssue({ code: 'custom', path: ['counted'], message: 'Only a count correction sets a quantity' });
    if (a.delta === undefined) {
      if (a.reason !== 'count') ctx.addIssue({ code: 'custom', path: ['delta'], message: 'Quantity is required' });
      return;
    }
    if (a.delta === 0) ctx.addIssue({ code: 'custom', path: ['delta'], message: 'Quantity cannot be 0' });
    else if (a.reason === 'received' && a.delta < 0)
      ctx.addIssue({ code: 'custom', path: ['delta'], message: 'Received stock adds units' });
    else if ((a.reason === 'damaged' || a.reason === 'expired') && a.delta > 0)
      ctx.addIssue({ code: 'custom', path: ['delta'], message: 'Damaged or expired stock removes units' });
  });
export type AdminStockAdjust = z.input<typeof adminStockAdjustSchema>;

export const adminStockMovementSchema = z.object({
  id: z.number().int(),
  warehouse_id: z.number().int(),
  warehouse: z.string(),
  quantity: z.number().int(),
  balance: z.number().int(),
  reason: z.string(),
  reference: z.string().nullable(),
  note: z.string(),
  /** who: a staff member's name, a shopper, 'System' */
  actor: z.string(),
  created_at: z.string(),
});
export type AdminStockMovement = z.infer<typeof adminStockMovementSchema>;

/** GET /s/api/admin/stock/packs/{packId}: the pack, its balance in every warehouse, its threshold. */
export const adminPackStockSchema = z.object({
  pack_id: z.number().int(),
  product_id: z.number().int(),
  product: z.string(),
  pack: z.string(),
  sku: z.string(),
  threshold: z.number().int(),
  own_threshold: z.boolean(),
  levels: z.array(
    z.object({
      warehouse_id: z.number().int(),
      warehouse: z.string(),
      available: z.number().int(),
      committed: z.number().int(),
      on_hand: z.number().int(),
      /** sent on transfers to this warehouse, not yet received */
      in_transit: z.number().int(),
    }),
  ),
  /** paise per unit: the weighted average of goods received (admin-purchasing.ts), null before any */
  cost_price: z.number().int().nullable(),
});
export type AdminPackStock = z.infer<typeof adminPackStockSchema>;

export const adminStockMovementsQuerySchema = z.object({
  warehouse: coercedIdSchema.optional(),
  before: coercedIdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const adminStockMovementListSchema = z.object({ data: z.array(adminStockMovementSchema) });

/** POST answer: the pack's balances after the adjustment and the movement written. */
export const adminStockAdjustResultSchema = z.object({ stock: adminPackStockSchema, movement: adminStockMovementSchema.nullable() });

/** PUT /s/api/admin/stock/packs/{packId}/threshold: the pack's own threshold, or null for the website's default. */
export const adminThresholdInputSchema = z.object({
  threshold: z.number().int('Threshold must be a whole number').min(0, 'Threshold cannot be negative').max(1_000_000).nullable(),
});

/** GET/PUT /s/api/admin/stock/settings: the website's default low-stock threshold. */
export const adminStockSettingsSchema = z.object({
  default_threshold: z.number().int('Threshold must be a whole number').min(0, 'Threshold cannot be negative').max(1_000_000),
});
