import { packLabel } from '@grocer/shared/labels';
import { formatINR, toPaise, toRupees } from '@grocer/shared/money';
import type { Identifier } from '@grocer/shared/account';
import {
  counterBill,
  lineAmountPaise,
  OFFLINE_RECEIPT_PATTERN,
  promotableCounterLine,
  returnLinePaise,
  shiftCash,
  returnRefund,
  type HeldCart,
  type PosFlag,
  type Sale,
  type SaleDetail,
  type Shift,
  type ShiftReport,
} from '@grocer/shared/pos';
import type { z } from 'zod';
import type { looseGoodInputSchema, posSettingsInputSchema, returnInputSchema, saleInputSchema } from '@grocer/shared/pos';
import { parseScaleBarcode, scaleGrams } from '@grocer/shared/scale-barcode';
import { slugify } from '@grocer/shared/slug';
import { allocateDiscount } from '@grocer/shared/tax';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { fail } from '../../http/errors';
import { auditActor, recordAudit, type AuditActor } from '../audit';
import { counterPacks, createLoosePack } from '../catalogue';
import { counterCustomer, findUserById, findUserByPhone } from '../identity';
import { openStock, warehouseOf, warehousesOf } from '../inventory';
import { memberPrices, priceListOf, unitPrice } from '../price-lists';
import { promotionsFor } from '../promotions';
import { counterOrderByNumber, orderById, orderLinesOf, placeCounterOrder, returnCounterLines, type CounterLine } from '../orders/service';
import { customerLanguage, type Outbox } from '../outbox';
import { websiteProfile } from '../website/service';
import { counterAccountPayment, counterBalances, khataEntryOfSale, khataReturn, khataSale } from '../wallet/index';
import type { PosAccountPaymentInput, PosAccountReceipt, PosAccounts } from '@grocer/shared/wallet';
import {
  posAccountPayments,
  posHeldCarts,
  posNumberSeries,
  posOfflineSeries,
  posReturns,
  posSales,
  posSettings,
  posShifts,
} from './tables';

export { returnedLinesIn } from './credit-notes';

export { auditActor };
type ShiftRow = typeof posShifts.$inferSelect;
/** The staff member at the till: the website (audit actor) and the user id. */
export interface Cashier extends AuditActor {
  actorId: number;
}

// ---------------------------------------------------------------------------------------------
// Settings

async function settingsRow(db: DbOrTx, websiteId: number) {
  const [row] = await db.select().from(posSettings).where(eq(posSettings.websiteId, websiteId));
  return row ?? { websiteId, upiVpa: '', payeeName: '', maxDiscountBp: 1000, walkInUserId: null };
}

export async function getSettings(db: Db, websiteId: number) {
  const s = await settingsRow(db, websiteId);
  const site = await websiteProfile(db, websiteId);
  const address = (site?.webAddress ?? {}) as Record<string, string>;
  return {
    upi_vpa: s.upiVpa,
    payee_name: s.payeeName || site?.name || '',
    max_discount_percent: s.maxDiscountBp / 100,
    gstin: address.gstin ?? '',
    shop_name: site?.name ?? '',
    warehouses: await warehousesOf(db, websiteId),
  };
}

export async function saveSettings(db: Db, actor: AuditActor, input: z.infer<typeof posSettingsInputSchema>) {
  await db.transaction(async (tx) => {
    const before = await settingsRow(tx, actor.websiteId);
    const after = { upiVpa: input.upi_vpa, payeeName: input.payee_name, maxDiscountBp: Math.round(input.max_discount_percent * 100) };
    await tx
      .insert(posSettings)
      .values({ websiteId: actor.websiteId, ...after })
      .onConflictDoUpdate({ target: posSettings.websiteId, set: after });
    await recordAudit(tx, actor, {
      entity: 'pos_settings',
      entityId: actor.websiteId,
      action: 'update',
      before: { upiVpa: before.upiVpa, payeeName: before.payeeName, maxDiscountBp: before.maxDiscountBp },
      after,
    });
  });
  return getSettings(db, actor.websiteId);
}

/**
 * The website's walk-in customer (sales without a mobile number), made on first use. Only that
 * first use locks the settings row (so two first sales make one walk-in customer); later sales
 * read it without a lock and never queue on it.
 */
async function walkInUser(tx: Tx, websiteId: number): Promise<number> {
  const known = (await settingsRow(tx, websiteId)).walkInUserId;
  if (known) return known;
  await tx.insert(posSettings).values({ websiteId }).onConflictDoNothing();
  const [locked] = await tx.select().from(posSettings).where(eq(posSettings.websiteId, websiteId)).for('update');
  if (locked!.walkInUserId) return locked!.walkInUserId;
  const user = await counterCustomer(tx, websiteId, { phone: null, name: 'Walk-in customer' });
  await tx.update(posSettings).set({ walkInUserId: user.id }).where(eq(posSettings.websiteId, websiteId));
  return user.id;
}

// ---------------------------------------------------------------------------------------------
// Shifts

/** A shift as the till sees it; `viewerId`: the person asking (is it their own shift?). */
const shiftOut = (s: ShiftRow, viewerId: number): Shift => ({
  id: s.id,
  till: s.till,
  warehouse_id: s.warehouseId,
  float: toRupees(s.openingFloat),
  opened_at: s.openedAt.toISOString(),
  closed_at: s.closedAt?.toISOString() ?? null,
  counted: s.counted === null ? null : toRupees(s.counted),
  expected: s.expected === null ? null : toRupees(s.expected),
  difference: s.difference === null ? null : toRupees(s.difference),
  opened_by_me: s.openedBy === viewerId,
  close_reason: s.closeReason,
});

