import type { Identifier } from '@grocer/shared/account';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { fail } from '../../http/errors';
import { users, websiteMembers } from './tables';

/**
 * Sales agents and their customers (issue 17). The assignment is the customer's membership row
 * (`website_members.agent_id`), so a customer has at most one agent per website; the agent's rate
 * is on the agent's own membership row (`commission_bps`).
 */
export const agentErrors = {
  agentNotFound: () => fail('AGENT_NOT_FOUND'),
  customerNotFound: () => fail('CUSTOMER_NOT_FOUND'),
  notAssigned: () => fail('CUSTOMER_NOT_ASSIGNED'),
  customerIsStaff: () => fail('CUSTOMER_IS_STAFF').withErrors({ identifier: ['Staff and sales agents cannot be customers of an agent'] }),
};

export interface Contact {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
}

const contact = { id: users.id, name: users.name, email: users.email, phone: users.phone };

/** The website's sales agents with their rate (basis points), by name. */
export function listAgents(db: DbOrTx, websiteId: number): Promise<Array<Contact & { commissionBps: number }>> {
  return db
    .select({ ...contact, commissionBps: websiteMembers.commissionBps })
    .from(websiteMembers)
    .innerJoin(users, eq(users.id, websiteMembers.userId))
    .where(and(eq(websiteMembers.websiteId, websiteId), eq(websiteMembers.isSalesAgent, true)))
    .orderBy(asc(users.name), asc(users.id));
}

/** One agent of the website (null when the id is not a sales agent here). */
export async function findAgent(db: DbOrTx, websiteId: number, agentId: number) {
  const [row] = await db
    .select({ ...contact, commissionBps: websiteMembers.commissionBps })
    .from(websiteMembers)
    .innerJoin(users, eq(users.id, websiteMembers.userId))
    .where(and(eq(websiteMembers.websiteId, websiteId), eq(websiteMembers.userId, agentId), eq(websiteMembers.isSalesAgent, true)));
  return row ?? null;
}

/** The customers assigned to the given agents on the website, by name. */
export function customersOf(db: DbOrTx, websiteId: number, agentIds: number[]): Promise<Array<Contact & { agentId: number }>> {
  if (agentIds.length === 0) return Promise.resolve([]);
  return db
    .select({ ...contact, agentId: websiteMembers.agentId })
    .from(websiteMembers)
    .innerJoin(users, eq(users.id, websiteMembers.userId))
    .where(and(eq(websiteMembers.websiteId, websiteId), inArray(websiteMembers.agentId, agentIds)))
    .orderBy(asc(users.name), asc(users.id)) as Promise<Array<Contact & { agentId: number }>>;
}

/** The customer if they are assigned to this agent on this website, else null (another agent's, or nobody's). */
export async function assignedCustomer(db: DbOrTx, websiteId: number, agentId: number, customerId: number): Promise<Contact | null> {
  const [row] = await db
    .select(contact)
    .from(websiteMembers)
    .innerJoin(users, eq(users.id, websiteMembers.userId))
    .where(and(eq(websiteMembers.websiteId, websiteId), eq(websiteMembers.userId, customerId), eq(websiteMembers.agentId, agentId)));
  return row ?? null;
}

export async function setCommission(
  tx: DbOrTx,
  websiteId: number,
  agentId: number,
  bps: number,
): Promise<{ before: number; after: number }> {
  const agent = await findAgent(tx, websiteId, agentId);
  if (!agent) throw agentErrors.agentNotFound();
  await tx
    .update(websiteMembers)
    .set({ commissionBps: bps })
    .where(and(eq(websiteMembers.websiteId, websiteId), eq(websiteMembers.userId, agentId)));
  return { before: agent.commissionBps, after: bps };
}

/**
 * Assigns the website's customer with this email or mobile to the agent (taking them from another
 * agent if they had one). Staff and agents are not customers; a person who never used this
 * website is not found (one website never reaches another's people).
 */
export async function assignCustomer(
  tx: DbOrTx,
  websiteId: number,
  agentId: number,
  id: Identifier,
): Promise<{ customer: Contact; previousAgentId: number | null }> {
  if (!(await findAgent(tx, websiteId, agentId))) throw agentErrors.agentNotFound();
  const [row] = await tx
    .select({
      ...contact,
      agentId: websiteMembers.agentId,
      admin: websiteMembers.hasAdminAccess,
      agent: websiteMembers.isSalesAgent,
      superadmin: users.superadmin,
    })
    .from(websiteMembers)
    .innerJoin(users, eq(users.id, websiteMembers.userId))
    .where(and(eq(websiteMembers.websiteId, websiteId), id.kind === 'email' ? eq(users.email, id.value) : eq(users.phone, id.value)))
    .for('update', { of: websiteMembers });
  if (!row) throw agentErrors.customerNotFound();
  if (row.admin || row.agent || row.superadmin) throw agentErrors.customerIsStaff();
  await tx
    .update(websiteMembers)
    .set({ agentId })
    .where(and(eq(websiteMembers.websiteId, websiteId), eq(websiteMembers.userId, row.id)));
  return { customer: { id: row.id, name: row.name, email: row.email, phone: row.phone }, previousAgentId: row.agentId };
}

/** Takes the customer away from the agent (CUSTOMER_NOT_FOUND when they are not the agent's). */
export async function unassignCustomer(tx: DbOrTx, websiteId: number, agentId: number, customerId: number): Promise<Contact> {
  const customer = await assignedCustomer(tx, websiteId, agentId, customerId);
  if (!customer) throw agentErrors.customerNotFound();
  await tx
    .update(websiteMembers)
    .set({ agentId: null })
    .where(and(eq(websiteMembers.websiteId, websiteId), eq(websiteMembers.userId, customerId), eq(websiteMembers.agentId, agentId)));
  return customer;
}

/** Names of people by id (for lists of orders). */
export async function namesOf(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The rates (basis points) stored for these people on the website, agents or not any more. */
export async function commissionRates(db: DbOrTx, websiteId: number, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: websiteMembers.userId, bps: websiteMembers.commissionBps })
    .from(websiteMembers)
    .where(and(eq(websiteMembers.websiteId, websiteId), inArray(websiteMembers.userId, ids)));
  return new Map(rows.map((r) => [r.id, r.bps]));
}
