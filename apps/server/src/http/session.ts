import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { reusable, type Db, type DbOrTx } from '../db/client';
import { sessions, users, websiteMembers } from '../db/schema';
import { membershipOf, userColumns, type UserRow } from './user-columns';

export const SESSION_COOKIE = 'sid';
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

export type SessionRow = typeof sessions.$inferSelect;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export interface SessionOptions {
  secure: boolean;
  /** signs the session tokens this server issues (SESSION_SECRET) */
  secret: string;
  /** called when a session is created under a new id, to set an XSRF token bound to it */
  onNewId?: (reply: FastifyReply, sessionId: string) => void;
}

/**
 * Session tokens are `random.HMAC(random)`: the server can tell a token it issued from one a
 * client made up, so a cookie handed out before any row exists (a pre-session, see
 * `RequestSession.csrfId`) can become the session's id later without accepting invented ids.
 */
function newToken(secret: string): string {
  const random = randomBytes(32).toString('base64url');
  return `${random}.${tokenMac(secret, random)}`;
}

const tokenMac = (secret: string, random: string) => createHmac('sha256', secret).update(`sid!${random}`).digest('base64url');

export function isIssuedToken(secret: string, token: string | undefined): token is string {
  const [random, mac, ...rest] = (token ?? '').split('.');
  if (!random || !mac || rest.length) return false;
  const expected = Buffer.from(tokenMac(secret, random));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function setSessionCookie(reply: FastifyReply, token: string, opts: SessionOptions) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: opts.secure,
    maxAge: SESSION_TTL_MS / 1000,
  });
}

async function readSession(db: DbOrTx, websiteId: number, id: string): Promise<SessionRow | null> {
  const [row] = await liveSession(db, { id, websiteId, now: new Date() });
  return row ?? null;
}

const live = () =>
  and(
    eq(sessions.id, sql.placeholder('id')),
    eq(sessions.websiteId, sql.placeholder('websiteId')),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, sql.placeholder('now')),
  );
const liveSession = reusable('live_session', (db, name) => db.select().from(sessions).where(live()).limit(1).prepare(name));

/**
 * The session's row with its user and their membership of `memberOf` (null when signed out or
 * gone): a request that will ask who is signed in reads both in one statement.
 */
const liveSessionWithUser = reusable('live_session_with_user', (db, name) =>
  db
    .select({ session: sessions, user: userColumns })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .leftJoin(websiteMembers, membershipOf(sessions.userId, sql.placeholder('memberOf')))
    .where(live())
    .limit(1)
    .prepare(name),
);

/** The user read with a session (`liveSessionWithUser`), for the website whose membership was read. */
interface UserAsRead {
  memberOf: number;
  user: UserRow | null;
}

/**
 * Session rows read by recent requests, for a few seconds: a shopper's calls cost no session
 * lookup each (reading never writes). Short on purpose: a session revoked by another process
 * (sign-out, a blocked customer) stops working within `SESSION_CACHE_MS`; in this process every
 * change of a row (creation, sign-in, sign-out, pincode, blocking: `forgetSessionsOf`) drops its
 * entry at once. Keyed by the token's hash and the website; misses (no live row) are kept too, so
 * a made-up cookie costs one lookup per few seconds, and a row created here is never hidden.
 */
export const SESSION_CACHE_MS = 2000;
interface Recent {
  at: number;
  row: Promise<SessionRow | null>;
  /** the row once read (undefined while reading) */
  settled?: SessionRow | null;
}
const recent = new LRUCache<string, Recent>({ max: 50_000 });
const recentKey = (websiteId: number, id: string) => `${websiteId}|${id}`;
// A token's hash, remembered for the cache's time: each request with a session cookie looks its
// row up by the hash, and SHA-256 was 8 % of the CPU of a guest's answer from the front cache.
const hashes = new LRUCache<string, string>({ max: 50_000, ttl: SESSION_CACHE_MS });
function idOfToken(token: string): string {
  let id = hashes.get(token);
  if (id === undefined) hashes.set(token, (id = hashToken(token)));
  return id;
}