/**
 * The till's open shift. A sale or a return booked to it reads it with `lock` ('key share'): a
 * close at the same moment (which locks it for update) then waits for that sale to commit and
 * counts it, or the sale waits for the close and finds the till without an open shift; nothing
 * lands on a shift after its cash was counted.
 */
async function openShiftRow(db: DbOrTx, websiteId: number, till: string, lock?: 'key share') {
  const q = db
    .select()
    .from(posShifts)
    .where(and(eq(posShifts.websiteId, websiteId), eq(posShifts.till, till), isNull(posShifts.closedAt)));
  const [row] = lock ? await q.for(lock) : await q;
  return row ?? null;
}

export async function currentShift(db: Db, websiteId: number, till: string, viewerId: number): Promise<Shift | null> {
  const row = await openShiftRow(db, websiteId, till);
  return row ? shiftOut(row, viewerId) : null;
}

export async function openShift(db: Db, c: Cashier, input: { till: string; warehouse_id: number; float: number }): Promise<Shift> {
  if (!(await warehouseOf(db, c.websiteId, input.warehouse_id)))
    throw fail('NOT_FOUND').withErrors({ warehouse_id: ['Choose one of the shop’s warehouses'] });
  try {
    return await db.transaction(async (tx) => {
      if (await openShiftRow(tx, c.websiteId, input.till)) throw fail('SHIFT_ALREADY_OPEN');
      const [row] = await tx
        .insert(posShifts)
        .values({
          websiteId: c.websiteId,
          till: input.till,
          warehouseId: input.warehouse_id,
          openedBy: c.actorId,
          openingFloat: toPaise(input.float),
        })
        .returning();
      await recordAudit(tx, c, { entity: 'pos_shift', entityId: row!.id, action: 'open', after: shiftOut(row!, c.actorId) });
      return shiftOut(row!, c.actorId);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw fail('SHIFT_ALREADY_OPEN');
    throw e;
  }
}

const sum = <T>(rows: T[], f: (r: T) => number) => rows.reduce((n, r) => n + f(r), 0);

/**
 * Cash kept from a shift's sales and refunded by its returns, in paise. Late sales listed on the
 * shift (`late`) are apart: they are in no shift's totals (their cash went into the drawer of the
 * closed shift they were rung up in, and was counted there).
 */
async function shiftTakings(db: DbOrTx, shiftId: number) {
  const listed = await db
    .select()
    .from(posSales)
    .where(eq(posSales.shiftId, shiftId))
    .orderBy(asc(posSales.createdAt), asc(posSales.orderId));
  const sales = listed.filter((s) => s.lateFromShiftId === null);
  const late = listed.filter((s) => s.lateFromShiftId !== null);
  const returns = await db.select().from(posReturns).where(eq(posReturns.shiftId, shiftId));
  const accounts = await db.select().from(posAccountPayments).where(eq(posAccountPayments.shiftId, shiftId));
  return {
    sales,
    late,
    returns,
    accounts,
    cash: sum(sales, (s) => s.cash),
    upi: sum(sales, (s) => s.upi),
    card: sum(sales, (s) => s.card),
    khata: sum(sales, (s) => s.khata),
    /** cash and UPI taken for customers' accounts (not sales; the cash is in the drawer) */
    accountCash: sum(
      accounts.filter((a) => a.method === 'cash'),
      (a) => a.amount,
    ),
    accountUpi: sum(
      accounts.filter((a) => a.method === 'upi'),
      (a) => a.amount,
    ),
    cashRefunds: sum(returns, (r) => r.cash),
    upiRefunds: sum(returns, (r) => r.upi),
    cardRefunds: sum(returns, (r) => r.card),
  };
}

/**
 * Closes the till's open shift with the cash counted (the Z report's figures, stored once). The
 * cashier who opened it closes it as it is; another cashier's shift only a manager (`manager`:
 * admin access) closes, with a reason, kept on the shift and audited as `close_for_cashier`.
 */
export async function closeShift(
  db: Db,
  c: Cashier & { manager: boolean },
  input: { till: string; counted: number; reason: string },
): Promise<Shift> {
  return db.transaction(async (tx) => {
    const [open] = await tx
      .select()
      .from(posShifts)
      .where(and(eq(posShifts.websiteId, c.websiteId), eq(posShifts.till, input.till), isNull(posShifts.closedAt)))
      .for('update');
    if (!open) throw fail('SHIFT_NOT_OPEN');
    const someoneElses = open.openedBy !== c.actorId;
    if (someoneElses && !c.manager) throw fail('SHIFT_NOT_YOURS');
    if (someoneElses && !input.reason)
      throw fail('SHIFT_CLOSE_REASON_REQUIRED').withErrors({ reason: ['Say why you are closing another cashier’s shift'] });
    const t = await shiftTakings(tx, open.id);
    const counted = toPaise(input.counted);
    const { expected, difference } = shiftCash({
      float: open.openingFloat,
      cashSales: t.cash + t.accountCash,
      cashRefunds: t.cashRefunds,
      counted,
    });
    const [row] = await tx
      .update(posShifts)
      .set({ closedAt: new Date(), closedBy: c.actorId, counted, expected, difference, closeReason: someoneElses ? input.reason : null })
      .where(eq(posShifts.id, open.id))
      .returning();
    await recordAudit(tx, c, {
      entity: 'pos_shift',
      entityId: open.id,
      action: someoneElses ? 'close_for_cashier' : 'close',
      before: { ...shiftOut(open, c.actorId), opened_by: open.openedBy },
      after: shiftOut(row!, c.actorId),
    });
    return shiftOut(row!, c.actorId);
  });
}

async function shiftRow(db: DbOrTx, websiteId: number, shiftId: number): Promise<ShiftRow | null> {
  const [shift] = await db
    .select()
    .from(posShifts)
    .where(and(eq(posShifts.websiteId, websiteId), eq(posShifts.id, shiftId)));
  return shift ?? null;
}

export async function shiftReport(db: Db, websiteId: number, shiftId: number, viewerId: number): Promise<ShiftReport | null> {
  const shift = await shiftRow(db, websiteId, shiftId);
  if (!shift) return null;
  const t = await shiftTakings(db, shift.id);
  const flagged = [...t.sales, ...t.late].filter((s) => s.flags.length > 0);
  const receipts = new Map<string, string>();
  for (const s of [...flagged, ...t.late]) receipts.set(s.orderId, (await orderById(db, s.orderId))?.ordernumber ?? '');
  const lateTotal = (s: (typeof t.late)[number]) => s.cash + s.upi + s.card;
  return {
    shift: shiftOut(shift, viewerId),
    sales: t.sales.length,
    total: toRupees(t.cash + t.upi + t.card + t.khata),
    by_method: { cash: toRupees(t.cash), upi: toRupees(t.upi), card: toRupees(t.card), khata: toRupees(t.khata) },
    returns: { count: t.returns.length, cash: toRupees(t.cashRefunds), upi: toRupees(t.upiRefunds), card: toRupees(t.cardRefunds) },
    account_payments: { count: t.accounts.length, cash: toRupees(t.accountCash), upi: toRupees(t.accountUpi) },
    cash_in_drawer: toRupees(
      shiftCash({ float: shift.openingFloat, cashSales: t.cash + t.accountCash, cashRefunds: t.cashRefunds, counted: 0 }).expected,
    ),
    flags: flagged.flatMap((s) => s.flags.map((f) => ({ ...f, receipt: receipts.get(s.orderId) ?? '' }))),
    late_sales: {
      count: t.late.length,
      total: toRupees(sum(t.late, lateTotal)),
      by_method: {
        cash: toRupees(sum(t.late, (s) => s.cash)),
        upi: toRupees(sum(t.late, (s) => s.upi)),
        card: toRupees(sum(t.late, (s) => s.card)),
      },
      lines: t.late.map((s) => ({
        receipt: receipts.get(s.orderId) ?? '',
        total: toRupees(lateTotal(s)),
        cash: toRupees(s.cash),
        upi: toRupees(s.upi),
        card: toRupees(s.card),
        rung_up_in_shift: s.lateFromShiftId!,
        synced_at: s.createdAt.toISOString(),
      })),
    },
  };
}

/**
 * The shift a sale is booked to (`shift`) and, for a late sale, the closed shift it was rung up
 * in (`lateFrom`). A sale made online goes to the till's open shift. One synced from the offline
 * queue goes to the shift it was rung up in (`shift_id`) while that is open; once that shift is
 * closed its cash is counted and its figures final, so the sale is late: booked to the till's open
 * shift, or, with none open, listed on the closed shift itself, and in neither one's totals.
 * A queued sale without `shift_id` (queued before tills sent it) counts on the open shift, or is
 * late on the till's latest shift when none is open.
 */
async function shiftForSale(tx: Tx, websiteId: number, input: SaleInput): Promise<{ shift: ShiftRow; lateFrom: ShiftRow | null }> {
  const open = await openShiftRow(tx, websiteId, input.till, 'key share');
  if (!input.offline) {
    if (!open) throw fail('SHIFT_NOT_OPEN');
    return { shift: open, lateFrom: null };
  }
  const latest = async () => {
    const [last] = await tx
      .select()
      .from(posShifts)
      .where(and(eq(posShifts.websiteId, websiteId), eq(posShifts.till, input.till)))
      .orderBy(desc(posShifts.openedAt))
      .limit(1);
    return last ?? null;
  };
  const rungUp = input.shift_id !== undefined ? await shiftRow(tx, websiteId, input.shift_id) : (open ?? (await latest()));
  if (input.shift_id !== undefined && rungUp?.till !== input.till)
    throw fail('VALIDATION_FAILED').withErrors({ shift_id: ['Not a shift of this till'] });
  if (!rungUp) throw fail('SHIFT_NOT_OPEN');
  return { shift: open ?? rungUp, lateFrom: rungUp.closedAt === null ? null : rungUp };
}

// ---------------------------------------------------------------------------------------------
// Selling

/**
 * A line scanned from a scale label: read again here, so the label's item (its PLU on a weighed
 * pack) and its grams (the weight, or the price at the pack's price per kg) are the server's, not
 * the till's. The amount is then priced from the grams like any weighed line.
 */
function checkScaleLine(p: { soldByWeight: boolean; plu: string; price: number }, grams: number, code: string, field: string) {
  const refuse = (message: string) => fail('VALIDATION_FAILED').withErrors({ [field]: [message] });
  const label = parseScaleBarcode(code);
  if (!label) throw refuse('Not a scale label (an EAN-13 from 20 to 29 with a good check digit)');
  if (!p.soldByWeight || p.plu !== label.plu) throw refuse(`This label is for PLU ${label.plu}, not this item`);
  if (scaleGrams(label, p.price) !== grams) throw refuse('The weight does not match the scale label');
}

type SaleInput = z.infer<typeof saleInputSchema>;

async function saleByKey(db: DbOrTx, websiteId: number, key: string): Promise<Sale | null> {
  const [s] = await db
    .select()
    .from(posSales)
    .where(and(eq(posSales.websiteId, websiteId), eq(posSales.idempotencyKey, key)));
  if (!s) return null;
  const o = await orderById(db, s.orderId);
  const entry = s.khata > 0 ? await khataEntryOfSale(db, websiteId, s.orderId) : null;
  return {
    order_id: s.orderId,
    receipt: o?.ordernumber ?? '',
    total: toRupees(o?.total ?? 0),
    change: toRupees(s.cashTendered - s.cash),
    created: false,
    flags: s.flags,
    khata: entry ? { amount_paise: s.khata, balance_after_paise: entry.balanceAfterPaise } : null,
  };
}

/**
 * Rings up a sale (DESIGN §3): prices each line from the catalogue, checks the discount against the
 * owner's limit and the payments against the total, then in ONE transaction places the order
 * (channel pos, paid, stock taken from the till's warehouse), records the split and audits it. The
 * same idempotency key answers the same sale, never a second one (a retry, a replayed offline queue).
 */
export async function sell(db: Db, c: Cashier, input: SaleInput): Promise<Sale> {
  const again = await saleByKey(db, c.websiteId, input.idempotency_key);
  if (again) return again;
  if (input.receipt) await checkOfflineReceipt(db, c.websiteId, input.offline, input.receipt);
  try {
    return await db.transaction(async (tx) => {
      const { shift, lateFrom } = await shiftForSale(tx, c.websiteId, input);
      // the goods left the counter of the shift the sale was rung up in
      const warehouse = (await warehouseOf(tx, c.websiteId, (lateFrom ?? shift).warehouseId))!;
      const settings = await settingsRow(tx, c.websiteId);
      const packs = await counterPacks(
        tx,
        c.websiteId,
        input.lines.map((l) => l.pack_id),
      );
      // an attached customer of a group pays its price list here too (issue 40 §19); a loose good keeps its price per kg
      const known = input.customer ? await findUserByPhone(tx, input.customer.mobile) : null;
      const members = await memberPrices(
        tx,
        c.websiteId,
        known?.id ?? null,
        input.lines.map((l) => l.pack_id),
      );
      const priced = input.lines.map((l, i) => {
        const p = packs.get(l.pack_id);
        if (!p) throw fail('PACK_NOT_FOUND').withErrors({ [`lines.${i}.pack_id`]: ['Not in this shop’s catalogue'] });
        if (l.scale_barcode !== undefined) checkScaleLine(p, l.quantity, l.scale_barcode, `lines.${i}.scale_barcode`);
        const price = p.soldByWeight ? p.price : unitPrice(p.price, l.quantity, members.get(l.pack_id));
        return { ...p, price, quantity: l.quantity, gross: lineAmountPaise(price, l.quantity, p.soldByWeight) };
      });
      // the website's automatic promotions, by the one rule the online cart uses (issue 40 §19),
      // then the cashier's discounts on what is left: `counterBill`, as the till prices it
      const promoted = await promotionsFor(
        tx,
        c.websiteId,
        priced.map((l) =>
          promotableCounterLine({
            packId: l.packId,
            productId: l.productId,
            unitPaise: l.price,
            quantity: l.quantity,
            soldByWeight: l.soldByWeight,
          }),
        ),
        new Date(),
      );
      const bill = counterBill(
        priced.map((l, i) => ({ grossPaise: l.gross, discountPaise: toPaise(input.lines[i]!.discount) })),
        promoted,
        toPaise(input.cart_discount),
      );
      const lines: CounterLine[] = priced.map((l, i) => ({
        ...l,
        amount: bill.lines[i]!.amountPaise,
        promotionDiscount: bill.lines[i]!.promotionPaise,
        promotion: bill.lines[i]!.promotion?.name ?? null,
      }));
      const { itemsTotal, discount, total } = bill;
      const maxDiscount = Math.floor((itemsTotal * settings.maxDiscountBp) / 10_000);
      if (bill.manualDiscount > maxDiscount) throw fail('DISCOUNT_TOO_LARGE', { max: toRupees(maxDiscount) });
      const flags: PosFlag[] = [];
      if (lateFrom)
        flags.push({
          pack_id: 0,
          label: `Late sale: rung up in shift ${lateFrom.id}, synced after it was closed`,
          quantity: 0,
          reason: 'late',
        });
      // The till priced the bill; a sale made online must agree with the server, one synced from
      // offline was already paid at the till's price (noted for the shift report).
      const charged = toPaise(input.expected_total);
      if (charged !== total) {
        if (!input.offline) throw fail('PRICE_CHANGED', { amount: toRupees(total) });
        flags.push({
          pack_id: 0,
          label: `Bill total ₹${toRupees(charged)} at the till, ₹${toRupees(total)} now`,
          quantity: 0,
          reason: 'price',
        });
      }
      const pay = {
        cash: toPaise(input.payment.cash),
        tendered: toPaise(input.payment.cash_tendered || input.payment.cash),
        upi: toPaise(input.payment.upi),
        card: toPaise(input.payment.card),
        khata: toPaise(input.payment.khata),
      };
      if (pay.khata > 0 && !input.customer)
        throw fail('VALIDATION_FAILED').withErrors({ 'payment.khata': ['Enter the customer’s mobile: a khata is a customer’s'] });
      const paid = pay.cash + pay.upi + pay.card + pay.khata;
      if (paid !== charged) throw fail('PAYMENT_MISMATCH', { total: toRupees(charged), paid: toRupees(paid) });
      if (pay.tendered < pay.cash) throw fail('PAYMENT_MISMATCH', { total: toRupees(pay.cash), paid: toRupees(pay.tendered) });
      if (pay.card > 0 && !input.payment.card_ref)
        throw fail('VALIDATION_FAILED').withErrors({ 'payment.card_ref': ['Enter the card terminal’s reference'] });

      const customer = input.customer
        ? await counterCustomer(tx, c.websiteId, { phone: input.customer.mobile, name: input.customer.name || 'Customer' })
        : await findUserById(tx, await walkInUser(tx, c.websiteId));
      const { order, short } = await placeCounterOrder(tx, {
        websiteId: c.websiteId,
        userId: customer!.id,
        warehouseId: warehouse.id,
        warehouseState: warehouse.state,
        idempotencyKey: input.idempotency_key,
        counter: {
          name: customer!.name,
          phone: customer!.phone ?? '',
          pincode: warehouse.pincode,
          line1: warehouse.name,
          line2: '',
          landmark: null,
          city: warehouse.city,
          state: warehouse.state,
          type: 'counter',
        },
        lines,
        itemsTotal,
        discount,
        total,
        promotionDiscount: bill.cartPromotion?.discountPaise ?? 0,
        promotion: bill.cartPromotion?.name ?? null,
        actor: `user:${c.actorId}`,
        payment: {
          meta: { cash: String(pay.cash), upi: String(pay.upi), card: String(pay.card), khata: String(pay.khata), till: input.till },
          reference: input.payment.card_ref,
        },
        allowShort: input.offline,
        ordernumber: input.receipt,
      });
      for (const l of short)
        flags.push({ pack_id: l.packId, label: packLabel(l.productName, l.packName), quantity: l.quantity, reason: 'out_of_stock' });
      // the part on khata: debited in this transaction, within the limit or the whole sale is refused
      const onKhata =
        pay.khata > 0
          ? await khataSale(tx, {
              websiteId: c.websiteId,
              userId: customer!.id,
              amountPaise: pay.khata,
              saleKey: input.idempotency_key,
              orderId: order.id,
              receipt: order.ordernumber,
              createdBy: `user:${c.actorId}`,
            })
          : null;
      await tx.insert(posSales).values({
        orderId: order.id,
        websiteId: c.websiteId,
        shiftId: shift.id,
        idempotencyKey: input.idempotency_key,
        cash: pay.cash,
        cashTendered: pay.tendered,
        upi: pay.upi,
        card: pay.card,
        khata: pay.khata,
        cardRef: input.payment.card_ref,
        offline: input.offline,
        lateFromShiftId: lateFrom?.id ?? null,
        flags,
      });
      await recordAudit(tx, c, {
        entity: 'pos_sale',
        entityId: order.id,
        action: 'create',
        after: {
          receipt: order.ordernumber,
          total,
          promotions: bill.promotions.map((p) => ({ name: p.name, discount: p.discountPaise })),
          shift: shift.id,
          cash: pay.cash,
          upi: pay.upi,
          card: pay.card,
          khata: pay.khata,
          khata_entry: onKhata?.entry.id ?? null,
          offline: input.offline,
          late_from_shift: lateFrom?.id ?? null,
          flags,
        },
      });
      return {
        order_id: order.id,
        receipt: order.ordernumber,
        total: toRupees(total),
        change: toRupees(pay.tendered - pay.cash),
        created: true,
        flags,
        khata: onKhata ? { amount_paise: pay.khata, balance_after_paise: onKhata.balancePaise } : null,
      };
    });
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    const same = await saleByKey(db, c.websiteId, input.idempotency_key);
    if (same) return same;
    if (input.receipt) throw receiptTaken();
    throw e;
  }
}

const receiptTaken = () => fail('VALIDATION_FAILED').withErrors({ receipt: ['This receipt number is already used'] });

/**
 * An offline sale's own number (`OFF<code>-<n>`) is kept as the till gave it when `code` is an
 * offline series this website issued (a device's, see `offlineSeries`) and no sale has it yet.
 */
async function checkOfflineReceipt(db: Db, websiteId: number, offline: boolean, receipt: string) {
  if (!offline) throw fail('VALIDATION_FAILED').withErrors({ receipt: ['Only a sale rung up offline brings its own number'] });
  const code = Number(OFFLINE_RECEIPT_PATTERN.exec(receipt)![1]);
  const [series] = await db
    .select()
    .from(posOfflineSeries)
    .where(and(eq(posOfflineSeries.websiteId, websiteId), eq(posOfflineSeries.id, code)));
  if (!series) throw fail('VALIDATION_FAILED').withErrors({ receipt: ['Not an offline receipt series of this shop'] });
  if (await counterOrderByNumber(db, websiteId, receipt)) throw receiptTaken();
}

/**
 * Issues a till device its offline receipt series (audited): the sales it rings up while offline
 * are numbered `OFF<code>-1`, `-2`, … on the device and keep those numbers when they sync.
 */
export async function offlineSeries(db: Db, c: Cashier, till: string): Promise<{ prefix: string; website_id: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(posOfflineSeries).values({ websiteId: c.websiteId, till, createdBy: c.actorId }).returning();
    const prefix = `OFF${row!.id}`;
    await recordAudit(tx, c, { entity: 'pos_offline_series', entityId: row!.id, action: 'create', after: { till, prefix } });
    return { prefix, website_id: c.websiteId };
  });
}

