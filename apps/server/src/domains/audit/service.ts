import type { AdminAuditList, AdminAuditQuery } from '@grocer/shared/admin-catalogue-edit';
import { auditActionText, auditKind, auditThing, labelFromSnapshot } from '@grocer/shared/audit';
import { and, desc, eq, gte, ilike, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { usersByIds } from '../identity/service';
import { resolveLabels } from './labels';
import { auditLog } from './tables';

/** Who is writing, on which website: taken from a staff request (`auditActor(req)`) or `systemActor(websiteId)`. */
export interface AuditActor {
  websiteId: number;
  actorId: number | null;
}

export interface AuditEntry {
  entity: string;
  entityId: string | number;
  action: string;
  before?: unknown;
  after?: unknown;
  /**
   * The record's name as people read it ("Toor Dal", "#1042"), kept with the row so it outlives
   * the record. Optional: without it the name comes from the snapshot or the record's domain
   * (`resolveLabels` in ./labels.ts).
   */
  label?: string | null;
}

/** The actor of a staff call: the request's website and the signed-in staff member (set by the staff scope's guard). */
export function auditActor(req: FastifyRequest): AuditActor {
  return { websiteId: req.website.id, actorId: req.staffUser?.id ?? null };
}

export function systemActor(websiteId: number): AuditActor {
  return { websiteId, actorId: null };
}

/**
 * Record staff writes. Call it with the transaction that makes the change, so the change and its
 * audit rows commit or roll back together. Unchanged updates (before equals after) are skipped.
 */
export async function recordAudit(db: DbOrTx, actor: AuditActor, entries: AuditEntry | AuditEntry[]): Promise<void> {
  const kept = (Array.isArray(entries) ? entries : [entries]).filter(
    (e) => e.action !== 'update' || JSON.stringify(e.before ?? null) !== JSON.stringify(e.after ?? null),
  );
  const unnamed = kept.filter((e) => !e.label?.trim());
  const found = await resolveLabels(
    db,
    actor.websiteId,
    unnamed.map((e) => ({ entity: e.entity, entityId: String(e.entityId), before: e.before, after: e.after })),
  );
  const named = new Map(unnamed.map((e, i) => [e, found[i] ?? null]));
  const rows = kept.map((e) => ({
    websiteId: actor.websiteId,
    actorId: actor.actorId,
    entity: e.entity,
    entityId: String(e.entityId),
    action: e.action,
    before: e.before ?? null,
    after: e.after ?? null,
    label: (named.has(e) ? (named.get(e) ?? null) : e.label!.trim())?.slice(0, 200) ?? null,
  }));
  if (rows.length > 0) await db.insert(auditLog).values(rows);
}

/** A website's audit rows, newest first, optionally for one record; `before` is a keyset cursor (an id). */
export async function listAudit(
  db: DbOrTx,
  websiteId: number,
  opts: { entity?: string; entityId?: string; actorId?: number; before?: number; limit?: number } = {},
) {
  const where: SQL[] = [eq(auditLog.websiteId, websiteId)];
  if (opts.entity) where.push(eq(auditLog.entity, opts.entity));
  if (opts.entityId) where.push(eq(auditLog.entityId, opts.entityId));
  if (opts.actorId) where.push(eq(auditLog.actorId, opts.actorId));
  if (opts.before) where.push(lt(auditLog.id, opts.before));
  return db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(opts.limit ?? 50);
}

const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * GET /s/api/admin/audit: a page of the website's log, newest first, each row naming its record
 * ("Product · Toor Dal") and person, its action in words; plus the filters' choices (the kinds
 * and people in this website's log). `q` finds any part of a record's name, a person's name, a
 * kind ("coupon") or a record's id; `from`/`to` are days (inclusive, UTC). Pages are numbered
 * (the list's pager), or keyset with `before` (an id: the rows older than it, no offset scan;
 * `total` then counts those). `next_before` is the cursor of the next page, null on the last.
 */
export async function auditPage(db: DbOrTx, websiteId: number, q: AdminAuditQuery): Promise<AdminAuditList> {
  const entities = (
    await db.selectDistinct({ entity: auditLog.entity }).from(auditLog).where(eq(auditLog.websiteId, websiteId)).orderBy(auditLog.entity)
  ).map((e) => e.entity);
  const actorIds = await db
    .selectDistinct({ id: auditLog.actorId })
    .from(auditLog)
    .where(and(eq(auditLog.websiteId, websiteId), isNotNull(auditLog.actorId)));
  // names from identity (it owns users); the log keeps only the id
  const people = (
    await usersByIds(
      db,
      actorIds.map((r) => r.id!),
    )
  )
    .map((u) => ({ id: u.id, name: u.name }))
    .sort((x, y) => x.name.localeCompare(y.name) || x.id - y.id);
  const nameOf = new Map(people.map((p) => [p.id, p.name]));

  const where: SQL[] = [eq(auditLog.websiteId, websiteId)];
  if (q.entity) where.push(eq(auditLog.entity, q.entity));
  if (q.entity_id) where.push(eq(auditLog.entityId, q.entity_id));
  if (q.q) {
    const text = q.q.toLowerCase();
    const kinds = entities.filter((e) => auditKind(e).toLowerCase().includes(text) || e.replace(/_/g, ' ').includes(text));
    const persons = people.filter((p) => p.name.toLowerCase().includes(text)).map((p) => p.id);
    where.push(
      or(
        ilike(auditLog.label, likeOf(q.q)),
        eq(auditLog.entityId, q.q),
        ...(kinds.length ? [inArray(auditLog.entity, kinds)] : []),
        ...(persons.length ? [inArray(auditLog.actorId, persons)] : []),
      )!,
    );
  }
  if (q.actor) where.push(eq(auditLog.actorId, q.actor));
  if (q.from) where.push(gte(auditLog.createdAt, new Date(`${q.from}T00:00:00Z`)));
  if (q.to) where.push(lt(auditLog.createdAt, new Date(new Date(`${q.to}T00:00:00Z`).getTime() + 86_400_000)));
  if (q.before) where.push(lt(auditLog.id, q.before));
  const rows = await db
    .select({ a: auditLog, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(q.perPage)
    .offset(q.before ? 0 : (q.page - 1) * q.perPage);
  const total = rows[0]?.total ?? 0;
  const shown = (q.before ? 0 : (q.page - 1) * q.perPage) + rows.length;
  return {
    data: rows.map(({ a }) => ({
      id: a.id,
      entity: a.entity,
      entity_id: a.entityId,
      // rows older than 0040 that its backfill could not name: the snapshot's name, else "#id"
      label: auditThing(a.entity, a.label ?? labelFromSnapshot(a.before, a.after), a.entityId),
      action: a.action,
      action_text: auditActionText(a.entity, a.action, a.before, a.after),
      actor: a.actorId === null ? null : { id: a.actorId, name: nameOf.get(a.actorId) ?? 'Former staff' },
      before: a.before,
      after: a.after,
      created_at: new Date(a.createdAt).toISOString(),
    })),
    meta: {
      total,
      page: q.page,
      perPage: q.perPage,
      next_before: total > shown ? rows[rows.length - 1]!.a.id : null,
    },
    entities,
    people,
  };
}
