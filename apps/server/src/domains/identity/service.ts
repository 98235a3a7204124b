import { CODE_TTL_SECONDS, RESEND_AFTER_SECONDS, maskIdentifier, type CodeSent, type Identifier } from '@grocer/shared/account';
import type { Language } from '@grocer/shared/languages';
import { messagesIn } from '@grocer/shared/messages/catalogue';
import { and, count, eq, ilike, inArray, isNull, ne, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { signInCodes, users, websiteMembers } from './tables';
import { hasNoRole } from './member-roles';
import { fail } from '../../http/errors';
import type { WebsiteRef } from '../../http/website';
import type { Outbox } from '../outbox';
import { codeErrors, currentCode, issueCode, liveCodes, tooOld, type CodeRow } from './codes';
import { hitRateLimit, withinLimit } from './rate-limit';

export const accountErrors = {
  notFound: () => fail('ACCOUNT_NOT_FOUND'),
  exists: () => fail('ACCOUNT_EXISTS'),
  taken: () => fail('IDENTIFIER_TAKEN'),
};

/**
 * Sign-in limits (issue 38): a stranger must never stop the owner of an email or mobile signing
 * in, so what refuses (429) is counted per client address, and what is counted per identifier
 * only slows messages down. Per identifier and client: a code every 30 s (for one purpose: a new
 * shopper may sign in by the mobile they just registered), 5 codes and 10 code checks in 15
 * minutes. Per client: 20 code requests (counted whether or not the account exists) and 30 code
 * checks in 15 minutes. Per identifier from all clients: after 20 requests in 15 minutes the
 * requests are still answered and given the code in hand, but a message goes out at most every 5
 * minutes (a new code, which nobody could use unsent, always goes). See `codes.ts` for the codes.
 */
export const LIMITS = {
  sendPerIdentifierAndClient: 5,
  sendPerIdentifier: 20,
  slowSendSeconds: 300,
  sendPerClient: 20,
  verifyPerIdentifierAndClient: 10,
  verifyPerClient: 30,
  windowSeconds: 900,
} as const;

export interface SignInDeps {
  db: Db;
  config: Config;
  outbox: Outbox;
}

export async function findUserById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/** People by id (names and contacts for staff lists). */
export function usersByIds(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: users.id, name: users.name, email: users.email, phone: users.phone, language: users.language })
    .from(users)
    .where(inArray(users.id, ids));
}

/**
 * A person's account language (issue 46 §5) as a subquery, for a statement that writes it with an
 * order (orders/placement.ts, counter.ts, standing.ts): null when they chose none.
 */
export const accountLanguageSql = (userId: SQL | Placeholder | number): SQL =>
  sql`(select ${users.language} from ${users} where ${users.id} = ${userId}::integer)`;

/** A person's account language (null: none chosen). */
export async function accountLanguage(db: DbOrTx, userId: number): Promise<string | null> {
  const [u] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return u?.language ?? null;
}

/** Ids of the people whose name, email or mobile contains `q` (the staff's order search), at most `limit`. */
export async function userIdsMatching(db: DbOrTx, q: string, limit = 500): Promise<number[]> {
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(or(ilike(users.name, like), ilike(users.email, like), ilike(users.phone, like)))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Whether another account already uses this email or mobile. */
export async function identifierTaken(db: Db, userId: number, contact: { email: string | null; phone: string | null }): Promise<boolean> {
  if (contact.email === null && contact.phone === null) return false;
  const clash = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        ne(users.id, userId),
        or(
          contact.email === null ? undefined : eq(users.email, contact.email),
          contact.phone === null ? undefined : eq(users.phone, contact.phone),
        ),
      ),
    )
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

/** Shoppers of a website: members who are neither staff, sales agents nor cashiers. */
export async function countMembers(db: Db, websiteId: number, only?: 'shoppers'): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(websiteMembers)
    .where(and(eq(websiteMembers.websiteId, websiteId), only === 'shoppers' ? hasNoRole() : undefined));
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
  await hitRateLimit(db, `${kind}:ip:${ip}`, kind === 'send' ? LIMITS.sendPerClient : LIMITS.verifyPerClient, LIMITS.windowSeconds);
}

/** Code checks for one identifier from one client address (every check counts, right or wrong). */
export async function verifyLimit(db: Db, identifier: string, ip: string) {
  await hitRateLimit(db, `verify:id:${identifier}:ip:${ip}`, LIMITS.verifyPerIdentifierAndClient, LIMITS.windowSeconds);
}

/**
 * Gives the asking browser one code per identifier in `to` (a registration proves its email and
 * its mobile, a profile change each new one) and sends each to its own identifier, unless that
 * inbox is crowded (`LIMITS`): then the browser holds the code already sent there. The limits and
 * the codes are one transaction: a refused request (cooldown, limit) counts nothing and sends
 * nothing. Without a holder (a profile change, by its signed-in user) every request makes a new
 * code, and the identifier's ceiling refuses as a client limit does.
 */