/** The website's next number in a counter series (one row per series, locked by the update until commit). */
async function nextInSeries(tx: Tx, websiteId: number, series: string): Promise<number> {
  const [row] = await tx
    .insert(posNumberSeries)
    .values({ websiteId, series, last: 1 })
    .onConflictDoUpdate({ target: [posNumberSeries.websiteId, posNumberSeries.series], set: { last: sql`${posNumberSeries.last} + 1` } })
    .returning({ last: posNumberSeries.last });
  return row!.last;
}

/** Paise of a sale's earlier returns credited to the khata. */
async function khataReturnedSoFar(db: DbOrTx, orderId: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<string>`coalesce(sum(${posReturns.khata}), 0)` })
    .from(posReturns)
    .where(eq(posReturns.orderId, orderId));
  return Number(r?.n ?? 0);
}

/** Units of each order line returned so far. */
async function returnedSoFar(db: DbOrTx, orderId: string): Promise<Map<number, number>> {
  const rows = await db.select({ lines: posReturns.lines }).from(posReturns).where(eq(posReturns.orderId, orderId));
  const m = new Map<number, number>();
  for (const r of rows) for (const l of r.lines) m.set(l.line_id, (m.get(l.line_id) ?? 0) + l.quantity);
  return m;
}

export async function saleDetail(db: Db, websiteId: number, receipt: string): Promise<SaleDetail | null> {
  const o = await counterOrderByNumber(db, websiteId, receipt);
  if (!o) return null;
  const [s] = await db.select().from(posSales).where(eq(posSales.orderId, o.id));
  if (!s) return null;
  const lines = await orderLinesOf(db, o.id);
  const packs = await counterPacks(
    db,
    websiteId,
    lines.flatMap((l) => (l.packId ? [l.packId] : [])),
  );
  const shares = allocateDiscount(
    lines.map((l) => l.amount),
    o.discount,
  );
  const returned = await returnedSoFar(db, o.id);
  const customer = await findUserById(db, o.userId);
  const khataEntry = s.khata > 0 ? await khataEntryOfSale(db, websiteId, o.id) : null;
  return {
    order_id: o.id,
    receipt: o.ordernumber,
    created_at: o.createdAt.toISOString(),
    customer: customer?.phone ? `${customer.name} (${customer.phone})` : null,
    total: toRupees(o.total),
    payment: {
      cash: toRupees(s.cash),
      cash_tendered: toRupees(s.cashTendered),
      upi: toRupees(s.upi),
      card: toRupees(s.card),
      card_ref: s.cardRef,
      khata: toRupees(s.khata),
      khata_returned: toRupees(s.khata > 0 ? await khataReturnedSoFar(db, o.id) : 0),
    },
    khata_balance_after_paise: khataEntry?.balanceAfterPaise ?? null,
    lines: lines.map((l, i) => ({
      line_id: l.id,
      label: packLabel(l.productName, l.packName),
      quantity: l.quantity,
      sold_by_weight: l.packId ? (packs.get(l.packId)?.soldByWeight ?? false) : false,
      amount: toRupees(l.amount - shares[i]!),
      returned: returned.get(l.id) ?? 0,
      promotion: l.promotion ? { name: l.promotion, discount: toRupees(l.promotionDiscount) } : null,
    })),
    promotions: salePromotions(lines, o),
  };
}

