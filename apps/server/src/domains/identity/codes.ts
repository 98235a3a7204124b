import { CODE_MAX_ATTEMPTS, CODE_TTL_SECONDS } from '@grocer/shared/account';
import { errorMessage } from '@grocer/shared/errors';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
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
 * A code's six digits, from its random `nonce` and the server secret (48 bits of an HMAC, so the
 * digits are uniform to one part in 10^8). Kept this way rather than stored, so the same code can
 * be sent again; the database alone tells nothing, and with the secret the HMAC in `codeHash`
 * would give the code away in a million tries anyway.
 */
const digitsOf = (secret: string, nonce: string) =>
  String(createHmac('sha256', secret).update(`sign-in-code:${nonce}`).digest().readUIntBE(0, 6) % 1_000_000).padStart(6, '0');

/**
 * How long one code may keep being handed out again after it was made: later, a request that
 * can be answered with a message makes a new code (one that cannot keeps the old one going).
 */
export const CODE_MAX_AGE_SECONDS = 1800;

export interface IssueInput {
  websiteId: number;
  purpose: CodePurpose;
  identifier: string;
  userId?: number | null;
  payload?: Record<string, string>;
  /** the browser asking (login, register): only it may try the code it is given */
  holder?: string | null;
}

/**
 * The code being handed out for this identifier and purpose (and account), to any browser that
 * asks: the newest held one still alive, if any.
 */
export async function currentCode(db: DbOrTx, input: IssueInput): Promise<CodeRow | undefined> {
  const [row] = await db
    .select()
    .from(signInCodes)
    .where(
      and(
        eq(signInCodes.websiteId, input.websiteId),
        eq(signInCodes.identifier, input.identifier),
        eq(signInCodes.purpose, input.purpose),
        input.userId ? eq(signInCodes.userId, input.userId) : isNull(signInCodes.userId),
        isNotNull(signInCodes.nonce),
        isNotNull(signInCodes.holder),
        isNull(signInCodes.consumedAt),
        gt(signInCodes.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(signInCodes.createdAt), desc(signInCodes.id))
    .limit(1);
  return row;
}

/** Whether `row`'s code was made too long ago to be handed out again (`CODE_MAX_AGE_SECONDS`). */
export const tooOld = (row: CodeRow) => Date.now() - row.createdAt.getTime() >= CODE_MAX_AGE_SECONDS * 1000;

/**
 * Gives the asking browser a code for `identifier` and returns its digits for the message (they
 * are never stored). With `share`, the code another browser was given (`currentCode`): this
 * browser gets its own hold on it with 5 fresh tries, and the code lives 10 minutes from now for
 * every holder; else a new code. A browser holds one code per identifier: asking again drops its
 * hold on any other. Nothing here kills another browser's hold, so a stranger asking for someone's
 * code never takes the code the owner is typing. Without a holder (a profile change, already
 * bound to its signed-in user), a new code kills that user's older one, as before.
 */
export async function issueCode(db: DbOrTx, secret: string, input: IssueInput, share?: CodeRow): Promise<string> {
  const holder = input.holder ?? null;
  const nonce = share?.nonce ?? randomBytes(16).toString('hex');
  const code = digitsOf(secret, nonce);
  const expiresAt = new Date(Date.now() + CODE_TTL_SECONDS * 1000);
  const live = and(
    eq(signInCodes.websiteId, input.websiteId),
    eq(signInCodes.identifier, input.identifier),
    isNull(signInCodes.consumedAt),
  );
  await db
    .update(signInCodes)
    .set({ consumedAt: new Date() })
    .where(
      holder
        ? and(live, eq(signInCodes.holder, holder), inArray(signInCodes.purpose, ['login', 'register']), ne(signInCodes.nonce, nonce))
        : and(live, isNull(signInCodes.holder), input.userId ? eq(signInCodes.userId, input.userId) : isNull(signInCodes.userId)),
    );
  const row = {
    websiteId: input.websiteId,
    purpose: input.purpose,
    identifier: input.identifier,
    userId: input.userId ?? null,
    codeHash: hashCode(secret, input.identifier, code),
    nonce,
    holder,
    payload: input.payload ?? {},
    expiresAt,
  };
  if (!share) {
    await db.insert(signInCodes).values(row);
    return code;
  }
  await db
    .update(signInCodes)
    .set({ expiresAt })
    .where(and(live, eq(signInCodes.nonce, nonce)));
  const [mine] = await db
    .update(signInCodes)
    .set({ attempts: 0, payload: row.payload })
    .where(and(live, eq(signInCodes.nonce, nonce), eq(signInCodes.holder, holder!)))
    .returning({ id: signInCodes.id });
  // the rows of one code carry the time it was made (its age, and the order of codes)
  if (!mine) await db.insert(signInCodes).values({ ...row, createdAt: share.createdAt });
  return code;
}

export interface CodeWhere {
  websiteId: number;
  purposes: CodePurpose[];
  identifier?: string;
  userId?: number;
  /** only the codes this browser holds */
  holder?: string;
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
        where.holder !== undefined ? eq(signInCodes.holder, where.holder) : undefined,
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
      // A code is used once, whoever holds it: every row of it goes in one statement, so of two
      // holders confirming at once the second finds them gone (and this one's rollback keeps them).
      const done = await tx
        .update(signInCodes)
        .set({ consumedAt: new Date() })
        .where(
          and(
            eq(signInCodes.websiteId, row!.websiteId),
            eq(signInCodes.identifier, row!.identifier),
            isNull(signInCodes.consumedAt),
            row!.nonce ? eq(signInCodes.nonce, row!.nonce) : eq(signInCodes.id, row!.id),
          ),
        )
        .returning();
      const mine = done.find((d) => d.id === row!.id);
      if (!mine || mine.attempts >= CODE_MAX_ATTEMPTS) throw codeErrors.invalid();
      consumed.push(mine);
    }
    return consumed;
  });
}
