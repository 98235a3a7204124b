import type { SavedView, ViewInput, ViewList, ViewPatch } from '@grocer/shared/views';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { fail } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit';
import { usersByIds } from '../identity';
import { savedViews } from './tables';

/**
 * Saved views on the staff lists (issue 40.17): a person's own views of a list, and the views
 * others shared with the website's staff. Only the person who saved a view changes or deletes
 * it. Every write is audited.
 */
type Row = typeof savedViews.$inferSelect;

const isNameTaken = (e: unknown) => {
  const err = e as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const c = err.cause ?? err;
  return c.code === '23505' && (c.constraint ?? 'saved_views_name_uq') === 'saved_views_name_uq';
};

async function shape(db: DbOrTx, userId: number, rows: Row[]): Promise<SavedView[]> {
  const owners = new Map((await usersByIds(db, [...new Set(rows.map((r) => r.userId))])).map((u) => [u.id, u.name]));
  return rows.map((r) => ({
    id: r.id,
    list: r.list,
    name: r.name,
    params: r.params,
    shared: r.shared,
    mine: r.userId === userId,
    owner: owners.get(r.userId) ?? '',
    updated_at: r.updatedAt.toISOString(),
  }));
}

/** The person's views of a list, then those others shared, each group by name. */
export async function listViews(db: Db, websiteId: number, userId: number, list: ViewList): Promise<SavedView[]> {
  const rows = await db
    .select()
    .from(savedViews)
    .where(
      and(eq(savedViews.websiteId, websiteId), eq(savedViews.list, list), or(eq(savedViews.userId, userId), eq(savedViews.shared, true))),
    )
    .orderBy(sql`${savedViews.userId} <> ${userId}`, asc(sql`lower(${savedViews.name})`), asc(savedViews.id));
  return shape(db, userId, rows);
}

const audited = (r: Row) => ({ list: r.list, name: r.name, params: r.params, shared: r.shared });

export async function createView(db: Db, actor: AuditActor & { actorId: number }, list: ViewList, input: ViewInput): Promise<SavedView> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(savedViews)
        .values({ websiteId: actor.websiteId, userId: actor.actorId, list, name: input.name, params: input.params, shared: input.shared })
        .returning();
      await recordAudit(tx, actor, { entity: 'saved_view', entityId: row!.id, action: 'create', after: audited(row!), label: row!.name });
      return (await shape(tx, actor.actorId, [row!]))[0]!;
    });
  } catch (e) {
    if (isNameTaken(e)) throw fail('VIEW_NAME_TAKEN', { name: input.name });
    throw e;
  }
}

/** The view, read for a change: 404 when it is not this website's list's or not visible to the person, 403 when someone else's. */
async function ownView(tx: DbOrTx, actor: AuditActor & { actorId: number }, list: ViewList, id: number): Promise<Row> {
  const [row] = await tx
    .select()
    .from(savedViews)
    .where(and(eq(savedViews.websiteId, actor.websiteId), eq(savedViews.list, list), eq(savedViews.id, id)))
    .for('update');
  if (!row || (row.userId !== actor.actorId && !row.shared)) throw fail('VIEW_NOT_FOUND');
  if (row.userId !== actor.actorId) throw fail('VIEW_NOT_YOURS');
  return row;
}

export async function updateView(
  db: Db,
  actor: AuditActor & { actorId: number },
  list: ViewList,
  id: number,
  patch: ViewPatch,
): Promise<SavedView> {
  try {
    return await db.transaction(async (tx) => {
      const before = await ownView(tx, actor, list, id);
      const [row] = await tx
        .update(savedViews)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(savedViews.id, before.id))
        .returning();
      await recordAudit(tx, actor, {
        entity: 'saved_view',
        entityId: id,
        action: 'update',
        before: audited(before),
        after: audited(row!),
        label: row!.name,
      });
      return (await shape(tx, actor.actorId, [row!]))[0]!;
    });
  } catch (e) {
    if (isNameTaken(e)) throw fail('VIEW_NAME_TAKEN', { name: patch.name ?? '' });
    throw e;
  }
}

export function deleteView(db: Db, actor: AuditActor & { actorId: number }, list: ViewList, id: number): Promise<void> {
  return db.transaction(async (tx) => {
    const before = await ownView(tx, actor, list, id);
    await tx.delete(savedViews).where(eq(savedViews.id, before.id));
    await recordAudit(tx, actor, { entity: 'saved_view', entityId: id, action: 'delete', before: audited(before), label: before.name });
  });
}