/** The bill's automatic promotions with what each took off (₹): the lines' shares summed by name, then the cart's. */
function salePromotions(
  lines: Array<{ promotion: string | null; promotionDiscount: number }>,
  o: { promotion: string | null; promotionDiscount: number },
) {
  const by = new Map<string, number>();
  for (const l of lines) if (l.promotion && l.promotionDiscount > 0) by.set(l.promotion, (by.get(l.promotion) ?? 0) + l.promotionDiscount);
  if (o.promotion && o.promotionDiscount > 0) by.set(o.promotion, (by.get(o.promotion) ?? 0) + o.promotionDiscount);
  return [...by].map(([name, paise]) => ({ name, discount: toRupees(paise) }));
}

/**
 * A return by receipt number (a credit note, numbered `CN<n>` in the website's own series): the
 * lines and units given back (no more than sold and not yet returned), back to stock, and refunded
 * by the tender the cashier chose (`splitRefund`: cash in whole rupees, the rounding kept on the
 * return), cash from the drawer of the till's open shift; all in one transaction, audited.
 */
export async function returnSale(db: Db, c: Cashier, receipt: string, input: z.infer<typeof returnInputSchema>) {
  return db.transaction(async (tx) => {
    const o = await counterOrderByNumber(tx, c.websiteId, receipt);
    if (!o) throw fail('ORDER_NOT_FOUND');
    const shift = await openShiftRow(tx, c.websiteId, input.till, 'key share');
    if (!shift) throw fail('SHIFT_NOT_OPEN');
    // one return of an order at a time: the sale's row is locked while this one counts
    const [sale] = await tx.select().from(posSales).where(eq(posSales.orderId, o.id)).for('update');
    if (!sale) throw fail('ORDER_NOT_FOUND');
    const lines = await orderLinesOf(tx, o.id);
    const shares = allocateDiscount(
      lines.map((l) => l.amount),
      o.discount,
    );
    const returned = await returnedSoFar(tx, o.id);
    const back: Array<{ line_id: number; quantity: number; amount: number }> = [];
    const stockBack: Array<{ packId: number | null; warehouseId: number | null; quantity: number }> = [];
    for (const r of input.lines) {
      const i = lines.findIndex((l) => l.id === r.line_id);
      const l = lines[i];
      if (!l) throw fail('NOT_FOUND').withErrors({ lines: ['A line is not on this receipt'] });
      const left = l.quantity - (returned.get(l.id) ?? 0) - back.filter((b) => b.line_id === l.id).reduce((n, b) => n + b.quantity, 0);
      if (r.quantity > left) throw fail('RETURN_TOO_MANY', { item: packLabel(l.productName, l.packName) });
      back.push({ line_id: l.id, quantity: r.quantity, amount: returnLinePaise(l.amount - shares[i]!, r.quantity, l.quantity) });
      stockBack.push({ packId: l.packId, warehouseId: l.warehouseId, quantity: r.quantity });
    }
    const amount = back.reduce((n, b) => n + b.amount, 0);
    // goods sold on khata come back to the khata first (issue 44 §5), up to the sale's khata part
    // not yet credited by earlier returns; only the rest is paid out by the tender chosen
    const khataReturned = sale.khata > 0 ? await khataReturnedSoFar(tx, o.id) : 0;
    const { cash, upi, card, khata, rounding } = returnRefund(amount, input.tender, { ...sale, khataReturned });
    const whole = lines.every(
      (l) => (returned.get(l.id) ?? 0) + back.filter((b) => b.line_id === l.id).reduce((n, b) => n + b.quantity, 0) === l.quantity,
    );
    await returnCounterLines(tx, o, stockBack, whole, `user:${c.actorId}`, amount);
    const number = `CN${await nextInSeries(tx, c.websiteId, 'credit_note')}`;
    const [row] = await tx
      .insert(posReturns)
      .values({
        websiteId: c.websiteId,
        orderId: o.id,
        shiftId: shift.id,
        lines: back,
        cash,
        upi,
        card,
        number,
        reason: input.reason,
        note: input.note,
        tender: input.tender,
        rounding,
        khata,
        createdBy: c.actorId,
      })
      .returning();
    const khataEntry =
      khata > 0
        ? await khataReturn(tx, {
            websiteId: c.websiteId,
            userId: o.userId,
            amountPaise: khata,
            reference: { type: 'pos_return', id: number },
            key: `pos_return:${number}`,
            note: `Return ${number} of ${o.ordernumber}`,
            createdBy: `user:${c.actorId}`,
          })
        : null;
    await recordAudit(tx, c, {
      entity: 'pos_return',
      entityId: row!.id,
      action: 'create',
      after: {
        receipt,
        number,
        lines: back,
        cash,
        upi,
        card,
        khata,
        rounding,
        tender: input.tender,
        reason: input.reason,
        note: input.note,
      },
    });
    return {
      id: row!.id,
      number,
      receipt: o.ordernumber,
      refund: { cash: toRupees(cash), upi: toRupees(upi), card: toRupees(card), khata: toRupees(khata) },
      khata_balance_after_paise: khataEntry?.balancePaise ?? null,
      rounding: toRupees(rounding),
      total: toRupees(amount),
      tender: input.tender,
      reason: input.reason,
    };
  });
}

