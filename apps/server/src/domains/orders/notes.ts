import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { recordAudit, type AuditActor } from '../audit';
import { lockOrder } from './lifecycle';
import { orderErrors } from './errors';
import { orderNotes, orderTags, orders } from './tables';

/**
 * The staff's notes and tags on an order (issue 40 §12). Notes are the staff's only: the shopper's
 * order page, the invoice and the mails never read them. Tags are free words, kept as first typed
 * and compared without case; the order list filters by one (`ordersTagged`). Each write is
 * audited in its transaction; another website's order is 404.
 */

async function ownOrder(tx: DbOrTx, websiteId: number, id: string) {
  const [o] = await tx
    .select({ id: orders.id, websiteId: orders.websiteId })
    .from(orders)
    .where(and(eq(orders.websiteId, websiteId), eq(orders.id, id)));
  if (!o) throw orderErrors.notFound();
  return o;
}

export async function addOrderNote(db: Db, actor: AuditActor, orderId: string, text: string) {
  return db.transaction(async (tx) => {
    const o = await ownOrder(tx, actor.websiteId, orderId);
    const [note] = await tx.insert(orderNotes).values({ websiteId: o.websiteId, orderId: o.id, authorId: actor.actorId, text }).returning();
    await recordAudit(tx, actor, { entity: 'order', entityId: o.id, action: 'note', after: { note: text } });
    return note!;
  });
}

export function notesOf(db: DbOrTx, orderId: string) {
  return db.select().from(orderNotes).where(eq(orderNotes.orderId, orderId)).orderBy(asc(orderNotes.id));
}

/** An order's tags, in the order they were added. */
export async function tagsOf(db: DbOrTx, orderId: string): Promise<string[]> {
  const rows = await db.select({ tag: orderTags.tag }).from(orderTags).where(eq(orderTags.orderId, orderId)).orderBy(asc(orderTags.id));
  return rows.map((r) => r.tag);
}

/** Tags of many orders (the list's rows), by order id. */
export async function tagsOfOrders(db: DbOrTx, orderIds: string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>();
  if (orderIds.length === 0) return map;
  const rows = await db
    .select({ orderId: orderTags.orderId, tag: orderTags.tag })
    .from(orderTags)
    .where(inArray(orderTags.orderId, orderIds))
    .orderBy(asc(orderTags.id));
  for (const r of rows) map.set(r.orderId, [...(map.get(r.orderId) ?? []), r.tag]);
  return map;
}

/**
 * Adds a tag; one the order already has (in any case) changes nothing and is not audited again.
 * The order row is locked, so two staff adding "VIP" at once add it once.
 */
export async function addOrderTag(db: Db, actor: AuditActor, orderId: string, tag: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const o = await ownOrder(tx, actor.websiteId, orderId);
    await lockOrder(tx, o.id);
    const before = await tagsOf(tx, o.id);
    if (before.some((t) => t.toLowerCase() === tag.toLowerCase())) return before;
    await tx.insert(orderTags).values({ websiteId: o.websiteId, orderId: o.id, tag });
    await recordAudit(tx, actor, {
      entity: 'order',
      entityId: o.id,
      action: 'tag',
      before: { tags: before },
      after: { tags: [...before, tag] },
    });
    return [...before, tag];
  });
}

/** Removes a tag (any case); one the order does not have changes nothing. */
export async function removeOrderTag(db: Db, actor: AuditActor, orderId: string, tag: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const o = await ownOrder(tx, actor.websiteId, orderId);
    await lockOrder(tx, o.id);
    const before = await tagsOf(tx, o.id);
    const gone = await tx
      .delete(orderTags)
      .where(and(eq(orderTags.orderId, o.id), sql`lower(${orderTags.tag}) = lower(${tag})`))
      .returning({ tag: orderTags.tag });
    if (gone.length === 0) return before;
    const after = before.filter((t) => t.toLowerCase() !== tag.toLowerCase());
    await recordAudit(tx, actor, { entity: 'order', entityId: o.id, action: 'untag', before: { tags: before }, after: { tags: after } });
    return after;
  });
}

/** The website's tags, most used first (then by name), each in its most common spelling. */
export async function websiteTags(db: DbOrTx, websiteId: number, limit = 200) {
  const n = count();
  const rows = await db
    .select({ tag: sql<string>`mode() within group (order by ${orderTags.tag})`, orders: n })
    .from(orderTags)
    .where(eq(orderTags.websiteId, websiteId))
    .groupBy(sql`lower(${orderTags.tag})`)
    .orderBy(desc(n), sql`lower(${orderTags.tag})`)
    .limit(limit);
  return rows.map((r) => ({ tag: r.tag, orders: Number(r.orders) }));
}

/** The ids of a website's orders carrying `tag` (any case), as a subquery for the order list. */
export const ordersTagged = (db: DbOrTx, websiteId: number, tag: string) =>
  db
    .select({ id: orderTags.orderId })
    .from(orderTags)
    .where(and(eq(orderTags.websiteId, websiteId), sql`lower(${orderTags.tag}) = lower(${tag})`));
