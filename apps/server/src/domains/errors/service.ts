import type { ErrorGroup, ErrorGroupDetail } from '@grocer/shared/analytics';
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Db, DbOrTx } from '../../db/client';
import { Errors } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit';
import { errorGroups } from './tables';

/** What the inbox keeps of one occurrence (browser event or server error). */
export interface Occurrence {
  source: 'browser' | 'server';
  title: string;
  culprit: string;
  level: string;
  fingerprint: string;
  release: string | null;
  environment: string | null;
  requestId: string | null;
  url: string | null;
  userId: string | null;
  latest: Record<string, unknown>;
}

const s = (v: unknown, max = 500) => (typeof v === 'string' && v ? v.slice(0, max) : typeof v === 'number' ? String(v) : null);
const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : Array.isArray(obj(v).values) ? (obj(v).values as unknown[]) : []);
const hash = (parts: string[]) => createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 32);

/**
 * A Sentry event as the inbox keeps it: the first exception (type, value, top in-app frame), the
 * fingerprint (the event's own, else type + value + top frame), the request id tag, the last
 * breadcrumbs (category, message, url, status), and of the user only the id.
 */
export function occurrenceFromSentryEvent(event: Record<string, unknown>): Occurrence {
  const exception = obj(arr(event.exception)[0]);
  const frames = arr(obj(exception.stacktrace).frames).map(obj);
  const top = [...frames].reverse().find((f) => f.in_app !== false) ?? frames[frames.length - 1] ?? {};
  const type = s(exception.type) ?? '';
  const value = s(exception.value) ?? s(obj(event.logentry).message) ?? s(event.message) ?? 'Error';
  const title = (type ? `${type}: ${value}` : value).slice(0, 300);
  const culprit = s(event.transaction) ?? [s(top.filename), s(top.function)].filter(Boolean).join(' in ');
  const own = Array.isArray(event.fingerprint) ? (event.fingerprint as unknown[]).map(String).filter((f) => f !== '{{ default }}') : [];
  const tags = obj(event.tags);
  const breadcrumbs = arr(event.breadcrumbs)
    .slice(-30)
    .map(obj)
    .map((b) => {
      const data = obj(b.data);
      return {
        timestamp: b.timestamp,
        category: s(b.category, 100),
        level: s(b.level, 20),
        message: s(b.message),
        url: s(data.url),
        status_code: data.status_code ?? null,
        method: s(data.method, 10),
      };
    });
  return {
    source: 'browser',
    title,
    culprit: culprit.slice(0, 300),
    level: s(event.level, 20) ?? 'error',
    fingerprint: hash(own.length ? own : [type, value.replace(/\d+/g, '0'), s(top.filename) ?? '', s(top.function) ?? '']),
    release: s(event.release, 100),
    environment: s(event.environment, 100),
    requestId: s(tags.request_id, 100),
    url: s(obj(event.request).url),
    userId: s(obj(event.user).id, 100),
    latest: {
      event_id: s(event.event_id, 64),
      timestamp: event.timestamp ?? null,
      tags,
      frames: frames
        .slice(-20)
        .map((f) => ({ filename: s(f.filename), function: s(f.function, 200), lineno: f.lineno ?? null, colno: f.colno ?? null })),
      breadcrumbs,
    },
  };
}

/** The server's own unhandled error, with its request id. */
export function occurrenceFromServerError(
  error: Error,
  ctx: { requestId: string; url: string; userId: number | null; environment: string; release?: string | null },
): Occurrence {
  const frames = (error.stack ?? '')
    .split('\n')
    .slice(1, 21)
    .map((l) => l.trim());
  const title = `${error.name}: ${error.message}`.slice(0, 300);
  return {
    source: 'server',
    title,
    culprit: (frames[0] ?? '').replace(/^at /, '').slice(0, 300),
    level: 'error',
    fingerprint: hash(['server', error.name, error.message.replace(/\d+/g, '0'), frames[0] ?? '']),
    release: ctx.release ?? null,
    environment: ctx.environment,
    requestId: ctx.requestId,
    url: ctx.url.split('?')[0]!,
    userId: ctx.userId === null ? null : String(ctx.userId),
    latest: { stack: frames },
  };
}

