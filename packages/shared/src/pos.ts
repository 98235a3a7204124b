import { identifierField } from './account';
import { z } from 'zod';
import { idSchema } from './ids';
import { LANGUAGES } from './languages';
import { apportionPromotions, type AppliedPromotion, type PromotionResult } from './promotions';
import { MOBILE_PATTERN } from './validation';

/**
 * The point of sale's contracts (`/s/api/pos/*`). Amounts in the API are rupees (two decimals),
 * integer paise inside. Loose goods (`sold_by_weight` packs) are priced per kg and sold in grams:
 * a line's `quantity` is grams and its amount is round(price per kg × grams / 1000).
 */

/** A line's amount in paise (one rule for the till and online orders): `weighed.ts`. */
export { lineAmountPaise } from './weighed';
import { lineAmountPaise } from './weighed';

/**
 * A counter line as automatic promotions see it (the one rule, `applyPromotions`, as the online
 * cart uses it): a loose good (`soldByWeight`) takes part only in a cart promotion's spend, as one
 * item of its amount, and matches no line promotion ("buy 2 get 1" is about units).
 */
export const promotableCounterLine = (l: {
  packId: number;
  productId: number;
  unitPaise: number;
  quantity: number;
  soldByWeight: boolean;
}) =>
  l.soldByWeight
    ? { packId: 0, productId: 0, pricePaise: lineAmountPaise(l.unitPaise, l.quantity, true), quantity: 1 }
    : { packId: l.packId, productId: l.productId, pricePaise: l.unitPaise, quantity: l.quantity };

export interface CounterBill {
  lines: Array<{
    /** price × quantity (after the member's price list) */
    grossPaise: number;
    /** the line promotion's part on this line (`apportionPromotions`) and its name */
    promotionPaise: number;
    promotion: AppliedPromotion | null;
    /** gross − promotion: what the line costs before the cashier's discounts */
    amountPaise: number;
    /** the cashier's ₹ off this line, at most its amount */
    lineDiscountPaise: number;
  }>;
  /** the items after line promotions */
  itemsTotal: number;
  /** each promotion with what it took off this bill (line promotions first, then the cart's) */
  promotions: AppliedPromotion[];
  /** the cart promotion's part of `discount` */
  cartPromotion: AppliedPromotion | null;
  /** the cashier's discounts (lines' and the bill's), held to the shop's limit */
  manualDiscount: number;
  /** cart promotion + the cashier's discounts, never more than the items */
  discount: number;
  total: number;
}

/**
 * Prices a bill at the counter, the same at the till and on the server (`sell`): the lines' gross
 * amounts, the automatic promotions (`promoted`: `applyPromotions` over `promotableCounterLine`s),
 * then the cashier's discounts on what is left. The shop's discount limit applies to the cashier's
 * discounts only, judged on the items after line promotions.
 */
export function counterBill(
  lines: Array<{ grossPaise: number; discountPaise: number }>,
  promoted: PromotionResult,
  cartDiscountPaise: number,
): CounterBill {
  const off = apportionPromotions(
    lines.map((l) => l.grossPaise),
    promoted.lines,
  );
  const out = lines.map((l, i) => {
    const amountPaise = l.grossPaise - off[i]!;
    const applied = promoted.lines[i] ?? null;
    return {
      grossPaise: l.grossPaise,
      promotionPaise: off[i]!,
      promotion: applied && off[i]! > 0 ? { ...applied, discountPaise: off[i]! } : null,
      amountPaise,
      lineDiscountPaise: Math.min(l.discountPaise, amountPaise),
    };
  });
  const itemsTotal = out.reduce((n, l) => n + l.amountPaise, 0);
  const cartPaise = Math.min(promoted.cart?.discountPaise ?? 0, itemsTotal);
  const cartPromotion = promoted.cart && cartPaise > 0 ? { ...promoted.cart, discountPaise: cartPaise } : null;
  const manualDiscount = Math.min(itemsTotal - cartPaise, out.reduce((n, l) => n + l.lineDiscountPaise, 0) + cartDiscountPaise);
  const promotions: AppliedPromotion[] = [];
  for (const a of promoted.lines) {
    if (!a || promotions.some((p) => p.promotionId === a.promotionId)) continue;
    const sum = promoted.lines.reduce((n, b) => n + (b?.promotionId === a.promotionId ? b.discountPaise : 0), 0);
    if (sum > 0) promotions.push({ promotionId: a.promotionId, name: a.name, discountPaise: sum });
  }
  if (cartPromotion) promotions.push(cartPromotion);
  const discount = cartPaise + manualDiscount;
  return { lines: out, itemsTotal, promotions, cartPromotion, manualDiscount, discount, total: itemsTotal - discount };
}

