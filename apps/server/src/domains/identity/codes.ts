import { CODE_MAX_ATTEMPTS, CODE_TTL_SECONDS } from '@grocer/shared/account';
import { errorMessage } from '@grocer/shared/errors';
import { and, asc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import { signInCodes } from './tables';
import { Errors, fail } from '../../http/errors';

export type CodePurpose = (typeof signInCodes.$inferSelect)['purpose'];
export type CodeRow = typeof signInCodes.$inferSelect;

const INVALID_MESSAGE = errorMessage('INVALID_CODE');

export const codeErrors = {
  invalid: (errors?: Record<string, string[]>) => (errors ? fail('INVALID_CODE').withErrors(errors) : fail('INVALID_CODE')),
  tooManyAttempts: () => fail('TOO_MANY_ATTEMPTS'),
  cooldown: (seconds: number) => Errors.rateLimited(errorMessage('RESEND_COOLDOWN', { seconds }), seconds, 'RESEND_COOLDOWN'),
};

/** HMAC of the code under the server secret, bound to the row's identifier. */
const hashCode = (secret: string, identifier: string, code: string) =>
  createHmac('sha256', secret).update(`${identifier}:${code}`).digest('hex');

/**
 * Issues a fresh 6-digit code for `identifier`; older live codes for it from the same user (or
 * registration) die, another account's pending change to it does not. Returns the plain code for the message, which is
 * never stored. The resend cooldown and send limits are the caller's (`sendCode`).
 */
export async function issueCode(
  db: DbOrTx,
  secret: string,
  input: { websiteId: number; purpose: CodePurpose; identifier: string; userId?: number | null; payload?: Record<string, string> },
) {
  await db
    .update(signInCodes)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(signInCodes.websiteId, input.websiteId),
        eq(signInCodes.identifier, input.identifier),
        input.userId ? eq(signInCodes.userId, input.userId) : isNull(signInCodes.userId),
        isNull(signInCodes.consumedAt),
      ),
    );
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

export interface CodeWhere {
  websiteId: number;
  purposes: CodePurpose[];
  identifier?: string;
  userId?: number;
}

/** The live (unused, unexpired) codes matching `where`, oldest first. */
export function liveCodes(db: DbOrTx, where: CodeWhere): Promise<CodeRow[]> {
  return db
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
    .orderBy(asc(signInCodes.createdAt), asc(signInCodes.id));
}

/**
 * Checks each `code` against its row, then consumes them all at once: a registration or a
 * profile change that proves two identifiers needs both codes right. Wrong codes count against
 * their row's 5 tries; the answer never says how close a guess was (with `field`, it says which
 * code was wrong). Exactly one of two racing correct submissions wins.
 */
export async function confirmCodes(
  db: DbOrTx,
  secret: string,
  entries: Array<{ row: CodeRow | undefined; code: string; field?: string }>,
): Promise<CodeRow[]> {
  for (const { row, code, field } of entries) {
    const errors = field ? { [field]: [INVALID_MESSAGE] } : undefined;
    if (!row) throw codeErrors.invalid(errors);
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
      throw codeErrors.invalid(errors);
    }
  }
  return db.transaction(async (tx) => {
    const consumed: CodeRow[] = [];
    for (const { row } of entries) {
      const [done] = await tx
        .update(signInCodes)
        .set({ consumedAt: new Date() })
        .where(and(eq(signInCodes.id, row!.id), isNull(signInCodes.consumedAt), lt(signInCodes.attempts, CODE_MAX_ATTEMPTS)))
        .returning();
      if (!done) throw codeErrors.invalid();
      consumed.push(done);
    }
    return consumed;
  });
}