/** A credit note by its number on the website: the return, its sale and the sale's lines (null: none). */
export async function creditNote(db: Db, websiteId: number, number: string) {
  const [r] = await db
    .select()
    .from(posReturns)
    .where(and(eq(posReturns.websiteId, websiteId), eq(posReturns.number, number)));
  if (!r) return null;
  const o = await orderById(db, r.orderId);
  if (!o) return null;
  return { ret: r, order: o, lines: await orderLinesOf(db, o.id) };
}

// ---------------------------------------------------------------------------------------------
// Held carts and customers

export async function holdCart(db: Db, c: Cashier, till: string, label: string, cart: HeldCart) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(posHeldCarts).values({ websiteId: c.websiteId, till, label, cart, createdBy: c.actorId }).returning();
    await recordAudit(tx, c, { entity: 'pos_held_cart', entityId: row!.id, action: 'create', after: { till, label, cart } });
    return { id: row!.id };
  });
}

export async function heldCarts(db: Db, websiteId: number, till: string) {
  const rows = await db
    .select()
    .from(posHeldCarts)
    .where(and(eq(posHeldCarts.websiteId, websiteId), eq(posHeldCarts.till, till)))
    .orderBy(desc(posHeldCarts.id));
  return { data: rows.map((r) => ({ id: r.id, label: r.label, created_at: r.createdAt.toISOString(), cart: r.cart })) };
}