/** One occurrence into its group (`recordOccurrences` of one). */
export async function recordOccurrence(db: DbOrTx, websiteId: number, o: Occurrence): Promise<void> {
  await recordOccurrences(db, websiteId, [o]);
}

/**
 * Occurrences of one website into their groups in one statement: a new group, or count + n,
 * last seen now, the latest occurrence's details; a resolved group reopens. Occurrences of one
 * fingerprint are folded first (an upsert may touch a row only once per statement), the last one
 * kept as the latest.
 */
export async function recordOccurrences(db: DbOrTx, websiteId: number, occurrences: Occurrence[]): Promise<void> {
  const folded = new Map<string, { o: Occurrence; count: number }>();
  for (const o of occurrences) folded.set(o.fingerprint, { o, count: (folded.get(o.fingerprint)?.count ?? 0) + 1 });
  if (!folded.size) return;
  const latest = (column: string) => sql.raw(`excluded.${column}`);
  await db
    .insert(errorGroups)
    .values([...folded.values()].map(({ o, count }) => ({ websiteId, ...o, count })))
    .onConflictDoUpdate({
      target: [errorGroups.websiteId, errorGroups.fingerprint],
      set: {
        count: sql`${errorGroups.count} + excluded.count`,
        lastSeen: sql`now()`,
        title: latest('title'),
        culprit: latest('culprit'),
        level: latest('level'),
        release: latest('release'),
        environment: latest('environment'),
        requestId: latest('request_id'),
        url: latest('url'),
        userId: latest('user_id'),
        latest: latest('latest'),
        resolvedAt: null,
      },
    });
}

type Row = typeof errorGroups.$inferSelect;
const toApi = (r: Row): ErrorGroup => ({
  id: r.id,
  source: r.source,
  title: r.title,
  culprit: r.culprit,
  level: r.level,
  count: r.count,
  first_seen: r.firstSeen.toISOString(),
  last_seen: r.lastSeen.toISOString(),
  release: r.release,
  environment: r.environment,
  request_id: r.requestId,
  url: r.url,
  user_id: r.userId,
  resolved: r.resolvedAt !== null,
});

export async function listErrorGroups(db: DbOrTx, websiteId: number, status: 'open' | 'resolved'): Promise<ErrorGroup[]> {
  const rows = await db
    .select()
    .from(errorGroups)
    .where(
      and(eq(errorGroups.websiteId, websiteId), status === 'open' ? isNull(errorGroups.resolvedAt) : isNotNull(errorGroups.resolvedAt)),
    )
    .orderBy(desc(errorGroups.lastSeen))
    .limit(200);
  return rows.map(toApi);
}

async function row(db: DbOrTx, websiteId: number, id: number): Promise<Row> {
  const [r] = await db
    .select()
    .from(errorGroups)
    .where(and(eq(errorGroups.websiteId, websiteId), eq(errorGroups.id, id)));
  if (!r) throw Errors.notFound('Error not found');
  return r;
}

export async function getErrorGroup(db: DbOrTx, websiteId: number, id: number): Promise<ErrorGroupDetail> {
  const r = await row(db, websiteId, id);
  return { ...toApi(r), latest: r.latest };
}

export async function resolveErrorGroup(db: Db, actor: AuditActor, id: number, resolved: boolean): Promise<ErrorGroupDetail> {
  return db.transaction(async (tx) => {
    const before = await row(tx, actor.websiteId, id);
    const [after] = await tx
      .update(errorGroups)
      .set({ resolvedAt: resolved ? new Date() : null })
      .where(and(eq(errorGroups.websiteId, actor.websiteId), eq(errorGroups.id, id)))
      .returning();
    await recordAudit(tx, actor, {
      entity: 'error_group',
      entityId: id,
      action: 'update',
      before: { resolved: before.resolvedAt !== null },
      after: { resolved },
    });
    return { ...toApi(after!), latest: after!.latest };
  });
}

/** Resolved groups not seen for the retention period go (open ones stay until resolved). */
export async function purgeResolvedErrors(db: DbOrTx, days = 90): Promise<number> {
  const gone = await db
    .delete(errorGroups)
    .where(and(isNotNull(errorGroups.resolvedAt), sql`${errorGroups.lastSeen} < now() - make_interval(days => ${days})`))
    .returning({ id: errorGroups.id });
  return gone.length;
}
