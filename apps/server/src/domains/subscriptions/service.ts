import { addShopDays, shopDayOf } from '@grocer/shared/shop-time';
import {
  CALENDAR_DAYS,
  type Schedule,
  type SubscriptionCreate,
  type SubscriptionJson,
  type SubscriptionSettings,
  type SubscriptionStatus,
} from '@grocer/shared/subscriptions';
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { fail } from '../../http/errors';
import { findAddress, packLines, recordAudit, resolvePincode, slotOf, usersByIds, type AuditActor, type Wallet } from './deps';
import { changeable, dayOf, firstChangeableDay, scheduleIn, weekdayBits, weekdaysOfBits, type Plan } from './rules';
import {
  subscribablePacks,
  subscriptionDays,
  subscriptionExtras,
  subscriptionGenerations,
  subscriptionPauses,
  subscriptionSettings,
  subscriptions,
} from './tables';
import { priceOn, priceRows, recordPrice } from './prices';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export interface Shopper {
  websiteId: number;
  /** whose subscriptions: the signed-in shopper, or the customer a sales agent acts for */
  userId: number;
  /** a sales agent acting for their customer (agent-routes.ts): each change is audited in its transaction, as done for them */
  agent?: { actor: AuditActor; customerName: string };
}

/**
 * An agent's change of their customer's subscription, recorded in the change's transaction with
 * the agent as actor and the customer named (a shopper's own changes are not staff writes).
 */
export async function auditForCustomer(
  tx: DbOrTx,
  s: Shopper,
  id: number,
  action: string,
  change: Record<string, unknown>,
  before?: Record<string, unknown>,
): Promise<void> {
  if (!s.agent) return;
  await recordAudit(tx, s.agent.actor, {
    entity: 'subscription',
    entityId: id,
    action,
    before,
    after: { customer_id: s.userId, customer: s.agent.customerName, ...change },
    label: `#${id} for ${s.agent.customerName}`,
  });
}

export const DEFAULT_SETTINGS = { cutoffTime: '22:00', minTopupPaise: 0, cashbackPercent: 0, cashbackCapPaise: 0 } as const;

/** The website's subscription settings (the defaults until the owner saves them). */
export async function settingsOf(db: DbOrTx, websiteId: number) {
  const [row] = await db.select().from(subscriptionSettings).where(eq(subscriptionSettings.websiteId, websiteId));
  return row ?? { websiteId, ...DEFAULT_SETTINGS, updatedAt: null };
}

export async function subscribablePackIds(db: DbOrTx, websiteId: number): Promise<number[]> {
  const rows = await db
    .select({ packId: subscribablePacks.packId })
    .from(subscribablePacks)
    .where(eq(subscribablePacks.websiteId, websiteId))
    .orderBy(asc(subscribablePacks.packId));
  return rows.map((r) => r.packId);
}

export async function settingsJson(db: DbOrTx, websiteId: number): Promise<SubscriptionSettings> {
  const s = await settingsOf(db, websiteId);
  return {
    cutoff_time: s.cutoffTime,
    subscribable_pack_ids: await subscribablePackIds(db, websiteId),
    min_topup_paise: s.minTopupPaise,
    cashback_percent: s.cashbackPercent,
    cashback_cap_paise: s.cashbackCapPaise,
  };
}

/** The owner saves the settings and the subscribable packs (each must be the website's: 404 otherwise). Audited. */
export async function saveSettings(db: Db, actor: AuditActor, input: SubscriptionSettings): Promise<SubscriptionSettings> {
  const websiteId = actor.websiteId;
  const wanted = [...new Set(input.subscribable_pack_ids)];
  return db.transaction(async (tx) => {
    const found = await packLines(tx, websiteId, wanted);
    if (found.length !== wanted.length) throw fail('PACK_NOT_FOUND');
    const before = await settingsJson(tx, websiteId);
    const values = {
      cutoffTime: input.cutoff_time,
      minTopupPaise: input.min_topup_paise,
      cashbackPercent: input.cashback_percent,
      cashbackCapPaise: input.cashback_cap_paise,
      updatedAt: sql`now()`,
    };
    await tx
      .insert(subscriptionSettings)
      .values({ websiteId, ...values })
      .onConflictDoUpdate({ target: subscriptionSettings.websiteId, set: values });
    await tx.delete(subscribablePacks).where(eq(subscribablePacks.websiteId, websiteId));
    if (wanted.length) await tx.insert(subscribablePacks).values(wanted.map((packId) => ({ websiteId, packId })));
    const after = await settingsJson(tx, websiteId);
    await recordAudit(tx, actor, {
      entity: 'subscription_settings',
      entityId: websiteId,
      action: 'update',
      before,
      after,
      label: 'Subscription settings',
    });
    return after;
  });
}

