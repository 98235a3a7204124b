import { packLabel } from '@grocer/shared/labels';
import type { CustomerGroup, CustomerGroupList, priceListInputSchema } from '@grocer/shared/price-lists';
import { and, asc, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError, Errors } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit';
import { packDetails } from '../catalogue';
import { findMemberByContact, usersByIds } from '../identity';
import { customerGroupMembers, customerGroups, priceListEntries } from './tables';

const nameTaken = (name: string) => Errors.invalid({ name: [`There is already a group called ${name}`] });

export async function listCustomerGroups(db: Db, websiteId: number): Promise<CustomerGroupList['data']> {
  const [groups, members, prices] = await Promise.all([
    db.select().from(customerGroups).where(eq(customerGroups.websiteId, websiteId)).orderBy(asc(customerGroups.name)),
    db
      .select({ groupId: customerGroupMembers.groupId, n: count() })
      .from(customerGroupMembers)
      .where(eq(customerGroupMembers.websiteId, websiteId))
      .groupBy(customerGroupMembers.groupId),
    db
      .select({ groupId: priceListEntries.groupId, n: count() })
      .from(priceListEntries)
      .where(eq(priceListEntries.websiteId, websiteId))
      .groupBy(priceListEntries.groupId),
  ]);
  const m = new Map(members.map((r) => [r.groupId, Number(r.n)]));
  const p = new Map(prices.map((r) => [r.groupId, Number(r.n)]));
  return groups.map((g) => ({ id: g.id, name: g.name, members: m.get(g.id) ?? 0, prices: p.get(g.id) ?? 0 }));
}

async function groupRow(db: DbOrTx, websiteId: number, id: number, lock = false) {
  const q = db
    .select()
    .from(customerGroups)
    .where(and(eq(customerGroups.websiteId, websiteId), eq(customerGroups.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw Errors.notFound('Customer group not found');
  return row;
}

export async function getCustomerGroup(db: DbOrTx, websiteId: number, id: number): Promise<CustomerGroup> {
  const g = await groupRow(db, websiteId, id);
  // one after the other: `db` may be the caller's transaction (one connection)
  const memberRows = await db
    .select({ userId: customerGroupMembers.userId })
    .from(customerGroupMembers)
    .where(and(eq(customerGroupMembers.websiteId, websiteId), eq(customerGroupMembers.groupId, id)));
  const entries = await db
    .select()
    .from(priceListEntries)
    .where(and(eq(priceListEntries.websiteId, websiteId), eq(priceListEntries.groupId, id)));
  const people = await usersByIds(
    db,
    memberRows.map((r) => r.userId),
  );
  const details = await packDetails(
    db,
    websiteId,
    entries.map((e) => e.packId),
  );
  return {
    id: g.id,
    name: g.name,
    members: people.sort((a, b) => a.name.localeCompare(b.name)),
    prices: entries
      .map((e) => {
        const d = details.get(e.packId);
        return {
          packId: e.packId,
          pricePaise: e.pricePaise,
          minQuantity: e.minQuantity,
          label: d ? packLabel(d.productName, d.packName) : `Pack ${e.packId}`,
          listPricePaise: d?.price ?? 0,
        };
      })
      .sort((a, b) => a.label.localeCompare(b.label)),
  };
}

async function naming<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e) && !(e instanceof AppError)) throw nameTaken(name);
    throw e;
  }
}

export async function createCustomerGroup(db: Db, actor: AuditActor, name: string): Promise<CustomerGroup> {
  return naming(name, () =>
    db.transaction(async (tx) => {
      const [row] = await tx.insert(customerGroups).values({ websiteId: actor.websiteId, name }).returning();
      await recordAudit(tx, actor, { entity: 'customer_group', entityId: row!.id, action: 'create', after: { name } });
      return getCustomerGroup(tx, actor.websiteId, row!.id);
    }),
  );
}

export async function renameCustomerGroup(db: Db, actor: AuditActor, id: number, name: string): Promise<CustomerGroup> {
  return naming(name, () =>
    db.transaction(async (tx) => {
      const before = await groupRow(tx, actor.websiteId, id, true);
      await tx
        .update(customerGroups)
        .set({ name })
        .where(and(eq(customerGroups.websiteId, actor.websiteId), eq(customerGroups.id, id)));
      await recordAudit(tx, actor, {
        entity: 'customer_group',
        entityId: id,
        action: 'update',
        before: { name: before.name },
        after: { name },
      });
      return getCustomerGroup(tx, actor.websiteId, id);
    }),
  );
}

