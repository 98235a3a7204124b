import { newOrderPushSchema, type NewOrderPush, type PushStatus, type PushSubscriptionInput } from '@grocer/shared/push';
import { formatINR, toRupees } from '@grocer/shared/money';
import { and, count, eq } from 'drizzle-orm';
import webPush from 'web-push';
import type { Db, DbOrTx } from '../../db/client';
import { checkOutboundUrl, refusalMessage } from '../../http/outbound';
import { Errors } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit';
import { pushKeys, pushSubscriptions } from './tables';

/**
 * Web Push for staff (issue 40.17, RFC 8030/8291/8292 through the `web-push` library): the
 * installation's VAPID keys, made once and kept in `push_keys`; each staff browser's
 * subscription per website. Deliveries go through the outbox (`Outbox.deliver`, channel `push`),
 * so a failed one is kept and retried like an email.
 */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

let cached: VapidKeys | null = null;

/** The installation's VAPID key pair: made on first use; two processes racing keep the first written. */
export async function vapidKeys(db: DbOrTx): Promise<VapidKeys> {
  if (cached) return cached;
  const [row] = await db.select().from(pushKeys).where(eq(pushKeys.id, 1));
  if (row) return (cached = { publicKey: row.publicKey, privateKey: row.privateKey });
  const made = webPush.generateVAPIDKeys();
  await db
    .insert(pushKeys)
    .values({ id: 1, ...made })
    .onConflictDoNothing();
  const [kept] = await db.select().from(pushKeys).where(eq(pushKeys.id, 1));
  return (cached = { publicKey: kept!.publicKey, privateKey: kept!.privateKey });
}

/** Forgets the cached keys (tests that make a new database in the same process). */
export const forgetVapidKeys = () => {
  cached = null;
};

export async function pushStatus(db: Db, websiteId: number, userId: number): Promise<PushStatus> {
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.websiteId, websiteId), eq(pushSubscriptions.userId, userId)));
  return { public_key: (await vapidKeys(db)).publicKey, subscriptions: Number(n) };
}

/**
 * Keeps a browser's subscription for the staff member (the same endpoint again: its keys and
 * owner are replaced). In production the endpoint must be an https address on the public internet
 * (the outgoing-URL guard): a subscription is input, and the server will post to it.
 */
export async function subscribePush(
  db: Db,
  actor: AuditActor & { actorId: number },
  input: PushSubscriptionInput,
  opts: { production: boolean },
): Promise<void> {
  if (opts.production) {
    const refusal = await checkOutboundUrl(input.endpoint);
    if (refusal) throw Errors.invalid({ endpoint: [refusalMessage('The push service', refusal)] });
  }
  await db.transaction(async (tx) => {
    const values = {
      websiteId: actor.websiteId,
      userId: actor.actorId,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
    };
    const [row] = await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({
        target: [pushSubscriptions.websiteId, pushSubscriptions.endpoint],
        set: { userId: values.userId, p256dh: values.p256dh, auth: values.auth },
      })
      .returning();
    await recordAudit(tx, actor, {
      entity: 'push_subscription',
      entityId: row!.id,
      action: 'subscribe',
      after: { endpoint: new URL(input.endpoint).origin },
    });
  });
}

/** Forgets one of the staff member's browsers (another person's endpoint: nothing happens). */
export async function unsubscribePush(db: Db, actor: AuditActor & { actorId: number }, endpoint: string): Promise<void> {
  await db.transaction(async (tx) => {
    const gone = await tx
      .delete(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.websiteId, actor.websiteId),
          eq(pushSubscriptions.userId, actor.actorId),
          eq(pushSubscriptions.endpoint, endpoint),
        ),
      )
      .returning();
    if (gone.length)
      await recordAudit(tx, actor, { entity: 'push_subscription', entityId: gone[0]!.id, action: 'unsubscribe', before: {} });
  });
}

/** The website's subscriptions (id, owner, endpoint), for the outbox to queue a push to each. */
export function subscriptionsOf(db: DbOrTx, websiteId: number) {
  return db
    .select({ userId: pushSubscriptions.userId, endpoint: pushSubscriptions.endpoint })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.websiteId, websiteId));
}

/** What a new order's push says: its number and total, a click opening it in Administration. */
export function newOrderPush(o: { id: string; ordernumber: string; total: number; paymentMethod: string }): NewOrderPush {
  return newOrderPushSchema.parse({
    kind: 'new-order',
    title: `New order ${o.ordernumber}`,
    body: `${formatINR(toRupees(o.total))} · ${o.paymentMethod === 'cod' ? 'cash on delivery' : 'paid online'}`,
    url: `/bos/admin/orders/${o.id}`,
    tag: `order-${o.id}`,
  });
}

/** A push service's answer that means the subscription is over (RFC 8030 §7.3: 404, 410). */
export class PushGoneError extends Error {}

/**
 * Sends one push: the payload encrypted to the browser's keys (aes128gcm), a VAPID JWT signed with
 * the installation's key, a TTL (the push service drops it after an hour: a stale new-order alert
 * is worth nothing). `send` makes the HTTP request (the outgoing-URL guard's agent in production).
 */
export async function sendPush(
  db: DbOrTx,
  websiteId: number,
  endpoint: string,
  payload: string,
  opts: {
    subject: string;
    send: (url: string, init: { method: string; headers: Record<string, string>; body: Buffer | null }) => Promise<Response>;
  },
): Promise<void> {
  const [sub] = await db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.websiteId, websiteId), eq(pushSubscriptions.endpoint, endpoint)));
  if (!sub) throw new PushGoneError('the browser unsubscribed');
  const keys = await vapidKeys(db);
  const req = webPush.generateRequestDetails({ endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, payload, {
    vapidDetails: { subject: opts.subject, ...keys },
    TTL: 3600,
    urgency: 'high',
    contentEncoding: 'aes128gcm',
  });
  const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
  const res = await opts.send(req.endpoint, { method: req.method, headers, body: req.body ?? null });
  if (res.status === 404 || res.status === 410) {
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
    throw new PushGoneError(`the push service answered ${res.status}: subscription removed`);
  }
  if (!res.ok) throw new Error(`the push service answered ${res.status}`);
}