// ---------------------------------------------------------------------------------------------
// Plans: a subscription with its pauses and changed days, as the rules read it

export async function plansOf(db: DbOrTx, rows: SubscriptionRow[], range?: { from: string; to: string }): Promise<Map<number, Plan>> {
  const ids = rows.map((r) => r.id);
  const pauses = ids.length
    ? await db
        .select()
        .from(subscriptionPauses)
        .where(
          and(
            inArray(subscriptionPauses.subscriptionId, ids),
            range ? and(lte(subscriptionPauses.fromDate, range.to), gte(subscriptionPauses.toDate, range.from)) : undefined,
          ),
        )
        .orderBy(asc(subscriptionPauses.fromDate))
    : [];
  const days = ids.length
    ? await db
        .select()
        .from(subscriptionDays)
        .where(
          and(
            inArray(subscriptionDays.subscriptionId, ids),
            range ? and(gte(subscriptionDays.date, range.from), lte(subscriptionDays.date, range.to)) : undefined,
          ),
        )
    : [];
  return new Map(
    rows.map((r) => [
      r.id,
      {
        schedule: r.schedule,
        weekdays: r.weekdays,
        everyDays: r.everyDays,
        startDate: r.startDate,
        quantity: r.quantity,
        status: r.status,
        pauses: pauses.filter((p) => p.subscriptionId === r.id).map((p) => ({ from: p.fromDate, to: p.toDate })),
        days: new Map(days.filter((d) => d.subscriptionId === r.id).map((d) => [d.date, d.quantity])),
      } satisfies Plan,
    ]),
  );
}

const scheduleJson = (r: SubscriptionRow): Schedule =>
  r.schedule === 'weekdays'
    ? { kind: 'weekdays', weekdays: weekdaysOfBits(r.weekdays) }
    : r.schedule === 'every_n'
      ? { kind: 'every_n', every_days: r.everyDays }
      : { kind: r.schedule };

async function subscriptionsJson(db: DbOrTx, websiteId: number, rows: SubscriptionRow[]): Promise<SubscriptionJson[]> {
  const packs = new Map((await packLines(db, websiteId, [...new Set(rows.map((r) => r.packId))])).map((p) => [p.packId, p]));
  const plans = await plansOf(db, rows);
  return rows.map((r) => ({
    id: r.id,
    pack_id: r.packId,
    product_name: packs.get(r.packId)?.productName ?? '',
    pack_name: packs.get(r.packId)?.packName ?? '',
    price_paise: packs.get(r.packId)?.price ?? 0,
    quantity: r.quantity,
    schedule: scheduleJson(r),
    start_date: r.startDate,
    address_id: r.addressId,
    slot_id: r.slotId,
    status: r.status,
    pauses: [...(plans.get(r.id)?.pauses ?? [])],
    created_at: r.createdAt.toISOString(),
  }));
}

// ---------------------------------------------------------------------------------------------
// The shopper's calls

/** The shopper's own subscription, locked for the change when `lock` (404 when it is not theirs on this website). */
export async function mine(db: DbOrTx, s: Shopper, id: number, lock = false): Promise<SubscriptionRow> {
  const q = db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.websiteId, s.websiteId), eq(subscriptions.userId, s.userId), eq(subscriptions.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw fail('SUBSCRIPTION_NOT_FOUND');
  return row;
}

/**
 * Refuses a change to `date` past its cut-off (the evening before), or once the date's delivery of
 * this subscription was already made into an order (the owner prepared the orders early).
 */
export async function openFor(db: DbOrTx, websiteId: number, date: string, now: Date, subscriptionId?: number): Promise<void> {
  const { cutoffTime } = await settingsOf(db, websiteId);
  if (!changeable(date, cutoffTime, now)) throw fail('SUBSCRIPTION_CUTOFF_PASSED', { date, cutoff: cutoffTime });
  if (subscriptionId === undefined) return;
  const [made] = await db
    .select({ id: subscriptionGenerations.id })
    .from(subscriptionGenerations)
    .where(
      and(
        eq(subscriptionGenerations.subscriptionId, subscriptionId),
        eq(subscriptionGenerations.deliveryDate, date),
        eq(subscriptionGenerations.status, 'ordered'),
      ),
    );
  if (made) throw fail('SUBSCRIPTION_CUTOFF_PASSED', { date, cutoff: cutoffTime });
}

