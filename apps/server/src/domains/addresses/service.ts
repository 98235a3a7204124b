import type { Address, addressInputSchema } from '@grocer/shared/account';
import type { Language } from '@grocer/shared/languages';
import { messagesIn } from '@grocer/shared/messages/catalogue';
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { reusable, type Db, type DbOrTx, type Tx } from '../../db/client';
import { addresses } from './tables';
import { fail } from '../../http/errors';
import { resolvePincode } from '../delivery';

export type AddressRow = typeof addresses.$inferSelect;
export type AddressValues = z.output<typeof addressInputSchema>;
export interface Owner {
  websiteId: number;
  userId: number;
  /** the language of `delivery_message` (the shopper's request's); English when absent */
  language?: Language;
}

export const addressNotFound = () => fail('ADDRESS_NOT_FOUND');

const mine = (o: Owner) => and(eq(addresses.websiteId, o.websiteId), eq(addresses.userId, o.userId));

/** The address as the API shows it, with whether (and how) the shop delivers to its pincode. */
async function present(db: DbOrTx, row: AddressRow, language: Language = 'en'): Promise<Address> {
  const zone = await resolvePincode(db, row.websiteId, row.pincode);
  const say = messagesIn(language).storefront;
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    pincode: row.pincode,
    line1: row.line1,
    line2: row.line2,
    landmark: row.landmark,
    city: row.city,
    state: row.state,
    type: row.type,
    is_default: row.isDefault,
    serviceable: !!zone,
    delivery_message: zone ? say.deliversHere({ zone: zone.name, cod: zone.codAllowed }) : say.notDeliveredTo({ pincode: row.pincode }),
  };
}

/** One of the shopper's addresses as stored (checkout copies it onto the order); null when not theirs. */
export async function findAddress(db: DbOrTx, o: Owner, id: number): Promise<AddressRow | null> {
  const [row] = await addressById(db, { websiteId: o.websiteId, userId: o.userId, id });
  return row ?? null;
}

const addressById = reusable('address_by_id', (db, name) =>
  db
    .select()
    .from(addresses)
    .where(
      and(
        eq(addresses.websiteId, sql.placeholder('websiteId')),
        eq(addresses.userId, sql.placeholder('userId')),
        eq(addresses.id, sql.placeholder('id')),
      ),
    )
    .prepare(name),
);

export async function countAddresses(db: DbOrTx, o: Owner): Promise<number> {
  const [row] = await db.select({ n: count() }).from(addresses).where(mine(o));
  return row?.n ?? 0;
}

export async function listAddresses(db: Db, o: Owner): Promise<Address[]> {
  const rows = await db.select().from(addresses).where(mine(o)).orderBy(desc(addresses.isDefault), desc(addresses.id));
  return Promise.all(rows.map((r) => present(db, r, o.language)));
}

async function owned(db: DbOrTx, o: Owner, id: number): Promise<AddressRow> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(mine(o), eq(addresses.id, id)))
    .for('update');
  if (!row) throw addressNotFound();
  return row;
}

const columns = (v: AddressValues) => ({
  name: v.name,
  phone: v.phone,
  pincode: v.pincode,
  line1: v.line1,
  line2: v.line2,
  landmark: v.landmark,
  city: v.city,
  state: v.state,
  type: v.type,
});

/** Makes `id` the only default of its owner (inside the caller's transaction). */
async function makeDefault(tx: DbOrTx, o: Owner, id: number) {
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(mine(o), ne(addresses.id, id), eq(addresses.isDefault, true)));
  await tx
    .update(addresses)
    .set({ isDefault: true, updatedAt: new Date() })
    .where(and(mine(o), eq(addresses.id, id)));
}

/**
 * A new address; the first one the shop delivers to becomes the default when there is none. An address the shop does not deliver to
 * never becomes the default as it is added (not as the first, not from a box ticked in advance):
 * checkout would otherwise open on an address it cannot deliver to. Choosing it later ("Set as
 * default") is the shopper's own choice and is kept.
 */
export async function createAddress(
  db: Db,
  o: Owner,
  v: AddressValues,
  /** written in the same transaction (a sales agent's audit entry for their customer's new address) */
  also?: (tx: Tx, id: number) => Promise<void>,
): Promise<Address> {
  const row = await db.transaction(async (tx) => {
    // the owner's addresses locked, so two first addresses added at once cannot both become the default
    const existing = await tx.select({ isDefault: addresses.isDefault }).from(addresses).where(mine(o)).for('update');
    const [created] = await tx
      .insert(addresses)
      .values({ websiteId: o.websiteId, userId: o.userId, ...columns(v) })
      .returning();
    const delivered = (await resolvePincode(tx, o.websiteId, v.pincode)) !== null;
    if ((v.is_default || !existing.some((e) => e.isDefault)) && delivered) await makeDefault(tx, o, created!.id);
    await also?.(tx, created!.id);
    return await owned(tx, o, created!.id);
  });
  return present(db, row, o.language);
}

export async function updateAddress(db: Db, o: Owner, id: number, v: AddressValues): Promise<Address> {
  const row = await db.transaction(async (tx) => {
    await owned(tx, o, id);
    await tx
      .update(addresses)
      .set({ ...columns(v), updatedAt: new Date() })
      .where(and(mine(o), eq(addresses.id, id)));
    if (v.is_default) await makeDefault(tx, o, id);
    return owned(tx, o, id);
  });
  return present(db, row, o.language);
}

/** Deleting the default hands the default to the newest remaining address. */
export async function deleteAddress(db: Db, o: Owner, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await owned(tx, o, id);
    await tx.delete(addresses).where(and(mine(o), eq(addresses.id, id)));
    if (row.isDefault) {
      const [next] = await tx.select({ id: addresses.id }).from(addresses).where(mine(o)).orderBy(desc(addresses.id)).limit(1);
      if (next) await makeDefault(tx, o, next.id);
    }
  });
}

export async function setDefaultAddress(db: Db, o: Owner, id: number): Promise<Address> {
  const row = await db.transaction(async (tx) => {
    await owned(tx, o, id);
    await makeDefault(tx, o, id);
    return owned(tx, o, id);
  });
  return present(db, row, o.language);
}