/**
 * Sessions this process saw signed in with admin access lately (id → user id), for the health
 * probe: while the database is down no session can be read, yet staff should see why it is down
 * and others not (http/errors.ts). Noted whenever a session is read with its user (at most every
 * `SESSION_CACHE_MS` per session), it lasts an hour after that; sign-out, sign-in and blocking
 * drop it at once here (another process's sign-out is not seen: at worst a signed-out admin
 * reads the database's error message for that hour).
 */
const STAFF_SEEN_MS = 3600_000;
const staffSeen = new LRUCache<string, number>({ max: 10_000, ttl: STAFF_SEEN_MS });

/** Notes that session `id` (the token's hash) is signed in by `userId`, who has admin access. */
function noteStaffSession(id: string, userId: number): void {
  staffSeen.set(id, userId);
}

/** Whether the Cookie header's session was seen signed in with admin access in the last hour (no database read). */
export function seenAsStaff(cookieHeader: string | undefined): boolean {
  const token = cookieHeader ? sessionTokenIn(cookieHeader) : undefined;
  return token !== undefined && staffSeen.has(idOfToken(token));
}

async function findSession(
  db: DbOrTx,
  websiteId: number,
  token: string,
  fresh = false,
  /** when the row is read (not cached), its user is read with it and handed here */
  withUser?: { memberOf: number; take: (read: UserAsRead) => void },
): Promise<SessionRow | null> {
  const id = idOfToken(token);
  const key = recentKey(websiteId, id);
  const hit = fresh ? undefined : recent.get(key);
  const now = Date.now();
  if (hit && now - hit.at < SESSION_CACHE_MS) {
    const row = await hit.row;
    if (stillLive(row, now)) return row;
  }
  const entry: Recent = {
    at: now,
    row: withUser
      ? liveSessionWithUser(db, { id, websiteId, now: new Date(now), memberOf: withUser.memberOf }).then(([both]) => {
          // the user is this request's only: the cache keeps the session row
          const user = both?.user?.id != null ? (both.user as UserRow) : null;
          withUser.take({ memberOf: withUser.memberOf, user });
          if (user && (user.superadmin || user.hasAdminAccess)) noteStaffSession(id, user.id);
          return both?.session ?? null;
        })
      : readSession(db, websiteId, id),
  };
  recent.set(key, entry);
  entry.row.then(
    (row) => (entry.settled = row),
    () => {
      if (recent.peek(key) === entry) recent.delete(key);
    },
  );
  return entry.row;
}

// a row cached alive may have expired since
const stillLive = (row: SessionRow | null, now: number) => !row || row.expiresAt.getTime() > now;

/**
 * The session row of `token` as a recent request read it (null: no live row), without waiting:
 * undefined when no fresh copy is at hand (the caller then reads it with `RequestSession.get`).
 * For the front cache's answers that wait on nothing (front-cache.ts).
 */
export function recentSession(websiteId: number, token: string): SessionRow | null | undefined {
  const hit = recent.get(recentKey(websiteId, idOfToken(token)));
  const now = Date.now();
  if (!hit || hit.settled === undefined || now - hit.at >= SESSION_CACHE_MS || !stillLive(hit.settled, now)) return undefined;
  return hit.settled;
}

