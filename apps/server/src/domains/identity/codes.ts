import { CODE_MAX_ATTEMPTS, CODE_TTL_SECONDS, RESEND_AFTER_SECONDS } from '@grocer/shared/account';
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import { signInCodes } from './tables';
import { AppError, Errors } from '../../http/errors';

export type CodePurpose = (typeof signInCodes.$inferSelect)['purpose'];
export type CodeRow = typeof signInCodes.$inferSelect;

export const codeErrors = {
  invalid: () => new AppError(422, 'INVALID_CODE', 'The code is incorrect or has expired'),
  tooManyAttempts: () => new AppError(429, 'TOO_MANY_ATTEMPTS', 'Too many wrong codes. Please ask for a new code.'),
  cooldown: (seconds: number) => Errors.rateLimited(`Please wait ${seconds} seconds before asking for a new code`, seconds, 'RESEND_COOLDOWN'),
};

/** HMAC of the code under the server secret, bound to the row's identifier. */
const hashCode = (secret: string, identifier: string, code: string) => createHmac('sha256', secret).update(`${identifier}:${code}`).digest('hex');

/**
 * Issues a fresh 6-digit code for `identifier` (older live codes for it die), refusing within
 * 30 s of the last one. Returns the plain code for the message, which is never stored.
 */
export async function issueCode(db: DbOrTx, secret: string, input: { websiteId: number; purpose: CodePurpose; identifier: string; userId?: number | null; payload?: Record<string, string> }) {
  const [last] = await db
    .select({ createdAt: signInCodes.createdAt })
    .from(signInCodes)
    .where(and(eq(signInCodes.websiteId, input.websiteId), eq(signInCodes.identifier, input.identifier)))
    .orderBy(desc(signInCodes.createdAt))
    .limit(1);
  if (last) {
    const wait = RESEND_AFTER_SECONDS - Math.floor((Date.now() - last.createdAt.getTime()) / 1000);
    if (wait > 0) throw codeErrors.cooldown(wait);
  }
  await db
    .update(signInCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(signInCodes.websiteId, input.websiteId), eq(signInCodes.identifier, input.identifier), isNull(signInCodes.consumedAt)));
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.insert(signInCodes).values({
    websiteId: input.websiteId,
    purpose: input.purpose,
    identifier: input.identifier,
    userId: input.userId ?? null,
    codeHash: hashCode(secret, input.identifier, code),
    payload: input.payload ?? {},
    expiresAt: new Date(Date.now() + CODE_TTL_SECONDS * 1000),
  });
  return code;
}

/**
 * Checks `code` against the live code of `identifier` (or of a user's pending change) and
 * consumes it. Wrong codes count against the row's 5 tries; the answer never says how close a
 * guess was. Exactly one of two racing correct submissions wins.
 */
export async function consumeCode(db: DbOrTx, secret: string, where: { websiteId: number; purposes: CodePurpose[]; identifier?: string; userId?: number }, code: string): Promise<CodeRow> {
  const [row] = await db
    .select()
    .from(signInCodes)
    .where(
      and(
        eq(signInCodes.websiteId, where.websiteId),
        inArray(signInCodes.purpose, where.purposes),
        where.identifier !== undefined ? eq(signInCodes.identifier, where.identifier) : undefined,
        where.userId !== undefined ? eq(signInCodes.userId, where.userId) : undefined,
        isNull(signInCodes.consumedAt),
        gt(signInCodes.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(signInCodes.createdAt))
    .limit(1);
  if (!row) throw codeErrors.invalid();
  if (row.attempts >= CODE_MAX_ATTEMPTS) throw codeErrors.tooManyAttempts();
  const expected = Buffer.from(row.codeHash, 'hex');
  const given = Buffer.from(hashCode(secret, row.identifier, code), 'hex');
  if (!timingSafeEqual(expected, given)) {
    const [after] = await db
      .update(signInCodes)
      .set({ attempts: sql`${signInCodes.attempts} + 1` })
      .where(eq(signInCodes.id, row.id))
      .returning({ attempts: signInCodes.attempts });
    if ((after?.attempts ?? CODE_MAX_ATTEMPTS) >= CODE_MAX_ATTEMPTS) throw codeErrors.tooManyAttempts();
    throw codeErrors.invalid();
  }
  const [consumed] = await db
    .update(signInCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(signInCodes.id, row.id), isNull(signInCodes.consumedAt), lt(signInCodes.attempts, CODE_MAX_ATTEMPTS)))
    .returning();
  if (!consumed) throw codeErrors.invalid();
  return consumed;
}
