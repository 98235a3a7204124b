import type { SubscriptionExtra } from '@grocer/shared/subscriptions';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fail } from '../../http/errors';
import { packLines } from './deps';
import { dayOf } from './rules';
import { auditForCustomer, calendarOf, mine, openFor, plansOf, type Shopper } from './service';
import { subscriptionExtras } from './tables';

/**
 * One-off items added to a subscription's delivery (issue 44 §4: "add bread to tomorrow's milk").
 * `setExtra` sets the quantity of one pack for one delivery date of the shopper's subscription (0
 * removes it): a PUT, so sending it twice changes nothing more. Refused past the date's cut-off
 * (or once the date's order is made), on a date the subscription does not deliver, on a cancelled
 * subscription, and for a pack the website does not sell now. The generation puts the items in
 * that delivery's order, paid with it, and marks them with the order (ordered once).
 */
export async function setExtra(db: Db, s: Shopper, id: number, extra: SubscriptionExtra, now = new Date()) {
  await db.transaction(async (tx) => {
    const row = await mine(tx, s, id, true);
    if (row.status === 'cancelled') throw fail('SUBSCRIPTION_CANCELLED');
    await openFor(tx, s.websiteId, extra.date, now, id);
    const mineOnly = and(
      eq(subscriptionExtras.subscriptionId, id),
      eq(subscriptionExtras.deliveryDate, extra.date),
      eq(subscriptionExtras.packId, extra.pack_id),
      isNull(subscriptionExtras.orderId),
    );
    const audit = () => auditForCustomer(tx, s, id, extra.quantity === 0 ? 'remove_extra' : 'set_extra', { ...extra });
    if (extra.quantity === 0) {
      await tx.delete(subscriptionExtras).where(mineOnly);
      return audit();
    }
    const plan = (await plansOf(tx, [row], { from: extra.date, to: extra.date })).get(row.id)!;
    if (!(dayOf(plan, extra.date)?.quantity ?? 0)) throw fail('SUBSCRIPTION_NO_DELIVERY', { date: extra.date });
    const [pack] = await packLines(tx, s.websiteId, [extra.pack_id]);
    if (!pack) throw fail('PACK_NOT_FOUND');
    if (!pack.active) throw fail('SUBSCRIPTION_EXTRA_UNAVAILABLE');
    await tx
      .insert(subscriptionExtras)
      .values({ websiteId: s.websiteId, subscriptionId: id, deliveryDate: extra.date, packId: extra.pack_id, quantity: extra.quantity })
      .onConflictDoUpdate({
        target: [subscriptionExtras.subscriptionId, subscriptionExtras.deliveryDate, subscriptionExtras.packId],
        set: { quantity: extra.quantity, updatedAt: sql`now()` },
        setWhere: isNull(subscriptionExtras.orderId),
      });
    await audit();
  });
  return calendarOf(db, s, id, now);
}
