import { maskIdentifier } from '@grocer/shared/account';
import { customersQuerySchema } from '@grocer/shared/admin-customers';
import { toRupees } from '@grocer/shared/money';
import { draftNumber, type AdminDraft, type AdminDraftList, type DraftCreateBody, type DraftUpdateBody } from '@grocer/shared/order-drafts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { fail } from '../../http/errors';
import { createAddress, findAddress, listAddresses } from '../addresses';
import { recordAudit, type AuditActor } from '../audit';
import { applyCoupon, loadCart, loadPricedCart, removeCoupon, setCartLine, type CartContext } from '../cart';
import { nextSlots, resolvePincode } from '../delivery';
import { counterCustomer, findUserById, usersByIds, customerDetail, listCustomers, refuseBlocked } from '../identity';
import type { Outbox } from '../outbox';
import { orderErrors } from './errors';
import { sendPaymentLink } from './payment-link';
import { placeOrder } from './placement';
import { orderById, orderLinesOf } from './queries';
import { orderDrafts } from './tables';

/**
 * Draft orders (issue 40 §12). A draft's items are a cart of their own (the cart domain's guest
 * cart of the session `draft:<id>`, a name no sign-in session ever has), so they are priced,
 * checked against stock and discounted by coupon exactly as a shopper's cart is, and the draft is
 * placed by checkout's own `placeOrder` with that cart: stock, the slot's place, the coupon's use
 * and the order number are all taken then, never while it is a draft. Placing is keyed by the
 * draft (`idempotency_key` `draft:<id>`): a double click, or two staff at once, make one order.
 */
export type DraftRow = typeof orderDrafts.$inferSelect;

const draftSession = (id: string) => `draft:${id}`;

async function findDraft(db: Db, websiteId: number, id: string): Promise<DraftRow> {
  const [d] = await db
    .select()
    .from(orderDrafts)
    .where(and(eq(orderDrafts.websiteId, websiteId), eq(orderDrafts.id, id)));
  if (!d) throw fail('DRAFT_NOT_FOUND');
  return d;
}

async function refuseClosed(db: Db, d: DraftRow) {
  if (d.status === 'draft') return;
  const o = d.orderId ? await orderById(db, d.orderId) : null;
  throw fail('DRAFT_NOT_OPEN', { number: draftNumber(d.number), ordernumber: o?.ordernumber ?? '' });
}

/** The draft's cart, priced for delivery to its address (none chosen: no pincode, not deliverable yet). */
async function cartOf(db: Db, d: DraftRow): Promise<{ ctx: CartContext; pincode: string | null }> {
  const address = d.addressId ? await findAddress(db, { websiteId: d.websiteId, userId: d.customerId }, d.addressId) : null;
  const pincode = address?.pincode ?? null;
  return { ctx: { websiteId: d.websiteId, userId: null, sessionId: draftSession(d.id), pincode }, pincode };
}

export async function adminDraft(db: Db, d: DraftRow): Promise<AdminDraft> {
  const [customer, addresses, { ctx, pincode }, order] = await Promise.all([
    findUserById(db, d.customerId),
    listAddresses(db, { websiteId: d.websiteId, userId: d.customerId }),
    cartOf(db, d),
    d.orderId ? orderById(db, d.orderId) : null,
  ]);
  const { cart } = await loadCart(db, ctx);
  const zone = pincode ? await resolvePincode(db, d.websiteId, pincode) : null;
  const slots = zone ? await nextSlots(db, d.websiteId, zone.id, new Date(), 7, false, zone) : [];
  const contact = { email: customer?.email ?? null, phone: customer?.phone ?? null };
  return {
    id: d.id,
    number: draftNumber(d.number),
    status: d.status,
    created_at: d.createdAt.toISOString(),
    customer: { id: d.customerId, name: customer?.name ?? '', ...contact },
    addresses,
    address_id: d.addressId,
    warehouse_id: zone?.warehouseId ?? null,
    cart,
    slot: d.slotId !== null && d.slotDate ? { slot_id: d.slotId, date: d.slotDate } : null,
    slots: slots.map((s) => ({ slot_id: s.slotId, date: s.date, start_time: s.startTime, end_time: s.endTime, remaining: s.remaining })),
    order: order ? { id: order.id, ordernumber: order.ordernumber, status: order.status } : null,
    link_sent_to:
      d.status === 'sent'
        ? [
            ...(contact.email ? [maskIdentifier({ kind: 'email', value: contact.email })] : []),
            ...(contact.phone ? [maskIdentifier({ kind: 'phone', value: contact.phone })] : []),
          ]
        : [],
  };
}

