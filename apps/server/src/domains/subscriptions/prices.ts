import { formatINR, toRupees } from '@grocer/shared/money';
import { pickLanguage } from '@grocer/shared/languages';
import { messagesIn } from '@grocer/shared/messages/catalogue';
import { dayIn } from '@grocer/shared/messages/types';
import { addShopDays } from '@grocer/shared/shop-time';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { packLines, usersByIds, websiteLanguages } from './deps';
import type { GenerationDeps } from './generation';
import { firstChangeableDay } from './rules';
import { subscriptionPrices, subscriptionSettings, subscriptions } from './tables';

/**
 * Price changes of subscribed packs (issue 44 §5): **told before they apply.**
 *
 * `subscription_prices` keeps, per website and pack, the price subscribers were last told of
 * (`pricePaise`), the one before it (`previousPricePaise`) and the first delivery date the told
 * price applies to (`appliesFrom`). The rule:
 *
 * - When the catalogue's price of a pack with active subscriptions differs from the told price,
 *   `announcePrices` (run by the job before each generation, and by every generation first) tells
 *   each active subscriber of the pack, once (a guarded update: two runs at once tell once), and
 *   the new price applies from the **first delivery date still open for changes at the notice**
 *   (`firstChangeableDay`: tomorrow before the cut-off, else the day after). So every subscriber
 *   hears of a new price before the cut-off of the first delivery it is charged on, and may skip,
 *   change or cancel before then.
 * - A delivery before that date is charged the price told before (`previousPricePaise`); from it,
 *   the new one (`priceOn`). A change the job has not noticed yet is not charged: the generation
 *   notices it first, and its own date is then before the new price's first date.
 * - A pack first seen (a new subscription) is recorded at its price without a message.
 * - One-off items added to a delivery are ordinary purchases: the catalogue's price at generation.
 */

export type PriceRow = typeof subscriptionPrices.$inferSelect;

/** The price a delivery on `date` is charged under `row` (the told price from its first date, the one before until then). */
export const priceOn = (row: Pick<PriceRow, 'pricePaise' | 'previousPricePaise' | 'appliesFrom'>, date: string): number =>
  date >= row.appliesFrom ? row.pricePaise : row.previousPricePaise;

/** The told price rows of `packIds` on a website. */
export async function priceRows(db: DbOrTx, websiteId: number, packIds: number[]): Promise<Map<number, PriceRow>> {
  if (!packIds.length) return new Map();
  const rows = await db
    .select()
    .from(subscriptionPrices)
    .where(and(eq(subscriptionPrices.websiteId, websiteId), inArray(subscriptionPrices.packId, packIds)));
  return new Map(rows.map((r) => [r.packId, r]));
}

/** Records the catalogue's price of a pack not recorded yet (a first subscription), without a message. */
export async function recordPrice(db: DbOrTx, websiteId: number, packId: number, pricePaise: number): Promise<void> {
  await db
    .insert(subscriptionPrices)
    .values({ websiteId, packId, pricePaise, previousPricePaise: pricePaise, appliesFrom: '0000-01-01' })
    .onConflictDoNothing();
}

/**
 * Tells the subscribers of every pack whose catalogue price differs from the told one, and records
 * the new price with its first date (see the rule above). Answers how many packs changed.
 */
export async function announcePrices<R>(d: GenerationDeps<R>, websiteId: number, now = new Date()): Promise<number> {
  const subs = await d.db
    .selectDistinct({ packId: subscriptions.packId, userId: subscriptions.userId })
    .from(subscriptions)
    .where(and(eq(subscriptions.websiteId, websiteId), eq(subscriptions.status, 'active')));
  if (!subs.length) return 0;
  const packIds = [...new Set(subs.map((s) => s.packId))];
  const told = await priceRows(d.db, websiteId, packIds);
  const current = await packLines(d.db, websiteId, packIds);
  // the website's cut-off (service.ts's default until the owner saves one; read here, as service.ts imports this file)
  const [settings] = await d.db
    .select({ cutoffTime: subscriptionSettings.cutoffTime })
    .from(subscriptionSettings)
    .where(eq(subscriptionSettings.websiteId, websiteId));
  const cutoffTime = settings?.cutoffTime ?? '22:00';
  const from = firstChangeableDay(now, cutoffTime);
  let changed = 0;
  for (const pack of current) {
    const row = told.get(pack.packId);
    if (!row) {
      await recordPrice(d.db, websiteId, pack.packId, pack.price);
      continue;
    }
    if (row.pricePaise === pack.price) continue;
    const queued: R[] = [];
    await d.db.transaction(async (tx) => {
      // guarded on the told price: a second run (or process) at the same moment finds it moved and tells nobody
      const [moved] = await tx
        .update(subscriptionPrices)
        .set({
          pricePaise: pack.price,
          previousPricePaise: priceOn(row, addShopDays(from, -1)),
          appliesFrom: from,
          noticedAt: sql`now()`,
        })
        .where(
          and(
            eq(subscriptionPrices.websiteId, websiteId),
            eq(subscriptionPrices.packId, pack.packId),
            eq(subscriptionPrices.pricePaise, row.pricePaise),
            eq(subscriptionPrices.appliesFrom, row.appliesFrom),
          ),
        )
        .returning();
      if (!moved) return;
      changed++;
      const userIds = [...new Set(subs.filter((s) => s.packId === pack.packId).map((s) => s.userId))];
      const site = await websiteLanguages(tx, websiteId);
      for (const person of await usersByIds(tx, userIds)) {
        const m = messagesIn(pickLanguage([person.language], site.languages, site.defaultLanguage));
        const subject = m.subscription.priceChangeSubject;
        const body = m.subscription.priceChange({
          item: `${pack.productName} ${pack.packName}`,
          old: formatINR(toRupees(row.pricePaise)),
          price: formatINR(toRupees(pack.price)),
          from: dayIn(m.language, from, { year: true }),
        });
        const about = { kind: 'subscriptions' as const, userId: person.id };
        const message = person.phone
          ? { websiteId, channel: 'sms' as const, to: person.phone, body: `${subject}: ${body}`, about }
          : person.email
            ? { websiteId, channel: 'email' as const, to: person.email, subject, body, about }
            : null;
        if (message) queued.push(await d.messages.queue(tx, message));
      }
    });
    for (const r of queued) await d.messages.deliver(r).catch(() => undefined);
  }
  return changed;
}
