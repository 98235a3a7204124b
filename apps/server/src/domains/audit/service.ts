import type { AdminAuditList, AdminAuditQuery } from '@grocer/shared/admin-catalogue-edit';
import { and, desc, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { usersByIds } from '../identity/service';
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
  const rows = (Array.isArray(entries) ? entries : [entries])
    .filter((e) => e.action !== 'update' || JSON.stringify(e.before ?? null) !== JSON.stringify(e.after ?? null))
    .map((e) => ({
      websiteId: actor.websiteId,
      actorId: actor.actorId,
      entity: e.entity,
      entityId: String(e.entityId),
      action: e.action,
      before: e.before ?? null,
      after: e.after ?? null,
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

/**
 * GET /s/api/admin/audit: a page of the website's log, newest first, with each person's name, and
 * the filters' choices (the entity kinds and people in this website's log).
 */
export async function auditPage(db: DbOrTx, websiteId: number, q: AdminAuditQuery): Promise<AdminAuditList> {
  const where: SQL[] = [eq(auditLog.websiteId, websiteId)];
  if (q.entity) where.push(eq(auditLog.entity, q.entity));
  if (q.entity_id) where.push(eq(auditLog.entityId, q.entity_id));
  if (q.q) where.push(eq(auditLog.entityId, q.q));
  if (q.actor) where.push(eq(auditLog.actorId, q.actor));
  if (q.from) where.push(gte(auditLog.createdAt, new Date(`${q.from}T00:00:00Z`)));
  if (q.to) where.push(lt(auditLog.createdAt, new Date(new Date(`${q.to}T00:00:00Z`).getTime() + 86_400_000)));
  const rows = await db
    .select({ a: auditLog, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage);
  const entities = await db
    .selectDistinct({ entity: auditLog.entity })
    .from(auditLog)
    .where(eq(auditLog.websiteId, websiteId))
    .orderBy(auditLog.entity);
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
  return {
    data: rows.map(({ a }) => ({
      id: a.id,
      entity: a.entity,
      entity_id: a.entityId,
      action: a.action,
      actor: a.actorId === null ? null : { id: a.actorId, name: nameOf.get(a.actorId) ?? 'Former staff' },
      before: a.before,
      after: a.after,
      created_at: new Date(a.createdAt).toISOString(),
    })),
    meta: { total: rows[0]?.total ?? 0, page: q.page, perPage: q.perPage },
    entities: entities.map((e) => e.entity),
    people,
  };
}
