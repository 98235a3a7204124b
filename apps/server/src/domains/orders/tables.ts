import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { Language } from '@grocer/shared/languages';
import type { DeliveryInstruction, OrderChannel, OrderStatus, PaymentProvider, Substitution } from '@grocer/shared/order';
import { packs, products } from '../catalogue/tables';
import { warehouses } from '../inventory/tables';
import { users } from '../identity/tables';
import { websites } from '../website/tables';

export interface AddressSnapshot {
  name: string;
  phone: string;
  pincode: string;
  line1: string;
  line2: string;
  landmark: string | null;
  city: string;
  state: string;
  type: string;
}

/**
 * An order: an opaque id for URLs, a human `ordernumber` per website, the address and slot as they
 * were, and every amount in paise as charged. `idempotencyKey` makes a retried place-order return
 * this order instead of a second one.
 */
export const orders = pgTable(
  'orders',
  {
    id: text().primaryKey(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    ordernumber: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    status: text().$type<OrderStatus>().notNull(),
    paymentMethod: text().$type<PaymentProvider>().notNull(),
    idempotencyKey: text().notNull(),
    address: jsonb().$type<AddressSnapshot>().notNull(),
    pincode: text().notNull(),
    zoneId: integer(),
    slotId: integer(),
    slotDate: text(),
    slotStart: text(),
    slotEnd: text(),
    itemsTotal: integer().notNull(),
    /** the cart-level discount: the coupon's and the automatic cart promotion's (`promotionDiscount`) together */
    discount: integer().notNull().default(0),
    /** the automatic cart promotion's part of `discount` and its name (issue 40 §19) */
    promotionDiscount: integer().notNull().default(0),
    promotion: text(),
    couponId: integer(),
    couponCode: text(),
    deliveryCharge: integer().notNull().default(0),
    total: integer().notNull(),
    notes: text(),
    /** what the shopper asks of the delivery person (issue 39 §16; `notes` holds their own words) */
    deliveryInstructions: text()
      .array()
      .$type<DeliveryInstruction[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** paise for the delivery person: inside `total` and the payment, never in the items' taxable value */
    tip: integer().notNull().default(0),
    /**
     * paise a split payment took from the customer's wallet at checkout (issue 44, migration 0065):
     * the wallet paid this part, and the payment row (a gateway's) is for the rest. 0 for every
     * other order, a wholly wallet-paid one too (its payment row, provider `wallet`, holds it all).
     */
    walletPaid: integer().notNull().default(0),
    /** paise of `walletPaid` given back to the wallet, all at once (`returnWalletPart`: the order released or cancelled, or switched to cash) */
    walletReturned: integer().notNull().default(0),
    /** what the packer does when a line cannot be packed: `call` the shopper, `replace` with similar, `refund` it */
    substitution: text().$type<Substitution>().notNull().default('call'),
    /**
     * the language it was placed in (issue 46 §5, migration 0057): the storefront's at checkout, else
     * the customer's account language; its messages and documents speak it when the account has none
     */
    language: text().$type<Language>(),
    /** `online` (the storefront) or `pos` (sold at the counter: paid and handed over at once) */
    channel: text().$type<OrderChannel>().notNull().default('online'),
    /** who took it out for delivery (set when the shop ships it; shown to the shopper) */
    delivery: jsonb().$type<{ person: string; phone: string; vehicle: string; tracking: string }>(),
    /**
     * cash on delivery: the cash the delivery person brought back, in paise. Kept for installs
     * before issue 40 (migration 0031 copied it to `payments.collected`, where the payment's cash
     * now lives); no longer written.
     */
    cashCollected: integer(),
    /** when the order was delivered (a counter sale: when sold): the day it counts as a sale (`sales.ts`) */
    deliveredAt: timestamp({ withTimezone: true }),
    /** the sales agent who placed this order for its customer (null: the customer ordered) */
    agentId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_number_uq').on(t.websiteId, t.ordernumber),
    uniqueIndex('orders_idempotency_uq').on(t.websiteId, t.userId, t.idempotencyKey),
    index('orders_user_idx').on(t.websiteId, t.userId, t.createdAt),
    index('orders_pending_idx').on(t.status, t.createdAt),
    index('orders_admin_list_idx').on(t.websiteId, t.createdAt),
    index('orders_agent_idx').on(t.websiteId, t.agentId, t.createdAt),
    index('orders_delivered_idx').on(t.websiteId, t.deliveredAt),
    // the order list by status, newest first, and the orders waiting now; the pick list of a delivery day and slot (migration 0048)
    index('orders_status_list_idx').on(t.websiteId, t.status, t.createdAt),
    index('orders_slot_idx').on(t.websiteId, t.slotDate, t.slotId),
    index('orders_number_sort_idx').on(t.websiteId, sql`length(${t.ordernumber})`, t.ordernumber),
    // the staff's order search (`%q%` on the number, the shipping name and mobile): one trigram index, a bitmap per column
    index('orders_search_trgm_idx').using(
      'gin',
      sql`${t.ordernumber} gin_trgm_ops`,
      sql`(${t.address}->>'name') gin_trgm_ops`,
      sql`(${t.address}->>'phone') gin_trgm_ops`,
    ),
    check('orders_total_nonnegative', sql`${t.total} >= 0`),
    // what the wallet still holds of the order is never more than the order costs (edits are refused below it)
    check(
      'orders_wallet_part',
      sql`${t.walletPaid} >= 0 and ${t.walletReturned} between 0 and ${t.walletPaid} and ${t.walletPaid} - ${t.walletReturned} <= ${t.total}`,
    ),
    check('orders_tip_range', sql`${t.tip} >= 0 and ${t.tip} <= 20000`),
    check('orders_substitution_known', sql`${t.substitution} in ('call', 'replace', 'refund')`),
  ],
);

/** A line as sold: names, pack, prices, HSN code and GST rate copied from the catalogue. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    orderId: text()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    packId: integer().references(() => packs.id, { onDelete: 'set null' }),
    productId: integer().references(() => products.id, { onDelete: 'set null' }),
    slug: text(),
    image: text().notNull().default(''),
    productName: text().notNull(),
    packName: text().notNull(),
    hsnCode: text().notNull(),
    gstRate: integer().notNull(),
    /** per unit, or per kg of a line `soldByWeight` */
    price: integer().notNull(),
    actPrice: integer().notNull(),
    /** units, or grams of a line `soldByWeight` (a loose good, issue 40.5) */
    quantity: integer().notNull(),
    soldByWeight: boolean().notNull().default(false),
    /** `lineAmountPaise(price, quantity)` − `promotionDiscount`: what the line costs before the order's `discount` */
    amount: integer().notNull(),
    /** taken off this line by an automatic promotion (`promotion`: its name), issue 40 §19 */
    promotionDiscount: integer().notNull().default(0),
    promotion: text(),
    warehouseId: integer().references(() => warehouses.id, { onDelete: 'set null' }),
    warehouseState: text(),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId), check('order_lines_quantity_positive', sql`${t.quantity} > 0`)],
);