/**
 * A shift's cash: what should be in the drawer (the float, plus cash kept from sales, less cash
 * refunded, plus or minus cash paid in or out) and how the count differs from it (negative: short).
 */
export function shiftCash(s: { float: number; cashSales: number; cashRefunds: number; counted: number }) {
  const expected = s.float + s.cashSales - s.cashRefunds;
  return { expected, difference: s.counted - expected };
}

/** Change for cash tendered against the cash part of a bill (never negative; null when too little was tendered). */
export const changeDue = (cashPaise: number, tenderedPaise: number): number | null =>
  tenderedPaise >= cashPaise ? tenderedPaise - cashPaise : null;

/** A UPI intent for the exact amount (NPCI deep link, what a UPI app reads from the QR). */
export function upiUri(p: { vpa: string; payee: string; amountPaise: number; note: string }): string {
  const q = new URLSearchParams({ pa: p.vpa, pn: p.payee, am: (p.amountPaise / 100).toFixed(2), cu: 'INR', tn: p.note });
  return `upi://pay?${q.toString().replace(/\+/g, '%20')}`;
}

const rupees = z.number().nonnegative().max(10_000_000);
const tillSchema = z.string().trim().min(1).max(40);

export const posCounterPackSchema = z.object({
  pack_id: z.number().int(),
  product: z.string(),
  pack: z.string(),
  sku: z.string(),
  barcode: z.string(),
  price: z.number(),
  sold_by_weight: z.boolean(),
  /** a weighed pack's item code on scale labels ('' when none): `scale-barcode.ts` */
  plu: z.string(),
  gst_rate: z.number(),
  available: z.number().int(),
});
export type PosCounterPack = z.infer<typeof posCounterPackSchema>;