export const draftOf = async (db: Db, websiteId: number, id: string) => adminDraft(db, await findDraft(db, websiteId, id));

/** The website's drafts, newest first (the Orders screen's Draft filter). */
export async function listDrafts(db: Db, websiteId: number): Promise<AdminDraftList> {
  const rows = await db
    .select()
    .from(orderDrafts)
    .where(eq(orderDrafts.websiteId, websiteId))
    .orderBy(desc(orderDrafts.createdAt))
    .limit(100);
  const names = new Map((await usersByIds(db, [...new Set(rows.map((r) => r.customerId))])).map((u) => [u.id, u.name]));
  const data: AdminDraftList['data'] = [];
  for (const d of rows) {
    const order = d.orderId ? await orderById(db, d.orderId) : null;
    let items: number;
    let amount: number;
    if (order) {
      items = (await orderLinesOf(db, order.id)).reduce((n, l) => n + l.quantity, 0);
      amount = toRupees(order.total);
    } else {
      const priced = await loadPricedCart(db, (await cartOf(db, d)).ctx);
      items = priced.lines.reduce((n, l) => n + l.quantity, 0);
      amount = toRupees(priced.amountPaise);
    }
    data.push({
      id: d.id,
      number: draftNumber(d.number),
      status: d.status,
      customer: names.get(d.customerId) ?? '',
      items,
      amount,
      created_at: d.createdAt.toISOString(),
      order: order ? { id: order.id, ordernumber: order.ordernumber, status: order.status } : null,
    });
  }
  return { data };
}

/** Customers of the website by name, mobile or email, for the draft's customer picker. */
export async function draftCustomers(db: Db, websiteId: number, q: string) {
  const { data } = await listCustomers(db, websiteId, customersQuerySchema.parse({ q, perPage: 10, sort: 'name', dir: 'asc' }));
  return { data: data.map((c) => ({ id: c.id, name: c.name, email: c.email, phone: c.phone })) };
}

/**
 * A new draft for a customer of the website (a staff member or another website's person is 404),
 * or for a mobile number: its customer, or a new one with the name given. Numbered D1001, D1002…
 * per website (the highest plus one; two created at once: the second takes the next).
 */
export async function createDraft(
  db: Db,
  actor: AuditActor,
  website: { id: number; name: string },
  body: DraftCreateBody,
): Promise<AdminDraft> {
  const customerId =
    'customer_id' in body
      ? (await customerDetail(db, website.id, body.customer_id)).id
      : (await db.transaction((tx) => counterCustomer(tx, website.id, body.customer))).id;
  await refuseBlocked(db, website, customerId);
  const addresses = await listAddresses(db, { websiteId: website.id, userId: customerId });
  const address = addresses.find((a) => a.is_default && a.serviceable) ?? addresses.find((a) => a.serviceable) ?? null;
  for (let attempt = 0; ; attempt++) {
    try {
      const id = randomUUID();
      const d = await db.transaction(async (tx) => {
        const [{ next } = { next: 1001 }] = await tx
          .select({ next: sqlNext })
          .from(orderDrafts)
          .where(eq(orderDrafts.websiteId, website.id));
        const [row] = await tx
          .insert(orderDrafts)
          .values({ id, websiteId: website.id, number: Number(next), customerId, addressId: address?.id ?? null, createdBy: actor.actorId })
          .returning();
        await recordAudit(tx, actor, {
          entity: 'order_draft',
          entityId: id,
          action: 'create',
          after: { number: draftNumber(row!.number), customer_id: customerId },
        });
        return row!;
      });
      return adminDraft(db, d);
    } catch (e) {
      if (!isUniqueViolation(e) || attempt >= 5) throw e;
    }
  }
}

const sqlNext = sql<number>`coalesce(max(${orderDrafts.number}), 1000) + 1`;

/**
 * Changes an open draft: the address (or a new one added to the customer's book), items set to
 * a quantity (refused when the stock at the address's warehouse is short: the draft is unchanged
 * for that item, nothing is reserved), the slot, the coupon. Audited with what was asked.
 */
