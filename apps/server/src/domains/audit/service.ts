import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
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