export const posSettingsSchema = z.object({
  upi_vpa: z.string(),
  payee_name: z.string(),
  max_discount_percent: z.number(),
  gstin: z.string(),
  shop_name: z.string(),
  warehouses: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type PosSettings = z.infer<typeof posSettingsSchema>;

export const posSettingsInputSchema = z.object({
  upi_vpa: z
    .string()
    .trim()
    .max(100)
    .regex(/^$|^[\w.-]+@[\w.-]+$/, 'Enter a UPI ID like shop@bank'),
  payee_name: z.string().trim().max(100),
  max_discount_percent: z.number().min(0).max(100),
});

export const openShiftSchema = z.object({ till: tillSchema, warehouse_id: idSchema, float: rupees });
/**
 * Closing a till's shift: the cash counted. The cashier who opened it closes it as it is; closing
 * another cashier's shift is a manager's (admin's) action and needs the reason, kept on the shift
 * and in the audit log.
 */
export const closeShiftSchema = z.object({ counted: rupees, reason: z.string().trim().max(200).default('') });

export const shiftSchema = z.object({
  id: z.number().int(),
  till: z.string(),
  warehouse_id: z.number().int(),
  float: z.number(),
  opened_at: z.string(),
  closed_at: z.string().nullable(),
  counted: z.number().nullable(),
  expected: z.number().nullable(),
  difference: z.number().nullable(),
  /** whether the person asking opened it (closing someone else's needs a manager and a reason) */
  opened_by_me: z.boolean(),
  /** why a manager closed another cashier's shift */
  close_reason: z.string().nullable(),
});
export type Shift = z.infer<typeof shiftSchema>;

export const posFlagSchema = z.object({ pack_id: z.number().int(), label: z.string(), quantity: z.number().int(), reason: z.string() });
export type PosFlag = z.infer<typeof posFlagSchema>;

export const shiftReportSchema = z.object({
  shift: shiftSchema,
  sales: z.number().int(),
  total: z.number(),
  by_method: z.object({ cash: z.number(), upi: z.number(), card: z.number(), khata: z.number().optional() }),
  returns: z.object({ count: z.number().int(), cash: z.number(), upi: z.number(), card: z.number() }),
  /** money taken for customers' accounts (khata payments, wallet top-ups): not sales; its cash is in the drawer */
  account_payments: z.object({ count: z.number().int(), cash: z.number(), upi: z.number() }).optional(),
  cash_in_drawer: z.number(),
  flags: z.array(posFlagSchema.extend({ receipt: z.string() })),
  /**
   * Late sales: rung up offline in a shift that was closed (its cash counted) before they synced.
   * They are never in a counted shift's totals, nor in the cash a drawer should hold (their cash
   * went into the earlier shift's drawer). Listed on the till's open shift they were booked to at
   * sync, or, when no shift was open at the till, on the closed shift they were rung up in.
   */
  late_sales: z.object({
    count: z.number().int(),
    total: z.number(),
    by_method: z.object({ cash: z.number(), upi: z.number(), card: z.number() }),
    lines: z.array(
      z.object({
        receipt: z.string(),
        total: z.number(),
        cash: z.number(),
        upi: z.number(),
        card: z.number(),
        /** the closed shift it was rung up in */
        rung_up_in_shift: z.number().int(),
        synced_at: z.string(),
      }),
    ),
  }),
});
export type ShiftReport = z.infer<typeof shiftReportSchema>;

/**
 * A till's offline receipt series (issue 40): a code the server issues once to a till device, so
 * the sales it rings up offline get their numbers there and then (`OFF<code>-<n>`, n counted on the
 * device) and keep them when they sync: never one of the website's online numbers (`GR…`) nor
 * another device's.
 */
export const OFFLINE_RECEIPT_PATTERN = /^OFF(\d{1,9})-(\d{1,9})$/;
export const offlineSeriesSchema = z.object({ prefix: z.string(), website_id: z.number().int() });
export const offlineReceipt = (prefix: string, n: number) => `${prefix}-${n}`;

const customerSchema = z.object({
  mobile: z.string().trim().regex(MOBILE_PATTERN, 'Enter a 10-digit mobile number'),
  name: z.string().trim().max(100).optional(),
});

export const saleLineInputSchema = z.object({
  pack_id: idSchema,
  /** units, or grams for loose goods */
  quantity: z.number().int().positive().max(1_000_000),
  /** ₹ off this line */
  discount: rupees.default(0),
  /**
   * the scale label the line was scanned from: the server reads it again (PLU and weight, or the
   * price turned into grams) and refuses a line whose pack or grams differ from it
   */
  scale_barcode: z
    .string()
    .trim()
    .regex(/^\d{13}$/, 'A scale label is 13 digits')
    .optional(),
});

export const saleInputSchema = z.object({
  idempotency_key: z.string().trim().min(8).max(80),
  till: tillSchema,
  customer: customerSchema.nullable().default(null),
  lines: z.array(saleLineInputSchema).min(1).max(200),
  /** ₹ off the bill */
  cart_discount: rupees.default(0),
  /** what the till showed; a sale made online is refused when the server's total differs */
  expected_total: rupees,
  payment: z.object({
    cash: rupees.default(0),
    cash_tendered: rupees.default(0),
    upi: rupees.default(0),
    card: rupees.default(0),
    card_ref: z.string().trim().max(60).nullable().default(null),
    /** ₹ put on the chosen customer's khata (issue 44 §2), up to what their limit leaves */
    khata: rupees.default(0),
  }),
  /** rung up while the till was offline (synced later): lines short of stock are flagged, not refused */
  offline: z.boolean().default(false),
  /**
   * the till's shift when the sale was rung up (the till sends it): an offline sale synced after
   * that shift was closed is a late sale and never changes its counted totals
   */
  shift_id: idSchema.optional(),
  /** an offline sale's receipt number, given at the till from its offline series (`OFF<code>-<n>`) */
  receipt: z.string().trim().regex(OFFLINE_RECEIPT_PATTERN, 'Not an offline receipt number').optional(),
});
export type SaleInput = z.input<typeof saleInputSchema>;

export const saleSchema = z.object({
  order_id: z.string(),
  receipt: z.string(),
  total: z.number(),
  change: z.number(),
  created: z.boolean(),
  flags: z.array(posFlagSchema),
  /** the part on the customer's khata and the khata's balance after it (paise; below zero: owed) */
  khata: z.object({ amount_paise: z.number().int(), balance_after_paise: z.number().int() }).nullable().optional(),
});
export type Sale = z.infer<typeof saleSchema>;

export const saleDetailSchema = z.object({
  order_id: z.string(),
  receipt: z.string(),
  created_at: z.string(),
  customer: z.string().nullable(),
  total: z.number(),
  payment: z.object({
    cash: z.number(),
    cash_tendered: z.number(),
    upi: z.number(),
    card: z.number(),
    card_ref: z.string().nullable(),
    /** ₹ on the customer's khata */
    khata: z.number().optional(),
    /** ₹ of the khata part already credited back by earlier returns */
    khata_returned: z.number().optional(),
  }),
  /** the khata's balance right after this sale (paise; below zero: owed), for "On khata" on the receipt */
  khata_balance_after_paise: z.number().int().nullable().optional(),
  lines: z.array(
    z.object({
      line_id: z.number().int(),
      label: z.string(),
      quantity: z.number().int(),
      sold_by_weight: z.boolean(),
      amount: z.number(),
      returned: z.number().int(),
      /** the automatic promotion that took part of this line off (its share, ₹), issue 40 §19 */
      promotion: z.object({ name: z.string(), discount: z.number() }).nullable().optional(),
    }),
  ),
  /** the automatic promotions on the bill, each with what it took off (₹) */
  promotions: z.array(z.object({ name: z.string(), discount: z.number() })).optional(),
});
export type SaleDetail = z.infer<typeof saleDetailSchema>;

/** Why goods come back to the counter (a return asks for one; `other` also for a note). */
export const RETURN_REASONS = ['damaged', 'expired', 'wrong_item', 'changed_mind', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  damaged: 'Damaged',
  expired: 'Expired',
  wrong_item: 'Wrong item',
  changed_mind: 'Customer changed mind',
  other: 'Other',
};

/** How a return is refunded: all in cash, all by UPI, or back to the sale's own tenders in proportion. */
export const REFUND_TENDERS = ['cash', 'upi', 'original'] as const;
export type RefundTender = (typeof REFUND_TENDERS)[number];

/** A returned line's value in paise: the line's paid amount (after the bill discount) pro rata to the units. */
export const returnLinePaise = (paidPaise: number, quantity: number, sold: number): number => Math.round((paidPaise * quantity) / sold);

/**
 * The refund of a return worth `totalPaise` (DESIGN §3, issue 40): by the tender the cashier chose.
 * `original` splits it over the sale's tenders in proportion (UPI and card rounded down to the paisa,
 * cash takes the rest). Cash is paid out in whole rupees: the cash part is rounded to the nearest
 * rupee (50 paise and up round up). `rounding` = total − what is refunded (negative: the shop gave
 * the customer a little more), so the return's total always equals the refund plus its rounding.
 */
export function splitRefund(
  totalPaise: number,
  tender: RefundTender,
  sale: { cash: number; upi: number; card: number },
): { cash: number; upi: number; card: number; rounding: number } {
  const paid = sale.cash + sale.upi + sale.card;
  const upi = tender === 'upi' ? totalPaise : tender === 'original' && paid ? Math.floor((totalPaise * sale.upi) / paid) : 0;
  const card = tender === 'original' && paid ? Math.floor((totalPaise * sale.card) / paid) : 0;
  const exactCash = totalPaise - upi - card;
  const cash = Math.round(exactCash / 100) * 100;
  return { cash, upi, card, rounding: totalPaise - (cash + upi + card) };
}

/**
 * A return's refund when the sale was put (partly) on khata (issue 44 §5): the goods come back to
 * the khata first, up to the sale's khata part not yet credited by earlier returns (exact paise);
 * only the rest is paid out by the tender chosen (`splitRefund`).
 */
export function returnRefund(
  totalPaise: number,
  tender: RefundTender,
  sale: { cash: number; upi: number; card: number; khata: number; khataReturned: number },
): { cash: number; upi: number; card: number; khata: number; rounding: number } {
  const khata = Math.min(totalPaise, Math.max(0, sale.khata - sale.khataReturned));
  const rest = totalPaise - khata;
  return { ...(rest > 0 ? splitRefund(rest, tender, sale) : { cash: 0, upi: 0, card: 0, rounding: 0 }), khata };
}

export const returnInputSchema = z
  .object({
    till: tillSchema,
    lines: z.array(z.object({ line_id: idSchema, quantity: z.number().int().positive().max(1_000_000) })).min(1),
    reason: z.enum(RETURN_REASONS, { message: 'Choose why the goods are coming back' }),
    note: z.string().trim().max(200).default(''),
    tender: z.enum(REFUND_TENDERS, { message: 'Choose how the refund is paid' }),
  })
  .refine((r) => r.reason !== 'other' || r.note.length > 0, { path: ['note'], message: 'Say why the goods are coming back' });
export type ReturnInput = z.input<typeof returnInputSchema>;
export const returnResultSchema = z.object({
  id: z.number().int(),
  /** the credit note's number (its own series, `CN…`) */
  number: z.string(),
  receipt: z.string(),
  /** ₹ by tender; `khata`: credited back to the customer's khata (a sale put on khata, issue 44 §5) */
  refund: z.object({ cash: z.number(), upi: z.number(), card: z.number(), khata: z.number().default(0) }),
  /** the khata's balance right after the credit (null: nothing went to the khata) */
  khata_balance_after_paise: z.number().int().nullable().default(null),
  /** the return's value less what was refunded (cash paid in whole rupees) */
  rounding: z.number(),
  total: z.number(),
  tender: z.enum(REFUND_TENDERS),
  reason: z.enum(RETURN_REASONS),
});
export type ReturnResult = z.infer<typeof returnResultSchema>;

/** A held cart's customer keeps the member's group and price list (the server refreshes them on recall). */
const heldCustomerSchema = customerSchema.extend({
  group: z.string().nullable().optional(),
  prices: z
    .array(z.object({ pack_id: idSchema, price: rupees, min_quantity: z.number().int().min(1).max(1_000_000) }))
    .max(20_000)
    .optional(),
});

export const heldCartSchema = z.object({
  customer: heldCustomerSchema.nullable(),
  cart_discount: z.number(),
  lines: z.array(
    z.object({
      pack_id: z.number().int(),
      label: z.string(),
      price: z.number(),
      sold_by_weight: z.boolean(),
      quantity: z.number().int(),
      discount: z.number(),
      scale_barcode: z.string().optional(),
    }),
  ),
});
export type HeldCart = z.infer<typeof heldCartSchema>;
export const holdInputSchema = z.object({ till: tillSchema, label: z.string().trim().min(1).max(60), cart: heldCartSchema });
export const heldListSchema = z.object({
  data: z.array(z.object({ id: z.number().int(), label: z.string(), created_at: z.string(), cart: heldCartSchema })),
});

export const customerLookupSchema = z.object({
  found: z.boolean(),
  name: z.string().nullable(),
  /** the customer's group and its price list (₹ a unit from `min_quantity`): the bill uses it (issue 40 §19) */
  group: z.string().nullable().optional(),
  prices: z.array(z.object({ pack_id: z.number().int(), price: z.number(), min_quantity: z.number().int() })).optional(),
  /** the language the customer's receipt speaks (issue 46 §5: their account's if offered, else the website's default) */
  language: z.enum(LANGUAGES).optional(),
});

/** An EAN-13 from its first 12 digits: the check digit appended (weights 1 and 3 from the left). */
export function ean13(first12: string): string {
  const sum = [...first12].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

/** POST /s/api/pos/loose-goods: a loose good sold by weight, with its opening stock in grams at each warehouse. */
export const looseGoodInputSchema = z.object({
  name: z.string().trim().min(2).max(100),
  price_per_kg: z.number().positive().max(1_000_000),
  hsn_code: z
    .string()
    .trim()
    .regex(/^(\d{4}|\d{6}|\d{8})?$/, 'HSN is 4, 6 or 8 digits'),
  gst_rate: z.number().min(0).max(40),
  grams: z.number().int().min(0).max(100_000_000),
});

/** POST /s/api/pos/sales/{receipt}/send: the receipt to the customer's email or mobile, through the outbox. */
export const sendReceiptInputSchema = z.object({ to: identifierField });
