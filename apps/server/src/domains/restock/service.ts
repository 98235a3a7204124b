import { packLabel } from '@grocer/shared/labels';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fail } from '../../http/errors';
import { packDetails } from '../catalogue';
import { findUserById } from '../identity';
import { stockKey, stockLevels } from '../inventory';
import { customerMessages, type Outbox } from '../outbox';
import { restockAlerts } from './tables';

/**
 * "Notify me": the shopper asks to be told when an out-of-stock pack is back at `warehouseId` (the
 * warehouse serving their pincode, as the product answer said). Asking twice keeps one alert.
 */
export async function askRestockAlert(
  db: Db,
  a: { websiteId: number; userId: number; packId: number; warehouseId: number; origin: string },
): Promise<void> {
  const pack = (await packDetails(db, a.websiteId, [a.packId])).get(a.packId);
  if (!pack) throw fail('PACK_NOT_FOUND');
  const user = await findUserById(db, a.userId);
  await db
    .insert(restockAlerts)
    .values({
      websiteId: a.websiteId,
      userId: a.userId,
      packId: a.packId,
      warehouseId: a.warehouseId,
      name: packLabel(pack.productName, pack.packName),
      link: `${a.origin}/products/${encodeURIComponent(pack.slug)}`,
      email: user?.email ?? null,
      phone: user?.phone ?? null,
    })
    .onConflictDoNothing();
}

/** The packs this shopper is waiting for (alerts not sent yet). */
export async function pendingRestockPacks(db: Db, websiteId: number, userId: number): Promise<number[]> {
  const rows = await db
    .select({ packId: restockAlerts.packId })
    .from(restockAlerts)
    .where(and(eq(restockAlerts.websiteId, websiteId), eq(restockAlerts.userId, userId), isNull(restockAlerts.notifiedAt)));
  return rows.map((r) => r.packId);
}

/**
 * The background job: alerts whose pack is back in stock at their warehouse are sent (email, and
 * SMS when the shop has an SMS provider) and marked, each by a guarded update, so of two processes
 * running the job only one sends a given alert. Answers how many were sent.
 */
export async function sendRestockAlerts(db: Db, outbox: Outbox, opts: { sms: boolean }, batch = 500): Promise<number> {
  const pending = await db
    .select()
    .from(restockAlerts)
    .where(isNull(restockAlerts.notifiedAt))
    .orderBy(asc(restockAlerts.createdAt))
    .limit(batch);
  const byWebsite = new Map<number, typeof pending>();
  for (const r of pending) byWebsite.set(r.websiteId, [...(byWebsite.get(r.websiteId) ?? []), r]);
  let sent = 0;
  for (const [websiteId, rows] of byWebsite) {
    const levels = await stockLevels(
      db,
      websiteId,
      rows.map((r) => ({ packId: r.packId, warehouseId: r.warehouseId })),
    );
    const back = rows.filter((r) => (levels.get(stockKey(r.packId, r.warehouseId)) ?? 0) > 0);
    if (!back.length) continue;
    const claimed = await db
      .update(restockAlerts)
      .set({ notifiedAt: new Date() })
      .where(
        and(
          inArray(
            restockAlerts.id,
            back.map((r) => r.id),
          ),
          isNull(restockAlerts.notifiedAt),
        ),
      )
      .returning();
    for (const r of claimed) {
      // in the customer's language (issue 46): their account's, else the website's default
      const say = (await customerMessages(db, websiteId, { userId: r.userId })).storefront;
      const body = say.backInStockText({ name: r.name, link: r.link });
      const about = { kind: 'offers' as const, userId: r.userId };
      if (r.email)
        await outbox.send({ websiteId, channel: 'email', to: r.email, subject: say.backInStockSubject({ name: r.name }), body, about });
      if (opts.sms && r.phone) await outbox.send({ websiteId, channel: 'sms', to: r.phone, body, about });
      sent++;
    }
  }
  return sent;
}