/** The order's history: every status it entered, who moved it there, when, and why. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    orderId: text()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text().$type<OrderStatus>().notNull(),
    /** who made the change: `user:{id}`, `razorpay`, `cashfree` (their webhook or checkout), `system` (a job) */
    actor: text().notNull(),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

/** Per-website counter behind the human order numbers. */
export const orderCounters = pgTable('order_counters', {
  websiteId: integer()
    .primaryKey()
    .references(() => websites.id, { onDelete: 'cascade' }),
  next: integer().notNull(),
});

/**
 * A change to an order's lines after it was placed (issue 14), made only by the orders service:
 * a line (or some of its units) removed as missing or damaged, or substituted with another pack.
 * `amount` is what the shopper is owed (paise; negative when a substitute costs more on a cash
 * on delivery order); prepaid orders get it back through the provider, keyed by `refundKey` so a
 * retried refund refunds once. `key` is the staff's request key: a retried request answers the
 * same adjustment.
 */
export const orderAdjustments = pgTable(
  'order_adjustments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    orderId: text()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** edit: the shopper changed the order before it was packed (issue 39 §14); refund: money given back, lines unchanged (refunds.ts) */
    kind: text().$type<'remove' | 'substitute' | 'edit' | 'refund'>().notNull(),
    key: text().notNull(),
    /** what the shopper reads: "2 × Toor Dal 1 kg removed (damaged)" */
    description: text().notNull(),
    reason: text().notNull(),
    amount: integer().notNull(),
    /** none (cash on delivery: the total is lowered), pending, refunded, failed */
    refundStatus: text().$type<'none' | 'pending' | 'refunded' | 'failed'>().notNull(),
    refundKey: text(),
    refundId: text(),
    actor: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_adjustments_order_idx').on(t.orderId, t.id), uniqueIndex('order_adjustments_key_uq').on(t.orderId, t.key)],
);