export async function createSubscription(db: Db, s: Shopper, input: SubscriptionCreate, now = new Date()): Promise<SubscriptionJson> {
  const [subscribable] = await db
    .select()
    .from(subscribablePacks)
    .where(and(eq(subscribablePacks.websiteId, s.websiteId), eq(subscribablePacks.packId, input.pack_id)));
  if (!subscribable) throw fail('SUBSCRIPTION_PACK_NOT_SUBSCRIBABLE');
  const address = await findAddress(db, s, input.address_id);
  if (!address) throw fail('ADDRESS_NOT_FOUND');
  const zone = await resolvePincode(db, s.websiteId, address.pincode);
  if (!zone) throw fail('SUBSCRIPTION_NOT_DELIVERABLE');
  if (input.slot_id !== null) {
    const slot = await slotOf(db, s.websiteId, input.slot_id);
    if (!slot || slot.zoneId !== zone.id) throw fail('SUBSCRIPTION_SLOT_INVALID');
  }
  await openFor(db, s.websiteId, input.start_date, now);
  const [pack] = await packLines(db, s.websiteId, [input.pack_id]);
  if (pack) await recordPrice(db, s.websiteId, pack.packId, pack.price);
  const sc = input.schedule;
  const row = await db.transaction(async (tx) => {
    const [made] = await tx
      .insert(subscriptions)
      .values({
        websiteId: s.websiteId,
        userId: s.userId,
        packId: input.pack_id,
        addressId: input.address_id,
        slotId: input.slot_id,
        quantity: input.quantity,
        schedule: sc.kind,
        weekdays: sc.kind === 'weekdays' ? weekdayBits(sc.weekdays) : 127,
        everyDays: sc.kind === 'every_n' ? sc.every_days : 1,
        startDate: input.start_date,
      })
      .returning();
    await auditForCustomer(tx, s, made!.id, 'create', { ...input, pack: pack ? `${pack.productName} ${pack.packName}` : null });
    return made!;
  });
  return (await subscriptionsJson(db, s.websiteId, [row]))[0]!;
}

export async function listMine(db: Db, s: Shopper) {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.websiteId, s.websiteId), eq(subscriptions.userId, s.userId)))
    .orderBy(asc(subscriptions.id));
  return { subscriptions: await subscriptionsJson(db, s.websiteId, rows), cutoff_time: (await settingsOf(db, s.websiteId)).cutoffTime };
}

export async function subscriptionOf(db: Db, s: Shopper, id: number): Promise<SubscriptionJson> {
  return (await subscriptionsJson(db, s.websiteId, [await mine(db, s, id)]))[0]!;
}

/** The next CALENDAR_DAYS days from tomorrow: each scheduled date with its quantity, price and whether it may still change. */
export async function calendarOf(db: Db, s: Shopper, id: number, now = new Date()) {
  const row = await mine(db, s, id);
  const from = addShopDays(shopDayOf(now), 1);
  const to = addShopDays(from, CALENDAR_DAYS - 1);
  const plan = (await plansOf(db, [row], { from, to })).get(row.id)!;
  const [pack] = await packLines(db, s.websiteId, [row.packId]);
  const told = (await priceRows(db, s.websiteId, [row.packId])).get(row.packId);
  const { cutoffTime } = await settingsOf(db, s.websiteId);
  const extras = await db
    .select()
    .from(subscriptionExtras)
    .where(
      and(
        eq(subscriptionExtras.subscriptionId, row.id),
        gte(subscriptionExtras.deliveryDate, from),
        lte(subscriptionExtras.deliveryDate, to),
      ),
    )
    .orderBy(asc(subscriptionExtras.id));
  const extraPacks = new Map((await packLines(db, s.websiteId, [...new Set(extras.map((e) => e.packId))])).map((p) => [p.packId, p]));
  return {
    subscription_id: row.id,
    cutoff_time: cutoffTime,
    days: scheduleIn(plan, from, to).map((d) => ({
      date: d.date,
      quantity: d.quantity,
      price_paise: d.quantity * (told ? priceOn(told, d.date) : (pack?.price ?? 0)),
      note: d.note,
      changeable: changeable(d.date, cutoffTime, now),
      extras:
        d.quantity > 0
          ? extras
              .filter((e) => e.deliveryDate === d.date && extraPacks.has(e.packId))
              .map((e) => ({
                pack_id: e.packId,
                product_name: extraPacks.get(e.packId)!.productName,
                pack_name: extraPacks.get(e.packId)!.packName,
                quantity: e.quantity,
                price_paise: e.quantity * extraPacks.get(e.packId)!.price,
              }))
          : [],
    })),
  };
}

