import { CODE_LOCK_MINUTES, CODE_TRIES } from '@grocer/shared/delivery-trips';
import { and, eq, sql } from 'drizzle-orm';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import { fail } from '../../http/errors';
import { deliveryCodes } from './tables';

/**
 * The shopper's delivery code (issue 45 §3): 4 digits from a random nonce and the server secret,
 * like sign-in codes, so the order page can show it again while the database holds only the nonce
 * and an HMAC of the code bound to the order. 10,000 codes are few: the guard is the lock after
 * CODE_TRIES wrong ones (CODE_LOCK_MINUTES), counted in its own statement so a refused try sticks.
 */
const digitsOf = (secret: string, nonce: string) =>
  String(createHmac('sha256', secret).update(`delivery-code:${nonce}`).digest().readUIntBE(0, 6) % 10_000).padStart(4, '0');
const hashOf = (secret: string, orderId: string, code: string) => createHmac('sha256', secret).update(`${orderId}:${code}`).digest('hex');

/** A new code for the order (a reattempt gets a new one), in the caller's transaction; answers the digits. */
export async function issueCode(tx: DbOrTx, secret: string, websiteId: number, orderId: string): Promise<string> {
  const nonce = randomBytes(16).toString('hex');
  const code = digitsOf(secret, nonce);
  const values = {
    nonce,
    codeHash: hashOf(secret, orderId, code),
    wrongTries: 0,
    lockedUntil: null,
    verifiedAt: null,
    overriddenBy: null,
    overrideReason: null,
  };
  await tx
    .insert(deliveryCodes)
    .values({ orderId, websiteId, ...values })
    .onConflictDoUpdate({ target: deliveryCodes.orderId, set: { ...values, createdAt: new Date() } });
  return code;
}

export type CodeRow = typeof deliveryCodes.$inferSelect;

export async function codeRowOf(db: DbOrTx, websiteId: number, orderId: string): Promise<CodeRow | null> {
  const [row] = await db
    .select()
    .from(deliveryCodes)
    .where(and(eq(deliveryCodes.websiteId, websiteId), eq(deliveryCodes.orderId, orderId)));
  return row ?? null;
}

/** The code the shopper is shown (null once used, overridden, or never made). */
export async function shownCode(db: DbOrTx, secret: string, websiteId: number, orderId: string): Promise<string | null> {
  const row = await codeRowOf(db, websiteId, orderId);
  return row && !row.verifiedAt && !row.overriddenBy ? digitsOf(secret, row.nonce) : null;
}

/**
 * Checks a code the rider typed. A wrong one counts (committed at once, not in the delivery's
 * transaction, which it fails) and the CODE_TRIES-th locks the code; a locked code refuses even
 * the right digits until the lock ends.
 */
export async function checkCode(db: DbOrTx, secret: string, row: CodeRow, code: string): Promise<void> {
  const now = new Date();
  const minutesLeft = (until: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  if (row.lockedUntil && row.lockedUntil > now) throw fail('DELIVERY_CODE_LOCKED', { minutes: minutesLeft(row.lockedUntil) });
  const given = Buffer.from(hashOf(secret, row.orderId, code), 'hex');
  if (timingSafeEqual(given, Buffer.from(row.codeHash, 'hex'))) return;
  const [after] = await db
    .update(deliveryCodes)
    .set({
      wrongTries: sql`case when ${deliveryCodes.wrongTries} + 1 >= ${CODE_TRIES} then 0 else ${deliveryCodes.wrongTries} + 1 end`,
      lockedUntil: sql`case when ${deliveryCodes.wrongTries} + 1 >= ${CODE_TRIES} then now() + make_interval(mins => ${CODE_LOCK_MINUTES}) else ${deliveryCodes.lockedUntil} end`,
    })
    .where(eq(deliveryCodes.orderId, row.orderId))
    .returning();
  if (after?.lockedUntil && after.lockedUntil > now) throw fail('DELIVERY_CODE_LOCKED', { minutes: CODE_LOCK_MINUTES });
  throw fail('DELIVERY_CODE_WRONG', { left: CODE_TRIES - (after?.wrongTries ?? 0) });
}

/** The code used (in the delivery's transaction), so the order page stops showing it. */
export async function markCodeUsed(tx: DbOrTx, orderId: string): Promise<void> {
  await tx.update(deliveryCodes).set({ verifiedAt: new Date() }).where(eq(deliveryCodes.orderId, orderId));
}

/** The owner stands in for the code (the shopper lost the message), with a reason. Null: no code for the order. */
export async function overrideCode(tx: DbOrTx, websiteId: number, orderId: string, by: string, reason: string): Promise<CodeRow | null> {
  const [row] = await tx
    .update(deliveryCodes)
    .set({ overriddenBy: by, overrideReason: reason })
    .where(and(eq(deliveryCodes.websiteId, websiteId), eq(deliveryCodes.orderId, orderId)))
    .returning();
  return row ?? null;
}