/**
 * "Often bought with" (issue 39 §17, often-bought.ts): in how many of the website's delivered orders
 * of the last 90 days `productId` and `otherId` were bought together, kept for each product's best
 * partners only. Rebuilt by a job (`refreshOftenBought`) and counted on at each delivery
 * (`countDelivered`), so the cart reads a few rows by primary key instead of the order history.
 * Both directions are kept (a pair is two rows). No foreign key to the products: a product deleted
 * or no longer sold is left out when read.
 */
export const oftenBought = pgTable(
  'often_bought',
  {
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    productId: integer().notNull(),
    otherId: integer().notNull(),
    orders: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.productId, t.otherId] })],
);

/**
 * The staff's notes on an order (issue 40 §12): who wrote what, when. Shown on the staff's timeline
 * only; the shopper's order page, invoice and mails never read this table.
 */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    orderId: text()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    authorId: integer().references(() => users.id, { onDelete: 'set null' }),
    text: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId, t.id), check('order_notes_text_length', sql`length(${t.text}) between 1 and 1000`)],
);

/**
 * The staff's free tags on an order ("VIP", "Fragile"): one row per tag, kept as first typed and
 * compared without case (one "vip" per order; the list's filter finds "VIP" and "vip" alike).
 */
export const orderTags = pgTable(
  'order_tags',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    orderId: text()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    tag: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_tags_order_tag_uq').on(t.orderId, sql`lower(${t.tag})`),
    index('order_tags_website_tag_idx').on(t.websiteId, sql`lower(${t.tag})`),
    check('order_tags_tag_length', sql`length(${t.tag}) between 1 and 40`),
  ],
);

/**
 * A draft order (issue 40 §12): staff build an order for a customer in Administration before it
 * exists. Its items live in a cart of its own (the cart domain's, keyed by the draft, `draftCart`),
 * priced by checkout's pricing and reserving nothing: stock, the slot's place and the coupon are
 * taken only when the draft is placed, through checkout's own placement (`placeOrder`). `number`
 * is the website's draft number (shown `D1001`), apart from order numbers. `status`: draft
 * (being built), sent (its order awaits the customer's payment through the link sent), placed
 * (cash on delivery, placed at once); `orderId` is the order it became. Shoppers never see a draft.
 */
export const orderDrafts = pgTable(
  'order_drafts',
  {
    id: text().primaryKey(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    number: integer().notNull(),
    customerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the customer's address (the addresses domain's row) */
    addressId: integer(),
    slotId: integer(),
    slotDate: text(),
    status: text().$type<'draft' | 'sent' | 'placed'>().notNull().default('draft'),
    orderId: text().references(() => orders.id, { onDelete: 'set null' }),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_drafts_number_uq').on(t.websiteId, t.number),
    index('order_drafts_website_status_idx').on(t.websiteId, t.status, t.createdAt),
    check('order_drafts_status_check', sql`${t.status} in ('draft', 'sent', 'placed')`),
  ],
);

/**
 * The staff's customer list's figures per website and member (issue 42; migration 0064): orders
 * placed, spent (sales.ts), the last order. Kept by the database: a statement on `orders`,
 * `payments` (a refund) or `website_members` notes its customers in `customer_stats_changes`, and
 * they are recounted from their own orders when its transaction commits. Never written by the app.
 */