/**
 * Recalls a held cart: answers it and takes it off the list (null: no such cart on the website).
 * The cart's customer comes back with their group and price list as they are now (a member's
 * prices were looked up when the cart was held; the sale is priced with today's list), so the
 * recalled bill is priced as the server will price the sale.
 */
export async function recallCart(db: Db, c: Cashier, id: number): Promise<HeldCart | null> {
  const cart = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(posHeldCarts)
      .where(and(eq(posHeldCarts.websiteId, c.websiteId), eq(posHeldCarts.id, id)))
      .returning();
    if (!row) return null;
    await recordAudit(tx, c, { entity: 'pos_held_cart', entityId: id, action: 'recall', before: { label: row.label, cart: row.cart } });
    return row.cart;
  });
  if (!cart?.customer) return cart;
  const member = await lookupCustomer(db, c.websiteId, cart.customer.mobile);
  return {
    ...cart,
    customer: { ...cart.customer, name: cart.customer.name ?? member.name ?? undefined, group: member.group, prices: member.prices },
  };
}

export async function lookupCustomer(db: Db, websiteId: number, mobile: string) {
  const u = await findUserByPhone(db, mobile);
  const list = await priceListOf(db, websiteId, u?.id ?? null);
  return {
    found: !!u,
    name: u?.name ?? null,
    group: list.group,
    prices: list.prices.map((p) => ({ pack_id: p.packId, price: toRupees(p.pricePaise), min_quantity: p.minQuantity })),
    // an offline receipt for this customer speaks it (issue 46 §5)
    language: await customerLanguage(db, websiteId, { userId: u?.id ?? null }),
  };
}

