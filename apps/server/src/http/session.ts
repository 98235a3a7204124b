import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash, randomBytes } from 'node:crypto';
import type { Db, DbOrTx } from '../db/client';
import { sessions } from '../db/schema';

export const SESSION_COOKIE = 'sid';
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

export type SessionRow = typeof sessions.$inferSelect;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export interface SessionOptions {
  secure: boolean;
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

async function findSession(db: DbOrTx, websiteId: number, token: string): Promise<SessionRow | null> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, hashToken(token)), eq(sessions.websiteId, websiteId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row ?? null;
}

async function insertSession(db: DbOrTx, websiteId: number, values: Partial<SessionRow> = {}) {
  const token = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(sessions)
    .values({ ...values, id: hashToken(token), websiteId, expiresAt: new Date(Date.now() + SESSION_TTL_MS), revokedAt: null })
    .returning();
  return { token, row: row! };
}

/**
 * Per-request session access. Reading is lazy (catalogue calls without a cookie never touch the
 * sessions table); `ensure` creates the row and sets the cookie on first need.
 */
export class RequestSession {
  private loaded: Promise<SessionRow | null> | undefined;

  constructor(
    private readonly db: Db,
    private readonly req: FastifyRequest,
    private readonly reply: FastifyReply,
    private readonly opts: SessionOptions,
  ) {}

  /** The visitor's session row, or null when they have none yet. */
  get(): Promise<SessionRow | null> {
    if (!this.loaded) {
      const token = this.req.cookies[SESSION_COOKIE];
      this.loaded = token ? findSession(this.db, this.req.website.id, token) : Promise.resolve(null);
    }
    return this.loaded;
  }

  /** The visitor's session row, created (with its cookie) when missing. */
  async ensure(): Promise<SessionRow> {
    const existing = await this.get();
    if (existing) return existing;
    const { token, row } = await insertSession(this.db, this.req.website.id);
    setSessionCookie(this.reply, token, this.opts);
    this.loaded = Promise.resolve(row);
    return row;
  }

  /**
   * Sign-in: a new session id carrying the old session's data (pincode, cart owner moves with
   * the caller), the old row revoked, so a fixated id is useless afterwards.
   */
  async rotate(db: DbOrTx, userId: number): Promise<SessionRow> {
    const old = await this.get();
    const { token, row } = await insertSession(db, this.req.website.id, { userId, pincode: old?.pincode ?? null, data: old?.data ?? {} });
    if (old) await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, old.id));
    setSessionCookie(this.reply, token, this.opts);
    this.loaded = Promise.resolve(row);
    return row;
  }

  /** Logout: the row is revoked server-side and the cookie cleared. */
  async revoke(): Promise<void> {
    const current = await this.get();
    if (current) await this.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, current.id));
    this.reply.clearCookie(SESSION_COOKIE, { path: '/' });
    this.loaded = Promise.resolve(null);
  }

  /** Replace fields of the current row (pincode, data) and keep the cached copy in step. */
  async update(values: Partial<Pick<SessionRow, 'pincode' | 'data' | 'userId'>>): Promise<SessionRow> {
    const current = await this.ensure();
    const [row] = await this.db.update(sessions).set(values).where(eq(sessions.id, current.id)).returning();
    this.loaded = Promise.resolve(row!);
    return row!;
  }
}