export const customerStats = pgTable(
  'customer_stats',
  {
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ordersCount: integer().notNull().default(0),
    spent: bigint({ mode: 'number' }).notNull().default(0),
    lastOrderAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.userId] }),
    index('customer_stats_last_idx').on(t.websiteId, t.lastOrderAt.desc().nullsLast(), t.userId),
    index('customer_stats_spent_idx').on(t.websiteId, t.spent.desc(), t.userId),
    index('customer_stats_orders_idx').on(t.websiteId, t.ordersCount.desc(), t.userId),
  ],
);

/** The customers a transaction's statements may have changed, recounted when it commits (0064's triggers). */
export const customerStatsChanges = pgTable(
  'customer_stats_changes',
  {
    txid: bigint({ mode: 'number' })
      .notNull()
      .default(sql`txid_current()`),
    websiteId: integer().notNull(),
    userIds: integer().array().notNull(),
  },
  (t) => [index('customer_stats_changes_txid_idx').on(t.txid)],
);

/**
 * How many orders per website, shop day placed, status and payment method (the order list's total,
 * issue 42; migration 0064): the folded counts; `orderCountDeltas` holds each statement's +1/−1 on
 * `orders` since the last fold (order-counts.ts), and a count reads both.
 */
export const orderCounts = pgTable(
  'order_counts',
  {
    // no foreign key: a deleted website's orders leave −1 deltas as they cascade, folded here later
    websiteId: integer().notNull(),
    day: date().notNull(),
    status: text().notNull(),
    paymentMethod: text().notNull(),
    n: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.day, t.status, t.paymentMethod] })],
);

export const orderCountDeltas = pgTable(
  'order_count_deltas',
  {
    websiteId: integer().notNull(),
    day: date().notNull(),
    status: text().notNull(),
    paymentMethod: text().notNull(),
    n: integer().notNull(),
  },
  (t) => [index('order_count_deltas_website_idx').on(t.websiteId)],
);

/**
 * The GST and sales reports' days (issue 42; migration 0067), folded by a job from the orders as
 * they now stand (reports.ts `foldReportDays`). A statement on `orders` or `order_lines` notes the
 * days it may have changed (the day placed, the day delivered, before and after) in
 * `report_day_changes`, appends only; a report reads a day noted there live and every other day
 * from these, in one statement, so it is exact at every moment whatever the fold's lag.
 */
export const reportDayChanges = pgTable(
  'report_day_changes',
  {
    websiteId: integer().notNull(),
    day: date().notNull(),
  },
  (t) => [index('report_day_changes_website_day_idx').on(t.websiteId, t.day)],
);

/** Per website and day placed: how many tax invoices (orders that went through, not cancelled). */
export const invoiceDays = pgTable(
  'invoice_days',
  {
    // no foreign key: as `order_counts`, a deleted website's days are noted as its orders cascade
    websiteId: integer().notNull(),
    day: date().notNull(),
    invoices: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.day] })],
);

/** Per website, day placed, HSN code and GST rate: the invoices' lines summed, in paise. */
export const gstDays = pgTable(
  'gst_days',
  {
    websiteId: integer().notNull(),
    day: date().notNull(),
    hsnCode: text().notNull(),
    gstRate: integer().notNull(),
    quantity: bigint({ mode: 'number' }).notNull(),
    taxable: bigint({ mode: 'number' }).notNull(),
    cgst: bigint({ mode: 'number' }).notNull(),
    sgst: bigint({ mode: 'number' }).notNull(),
    igst: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.day, t.hsnCode, t.gstRate] })],
);

/**
 * Per website, day delivered and product (a line without a product: by its name): units sold and
 * their net revenue (after the coupon's share), in paise.
 */
export const productSaleDays = pgTable(
  'product_sale_days',
  {
    websiteId: integer().notNull(),
    day: date().notNull(),
    /** the product's id as text, or `name:` and the line's product name when it has none */
    productKey: text().notNull(),
    productId: integer(),
    name: text().notNull(),
    quantity: bigint({ mode: 'number' }).notNull(),
    net: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.day, t.productKey] })],
);