/** Skip a day (quantity 0) or change its quantity; refused past the day's cut-off or on a cancelled subscription. */
export async function changeDay(db: Db, s: Shopper, id: number, day: { date: string; quantity: number }, now = new Date()) {
  await db.transaction(async (tx) => {
    const row = await mine(tx, s, id, true);
    if (row.status === 'cancelled') throw fail('SUBSCRIPTION_CANCELLED');
    await openFor(tx, s.websiteId, day.date, now, id);
    // a skipped day takes its one-off items with it
    if (day.quantity === 0)
      await tx
        .delete(subscriptionExtras)
        .where(and(eq(subscriptionExtras.subscriptionId, id), eq(subscriptionExtras.deliveryDate, day.date)));
    await tx
      .insert(subscriptionDays)
      .values({ subscriptionId: id, websiteId: s.websiteId, date: day.date, quantity: day.quantity })
      .onConflictDoUpdate({ target: [subscriptionDays.subscriptionId, subscriptionDays.date], set: { quantity: day.quantity } });
    await tx
      .update(subscriptions)
      .set({ updatedAt: sql`now()` })
      .where(eq(subscriptions.id, id));
    await auditForCustomer(tx, s, id, day.quantity === 0 ? 'skip_day' : 'change_day', { date: day.date, quantity: day.quantity });
  });
  return calendarOf(db, s, id, now);
}

/** A holiday: no deliveries from `from` to `to` (both included); its first day must still be open. */
export async function pauseRange(db: Db, s: Shopper, id: number, range: { from: string; to: string }, now = new Date()) {
  await db.transaction(async (tx) => {
    const row = await mine(tx, s, id, true);
    if (row.status === 'cancelled') throw fail('SUBSCRIPTION_CANCELLED');
    await openFor(tx, s.websiteId, range.from, now, id);
    // a paused day takes its one-off items with it
    await tx
      .delete(subscriptionExtras)
      .where(
        and(
          eq(subscriptionExtras.subscriptionId, id),
          gte(subscriptionExtras.deliveryDate, range.from),
          lte(subscriptionExtras.deliveryDate, range.to),
        ),
      );
    await tx.insert(subscriptionPauses).values({ subscriptionId: id, websiteId: s.websiteId, fromDate: range.from, toDate: range.to });
    await tx
      .update(subscriptions)
      .set({ updatedAt: sql`now()` })
      .where(eq(subscriptions.id, id));
    await auditForCustomer(tx, s, id, 'pause', { from: range.from, to: range.to });
  });
  return subscriptionOf(db, s, id);
}

/**
 * Resume: deliveries again from the first day still open. A paused subscription becomes active;
 * pauses from that day on are removed, and one running over it ends the day before.
 */
export async function resume(db: Db, s: Shopper, id: number, now = new Date()) {
  await db.transaction(async (tx) => {
    const row = await mine(tx, s, id, true);
    if (row.status === 'cancelled') throw fail('SUBSCRIPTION_CANCELLED');
    const first = firstChangeableDay(now, (await settingsOf(tx, s.websiteId)).cutoffTime);
    const mineOnly = and(eq(subscriptionPauses.subscriptionId, id), eq(subscriptionPauses.websiteId, s.websiteId));
    await tx.delete(subscriptionPauses).where(and(mineOnly, gte(subscriptionPauses.fromDate, first)));
    await tx
      .update(subscriptionPauses)
      .set({ toDate: addShopDays(first, -1) })
      .where(and(mineOnly, gte(subscriptionPauses.toDate, first)));
    await tx
      .update(subscriptions)
      .set({ status: 'active', updatedAt: sql`now()` })
      .where(eq(subscriptions.id, id));
    await auditForCustomer(tx, s, id, 'resume', { status: 'active', from: first }, { status: row.status });
  });
  return subscriptionOf(db, s, id);
}

/** Cancel: no deliveries from the next generation on (one already made stays an order). */
export async function cancel(db: Db, s: Shopper, id: number) {
  await db.transaction(async (tx) => {
    const row = await mine(tx, s, id, true);
    await tx
      .update(subscriptions)
      .set({ status: 'cancelled', updatedAt: sql`now()` })
      .where(eq(subscriptions.id, id));
    await auditForCustomer(tx, s, id, 'cancel', { status: 'cancelled' }, { status: row.status });
  });
  return subscriptionOf(db, s, id);
}

