import { formatINR, toRupees } from '@grocer/shared/money';
import type { Language } from '@grocer/shared/languages';
import { pickLanguage } from '@grocer/shared/languages';
import { messagesIn } from '@grocer/shared/messages/catalogue';
import { dayIn, type Messages as Catalogue } from '@grocer/shared/messages/types';
import type { MessageKind } from '@grocer/shared/message-choices';
import type { GenerationStatus } from '@grocer/shared/subscriptions';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { placeStandingOrder, usersByIds, websiteLanguages, type PackLine, type Wallet, type WebsiteLanguages } from './deps';
import { announcePrices } from './prices';
import { dueOn, settingsOf, type DueLine } from './service';
import { subscriptionExtras, subscriptionGenerations, subscriptions } from './tables';

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
 *
 * A wallet that cannot pay, for a customer with an open khata with room under its limit: the
 * order goes on the khata instead (issue 44 §5: "not delivered on credit unless they have a
 * khata"), its debit through the same guarded ledger posting, so never past the limit whatever runs
 * at once. One-off items added to the delivery (`subscription_extras`) go in the same order at the
 * catalogue's price, and are marked with it so they are ordered once. Subscription lines are
 * charged the price their subscribers were told of (`prices.ts`): the generation first tells of
 * any change not told yet, which then applies from a later delivery.
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
  /** the kind of message and its customer: their channel choices are honoured (issue 46 §7) */
  about?: { kind: MessageKind; userId: number | null };
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
  /** of `orders`, those put on the customer's khata (the wallet was short) */
  on_khata: number;
}

const rupees = (paise: number) => formatINR(toRupees(paise));
/** '30 Nov 2026' (its month named in the customer's language) */
const dayName = (m: Catalogue, date: string) => dayIn(m.language, date, { year: true });

/** Generates `date`'s orders for one website or all. Safe to run again, and in two processes at once. */
export async function generateFor<R>(d: GenerationDeps<R>, date: string, websiteId?: number): Promise<GenerationSummary> {
  const summary: GenerationSummary = { date, orders: 0, held: 0, out_of_stock: 0, slot_full: 0, already: 0, on_khata: 0 };
  // a price change not told yet is told now, and applies from a later delivery (prices.ts)
  const sites =
    websiteId === undefined
      ? (await d.db.selectDistinct({ id: subscriptions.websiteId }).from(subscriptions).where(eq(subscriptions.status, 'active'))).map(
          (r) => r.id,
        )
      : [websiteId];
  for (const site of sites) await announcePrices(d, site);
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
  // one-off items not ordered yet, by subscription
  const extras = new Map<number, Extra[]>();
  for (const e of await d.db
    .select({
      id: subscriptionExtras.id,
      subscriptionId: subscriptionExtras.subscriptionId,
      packId: subscriptionExtras.packId,
      quantity: subscriptionExtras.quantity,
    })
    .from(subscriptionExtras)
    .where(
      and(
        eq(subscriptionExtras.deliveryDate, date),
        isNull(subscriptionExtras.orderId),
        inArray(
          subscriptionExtras.subscriptionId,
          due.map((l) => l.subscription.id),
        ),
      ),
    ))
    extras.set(e.subscriptionId, [...(extras.get(e.subscriptionId) ?? []), e]);
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
      const outcome = await generateGroup(d, date, lines, extras, settings.get(first.websiteId)!, people.get(first.userId) ?? null, m);
      for (const [k, n] of Object.entries(outcome) as Array<[keyof GenerationSummary, number]>) (summary[k] as number) += n;
    }
  };
  await Promise.all(Array.from({ length: Math.min(d.concurrency ?? 1, queue.length) }, worker));
  return summary;
}

type Person = { name: string | null; email: string | null; phone: string | null; language: string | null };
type Extra = { id: number; subscriptionId: number; packId: number; quantity: number };