/** A loose good for the counter (see createLoosePack) with its opening stock in grams at every warehouse, audited. */
export async function addLooseGood(db: Db, c: Cashier, g: z.infer<typeof looseGoodInputSchema>) {
  try {
    return await db.transaction(async (tx) => {
      const packId = await createLoosePack(tx, c.websiteId, {
        name: g.name,
        slug: `loose-${slugify(g.name)}`,
        pricePaise: toPaise(g.price_per_kg),
        hsnCode: g.hsn_code,
        gstRate: Math.round(g.gst_rate * 100),
      });
      const whs = await warehousesOf(tx, c.websiteId);
      if (g.grams > 0)
        await openStock(
          tx,
          whs.map((w) => ({ websiteId: c.websiteId, packId, warehouseId: w.id, available: g.grams })),
          `user:${c.actorId}`,
        );
      await recordAudit(tx, c, { entity: 'pos_loose_good', entityId: packId, action: 'create', after: g });
      return { pack_id: packId };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw fail('DUPLICATE').withErrors({ name: ['A product with this name already exists'] });
    throw e;
  }
}

/**
 * The receipt to the customer by email or SMS, through the outbox: the shop, the receipt number,
 * the lines (in the email), the total and how it was paid, and where the bill is kept when the sale
 * is in a customer's account. Audited: a message sent in the shop's name is a staff write.
 */
export async function sendReceipt(db: Db, outbox: Outbox, c: Cashier, receipt: string, to: Identifier, origin: string): Promise<void> {
  const s = await saleDetail(db, c.websiteId, receipt);
  if (!s) throw fail('ORDER_NOT_FOUND');
  const shop = (await websiteProfile(db, c.websiteId))?.name ?? 'our shop';
  // in the sale's customer's language (issue 46 §5); a walk-in sale, the website's default
  const o = await orderById(db, s.order_id);
  const m = await outbox.messagesFor(c.websiteId, { userId: s.customer ? o?.userId : null, orderLanguage: o?.language });
  const methods: Array<['cash' | 'upi' | 'card' | 'khata', number]> = [
    ['cash', s.payment.cash],
    ['upi', s.payment.upi],
    ['card', s.payment.card],
    ['khata', s.payment.khata ?? 0],
  ];
  const paid = methods
    .filter(([, v]) => v > 0)
    .map(([k, v]) => m.posReceipt.paidBy({ amount: formatINR(v), method: k }))
    .join(', ');
  const bill = s.customer ? m.posReceipt.bill({ link: `${origin}/account/orders/${encodeURIComponent(s.order_id)}` }) : '';
  await db.transaction((tx) =>
    recordAudit(tx, c, { entity: 'pos_sale', entityId: s.receipt, action: 'send_receipt', after: { to: to.value } }),
  );
  if (to.kind === 'phone') {
    await outbox.send({
      websiteId: c.websiteId,
      channel: 'sms',
      to: to.value,
      body: m.posReceipt.sms({ shop, receipt: s.receipt, total: formatINR(s.total), paid, bill }),
    });
    return;
  }
  const lines = s.lines.map((l) => `${l.label} × ${l.sold_by_weight ? `${l.quantity} g` : l.quantity}: ${formatINR(l.amount)}`);
  await outbox.send({
    websiteId: c.websiteId,
    channel: 'email',
    to: to.value,
    subject: m.posReceipt.subject({ shop, receipt: s.receipt }),
    body: m.posReceipt.email({ shop, receipt: s.receipt, lines, total: formatINR(s.total), paid, bill }),
  });
}

// ---------------------------------------------------------------------------------------------
// Customers' accounts at the till (issue 44 §2, §7)

/** A customer's wallet and khata by mobile, as the till shows them. */
export async function counterAccounts(db: Db, websiteId: number, mobile: string): Promise<PosAccounts> {
  const u = await findUserByPhone(db, mobile);
  if (!u) return { found: false, user_id: null, name: null, wallet: null, khata: null };
  return { found: true, user_id: u.id, name: u.name, ...(await counterBalances(db, websiteId, u.id)) };
}

/**
 * Money taken at the till for a customer's account: cash or UPI against their khata, or into their
 * wallet. In one transaction: the till's open shift (its drawer holds the cash; a close waits), the
 * ledger entry, the payment row and its audit. The till's key answers a retry with the first receipt.
 */
export async function takeAccountPayment(db: Db, c: Cashier, input: PosAccountPaymentInput): Promise<PosAccountReceipt> {
  const shop = (await websiteProfile(db, c.websiteId))?.name ?? '';
  const receipt = (row: typeof posAccountPayments.$inferSelect, balance: number, limit: number, name: string, created: boolean) => ({
    id: row.id,
    purpose: row.purpose,
    method: row.method,
    amount_paise: row.amount,
    balance_after_paise: balance,
    credit_limit_paise: limit,
    customer_name: name,
    customer_mobile: input.mobile,
    shop_name: shop,
    created_at: row.createdAt.toISOString(),
    created,
  });
  const u = await findUserByPhone(db, input.mobile);
  if (!u) throw fail('NOT_FOUND').withErrors({ mobile: ['No customer has this mobile number'] });
  try {
    return await db.transaction(async (tx) => {
      const shift = await openShiftRow(tx, c.websiteId, input.till, 'key share');
      if (!shift) throw fail('SHIFT_NOT_OPEN');
      const r = await counterAccountPayment(tx, {
        websiteId: c.websiteId,
        userId: u.id,
        purpose: input.purpose,
        method: input.method,
        amountPaise: input.amount_paise,
        key: input.idempotency_key,
        createdBy: `user:${c.actorId}`,
      });
      const [earlier] = await tx
        .select()
        .from(posAccountPayments)
        .where(and(eq(posAccountPayments.websiteId, c.websiteId), eq(posAccountPayments.idempotencyKey, input.idempotency_key)));
      if (earlier) return receipt(earlier, r.entry.balanceAfterPaise, r.account.creditLimitPaise, u.name, false);
      const [row] = await tx
        .insert(posAccountPayments)
        .values({
          websiteId: c.websiteId,
          shiftId: shift.id,
          userId: u.id,
          purpose: input.purpose,
          method: input.method,
          amount: input.amount_paise,
          accountId: r.account.id,
          entryId: r.entry.id,
          idempotencyKey: input.idempotency_key,
          createdBy: c.actorId,
        })
        .returning();
      await recordAudit(tx, c, {
        entity: input.purpose === 'khata' ? 'khata' : 'wallet',
        entityId: r.account.id,
        action: input.purpose === 'khata' ? 'counter_payment' : 'counter_topup',
        after: {
          user_id: u.id,
          amount_paise: input.amount_paise,
          method: input.method,
          till: input.till,
          shift: shift.id,
          entry_id: r.entry.id,
        },
      });
      return receipt(row!, r.balancePaise, r.account.creditLimitPaise, u.name, true);
    });
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    // two calls with one key at once: the first committed, answer its receipt
    return takeAccountPayment(db, c, input);
  }
}