const tokenInCookie = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE}=([^;]*)`);
/**
 * The session token in a Cookie header, read as @fastify/cookie reads it (the first `sid`), or
 * undefined when it is absent or written in a form only the cookie parser reads (quoted, escaped).
 */
export function sessionTokenIn(cookieHeader: string): string | undefined {
  const value = tokenInCookie.exec(cookieHeader)?.[1]?.trim();
  return value && !/["%]/.test(value) ? value : undefined;
}

/** Whether a Cookie header carries a session cookie at all (plain or not). */
export const hasSessionCookie = (cookieHeader: string) => tokenInCookie.test(cookieHeader);

/** After a write to one session row outside this class (a test's fixture): its cached copy goes. */
export function forgetSession(websiteId: number, id: string): void {
  recent.delete(recentKey(websiteId, id));
}

/** After a write to sessions outside this class (a customer blocked): their cached rows go. */
export function forgetSessionsOf(websiteId: number, userId: number): void {
  const gone: string[] = [];
  // rows still being read are dropped too: they might hold the old state
  for (const [k, e] of recent.entries())
    if (k.startsWith(`${websiteId}|`) && (e.settled === undefined || e.settled?.userId === userId)) gone.push(k);
  for (const k of gone) recent.delete(k);
  for (const [id, seen] of staffSeen.entries()) if (seen === userId) staffSeen.delete(id);
}

async function insertSession(db: DbOrTx, websiteId: number, secret: string, values: Partial<SessionRow> = {}) {
  const token = newToken(secret);
  const [row] = await db
    .insert(sessions)
    .values({ ...values, id: hashToken(token), websiteId, expiresAt: new Date(Date.now() + SESSION_TTL_MS), revokedAt: null })
    .returning();
  forgetSession(websiteId, row!.id);
  return { token, row: row! };
}

/**
 * Per-request session access. Reading is lazy (catalogue calls without a cookie never touch the
 * sessions table); `ensure` creates the row on the first write, under the pre-session token the
 * visitor already carries when it has one (so two first writes racing end up in one session).
 */
export class RequestSession {
  private loaded: Promise<SessionRow | null> | undefined;
  /** the user read with the row `loaded` holds (dropped whenever it is replaced) */
  private userRead: UserAsRead | undefined;

  constructor(
    private readonly db: Db,
    private readonly req: FastifyRequest,
    private readonly reply: FastifyReply,
    private readonly opts: SessionOptions,
  ) {}

  /**
   * The website the session belongs to: the host's, even in a staff call working on another
   * (managed) website, so the row and its cached copy are always found under the same key.
   */
  private get siteId(): number {
    return (this.req.hostWebsite ?? this.req.website).id;
  }

  /** The visitor's session row, or null when they have none yet. */
  get(): Promise<SessionRow | null> {
    if (!this.loaded) {
      const token = this.req.cookies[SESSION_COOKIE];
      // the user read with it stands only while this row is the request's (not replaced since)
      const take = (read: UserAsRead) => {
        if (this.loaded === loading) this.userRead = read;
      };
      const loading = token
        ? findSession(this.db, this.siteId, token, false, { memberOf: this.req.website.id, take })
        : Promise.resolve(null);
      this.loaded = loading;
    }
    return this.loaded;
  }

  /**
   * The signed-in user and their membership of `websiteId` as read with the session row by this
   * request (`auth.ts` `currentUser` reads them itself when the row came from the cache, or for
   * another website): undefined when not read so, null when the session's user is gone.
   */
  userAsRead(websiteId: number): UserRow | null | undefined {
    return this.userRead?.memberOf === websiteId ? this.userRead.user : undefined;
  }

  /** After a change of the user in this request: `userAsRead` has nothing (they are read again). */
  forgetUserAsRead(): void {
    this.userRead = undefined;
  }

  /** The visitor's session row, created (with its cookie) when missing. */
  async ensure(): Promise<SessionRow> {
    const existing = await this.get();
    if (existing) return existing;
    const token = this.req.cookies[SESSION_COOKIE];
    if (isIssuedToken(this.opts.secret, token)) {
      const [row] = await this.db
        .insert(sessions)
        .values({ id: hashToken(token), websiteId: this.siteId, expiresAt: new Date(Date.now() + SESSION_TTL_MS) })
        .onConflictDoNothing()
        .returning();
      forgetSession(this.siteId, hashToken(token));
      // a conflict is either a concurrent first write of this visitor (use its row) or a dead
      // row (revoked, expired, another website's), which is never brought back
      const adopted = row ?? (await findSession(this.db, this.siteId, token, true));
      // the cookie's lifetime starts again with the row's
      if (row) setSessionCookie(this.reply, token, this.opts);
      if (adopted) {
        this.userRead = undefined;
        this.loaded = Promise.resolve(adopted);
        return adopted;
      }
    }
    const { token: fresh, row } = await insertSession(this.db, this.siteId, this.opts.secret);
    setSessionCookie(this.reply, fresh, this.opts);
    this.opts.onNewId?.(this.reply, row.id);
    this.userRead = undefined;
    this.loaded = Promise.resolve(row);
    return row;
  }

  /**
   * The id an XSRF token is bound to (DESIGN §4): the session's, or before the first write the
   * id the session will have, from the pre-session token in the cookie. `issue` (GET
   * /s/api/cookie) hands out a pre-session token when the visitor has none usable; nothing is
   * written to the database until a call needs a session.
   */
  async csrfId(issue: boolean): Promise<string | null> {
    const session = await this.get();
    if (session) return session.id;
    const token = this.req.cookies[SESSION_COOKIE];
    if (isIssuedToken(this.opts.secret, token)) {
      const id = hashToken(token);
      if (!issue) return id;
      // a token whose row is dead would get a new id at the first write: replace it now
      const [dead] = await this.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.id, id)).limit(1);
      if (!dead) return id;
    }
    if (!issue) return null;
    const fresh = newToken(this.opts.secret);
    setSessionCookie(this.reply, fresh, this.opts);
    return hashToken(fresh);
  }

  /**
   * Sign-in: a new session id carrying the old session's data (pincode, cart owner moves with
   * the caller), the old row revoked, so a fixated id is useless afterwards.
   */
  async rotate(db: DbOrTx, userId: number): Promise<SessionRow> {
    const old = await this.get();
    const { token, row } = await insertSession(db, this.siteId, this.opts.secret, {
      userId,
      pincode: old?.pincode ?? null,
      data: old?.data ?? {},
    });
    if (old) {
      await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, old.id));
      forgetSession(this.siteId, old.id);
      staffSeen.delete(old.id);
    } else {
      // a pre-session token (no row yet) is burnt too, so a fixated one never becomes a session
      const pre = this.req.cookies[SESSION_COOKIE];
      if (isIssuedToken(this.opts.secret, pre)) {
        await db
          .insert(sessions)
          .values({
            id: hashToken(pre),
            websiteId: this.siteId,
            expiresAt: new Date(Date.now() + SESSION_TTL_MS),
            revokedAt: new Date(),
          })
          .onConflictDoNothing();
        forgetSession(this.siteId, hashToken(pre));
      }
    }
    setSessionCookie(this.reply, token, this.opts);
    this.userRead = undefined;
    this.loaded = Promise.resolve(row);
    return row;
  }

  /** Logout: the row is revoked server-side and the cookie cleared. */
  async revoke(): Promise<void> {
    const current = await this.get();
    if (current) {
      await this.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, current.id));
      forgetSession(this.siteId, current.id);
      staffSeen.delete(current.id);
    }
    this.reply.clearCookie(SESSION_COOKIE, { path: '/' });
    this.userRead = undefined;
    this.loaded = Promise.resolve(null);
  }

  /** Replace fields of the current row (pincode, data) and keep the cached copy in step. */
  async update(values: Partial<Pick<SessionRow, 'pincode' | 'data' | 'userId' | 'managedWebsiteId'>>): Promise<SessionRow> {
    const current = await this.ensure();
    const [row] = await this.db.update(sessions).set(values).where(eq(sessions.id, current.id)).returning();
    forgetSession(this.siteId, current.id);
    this.userRead = undefined;
    this.loaded = Promise.resolve(row!);
    return row!;
  }
}
