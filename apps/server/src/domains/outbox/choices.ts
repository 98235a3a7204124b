import {
  DEFAULT_CHOICE,
  MESSAGE_CHANNELS,
  MESSAGE_KINDS,
  ORDERS_NEED_A_CHANNEL,
  reachable,
  type ChannelChoice,
  type MessageChannel,
  type MessageChoice,
  type MessageKind,
} from '@grocer/shared/message-choices';
import { waNumber } from '@grocer/shared/whatsapp';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { Errors } from '../../http/errors';
import { recordAudit } from '../audit';
import { messageChoices, whatsappOptOuts } from './tables';

/**
 * The shopper's message channels (issue 46 §7): what the account page shows and saves, what the
 * outbox consults as it queues a message of a kind for a customer, and WhatsApp STOP/START. The
 * outbox owns them: it is what sends.
 */

export type Choices = Record<MessageKind, ChannelChoice>;

/** Each kind's channels for the account on the website (a kind never changed: every channel). */
export async function choicesOf(db: DbOrTx, websiteId: number, userId: number): Promise<Choices> {
  const rows = await db
    .select()
    .from(messageChoices)
    .where(and(eq(messageChoices.websiteId, websiteId), eq(messageChoices.userId, userId)));
  const out = Object.fromEntries(MESSAGE_KINDS.map((k) => [k, { ...DEFAULT_CHOICE }])) as Choices;
  for (const r of rows) out[r.kind] = { whatsapp: r.whatsapp, sms: r.sms, email: r.email };
  return out;
}

/** One kind's channels for the account (the outbox asks as it queues). */
export async function channelsFor(db: DbOrTx, websiteId: number, userId: number, kind: MessageKind): Promise<ChannelChoice> {
  const [r] = await db
    .select({ whatsapp: messageChoices.whatsapp, sms: messageChoices.sms, email: messageChoices.email })
    .from(messageChoices)
    .where(and(eq(messageChoices.websiteId, websiteId), eq(messageChoices.userId, userId), eq(messageChoices.kind, kind)));
  return r ?? DEFAULT_CHOICE;
}

/** Whether the mobile replied STOP to the website's WhatsApp number (and not START since). */
export async function whatsappStopped(db: DbOrTx, websiteId: number, phone: string): Promise<boolean> {
  const [r] = await db
    .select({ phone: whatsappOptOuts.phone })
    .from(whatsappOptOuts)
    .where(and(eq(whatsappOptOuts.websiteId, websiteId), eq(whatsappOptOuts.phone, waNumber(phone))));
  return !!r;
}

/**
 * Saves the kinds the shopper changed, in one transaction with its audit row. A channel that cannot
 * reach them (`channels`: no WhatsApp on the website, no email on the account) keeps what it was;
 * order updates must keep one of the reachable channels (400, nothing saved). Ticking WhatsApp for
 * any kind lifts a STOP their mobile sent: the account's owner asked for it again.
 */
export async function saveChoices(
  db: Db,
  o: { websiteId: number; userId: number; phone: string | null; channels: readonly MessageChannel[] },
  changes: MessageChoice[],
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await choicesOf(tx, o.websiteId, o.userId);
    const after: Choices = structuredClone(before);
    for (const c of changes) for (const ch of MESSAGE_CHANNELS) if (o.channels.includes(ch)) after[c.kind][ch] = c[ch];
    if (!reachable(after.orders, o.channels)) throw Errors.invalid({ orders: [ORDERS_NEED_A_CHANNEL] });
    const changed = MESSAGE_KINDS.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
    for (const kind of changed) {
      const v = { ...after[kind], updatedAt: new Date() };
      await tx
        .insert(messageChoices)
        .values({ websiteId: o.websiteId, userId: o.userId, kind, ...v })
        .onConflictDoUpdate({ target: [messageChoices.websiteId, messageChoices.userId, messageChoices.kind], set: v });
    }
    const restarted =
      !!o.phone &&
      changes.some((c) => c.whatsapp) &&
      o.channels.includes('whatsapp') &&
      (
        await tx
          .delete(whatsappOptOuts)
          .where(and(eq(whatsappOptOuts.websiteId, o.websiteId), eq(whatsappOptOuts.phone, waNumber(o.phone))))
          .returning()
      ).length > 0;
    if (!changed.length && !restarted) return;
    await recordAudit(
      tx,
      { websiteId: o.websiteId, actorId: o.userId },
      {
        entity: 'message_choices',
        entityId: o.userId,
        action: 'update',
        before: restarted ? { ...before, whatsapp_stopped: true } : before,
        after,
      },
    );
  });
}

/**
 * A WhatsApp STOP (or START) from a mobile, written with the caller's handle (the webhook's
 * transaction, with the message's receipt): the mobile is recorded, so a phone with no account yet
 * is honoured too, and every kind's WhatsApp goes off (on) for the accounts with that mobile. START
 * turns WhatsApp on again for every kind. Audited as the system (the customer's own message).
 */
export async function setWhatsappStopped(
  tx: DbOrTx,
  o: { websiteId: number; phone: string; userIds: number[] },
  stopped: boolean,
): Promise<void> {
  const phone = waNumber(o.phone);
  if (stopped) await tx.insert(whatsappOptOuts).values({ websiteId: o.websiteId, phone }).onConflictDoNothing();
  else await tx.delete(whatsappOptOuts).where(and(eq(whatsappOptOuts.websiteId, o.websiteId), eq(whatsappOptOuts.phone, phone)));
  if (o.userIds.length) {
    if (stopped)
      for (const userId of o.userIds)
        await tx
          .insert(messageChoices)
          .values(MESSAGE_KINDS.map((kind) => ({ websiteId: o.websiteId, userId, kind, whatsapp: false })))
          .onConflictDoUpdate({
            target: [messageChoices.websiteId, messageChoices.userId, messageChoices.kind],
            set: { whatsapp: false, updatedAt: sql`now()` },
          });
    else
      await tx
        .update(messageChoices)
        .set({ whatsapp: true, updatedAt: sql`now()` })
        .where(and(eq(messageChoices.websiteId, o.websiteId), inArray(messageChoices.userId, o.userIds)));
  }
  await recordAudit(
    tx,
    { websiteId: o.websiteId, actorId: null },
    {
      entity: 'whatsapp_opt_out',
      entityId: phone,
      action: stopped ? 'stop' : 'start',
      after: { phone: `…${phone.slice(-4)}`, accounts: o.userIds },
    },
  );
}
