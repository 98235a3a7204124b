import { formatINR, toPaise, toRupees } from '@grocer/shared/money';
import { REFUND_REASON_LABELS } from '@grocer/shared/order';
import type { OrderRefundBody } from '@grocer/shared/order-notes';
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { fail } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit';
import { lockPayment, recordPartialRefund } from '../payments';
import type { AdjustmentRow } from './adjustments';
import type { OrderRow } from './errors';
import { addEvent, lockOrder } from './lifecycle';
import { orderAdjustments, orderNotes, orders } from './tables';

/**
 * A refund of an amount the staff choose (issue 40 §12): goodwill, the delivery fee, or another
 * reason, with the lines and totals unchanged. It is an adjustment of kind `refund`, held on the
 * payment as pending in the same transaction and sent to the provider after the commit with the
 * adjustment's own idempotency key, exactly as a removed line's refund is (`adjustments.ts`), so
 * it counts as refunded once the provider takes it and the one refund summary shows it
 * (`refunded_other`).
 *
 * - Up to what is still refundable: paid − refunded − pending, checked on the locked payment row
 *   and again by `recordPartialRefund`'s guarded update (two refunds at once never exceed it).
 * - A double click or a retry sends the same `key`: with the order row locked, a key already used
 *   answers that refund and changes nothing (and a unique index backs it).
 * - Only an online payment that stands paid is refunded. Cash on delivery is refused, with why: not
 *   yet collected, there is nothing to refund (lower what is collected by editing the order);
 *   collected, the money goes back in cash, outside the system. A counter sale is refunded as a
 *   return at the till. A cancelled or fully refunded payment has nothing left.
 * - The staff's note (why) is kept as a staff note on the timeline, never shown to the shopper; the
 *   shopper reads "Refund by the shop (goodwill): ₹20 refunded" among the order's changes.
 */
export async function refundAmount(
  db: Db,
  actor: AuditActor,
  orderId: string,
  body: OrderRefundBody,
): Promise<{ adjustment: AdjustmentRow; order: OrderRow; fresh: boolean }> {
  return db.transaction(async (tx) => {
    await lockOrder(tx, orderId);
    const [o] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.websiteId, actor.websiteId), eq(orders.id, orderId)));
    if (!o) throw fail('ORDER_NOT_FOUND');
    const [again] = await tx
      .select()
      .from(orderAdjustments)
      .where(and(eq(orderAdjustments.orderId, o.id), eq(orderAdjustments.key, body.key)));
    if (again) return { adjustment: again, order: o, fresh: false };

    const p = await lockPayment(tx, o.id);
    const refuse = (why: string) => fail('REFUND_NOT_POSSIBLE', { why });
    if (!p) throw refuse('it has no payment');
    if (p.provider === 'cod')
      throw refuse(
        p.status === 'cod'
          ? 'it is cash on delivery and nothing has been collected yet (edit the order to lower what is collected)'
          : 'it was paid in cash on delivery: give the money back in cash',
      );
    if (p.provider === 'pos') throw refuse('it was sold at the counter: make a return at the till');
    if (p.status === 'refund_pending' || p.status === 'refunded') throw refuse('its payment is refunded in full');
    if (p.status !== 'paid') throw refuse('it is not paid');

    const amount = toPaise(body.amount);
    const refundable = p.amount - p.refunded - p.refundPending;
    const tooLarge = () => {
      const most = formatINR(toRupees(Math.max(0, refundable)));
      return fail('REFUND_TOO_LARGE', { refundable: most }).withErrors({ amount: [`At most ${most}`] });
    };
    if (amount > refundable || !(await recordPartialRefund(tx, o.id, amount))) throw tooLarge();

    const reason = REFUND_REASON_LABELS[body.reason];
    const by = `user:${actor.actorId ?? 0}`;
    const provider = p.provider === 'razorpay' ? 'Razorpay' : 'Cashfree';
    await addEvent(tx, o, o.status, by, `${formatINR(body.amount)} refunded to your ${provider} payment (${reason})`);
    if (body.note)
      await tx.insert(orderNotes).values({
        websiteId: o.websiteId,
        orderId: o.id,
        authorId: actor.actorId,
        text: `Refund of ${formatINR(body.amount)} (${reason}): ${body.note}`,
      });
    const [adjustment] = await tx
      .insert(orderAdjustments)
      .values({
        websiteId: o.websiteId,
        orderId: o.id,
        kind: 'refund',
        key: body.key,
        description: 'Refund by the shop',
        reason: body.reason,
        amount,
        refundStatus: 'pending',
        refundKey: `rf-${randomUUID()}`,
        actor: by,
      })
      .returning();
    await recordAudit(tx, actor, {
      entity: 'order',
      entityId: o.id,
      action: 'refund',
      before: { refunded: toRupees(p.refunded), refund_pending: toRupees(p.refundPending) },
      after: { amount: body.amount, reason: body.reason, note: body.note, refund_pending: toRupees(p.refundPending + amount) },
    });
    return { adjustment: adjustment!, order: o, fresh: true };
  });
}