export async function sendCode(
  deps: SignInDeps,
  website: WebsiteRef,
  client: string,
  input: {
    purpose: 'login' | 'register' | 'change';
    to: [Identifier] | [Identifier, Identifier];
    userId?: number | null;
    payload?: Record<string, string>;
    /** the page's host: an SMS ends with `@host #code`, so the browser can offer the code (WebOTP) */
    host?: string;
    /** the browser asking (login, register): only it may try the codes (`codes.ts`) */
    holder?: string | null;
    /** the request's language (website/language.ts): the shopper may not be signed in yet (issue 46 §5) */
    language?: Language;
  },
): Promise<CodeSent> {
  const secret = deps.config.sessionSecret;
  const codes = await deps.db.transaction(async (tx) => {
    if (input.purpose === 'change' && input.userId) await dropPendingChanges(tx, website.id, input.userId);
    // each code's digits, or null when no message goes out for it
    const issued: Array<string | null> = [];
    for (const id of input.to) {
      await hitRateLimit(tx, `cooldown:${id.value}:ip:${client}:${input.purpose}`, 1, RESEND_AFTER_SECONDS, codeErrors.cooldown);
      await hitRateLimit(tx, `send:id:${id.value}:ip:${client}`, LIMITS.sendPerIdentifierAndClient, LIMITS.windowSeconds);
      const code = {
        websiteId: website.id,
        purpose: input.purpose,
        identifier: id.value,
        userId: input.userId,
        payload: input.payload,
        holder: input.holder,
      };
      if (!input.holder) {
        await hitRateLimit(tx, `send:id:${id.value}`, LIMITS.sendPerIdentifier, LIMITS.windowSeconds);
        issued.push(await issueCode(tx, secret, code));
        continue;
      }
      // Every request for this inbox counts here; its counter row also queues requests for one
      // identifier, so two at once share one code rather than each making their own.
      const crowded = !(await withinLimit(tx, `send:id:${id.value}`, LIMITS.sendPerIdentifier, LIMITS.windowSeconds));
      const send = !crowded || (await withinLimit(tx, `send:slow:${id.value}`, 1, LIMITS.slowSendSeconds));
      const current = await currentCode(tx, code);
      const share = current && !(send && tooOld(current)) ? current : undefined;
      const digits = await issueCode(tx, secret, code, share);
      // a new code always goes out: nobody could use it otherwise
      issued.push(send || !share ? digits : null);
    }
    return issued;
  });
  for (const [i, id] of input.to.entries()) {
    if (codes[i] === null) continue;
    const m = messagesIn(input.language ?? 'en');
    const text = m.code.text({ shop: website.name, code: codes[i]!, minutes: CODE_TTL_SECONDS / 60 });
    await deps.outbox.send(
      id.kind === 'email'
        ? {
            websiteId: website.id,
            channel: 'email',
            to: id.value,
            subject: m.code.subject({ shop: website.name, code: codes[i]! }),
            body: text,
            sensitive: true,
          }
        : { websiteId: website.id, channel: 'sms', to: id.value, body: smsWithOrigin(text, input.host, codes[i]!), sensitive: true },
    );
  }
  const [to, also] = input.to;
  return {
    ...destination(to),
    resend_after: RESEND_AFTER_SECONDS,
    expires_in: CODE_TTL_SECONDS,
    ...(also ? { also: destination(also) } : {}),
  };
}

const destination = (id: Identifier) => ({
  identifier: id.value,
  channel: id.kind === 'email' ? ('email' as const) : ('sms' as const),
  sent_to: maskIdentifier(id),
});

/** A new profile change replaces the one still waiting for its codes. */
async function dropPendingChanges(tx: DbOrTx, websiteId: number, userId: number) {
  await tx
    .update(signInCodes)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(signInCodes.websiteId, websiteId),
        eq(signInCodes.userId, userId),
        eq(signInCodes.purpose, 'change'),
        isNull(signInCodes.consumedAt),
      ),
    );
}

/** A registration's second code: the one sent to its mobile (the first went to its email). */
export async function registrationMobileCode(db: Db, websiteId: number, emailCode: CodeRow): Promise<CodeRow | undefined> {
  const { email, phone } = emailCode.payload;
  const rows = await liveCodes(db, { websiteId, purposes: ['register'], identifier: phone!, holder: emailCode.holder ?? undefined });
  return rows.filter((r) => r.payload.email === email).at(-1);
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

/** The user with this mobile number, if any. */
export async function findUserByPhone(db: DbOrTx, phone: string) {
  const [row] = await db.select().from(users).where(eq(users.phone, phone));
  return row ?? null;
}

/**
 * A customer rung up at the counter by mobile number: the existing user (made a member of the
 * website), or a new one with the name given. A walk-in without a number has no contact at all.
 */
export async function counterCustomer(tx: DbOrTx, websiteId: number, c: { phone: string | null; name: string }) {
  let user = c.phone ? await findUserByPhone(tx, c.phone) : null;
  user ??= (await tx.insert(users).values({ name: c.name, phone: c.phone }).returning())[0]!;
  await tx.insert(websiteMembers).values({ websiteId, userId: user!.id }).onConflictDoNothing();
  return user!;
}

/**
 * The origin-bound one-time code format (WebOTP): a last line `@host #code` lets the browser on
 * that host read the code from the SMS and fill it in. The host without its port.
 */
export function smsWithOrigin(text: string, host: string | undefined, code: string): string {
  const hostname = host?.replace(/:\d+$/, '');
  return hostname && /^[a-z0-9.-]+$/.test(hostname) ? `${text}\n\n@${hostname} #${code}` : text;
}

/** A member of the website by mobile number (10 digits, spaces and +91 ignored) or email (any case): a staff picker. */
export async function findMemberByContact(db: DbOrTx, websiteId: number, contact: string) {
  const text = contact.trim();
  const digits = text.replace(/[\s-]/g, '').replace(/^\+?91(?=\d{10}$)/, '');
  const [row] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .innerJoin(websiteMembers, and(eq(websiteMembers.userId, users.id), eq(websiteMembers.websiteId, websiteId)))
    .where(text.includes('@') ? sql`lower(${users.email}) = lower(${text})` : eq(users.phone, digits))
    .limit(1);
  return row ?? null;
}

/** The storefront language a person chose (issue 46: PUT /s/api/language while signed in). */
export async function setUserLanguage(db: DbOrTx, userId: number, language: Language): Promise<void> {
  await db.update(users).set({ language }).where(eq(users.id, userId));
}
