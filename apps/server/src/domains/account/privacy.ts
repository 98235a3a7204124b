import { toRupees } from '@grocer/shared/money';
import type { AccountExport } from '@grocer/shared/privacy';
import type { Db } from '../../db/client';
import { fail } from '../../http/errors';
import { addressesForExport, eraseAddresses } from '../addresses';
import { detachAnalytics } from '../analytics';
import { eraseCarts } from '../cart';
import { eraseIdentity, lockForErasure, profileForExport } from '../identity';
import { anonymiseOrders, openOrderCount, ordersForExport } from '../orders/privacy';
import { paymentsOfOrders } from '../payments';
import { eraseRestockAlerts } from '../restock';
import { anonymiseIssues } from '../support';
import { eraseWishlists, wishlistsForExport } from '../wishlist';

/**
 * The shopper's data rights (DPDP Act 2023): a copy of what the shop holds about them, and its
 * erasure. Each table is read and written by its own domain's `privacy.ts`; this file lists, in
 * one place, what an export holds and what an erasure leaves behind (docs/security.md "Personal data").
 */

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Everything of the shopper on this website, and nothing of anyone else's. */
export async function exportAccount(db: Db, website: { id: number; name: string }, userId: number): Promise<AccountExport> {
  const profile = await profileForExport(db, website.id, userId);
  const addressRows = await addressesForExport(db, website.id, userId);
  const orderRows = await ordersForExport(db, website.id, userId);
  const paymentRows = await paymentsOfOrders(
    db,
    website.id,
    orderRows.map((o) => o.id),
  );
  return {
    exported_at: new Date().toISOString(),
    website,
    profile: {
      name: profile.name,
      email: profile.email,
      phone: profile.phone,
      created_at: profile.createdAt.toISOString(),
      member_since: iso(profile.memberSince),
      analytics_consent: !!profile.consent,
    },
    addresses: addressRows.map((a) => ({
      name: a.name,
      phone: a.phone,
      pincode: a.pincode,
      line1: a.line1,
      line2: a.line2,
      landmark: a.landmark,
      city: a.city,
      state: a.state,
      type: a.type,
      is_default: a.isDefault,
      created_at: a.createdAt.toISOString(),
    })),
    orders: orderRows.map((o) => ({
      id: o.id,
      ordernumber: o.ordernumber,
      status: o.status,
      channel: o.channel,
      created_at: o.createdAt.toISOString(),
      delivered_at: iso(o.deliveredAt),
      payment_method: o.paymentMethod,
      address: {
        name: o.address.name,
        phone: o.address.phone,
        pincode: o.address.pincode,
        line1: o.address.line1,
        line2: o.address.line2,
        landmark: o.address.landmark ?? null,
        city: o.address.city,
        state: o.address.state,
        type: o.address.type,
      },
      slot: { date: o.slotDate, start: o.slotStart, end: o.slotEnd },
      notes: o.notes,
      coupon: o.couponCode,
      items_total: toRupees(o.itemsTotal),
      discount: toRupees(o.discount),
      delivery_charge: toRupees(o.deliveryCharge),
      total: toRupees(o.total),
      lines: o.lines.map((l) => ({
        product: l.productName,
        pack: l.packName,
        hsn_code: l.hsnCode,
        gst_rate: l.gstRate / 100,
        price: toRupees(l.price),
        mrp: toRupees(l.actPrice),
        quantity: l.quantity,
        amount: toRupees(l.amount),
      })),
      payments: paymentRows
        .filter((p) => p.orderId === o.id)
        .map((p) => ({
          provider: p.provider,
          status: p.status,
          amount: toRupees(p.amount),
          refunded: toRupees(p.refunded),
          created_at: p.createdAt.toISOString(),
        })),
    })),
    wishlists: await wishlistsForExport(db, website.id, userId),
  };
}

/**
 * Erases the person behind `userId`, in one transaction. Their sign-in is one identity across the
 * install's websites (DESIGN §3), so erasure is too: addresses, wishlists, carts, restock alerts and
 * sign-in codes go, sessions are revoked, analytics events lose their person, order issues their
 * name; orders stay for GST (CGST Act s.36, 8 years) without identity; the user row becomes
 * "Deleted customer" with no email or mobile. Refused while an order is on its way, and for staff.
 */
export async function eraseAccount(db: Db, userId: number): Promise<{ ordersKept: number; sessionWebsites: number[] }> {
  return db.transaction(async (tx) => {
    const user = await lockForErasure(tx, userId);
    if ((await openOrderCount(tx, userId)) > 0) throw fail('ACCOUNT_OPEN_ORDERS');
    await eraseAddresses(tx, userId);
    await eraseWishlists(tx, userId);
    await eraseCarts(tx, userId);
    await eraseRestockAlerts(tx, userId);
    await detachAnalytics(tx, userId);
    await anonymiseIssues(tx, userId);
    const ordersKept = await anonymiseOrders(tx, userId);
    const sessionWebsites = await eraseIdentity(tx, user);
    return { ordersKept, sessionWebsites };
  });
}
