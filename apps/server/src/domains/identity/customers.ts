import type { BlockBody, CustomerDetail, CustomerRow, CustomersQuery } from '@grocer/shared/admin-customers';
import { toRupees } from '@grocer/shared/money';
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { fail } from '../../http/errors';
import { forgetSessionsOf } from '../../http/session';
import { listAddresses } from '../addresses';
import { recordAudit, type AuditActor } from '../audit';
import { customerOrderStats, customerOrderStatsOfMember, recentOrdersOf } from '../orders/queries';
import { customerNotes, customerTags, sessions, users, websiteMembers } from './tables';
import { hasNoRole } from './member-roles';

/**
 * The website's customers (issue 14): its members who are not its staff. People are global;
 * membership, and so a block, is per website (`website_members.blocked_at`, `blocked_reason`).
 */
const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

export const customerOf = (websiteId: number) => and(eq(websiteMembers.websiteId, websiteId), hasNoRole());

/** The customer's tags here, sorted, as a JSON array (one subquery a row). */
const tagsOf = (websiteId: number) =>
  sql<
    string[]
  >`coalesce((select json_agg(${customerTags.tag} order by ${customerTags.tag}) from ${customerTags} where ${customerTags.websiteId} = ${websiteId} and ${customerTags.userId} = ${websiteMembers.userId}), '[]'::json)`;

/** The staff's customer list: searched (name, email, mobile), filtered by blocked and tag, sorted and paged. */
export async function listCustomers(db: Db, websiteId: number, q: CustomersQuery) {
  const { rows, cond } = await customerRows(db, websiteId, q, { limit: q.perPage, offset: (q.page - 1) * q.perPage });
  // without a search the conditions are the membership's own: every member has its user (a foreign key), so no join
  const counted = db.select({ n: count() }).from(websiteMembers).$dynamic();
  const [{ n } = { n: 0 }] = await (q.q ? counted.innerJoin(users, eq(users.id, websiteMembers.userId)) : counted).where(cond);
  return { data: rows, meta: { total: Number(n), page: q.page, perPage: q.perPage } };
}

/** One slice of the filtered, sorted list (the screen's page, or the export's next batch). */
export async function customerRows(
  db: Db,
  websiteId: number,
  q: Omit<CustomersQuery, 'page' | 'perPage'>,
  slice: { limit: number; offset: number },
): Promise<{ rows: CustomerRow[]; cond: SQL | undefined }> {
  // each member's figures from the orders domain's summary (one row per member: an inner join the sorts page by)
  const stats = customerOrderStats(db, websiteId);
  const where: Array<SQL | undefined> = [customerOf(websiteId)];
  if (q.q) {
    const like = `%${escapeLike(q.q)}%`;
    where.push(or(ilike(users.name, like), ilike(users.email, like), ilike(users.phone, like)));
  }
  if (q.blocked === 'yes') where.push(isNotNull(websiteMembers.blockedAt));
  if (q.blocked === 'no') where.push(isNull(websiteMembers.blockedAt));
  if (q.tag)
    where.push(
      sql`exists (select 1 from ${customerTags} where ${customerTags.websiteId} = ${websiteId} and ${customerTags.userId} = ${websiteMembers.userId} and ${customerTags.tag} = ${q.tag})`,
    );
  const cond = and(...where);
  const by = q.dir === 'asc' ? asc : desc;
  const nulls = q.dir === 'asc' ? sql`nulls first` : sql`nulls last`;
  const order = {
    name: by(users.name),
    orders: by(stats.count),
    spent: by(stats.spent),
    last_order: sql`${stats.last} ${q.dir === 'asc' ? sql`asc` : sql`desc`} ${nulls}`,
    joined: by(websiteMembers.createdAt),
  }[q.sort];
  const base = db
    .select({ u: users, m: websiteMembers, count: stats.count, spent: stats.spent, last: stats.last, tags: tagsOf(websiteId) })
    .from(websiteMembers)
    .innerJoin(users, eq(users.id, websiteMembers.userId));
  const rows = await base
    .innerJoin(stats, eq(stats.userId, websiteMembers.userId))
    .where(cond)
    .orderBy(order, asc(users.id))
    .limit(slice.limit)
    .offset(slice.offset);
  return { rows: rows.map((r) => row(r)), cond };
}

function row(r: {
  u: typeof users.$inferSelect;
  m: typeof websiteMembers.$inferSelect;
  count: number | null;
  spent: number | string | null;
  last: Date | string | null;
  tags: string[] | string | null;
}): CustomerRow {
  return {
    id: r.u.id,
    name: r.u.name,
    email: r.u.email,
    phone: r.u.phone,
    joined: r.m.createdAt.toISOString(),
    orders: Number(r.count ?? 0),
    spent: toRupees(Number(r.spent ?? 0)),
    last_order: r.last ? new Date(r.last).toISOString() : null,
    blocked: r.m.blockedAt ? { at: r.m.blockedAt.toISOString(), reason: r.m.blockedReason ?? '' } : null,
    // json arrives parsed from pg and PGlite alike; a driver handing back text is parsed here
    tags: typeof r.tags === 'string' ? (JSON.parse(r.tags) as string[]) : (r.tags ?? []),
  };
}

