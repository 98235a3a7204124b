import { CODE_TTL_SECONDS, RESEND_AFTER_SECONDS, maskIdentifier, type CodeSent, type Identifier } from '@grocer/shared/account';
import { and, count, eq, ne, or } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { users, websiteMembers } from './tables';
import { AppError } from '../../http/errors';
import type { WebsiteRef } from '../../http/website';
import type { Outbox } from '../outbox/service';
import { issueCode } from './codes';
import { hitRateLimit, tooManyRequests } from './rate-limit';

export const accountErrors = {
  notFound: () => new AppError(404, 'ACCOUNT_NOT_FOUND', 'No account found for this email or mobile. Please register.'),
  exists: () => new AppError(409, 'ACCOUNT_EXISTS', 'An account with this email or mobile already exists. Please log in.'),
  taken: () => new AppError(409, 'IDENTIFIER_TAKEN', 'This email or mobile is already used by another account'),
};

/** Sending codes: 5 per identifier and 20 per client address in 15 minutes; trying: 30 per address. */
export const LIMITS = { sendPerIdentifier: 5, sendPerClient: 20, verifyPerClient: 30, windowSeconds: 900 } as const;

export interface SignInDeps {
  db: Db;
  config: Config;
  outbox: Outbox;
}

export async function findUserById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/** Whether another account already uses this email or mobile. */
export async function identifierTaken(db: Db, userId: number, contact: { email: string | null; phone: string | null }): Promise<boolean> {
  if (contact.email === null && contact.phone === null) return false;
  const clash = await db
    .select({ id: users.id })
    .from(users)
    .where(and(ne(users.id, userId), or(contact.email === null ? undefined : eq(users.email, contact.email), contact.phone === null ? undefined : eq(users.phone, contact.phone))))
    .limit(1);
  return clash.length > 0;
}

export async function renameUser(db: Db, userId: number, name: string): Promise<void> {
  await db.update(users).set({ name }).where(eq(users.id, userId));
}

/** Saves a confirmed email and mobile; IDENTIFIER_TAKEN when another account took one meanwhile. */
export async function changeContact(db: Db, userId: number, contact: { email: string | null; phone: string | null }): Promise<void> {
  await db
    .update(users)
    .set(contact)
    .where(eq(users.id, userId))
    .catch((e: unknown) => {
      throw isUniqueViolation(e) ? accountErrors.taken() : e;
    });
}

/** Shoppers of a website: members who are neither staff nor sales agents. */
export async function countMembers(db: Db, websiteId: number, only?: 'shoppers'): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(websiteMembers)
    .where(and(eq(websiteMembers.websiteId, websiteId), only === 'shoppers' ? and(eq(websiteMembers.hasAdminAccess, false), eq(websiteMembers.isSalesAgent, false)) : undefined));
  return row?.n ?? 0;
}

export function findUserBy(db: Db, id: Identifier) {
  return db
    .select()
    .from(users)
    .where(id.kind === 'email' ? eq(users.email, id.value) : eq(users.phone, id.value))
    .limit(1)
    .then((r) => r[0] ?? null);
}

export async function clientLimit(db: Db, kind: 'send' | 'verify', ip: string) {
  await hitRateLimit(db, `${kind}:ip:${ip}`, kind === 'send' ? LIMITS.sendPerClient : LIMITS.verifyPerClient, LIMITS.windowSeconds, tooManyRequests);
}

/** Issues a code for `to` (and, for a registration, the same code to the mobile too) and sends it. */
export async function sendCode(
  deps: SignInDeps,
  website: WebsiteRef,
  input: { purpose: 'login' | 'register' | 'change'; to: Identifier; alsoTo?: Identifier; userId?: number | null; payload?: Record<string, string> },
): Promise<CodeSent> {
  await hitRateLimit(deps.db, `send:id:${input.to.value}`, LIMITS.sendPerIdentifier, LIMITS.windowSeconds, tooManyRequests);
  const code = await issueCode(deps.db, deps.config.sessionSecret, { websiteId: website.id, purpose: input.purpose, identifier: input.to.value, userId: input.userId, payload: input.payload });
  const text = `Your ${website.name} code is ${code}. It expires in ${CODE_TTL_SECONDS / 60} minutes. Never share it with anyone.`;
  for (const id of [input.to, ...(input.alsoTo ? [input.alsoTo] : [])]) {
    await deps.outbox.send(
      id.kind === 'email'
        ? { websiteId: website.id, channel: 'email', to: id.value, subject: `${code} is your ${website.name} code`, body: text }
        : { websiteId: website.id, channel: 'sms', to: id.value, body: text },
    );
  }
  return { identifier: input.to.value, channel: input.to.kind === 'email' ? 'email' : 'sms', sent_to: maskIdentifier(input.to), resend_after: RESEND_AFTER_SECONDS, expires_in: CODE_TTL_SECONDS };
}

/** A registration's user, created when its code is confirmed; the website membership with it. */
export async function createUser(db: Db, websiteId: number, p: { name: string; email: string; phone: string }) {
  return db.transaction(async (tx) => {
    const clash = await tx
      .select({ id: users.id })
      .from(users)
      .where(or(eq(users.email, p.email), eq(users.phone, p.phone)))
      .limit(1);
    if (clash.length) throw accountErrors.exists();
    const [user] = await tx
      .insert(users)
      .values({ name: p.name, email: p.email, phone: p.phone })
      .returning()
      .catch((e: unknown) => {
        // two registrations for the same email or mobile confirmed at the same moment
        throw isUniqueViolation(e) ? accountErrors.exists() : e;
      });
    await tx.insert(websiteMembers).values({ websiteId, userId: user!.id }).onConflictDoNothing();
    return user!;
  });
}
