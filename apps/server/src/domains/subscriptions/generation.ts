import { formatINR, toRupees } from '@grocer/shared/money';
import type { Language } from '@grocer/shared/languages';
import { pickLanguage } from '@grocer/shared/languages';
import { messagesIn } from '@grocer/shared/messages/catalogue';
import { dayIn, type Messages as Catalogue } from '@grocer/shared/messages/types';
import type { GenerationStatus } from '@grocer/shared/subscriptions';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { placeStandingOrder, usersByIds, websiteLanguages, type PackLine, type Wallet, type WebsiteLanguages } from './deps';
import { dueOn, settingsOf, type DueLine } from './service';
import { subscriptionGenerations } from './tables';

/**
 * The nightly generation (issue 44 §5): a delivery date's due subscription lines become orders,
 * one per customer, slot and address with all their subscriptions of that date, paid from the
 * wallet. Idempotent per (subscription, date): each order's transaction first claims its lines
 * (`subscription_generations`, unique per subscription and date; a line already `ordered` is not
 * claimed again, and a second process claiming the same line waits for the first's commit and then
 * finds it ordered), then places the order through the orders module (slot, stock, number), then
 * debits the wallet through the wallet module, all in that one transaction. A wallet that cannot
 * pay rolls it all back: the lines are recorded `held` and the customer told once; a line out of
 * stock is left out (`out_of_stock`) and the customer told. A held or out-of-stock line is tried
 * again by the next run (a top-up in between gets the delivery).
 */

/** A message as the outbox takes it. */
export interface Message {
  websiteId: number;
  channel: 'email' | 'sms';
  to: string;
  subject?: string;
  body: string;
  /** the SMS as a WhatsApp template (issue 46 §6): sent on WhatsApp instead when the website has it on */
  whatsapp?: { event: 'low_wallet_balance'; values: Record<string, string>; language?: Language };
}
/** The outbox: a message written in the caller's transaction, delivered once it committed. */
export interface Messages<R> {
  queue(tx: DbOrTx, m: Message): Promise<R>;
  deliver(row: R): Promise<unknown>;
}

export interface GenerationDeps<R> {
  db: Db;
  wallet: Pick<Wallet, 'accountOf' | 'post'>;
  messages: Messages<R>;
  /** orders written at once (default 1; the nightly job uses a few connections of the pool) */
  concurrency?: number;
}

export interface GenerationSummary {
  date: string;
  orders: number;
  held: number;
  out_of_stock: number;
  slot_full: number;
  /** lines another run had already ordered */
  already: number;
}

const rupees = (paise: number) => formatINR(toRupees(paise));
/** '30 Nov 2026' (its month named in the customer's language) */
const dayName = (m: Catalogue, date: string) => dayIn(m.language, date, { year: true });

/** Generates `date`'s orders for one website or all. Safe to run again, and in two processes at once. */
export async function generateFor<R>(d: GenerationDeps<R>, date: string, websiteId?: number): Promise<GenerationSummary> {
  const summary: GenerationSummary = { date, orders: 0, held: 0, out_of_stock: 0, slot_full: 0, already: 0 };
  const due = await dueOn(d.db, date, websiteId);
  if (!due.length) return summary;
  // lines ordered by an earlier run are not tried again (the claim would refuse them anyway)
  const ordered = new Set(
    (
      await d.db
        .select({ id: subscriptionGenerations.subscriptionId })
        .from(subscriptionGenerations)
        .where(
          and(
            eq(subscriptionGenerations.deliveryDate, date),
            eq(subscriptionGenerations.status, 'ordered'),
            inArray(
              subscriptionGenerations.subscriptionId,
              due.map((l) => l.subscription.id),
            ),
          ),
        )
    ).map((r) => r.id),
  );
  const groups = new Map<string, DueLine[]>();
  for (const l of due) {
    if (ordered.has(l.subscription.id)) {
      summary.already++;
      continue;
    }
    const s = l.subscription;
    const key = `${s.websiteId}:${s.userId}:${s.slotId ?? '-'}:${s.addressId}`;
    groups.set(key, [...(groups.get(key) ?? []), l]);
  }
  const people = new Map((await usersByIds(d.db, [...new Set(due.map((l) => l.subscription.userId))])).map((u) => [u.id, u]));
  const settings = new Map<number, Awaited<ReturnType<typeof settingsOf>>>();
  const offered = new Map<number, WebsiteLanguages>();
  for (const site of new Set(due.map((l) => l.subscription.websiteId))) {
    settings.set(site, await settingsOf(d.db, site));
    offered.set(site, await websiteLanguages(d.db, site));
  }
  // a few orders at a time (each its own transaction; they share only the slot, stock and counter rows, taken in one order)
  const queue = [...groups.values()];
  const worker = async () => {
    for (let lines = queue.shift(); lines; lines = queue.shift()) {
      const first = lines[0]!.subscription;
      // the customer's messages in their account's language when the website offers it, else its default
      const site = offered.get(first.websiteId)!;
      const m = messagesIn(pickLanguage([people.get(first.userId)?.language], site.languages, site.defaultLanguage));
      const outcome = await generateGroup(d, date, lines, settings.get(first.websiteId)!, people.get(first.userId) ?? null, m);
      for (const [k, n] of Object.entries(outcome) as Array<[keyof GenerationSummary, number]>) (summary[k] as number) += n;
    }
  };
  await Promise.all(Array.from({ length: Math.min(d.concurrency ?? 1, queue.length) }, worker));
  return summary;
}