/** One customer of the website (another website's, or a staff member, is 404). */
export async function customerDetail(db: Db, websiteId: number, userId: number): Promise<CustomerDetail> {
  const stats = customerOrderStatsOfMember(db, websiteId);
  const [r] = await db
    .select({ u: users, m: websiteMembers, count: stats.count, spent: stats.spent, last: stats.last, tags: tagsOf(websiteId) })
    .from(websiteMembers)
    .innerJoin(users, eq(users.id, websiteMembers.userId))
    .leftJoinLateral(stats, sql`true`)
    .where(and(customerOf(websiteId), eq(websiteMembers.userId, userId)));
  if (!r) throw fail('SHOP_CUSTOMER_NOT_FOUND');
  const [addresses, recent, notes] = await Promise.all([
    listAddresses(db, { websiteId, userId }),
    recentOrdersOf(db, websiteId, userId),
    notesOf(db, websiteId, userId),
  ]);
  return {
    ...row(r),
    addresses: addresses.map((a) => ({
      id: a.id,
      name: a.name,
      phone: a.phone,
      line1: a.line1,
      line2: a.line2,
      city: a.city,
      state: a.state,
      pincode: a.pincode,
      is_default: a.is_default,
    })),
    recent_orders: recent.map((o) => ({
      id: o.id,
      ordernumber: o.ordernumber,
      created_at: o.createdAt.toISOString(),
      status: o.status,
      payment_method: o.paymentMethod,
      total: toRupees(o.total),
    })),
    notes,
  };
}

/** The staff's notes on a customer, newest first, with the author's name. */
async function notesOf(db: Db, websiteId: number, userId: number): Promise<CustomerDetail['notes']> {
  const rows = await db
    .select({ id: customerNotes.id, body: customerNotes.body, author: users.name, at: customerNotes.createdAt })
    .from(customerNotes)
    .leftJoin(users, eq(users.id, customerNotes.authorId))
    .where(and(eq(customerNotes.websiteId, websiteId), eq(customerNotes.userId, userId)))
    .orderBy(desc(customerNotes.createdAt), desc(customerNotes.id));
  return rows.map((n) => ({ id: n.id, body: n.body, author: n.author, created_at: n.at.toISOString() }));
}

/**
 * Blocks a customer on this website (with the reason they are told) and ends their sessions here,
 * or unblocks them; audited. Another website's person, or staff, is 404.
 */
export async function setBlocked(db: Db, actor: AuditActor, userId: number, block: BlockBody | null): Promise<void> {
  await db.transaction(async (tx) => {
    const [m] = await tx
      .select()
      .from(websiteMembers)
      .where(and(customerOf(actor.websiteId), eq(websiteMembers.userId, userId)))
      .for('update');
    if (!m) throw fail('SHOP_CUSTOMER_NOT_FOUND');
    await tx
      .update(websiteMembers)
      .set(block ? { blockedAt: new Date(), blockedReason: block.reason } : { blockedAt: null, blockedReason: null })
      .where(and(eq(websiteMembers.websiteId, actor.websiteId), eq(websiteMembers.userId, userId)));
    if (block)
      await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.websiteId, actor.websiteId), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    await recordAudit(tx, actor, {
      entity: 'customer',
      entityId: userId,
      action: block ? 'block' : 'unblock',
      before: { blocked: m.blockedAt !== null, reason: m.blockedReason },
      after: { blocked: !!block, reason: block?.reason ?? null },
    });
  });
  // their sessions stop at once here (other processes: within SESSION_CACHE_MS)
  if (block) forgetSessionsOf(actor.websiteId, userId);
}

/**
 * Refuses a person blocked on this website (sign-in and ordering): 403 CUSTOMER_BLOCKED, saying why.
 * `known`: their membership as this request has already read it (the signed-in user), not read again.
 */
export async function refuseBlocked(
  db: DbOrTx,
  website: { id: number; name: string },
  userId: number,
  known?: { blockedAt: Date | null; blockedReason: string | null },
): Promise<void> {
  const [m] = known
    ? [{ at: known.blockedAt, reason: known.blockedReason }]
    : await db
        .select({ at: websiteMembers.blockedAt, reason: websiteMembers.blockedReason })
        .from(websiteMembers)
        .where(and(eq(websiteMembers.websiteId, website.id), eq(websiteMembers.userId, userId)));
  if (m?.at) throw fail('CUSTOMER_BLOCKED', { shop: website.name, reason: m.reason ?? 'blocked by the shop' });
}