export async function updateDraft(db: Db, actor: AuditActor, id: string, body: DraftUpdateBody): Promise<AdminDraft> {
  let d = await findDraft(db, actor.websiteId, id);
  await refuseClosed(db, d);
  const owner = { websiteId: d.websiteId, userId: d.customerId };
  let addressId = d.addressId;
  if (body.address) addressId = (await createAddress(db, owner, body.address)).id;
  else if (body.address_id !== undefined) {
    if (!(await findAddress(db, owner, body.address_id))) throw fail('ADDRESS_NOT_FOUND');
    addressId = body.address_id;
  }
  const changedAddress = addressId !== d.addressId;
  const slot =
    body.slot === undefined ? (changedAddress || d.slotId === null ? null : { slot_id: d.slotId, date: d.slotDate! }) : body.slot;
  if (slot) {
    // a slot of the address's zone with a place left (checked again, and taken, when placed)
    const address = addressId ? await findAddress(db, owner, addressId) : null;
    const zone = address ? await resolvePincode(db, d.websiteId, address.pincode) : null;
    const offers = zone ? await nextSlots(db, d.websiteId, zone.id, new Date(), 7, false, zone) : [];
    if (!offers.some((s) => s.slotId === slot.slot_id && s.date === slot.date)) throw orderErrors.slotInvalid();
  }
  d = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(orderDrafts)
      .set({ addressId, slotId: slot?.slot_id ?? null, slotDate: slot?.date ?? null, updatedAt: new Date() })
      .where(and(eq(orderDrafts.id, d.id), eq(orderDrafts.status, 'draft')))
      .returning();
    if (!row) throw fail('DRAFT_NOT_FOUND');
    await recordAudit(tx, actor, {
      entity: 'order_draft',
      entityId: d.id,
      action: 'update',
      before: { address_id: d.addressId, slot: d.slotId !== null ? { slot_id: d.slotId, date: d.slotDate } : null },
      after: { address_id: addressId, slot, lines: body.lines, coupon: body.coupon },
    });
    return row;
  });
  // the items and the coupon through the cart's own guarded changes (one item refused for stock
  // leaves that item as it was; the staff screen sends one change at a time)
  const { ctx } = await cartOf(db, d);
  for (const l of body.lines ?? []) await setCartLine(db, ctx, { packId: l.pack_id, quantity: l.quantity });
  if (body.coupon === null) await removeCoupon(db, ctx);
  else if (body.coupon) await applyCoupon(db, ctx, body.coupon);
  return adminDraft(db, d);
}

/**
 * Places an open draft through checkout's placement with the draft's cart: cash on delivery is
 * placed at once; an online provider leaves the order awaiting the customer's payment and sends
 * them the link to pay (as an agent's link does). Stock, the slot and the coupon are taken here.
 * The same draft placed twice (a double click, two staff) is one order.
 */
export async function placeDraft(
  deps: { db: Db; outbox: Outbox },
  actor: AuditActor,
  website: { id: number; name: string },
  id: string,
  how: { payment_method: 'cod' | 'razorpay' | 'cashfree'; expected_total: number },
  origin: string,
  staffName: string,
): Promise<AdminDraft> {
  const { db } = deps;
  const d = await findDraft(db, website.id, id);
  await refuseClosed(db, d);
  if (!d.addressId) throw fail('DRAFT_NO_ADDRESS');
  const { ctx } = await cartOf(db, d);
  if ((await loadPricedCart(db, ctx)).lines.length === 0) throw fail('DRAFT_EMPTY');
  await refuseBlocked(db, website, d.customerId);
  const { order, created } = await placeOrder(
    db,
    { websiteId: website.id, userId: actor.actorId ?? d.customerId },
    ctx,
    {
      address_id: d.addressId,
      payment_method: how.payment_method,
      expected_total: how.expected_total,
      idempotency_key: draftSession(d.id),
      slot: d.slotId !== null && d.slotDate ? { slot_id: d.slotId, date: d.slotDate } : null,
    },
    { customerId: d.customerId, draftCart: true },
  );
  const status = how.payment_method === 'cod' ? 'placed' : 'sent';
  const closed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(orderDrafts)
      .set({ status, orderId: order.id, updatedAt: new Date() })
      .where(and(eq(orderDrafts.id, d.id), eq(orderDrafts.status, 'draft')))
      .returning();
    if (row)
      await recordAudit(tx, actor, {
        entity: 'order_draft',
        entityId: d.id,
        action: status === 'placed' ? 'place' : 'send_link',
        before: { status: 'draft' },
        after: { status, order_id: order.id, ordernumber: order.ordernumber, total: toRupees(order.total) },
      });
    return row ?? (await findDraft(db, website.id, d.id));
  });
  // a cash-on-delivery order's confirmation follows from its `order.placed` event (written by placeOrder)
  if (created && order.paymentMethod !== 'cod') {
    const customer = await findUserById(db, d.customerId);
    await sendPaymentLink(
      deps.outbox,
      website,
      order,
      { email: customer?.email ?? null, phone: customer?.phone ?? null },
      staffName,
      origin,
    );
  }
  return adminDraft(db, closed);
}