/** Deletes the group, its members' membership and its price list: they pay list prices from the next pricing. */
export async function deleteCustomerGroup(db: Db, actor: AuditActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await getCustomerGroup(tx, actor.websiteId, id);
    await tx.delete(customerGroups).where(and(eq(customerGroups.websiteId, actor.websiteId), eq(customerGroups.id, id)));
    await recordAudit(tx, actor, { entity: 'customer_group', entityId: id, action: 'delete', before });
  });
}

/**
 * Puts a customer of this website (by mobile number or email) in the group, moving them out of
 * any other group of the website (one group each, so their price is never ambiguous).
 */
export async function addGroupMember(db: Db, actor: AuditActor, id: number, contact: string): Promise<CustomerGroup> {
  const person = await findMemberByContact(db, actor.websiteId, contact);
  if (!person) throw Errors.invalid({ customer: ['No customer of this shop has that mobile number or email'] });
  return db.transaction(async (tx) => {
    await groupRow(tx, actor.websiteId, id, true);
    const [was] = await tx
      .select({ groupId: customerGroupMembers.groupId })
      .from(customerGroupMembers)
      .where(and(eq(customerGroupMembers.websiteId, actor.websiteId), eq(customerGroupMembers.userId, person.id)));
    await tx
      .insert(customerGroupMembers)
      .values({ websiteId: actor.websiteId, userId: person.id, groupId: id })
      .onConflictDoUpdate({ target: [customerGroupMembers.websiteId, customerGroupMembers.userId], set: { groupId: id } });
    await recordAudit(tx, actor, {
      entity: 'customer_group_member',
      entityId: person.id,
      action: 'update',
      before: was ? { group: was.groupId } : null,
      after: { group: id },
    });
    return getCustomerGroup(tx, actor.websiteId, id);
  });
}

export async function removeGroupMember(db: Db, actor: AuditActor, id: number, userId: number): Promise<CustomerGroup> {
  return db.transaction(async (tx) => {
    await groupRow(tx, actor.websiteId, id, true);
    const gone = await tx
      .delete(customerGroupMembers)
      .where(
        and(
          eq(customerGroupMembers.websiteId, actor.websiteId),
          eq(customerGroupMembers.groupId, id),
          eq(customerGroupMembers.userId, userId),
        ),
      )
      .returning();
    if (gone.length === 0) throw Errors.notFound('That customer is not in this group');
    await recordAudit(tx, actor, { entity: 'customer_group_member', entityId: userId, action: 'delete', before: { group: id } });
    return getCustomerGroup(tx, actor.websiteId, id);
  });
}

/** Replaces the group's price list with `entries` (every pack this website's), in one transaction. */
export async function savePriceList(
  db: Db,
  actor: AuditActor,
  id: number,
  input: z.output<typeof priceListInputSchema>,
): Promise<CustomerGroup> {
  const ids = input.entries.map((e) => e.packId);
  const found = await packDetails(db, actor.websiteId, ids);
  const missing = input.entries.findIndex((e) => !found.has(e.packId));
  if (missing >= 0) throw Errors.invalid({ [`entries.${missing}.packId`]: ['Not in this shop’s catalogue'] });
  return db.transaction(async (tx) => {
    const before = await getCustomerGroup(tx, actor.websiteId, id);
    await groupRow(tx, actor.websiteId, id, true);
    await tx.delete(priceListEntries).where(and(eq(priceListEntries.websiteId, actor.websiteId), eq(priceListEntries.groupId, id)));
    if (input.entries.length)
      await tx.insert(priceListEntries).values(input.entries.map((e) => ({ websiteId: actor.websiteId, groupId: id, ...e })));
    const after = await getCustomerGroup(tx, actor.websiteId, id);
    await recordAudit(tx, actor, { entity: 'price_list', entityId: id, action: 'update', before: before.prices, after: after.prices });
    return after;
  });
}