// ---------------------------------------------------------------------------------------------
// What is due on a date (the generation, the owner's demand and low balances)

export interface DueLine {
  subscription: SubscriptionRow;
  quantity: number;
  pricePaise: number;
}

/** Every subscription line due on `date` (quantity > 0), of one website or all, with the pack's price now. */
export async function dueOn(db: DbOrTx, date: string, websiteId?: number): Promise<DueLine[]> {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        websiteId === undefined ? undefined : eq(subscriptions.websiteId, websiteId),
        eq(subscriptions.status, 'active'),
        lte(subscriptions.startDate, date),
      ),
    )
    .orderBy(asc(subscriptions.websiteId), asc(subscriptions.userId), asc(subscriptions.id));
  if (!rows.length) return [];
  const plans = await plansOf(db, rows, { from: date, to: date });
  // the price each subscriber was told of for this date (prices.ts), else the catalogue's
  const prices = new Map<number, number>();
  for (const site of new Set(rows.map((r) => r.websiteId))) {
    const ids = [...new Set(rows.filter((r) => r.websiteId === site).map((r) => r.packId))];
    const told = await priceRows(db, site, ids);
    for (const p of await packLines(db, site, ids)) {
      const row = told.get(p.packId);
      if (p.active) prices.set(p.packId, row ? priceOn(row, date) : p.price);
    }
  }
  const out: DueLine[] = [];
  for (const r of rows) {
    const q = dayOf(plans.get(r.id)!, date)?.quantity ?? 0;
    if (q > 0) out.push({ subscription: r, quantity: q, pricePaise: prices.get(r.packId) ?? 0 });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The owner's calls

export async function demandOn(db: Db, websiteId: number, date: string) {
  const due = await dueOn(db, date, websiteId);
  const byPack = new Map<number, { units: number; subscriptions: number }>();
  for (const l of due) {
    const p = byPack.get(l.subscription.packId) ?? { units: 0, subscriptions: 0 };
    p.units += l.quantity;
    p.subscriptions += 1;
    byPack.set(l.subscription.packId, p);
  }
  const names = new Map((await packLines(db, websiteId, [...byPack.keys()])).map((p) => [p.packId, p]));
  return {
    date,
    packs: [...byPack.entries()]
      .map(([packId, v]) => ({
        pack_id: packId,
        product_name: names.get(packId)?.productName ?? '',
        pack_name: names.get(packId)?.packName ?? '',
        ...v,
      }))
      .sort((a, b) => a.product_name.localeCompare(b.product_name) || a.pack_id - b.pack_id),
  };
}

export async function listForOwner(db: Db, websiteId: number, status?: SubscriptionStatus) {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.websiteId, websiteId), status ? eq(subscriptions.status, status) : undefined))
    .orderBy(asc(subscriptions.id))
    .limit(1000);
  const people = new Map((await usersByIds(db, [...new Set(rows.map((r) => r.userId))])).map((u) => [u.id, u]));
  const json = await subscriptionsJson(db, websiteId, rows);
  return {
    subscriptions: json.map((j, i) => ({
      ...j,
      user_id: rows[i]!.userId,
      customer_name: people.get(rows[i]!.userId)?.name ?? null,
      customer_phone: people.get(rows[i]!.userId)?.phone ?? null,
    })),
  };
}

/** The customers whose wallet does not cover what is due on `date`. */
export async function lowBalancesOn(db: Db, wallet: Pick<Wallet, 'accountOf'>, websiteId: number, date: string) {
  const due = new Map<number, number>();
  for (const l of await dueOn(db, date, websiteId))
    due.set(l.subscription.userId, (due.get(l.subscription.userId) ?? 0) + l.quantity * l.pricePaise);
  const people = new Map((await usersByIds(db, [...due.keys()])).map((u) => [u.id, u]));
  const customers = [];
  for (const [userId, duePaise] of due) {
    const account = await wallet.accountOf(db, websiteId, userId, 'wallet');
    const balance = account?.status === 'open' ? account.balancePaise : 0;
    if (balance < duePaise)
      customers.push({
        user_id: userId,
        name: people.get(userId)?.name ?? null,
        phone: people.get(userId)?.phone ?? null,
        due_paise: duePaise,
        balance_paise: balance,
      });
  }
  return { date, customers };
}
