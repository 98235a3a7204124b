import type { CustomerTagList } from '@grocer/shared/admin-customers';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { fail } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit';
import { customerOf } from './customers';
import { customerNotes, customerTags, websiteMembers } from './tables';

/**
 * The staff's tags and notes on a customer (issue 40.19), per website; every change audited.
 * Another website's person, or a staff member, is 404 (like the customer screen).
 */
async function lockCustomer(tx: DbOrTx, websiteId: number, userId: number): Promise<void> {
  const [m] = await tx
    .select({ userId: websiteMembers.userId })
    .from(websiteMembers)
    .where(and(customerOf(websiteId), eq(websiteMembers.userId, userId)))
    .for('update');
  if (!m) throw fail('SHOP_CUSTOMER_NOT_FOUND');
}

/** Tags a customer (a tag they already carry changes nothing and is not audited again). */
export function addCustomerTag(db: Db, actor: AuditActor, userId: number, tag: string): Promise<void> {
  return db.transaction(async (tx) => {
    await lockCustomer(tx, actor.websiteId, userId);
    const added = await tx.insert(customerTags).values({ websiteId: actor.websiteId, userId, tag }).onConflictDoNothing().returning();
    if (added.length) await recordAudit(tx, actor, { entity: 'customer', entityId: userId, action: 'tag', before: null, after: { tag } });
  });
}

/** Takes a tag off a customer (one they do not carry: nothing happens). */
export function removeCustomerTag(db: Db, actor: AuditActor, userId: number, tag: string): Promise<void> {
  return db.transaction(async (tx) => {
    await lockCustomer(tx, actor.websiteId, userId);
    const gone = await tx
      .delete(customerTags)
      .where(and(eq(customerTags.websiteId, actor.websiteId), eq(customerTags.userId, userId), eq(customerTags.tag, tag)))
      .returning();
    if (gone.length) await recordAudit(tx, actor, { entity: 'customer', entityId: userId, action: 'untag', before: { tag }, after: null });
  });
}

/** Every tag in use on the website (customers only), most used first, for the list's filter. */
export async function customerTagList(db: Db, websiteId: number): Promise<CustomerTagList> {
  const n = count();
  const rows = await db
    .select({ tag: customerTags.tag, customers: n })
    .from(customerTags)
    .innerJoin(websiteMembers, and(eq(websiteMembers.websiteId, customerTags.websiteId), eq(websiteMembers.userId, customerTags.userId)))
    .where(customerOf(websiteId))
    .groupBy(customerTags.tag)
    .orderBy(sql`${n} desc`, customerTags.tag);
  return { data: rows.map((r) => ({ tag: r.tag, customers: Number(r.customers) })) };
}

/** Writes a staff note on a customer, signed by the person writing it. */
export function addCustomerNote(db: Db, actor: AuditActor, userId: number, body: string): Promise<void> {
  return db.transaction(async (tx) => {
    await lockCustomer(tx, actor.websiteId, userId);
    const [note] = await tx.insert(customerNotes).values({ websiteId: actor.websiteId, userId, authorId: actor.actorId, body }).returning();
    await recordAudit(tx, actor, { entity: 'customer', entityId: userId, action: 'note', before: null, after: { note: note!.id, body } });
  });
}

/** Deletes a note (any staff member who may manage customers may tidy them; audited with its text). */
export function deleteCustomerNote(db: Db, actor: AuditActor, userId: number, noteId: number): Promise<void> {
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(customerNotes)
      .where(and(eq(customerNotes.websiteId, actor.websiteId), eq(customerNotes.userId, userId), eq(customerNotes.id, noteId)))
      .returning();
    if (!gone) throw fail('CUSTOMER_NOTE_NOT_FOUND');
    await recordAudit(tx, actor, {
      entity: 'customer',
      entityId: userId,
      action: 'delete-note',
      before: { note: gone.id, body: gone.body, author: gone.authorId },
      after: null,
    });
  });
}