type Person = { name: string | null; email: string | null; phone: string | null; language: string | null };

/** Thrown to roll the order's transaction back when the wallet cannot pay. */
class Held {
  constructor(
    readonly balancePaise: number,
    readonly duePaise: number,
  ) {}
}
/** Thrown to roll the order's savepoint back when nothing could be ordered. */
class NotPlaced {
  constructor(
    readonly status: GenerationStatus,
    readonly outOfStock: PackLine[],
  ) {}
}

/** Claims lines for `date`: new rows, or rows not `ordered` yet. Answers the claimed ids and which were new. */
async function claim(tx: Tx, date: string, lines: DueLine[], status: GenerationStatus, orderId: string | null) {
  const rows = await tx
    .insert(subscriptionGenerations)
    .values(
      [...lines]
        .sort((a, b) => a.subscription.id - b.subscription.id)
        .map((l) => ({
          websiteId: l.subscription.websiteId,
          subscriptionId: l.subscription.id,
          deliveryDate: date,
          status,
          orderId,
          quantity: l.quantity,
          amountPaise: l.quantity * l.pricePaise,
        })),
    )
    .onConflictDoUpdate({
      target: [subscriptionGenerations.subscriptionId, subscriptionGenerations.deliveryDate],
      set: {
        status: sql`excluded.status`,
        orderId: sql`excluded.order_id`,
        quantity: sql`excluded.quantity`,
        amountPaise: sql`excluded.amount_paise`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${subscriptionGenerations.status} <> 'ordered'`,
    })
    .returning({ id: subscriptionGenerations.subscriptionId, fresh: sql<boolean>`(xmax = 0)` });
  return { ids: new Set(rows.map((r) => r.id)), fresh: rows.some((r) => r.fresh) };
}

const setStatus = (tx: Tx, date: string, ids: number[], status: GenerationStatus) =>
  tx
    .update(subscriptionGenerations)
    .set({ status, orderId: null, updatedAt: sql`now()` })
    .where(and(eq(subscriptionGenerations.deliveryDate, date), inArray(subscriptionGenerations.subscriptionId, ids)));

async function generateGroup<R>(
  d: GenerationDeps<R>,
  date: string,
  lines: DueLine[],
  settings: Awaited<ReturnType<typeof settingsOf>>,
  person: Person | null,
  m: Catalogue,
): Promise<Partial<GenerationSummary>> {
  const first = lines[0]!.subscription;
  const { websiteId, userId } = first;
  const orderId = randomUUID();
  const queued: R[] = [];
  const tell = async (tx: DbOrTx, subject: string, body: string, whatsapp?: Message['whatsapp']) => {
    const m = person?.phone
      ? { websiteId, channel: 'sms' as const, to: person.phone, body: `${subject}: ${body}`, whatsapp }
      : person?.email
        ? { websiteId, channel: 'email' as const, to: person.email, subject, body }
        : null;
    if (m) queued.push(await d.messages.queue(tx, m));
  };
  let outcome: Partial<GenerationSummary>;
  try {
    outcome = await d.db.transaction(async (tx) => {
      const claimed = await claim(tx, date, lines, 'ordered', orderId);
      const mine = lines.filter((l) => claimed.ids.has(l.subscription.id));
      if (!mine.length) return { already: lines.length };
      const already = lines.length - mine.length;
      const ids = mine.map((l) => l.subscription.id);
      const placed = await tx
        .transaction(async (sp) => {
          const r = await placeStandingOrder(sp, {
            id: orderId,
            websiteId,
            userId,
            addressId: first.addressId,
            slotId: first.slotId,
            date,
            lines: mine.map((l) => ({ packId: l.subscription.packId, quantity: l.quantity })),
            actor: 'subscriptions',
            note: `Subscription delivery for ${date}`,
          });
          if (!r.ok)
            throw new NotPlaced(r.missing === 'slot' ? 'slot_full' : r.missing === 'stock' ? 'out_of_stock' : 'held', r.outOfStock);
          return r;
        })
        .catch((e: unknown) => {
          if (e instanceof NotPlaced) return e;
          throw e;
        });
      if (placed instanceof NotPlaced) {
        await setStatus(tx, date, ids, placed.status);
        if (claimed.fresh)
          await tell(
            tx,
            m.subscription.skippedSubject({ day: dayName(m, date) }),
            placed.status === 'out_of_stock'
              ? m.subscription.skippedOutOfStock({ items: placed.outOfStock.map((p) => `${p.productName} ${p.packName}`) })
              : placed.status === 'slot_full'
                ? m.subscription.skippedSlotFull
                : m.subscription.skippedNoAddress,
          );
        return { [placed.status]: ids.length, already };
      }
      const total = placed.order.total;
      const account = await d.wallet.accountOf(tx, websiteId, userId, 'wallet');
      const paid = account
        ? await d.wallet.post(tx, {
            websiteId,
            accountId: account.id,
            amountPaise: -total,
            reason: 'order_payment',
            reference: { type: 'order', id: orderId },
            note: `Subscription order ${placed.order.ordernumber}`,
            key: `order:${orderId}`,
            createdBy: 'subscriptions',
          })
        : null;
      if (!paid?.ok) throw new Held(account?.balancePaise ?? 0, total);
      const short = mine.filter((l) => placed.outOfStock.some((p) => p.packId === l.subscription.packId));
      if (short.length) {
        await setStatus(
          tx,
          date,
          short.map((l) => l.subscription.id),
          'out_of_stock',
        );
        await tell(
          tx,
          m.subscription.partSubject({ day: dayName(m, date) }),
          m.subscription.partOutOfStock({ items: placed.outOfStock.map((p) => `${p.productName} ${p.packName}`) }),
        );
      }
      // the cashback rule: a share of the order back to the wallet, capped
      const back = Math.min(Math.floor((total * settings.cashbackPercent) / 100), settings.cashbackCapPaise);
      if (back > 0 && account)
        await d.wallet.post(tx, {
          websiteId,
          accountId: account.id,
          amountPaise: back,
          reason: 'cashback',
          reference: { type: 'order', id: orderId },
          note: `Cashback on ${placed.order.ordernumber}`,
          key: `cashback:${orderId}`,
          createdBy: 'subscriptions',
        });
      return { orders: 1, out_of_stock: short.length, already };
    });
  } catch (e) {
    if (!(e instanceof Held)) throw e;
    queued.length = 0;
    outcome = await d.db.transaction(async (tx) => {
      const claimed = await claim(tx, date, lines, 'held', null);
      if (claimed.fresh)
        await tell(
          tx,
          m.subscription.lowBalanceSubject,
          m.subscription.lowBalance({
            balance: rupees(e.balancePaise),
            day: dayName(m, date),
            due: rupees(e.duePaise),
            topUp: rupees(e.duePaise - e.balancePaise),
          }),
          {
            event: 'low_wallet_balance',
            language: m.language,
            values: { balance: rupees(e.balancePaise), due: rupees(e.duePaise), delivery_day: dayName(m, date) },
          },
        );
      return { held: claimed.ids.size, already: lines.length - claimed.ids.size };
    });
  }
  for (const row of queued) await d.messages.deliver(row).catch(() => undefined);
  return outcome;
}