/** Thrown to roll the order's transaction back when the wallet (or the khata) cannot pay. */
class Held {
  constructor(
    readonly balancePaise: number,
    readonly duePaise: number,
  ) {}
}
/** How a delivery is paid: the wallet, or (the wallet short) the customer's khata. */
type Method = 'wallet' | 'khata';
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
  extras: ReadonlyMap<number, Extra[]>,
  settings: Awaited<ReturnType<typeof settingsOf>>,
  person: Person | null,
  m: Catalogue,
): Promise<Partial<GenerationSummary>> {
  const first = lines[0]!.subscription;
  const { websiteId, userId } = first;
  const queued: R[] = [];
  const tell = async (tx: DbOrTx, subject: string, body: string, whatsapp?: Message['whatsapp']) => {
    // a low balance is a wallet notice (payments); the rest tell of the deliveries (subscriptions)
    const about = { kind: whatsapp?.event === 'low_wallet_balance' ? ('payments' as const) : ('subscriptions' as const), userId };
    const m = person?.phone
      ? { websiteId, channel: 'sms' as const, to: person.phone, body: `${subject}: ${body}`, whatsapp, about }
      : person?.email
        ? { websiteId, channel: 'email' as const, to: person.email, subject, body, about }
        : null;
    if (m) queued.push(await d.messages.queue(tx, m));
  };

  /** One try at the delivery, paid by `method`, in one transaction; Held rolls it all back. */
  const attempt = (method: Method, orderId: string) =>
    d.db.transaction(async (tx): Promise<Partial<GenerationSummary>> => {
      const claimed = await claim(tx, date, lines, 'ordered', orderId);
      const mine = lines.filter((l) => claimed.ids.has(l.subscription.id));
      if (!mine.length) return { already: lines.length };
      const already = lines.length - mine.length;
      const ids = mine.map((l) => l.subscription.id);
      const added = mine.flatMap((l) => extras.get(l.subscription.id) ?? []);
      const placed = await tx
        .transaction(async (sp) => {
          const r = await placeStandingOrder(sp, {
            id: orderId,
            websiteId,
            userId,
            addressId: first.addressId,
            slotId: first.slotId,
            date,
            lines: [
              ...mine.map((l) => ({ packId: l.subscription.packId, quantity: l.quantity, price: l.pricePaise })),
              ...added.map((e) => ({ packId: e.packId, quantity: e.quantity })),
            ],
            paymentMethod: method,
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
      const wallet = await d.wallet.accountOf(tx, websiteId, userId, 'wallet');
      const account = method === 'wallet' ? wallet : await d.wallet.accountOf(tx, websiteId, userId, 'khata');
      const paid = account
        ? await d.wallet.post(tx, {
            websiteId,
            accountId: account.id,
            amountPaise: -total,
            // the keys and reasons the wallet module gives an order's own payments (contract: wallet.md)
            ...(method === 'wallet'
              ? { reason: 'order_payment' as const, key: `order:${orderId}`, note: `Subscription order ${placed.order.ordernumber}` }
              : { reason: 'khata_sale' as const, key: `order_khata:${orderId}`, note: `Subscription order ${placed.order.ordernumber}` }),
            reference: { type: 'order', id: orderId },
            createdBy: 'subscriptions',
          })
        : null;
      if (!paid?.ok) throw new Held(wallet?.status === 'open' ? wallet.balancePaise : 0, total);
      const gone = new Set(placed.outOfStock.map((p) => p.packId));
      // the one-off items taken are this order's: not ordered again
      const taken = added.filter((e) => !gone.has(e.packId)).map((e) => e.id);
      if (taken.length)
        await tx
          .update(subscriptionExtras)
          .set({ orderId, updatedAt: sql`now()` })
          .where(and(inArray(subscriptionExtras.id, taken), isNull(subscriptionExtras.orderId)));
      const short = mine.filter((l) => gone.has(l.subscription.packId));
      if (short.length) {
        await setStatus(
          tx,
          date,
          short.map((l) => l.subscription.id),
          'out_of_stock',
        );
      }
      if (placed.outOfStock.length)
        await tell(
          tx,
          m.subscription.partSubject({ day: dayName(m, date) }),
          m.subscription.partOutOfStock({ items: placed.outOfStock.map((p) => `${p.productName} ${p.packName}`) }),
        );
      if (method === 'khata')
        await tell(
          tx,
          m.subscription.onKhataSubject({ day: dayName(m, date) }),
          m.subscription.onKhata({ amount: rupees(total), balance: rupees(Math.max(0, -paid.balancePaise)) }),
        );
      // the cashback rule: a share of a wallet-paid order back to the wallet, capped (none on credit)
      const back = Math.min(Math.floor((total * settings.cashbackPercent) / 100), settings.cashbackCapPaise);
      if (back > 0 && method === 'wallet' && wallet)
        await d.wallet.post(tx, {
          websiteId,
          accountId: wallet.id,
          amountPaise: back,
          reason: 'cashback',
          reference: { type: 'order', id: orderId },
          note: `Cashback on ${placed.order.ordernumber}`,
          key: `cashback:${orderId}`,
          createdBy: 'subscriptions',
        });
      return { orders: 1, out_of_stock: short.length, already, on_khata: method === 'khata' ? 1 : 0 };
    });

  // The wallet first; a customer whose wallet looks short and whose khata is open goes to the khata
  // at once (the balances read here only choose: each posting is guarded again in its transaction).
  const khata = await d.wallet.accountOf(d.db, websiteId, userId, 'khata');
  const khataOpen = khata?.status === 'open';
  const wallet = await d.wallet.accountOf(d.db, websiteId, userId, 'wallet');
  const expected =
    lines.reduce((sum, l) => sum + l.quantity * l.pricePaise, 0) +
    lines.flatMap((l) => extras.get(l.subscription.id) ?? []).reduce((sum, e) => sum + e.quantity, 0); // at least something for each extra
  const methods: Method[] =
    khataOpen && (wallet?.status !== 'open' || wallet.balancePaise < expected) ? ['khata'] : khataOpen ? ['wallet', 'khata'] : ['wallet'];
  let outcome: Partial<GenerationSummary> | null = null;
  let held: Held | null = null;
  for (const method of methods) {
    queued.length = 0;
    try {
      outcome = await attempt(method, randomUUID());
      break;
    } catch (e) {
      if (!(e instanceof Held)) throw e;
      held = e;
    }
  }
  if (!outcome) {
    const e = held!;
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
