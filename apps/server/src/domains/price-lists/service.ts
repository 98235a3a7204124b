import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customerGroupMembers, customerGroups, priceListEntries } from './tables';

/** A group's price of a pack, from `minQuantity` units on a line. */
export interface MemberPrice {
  pricePaise: number;
  minQuantity: number;
}

/** The customer's group on the website (null: in none, or a guest). */
export async function groupOf(db: DbOrTx, websiteId: number, userId: number | null): Promise<{ id: number; name: string } | null> {
  if (userId === null) return null;
  const [row] = await db
    .select({ id: customerGroups.id, name: customerGroups.name })
    .from(customerGroupMembers)
    .innerJoin(customerGroups, eq(customerGroups.id, customerGroupMembers.groupId))
    .where(and(eq(customerGroupMembers.websiteId, websiteId), eq(customerGroupMembers.userId, userId)));
  return row ?? null;
}

/**
 * The customer's group prices of these packs (empty for a guest or a customer in no group): one
 * read, joined through the membership so that only the asker's own group's list is ever read.
 */
export async function memberPrices(
  db: DbOrTx,
  websiteId: number,
  userId: number | null,
  packIds: number[],
): Promise<Map<number, MemberPrice>> {
  if (userId === null || packIds.length === 0) return new Map();
  const rows = await db
    .select({ packId: priceListEntries.packId, pricePaise: priceListEntries.pricePaise, minQuantity: priceListEntries.minQuantity })
    .from(customerGroupMembers)
    .innerJoin(priceListEntries, eq(priceListEntries.groupId, customerGroupMembers.groupId))
    .where(
      and(
        eq(customerGroupMembers.websiteId, websiteId),
        eq(customerGroupMembers.userId, userId),
        eq(priceListEntries.websiteId, websiteId),
        inArray(priceListEntries.packId, packIds),
      ),
    );
  return new Map(rows.map((r) => [r.packId, { pricePaise: r.pricePaise, minQuantity: r.minQuantity }]));
}

/** What a member pays a unit on a line of `quantity`: the group's price from its minimum, never more than the list price. */
export function unitPrice(listPaise: number, quantity: number, member: MemberPrice | undefined): number {
  return member && quantity >= member.minQuantity ? Math.min(listPaise, member.pricePaise) : listPaise;
}

/** The customer's group and its whole price list (the till keeps it for the bill of an attached customer). */
export async function priceListOf(db: DbOrTx, websiteId: number, userId: number | null) {
  const group = await groupOf(db, websiteId, userId);
  if (!group) return { group: null, prices: [] };
  const rows = await db
    .select({ packId: priceListEntries.packId, pricePaise: priceListEntries.pricePaise, minQuantity: priceListEntries.minQuantity })
    .from(priceListEntries)
    .where(and(eq(priceListEntries.websiteId, websiteId), eq(priceListEntries.groupId, group.id)));
  return { group: group.name, prices: rows };
}
