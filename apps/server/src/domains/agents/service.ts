import { parseIdentifier } from '@grocer/shared/account';
import {
  bpsToPercent,
  commissionPaise,
  percentToBps,
  type AdminAgent,
  type AgentCustomer,
  type AgentDashboard,
  type AgentOrder,
  type AgentOrderBody,
  type AgentReport,
  type SalesFigures,
  type SalesRangeQuery,
} from '@grocer/shared/agents';
import { toRupees } from '@grocer/shared/money';
import type { Db } from '../../db/client';
import { fail } from '../../http/errors';
import type { CurrentUser } from '../../http/auth';
import { recordAudit, type AuditActor } from '../audit';
import { createAddress, findAddress, listAddresses, type AddressValues } from '../addresses';
import { loadCart, type CartContext } from '../cart';
import {
  agentErrors,
  assignCustomer,
  assignedCustomer,
  commissionRates,
  customersOf,
  findAgent,
  listAgents,
  namesOf,
  setCommission,
  unassignCustomer,
  type Contact,
  refuseBlocked,
} from '../identity';
import {
  agentCustomerTotals,
  agentOrders,
  agentSalesByDay,
  agentTopProducts,
  agentTotals,
  placeOrder,
  salesByAgent,
  type OrderRow,
  type Period,
} from '../orders/service';
import type { Outbox } from '../outbox';
import { sendPaymentLink } from '../orders/payment-link';
import { addShopDays, shopDayEnd, shopDayOf, shopDayStart } from '@grocer/shared/shop-time';

/**
 * Sales agents (issue 17), composed from the domains that own the data: identity keeps who is an
 * agent, their rate and their customers; orders keeps the orders they placed and the sums over
 * them. Days are calendar days in India (UTC+05:30).
 */
export const istDay = (d: Date): string => shopDayOf(d);
const addDays = addShopDays;
const periodOf = (from: string, to: string): Period => ({ start: shopDayStart(from), end: shopDayEnd(to) });

/** The range asked for, else this month so far. */
export function rangeOf(q: SalesRangeQuery, now: Date): { from: string; to: string } {
  const today = istDay(now);
  const to = q.to ?? (q.from && q.from > today ? q.from : today);
  const from = q.from ?? to.slice(0, 8) + '01';
  return { from, to };
}

const figures = (t: { salesPaise: number; orders: number; customers: number }, bps: number): SalesFigures => ({
  sales: toRupees(t.salesPaise),
  orders: t.orders,
  customers: t.customers,
  average: t.orders === 0 ? 0 : toRupees(Math.round(t.salesPaise / t.orders)),
  commission: toRupees(commissionPaise(t.salesPaise, bps)),
});

async function orderList(db: Db, rows: OrderRow[]): Promise<AgentOrder[]> {
  const names = await namesOf(
    db,
    rows.map((o) => o.userId),
  );
  return rows.map((o) => ({
    id: o.id,
    ordernumber: o.ordernumber,
    customer: names.get(o.userId) ?? '',
    created_at: o.createdAt.toISOString(),
    status: o.status,
    payment_method: o.paymentMethod,
    total: toRupees(o.total),
  }));
}

/** The agent's customers with what the agent sold each (orders that count as sales). */
export async function agentCustomers(db: Db, websiteId: number, agentId: number): Promise<AgentCustomer[]> {
  const customers = await customersOf(db, websiteId, [agentId]);
  const totals = await agentCustomerTotals(
    db,
    websiteId,
    agentId,
    customers.map((c) => c.id),
  );
  return customers.map((c) => {
    const t = totals.get(c.id);
    return {
      id: c.id,
      name: c.name,
      email: c.email,
      phone: c.phone,
      orders: t?.orders ?? 0,
      total: toRupees(t?.totalPaise ?? 0),
      last_order_at: t?.lastAt?.toISOString() ?? null,
    };
  });
}

/** GET /agent/dashboard: only the signed-in agent's own figures. */
export async function agentDashboard(
  db: Db,
  website: { id: number; name: string },
  agent: CurrentUser,
  q: SalesRangeQuery,
  now = new Date(),
): Promise<AgentDashboard> {
  const me = await findAgent(db, website.id, agent.id);
  if (!me) throw agentErrors.agentNotFound();
  const bps = me.commissionBps;
  const today = istDay(now);
  const { from, to } = rangeOf(q, now);
  const range = periodOf(from, to);
  const [t, m, r, byDay, top, customers, awaiting, recent] = await Promise.all([
    agentTotals(db, website.id, agent.id, periodOf(today, today)),
    agentTotals(db, website.id, agent.id, periodOf(today.slice(0, 8) + '01', today)),
    agentTotals(db, website.id, agent.id, range),
    agentSalesByDay(db, website.id, agent.id, range),
    agentTopProducts(db, website.id, agent.id, range),
    agentCustomers(db, website.id, agent.id),
    agentOrders(db, website.id, agent.id, { awaitingPayment: true, limit: 20 }),
    agentOrders(db, website.id, agent.id, { limit: 10 }),
  ]);
  // Every day of the range (at most a year), so the chart shows quiet days as zero.
  const sales = new Map(byDay.map((d) => [d.date, d]));
  const days: AgentDashboard['by_day'] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const s = sales.get(d);
    days.push({ date: d, sales: toRupees(s?.salesPaise ?? 0), orders: s?.orders ?? 0 });
  }
  return {
    agent: me.name,
    website: website.name,
    commission_rate: bpsToPercent(bps),
    from,
    to,
    today: figures(t, bps),
    month: figures(m, bps),
    range: figures(r, bps),
    by_day: days,
    top_products: top.map((p) => ({ name: p.name, pack: p.pack, quantity: p.quantity, sales: toRupees(p.salesPaise) })),
    customers,
    awaiting_payment: await orderList(db, awaiting),
    recent: await orderList(db, recent),
  };
}

/** The customer, when assigned to this agent; 404 CUSTOMER_NOT_ASSIGNED otherwise (another agent's, nobody's, another website's). */
export async function myCustomer(db: Db, websiteId: number, agentId: number, customerId: number): Promise<Contact> {
  const c = await assignedCustomer(db, websiteId, agentId, customerId);
  if (!c) throw agentErrors.notAssigned();
  return c;
}

export async function customerAddresses(db: Db, websiteId: number, agentId: number, customerId: number) {
  const c = await myCustomer(db, websiteId, agentId, customerId);
  return listAddresses(db, { websiteId, userId: c.id });
}

/**
 * POST /agent/customers/{id}/addresses: the agent adds a delivery address to their customer's book
 * (at the door, on the phone), as the customer would (the first one the shop delivers to becomes
 * the default), audited in the same transaction with the agent as actor and the customer named.
 */
export async function addCustomerAddress(db: Db, actor: AuditActor, agentId: number, customerId: number, v: AddressValues) {
  const c = await myCustomer(db, actor.websiteId, agentId, customerId);
  return createAddress(db, { websiteId: actor.websiteId, userId: c.id }, v, (tx, id) =>
    recordAudit(tx, actor, {
      entity: 'address',
      entityId: id,
      action: 'create',
      after: { customer_id: c.id, customer: c.name, pincode: v.pincode, line1: v.line1 },
      label: `${v.line1}, ${v.pincode} for ${c.name}`,
    }),
  );
}

/** The agent's cart priced for delivery to one of the customer's addresses. */
export async function cartForCustomer(db: Db, ctx: CartContext, agentId: number, customerId: number, addressId?: number) {
  const c = await myCustomer(db, ctx.websiteId, agentId, customerId);
  if (addressId) {
    const address = await findAddress(db, { websiteId: ctx.websiteId, userId: c.id }, addressId);
    if (address) ctx = { ...ctx, pincode: address.pincode };
  }
  return (await loadCart(db, ctx)).cart;
}

/**
 * POST /agent/orders: the agent's cart becomes the customer's order, attributed to the agent. Cash
 * on delivery is placed at once; a prepaid order waits for the customer, who gets a payment link
 * (email and SMS through the outbox) to the shop's normal pay page for it.
 */
export async function orderForCustomer(
  deps: { db: Db; outbox: Outbox },
  website: { id: number; name: string },
  agent: CurrentUser,
  cartCtx: CartContext,
  body: AgentOrderBody,
  origin: string,
): Promise<{ order: AgentOrder; link_sent_to: string[] }> {
  const { db, outbox } = deps;
  const customer = await myCustomer(db, website.id, agent.id, body.customer_id);
  // a customer the shop blocked cannot be ordered for either (403, the reason said)
  await refuseBlocked(db, website, customer.id);
  const { customer_id: _, ...orderBody } = body;
  const { order, created } = await placeOrder(db, { websiteId: website.id, userId: agent.id }, cartCtx, orderBody, {
    customerId: customer.id,
  });
  let sentTo: string[] = [];
  // a cash-on-delivery order's confirmation follows from its `order.placed` event (written by placeOrder)
  if (order.paymentMethod !== 'cod') {
    sentTo = await sendPaymentLink(outbox, website, order, customer, agent.name, origin, created);
  }
  const [row] = await orderList(db, [order]);
  return { order: row!, link_sent_to: sentTo };
}

// Administration

export async function adminAgents(db: Db, websiteId: number): Promise<AdminAgent[]> {
  const agents = await listAgents(db, websiteId);
  const customers = await customersOf(
    db,
    websiteId,
    agents.map((a) => a.id),
  );
  return agents.map((a) => ({
    id: a.id,
    name: a.name,
    email: a.email,
    phone: a.phone,
    commission_rate: bpsToPercent(a.commissionBps),
    customers: customers.filter((c) => c.agentId === a.id).map(({ agentId: _, ...c }) => c),
  }));
}

async function adminAgent(db: Db, websiteId: number, agentId: number): Promise<AdminAgent> {
  const a = (await adminAgents(db, websiteId)).find((x) => x.id === agentId);
  if (!a) throw agentErrors.agentNotFound();
  return a;
}

export async function setAgentRate(db: Db, actor: AuditActor, agentId: number, percent: number): Promise<AdminAgent> {
  await db.transaction(async (tx) => {
    const { before, after } = await setCommission(tx, actor.websiteId, agentId, percentToBps(percent));
    await recordAudit(tx, actor, {
      entity: 'agent',
      entityId: agentId,
      action: 'update',
      before: { commission_rate: bpsToPercent(before) },
      after: { commission_rate: bpsToPercent(after) },
    });
  });
  return adminAgent(db, actor.websiteId, agentId);
}

export async function assignAgentCustomer(db: Db, actor: AuditActor, agentId: number, identifier: string): Promise<AdminAgent> {
  const id = parseIdentifier(identifier);
  if (!id) throw fail('VALIDATION_FAILED').withErrors({ identifier: ['Enter a valid email or 10-digit mobile number'] });
  await db.transaction(async (tx) => {
    const { customer, previousAgentId } = await assignCustomer(tx, actor.websiteId, agentId, id);
    await recordAudit(tx, actor, {
      entity: 'agent_customer',
      entityId: customer.id,
      action: previousAgentId === agentId ? 'update' : 'assign',
      before: { agent_id: previousAgentId },
      after: { agent_id: agentId },
    });
  });
  return adminAgent(db, actor.websiteId, agentId);
}

export async function unassignAgentCustomer(db: Db, actor: AuditActor, agentId: number, customerId: number): Promise<AdminAgent> {
  await db.transaction(async (tx) => {
    if (!(await findAgent(tx, actor.websiteId, agentId))) throw agentErrors.agentNotFound();
    const customer = await unassignCustomer(tx, actor.websiteId, agentId, customerId);
    await recordAudit(tx, actor, {
      entity: 'agent_customer',
      entityId: customer.id,
      action: 'unassign',
      before: { agent_id: agentId },
      after: { agent_id: null },
    });
  });
  return adminAgent(db, actor.websiteId, agentId);
}

/** Sales and commission by agent for a range (every agent listed, with or without sales). */
export async function agentReport(db: Db, websiteId: number, q: SalesRangeQuery, now = new Date()): Promise<AgentReport> {
  const { from, to } = rangeOf(q, now);
  const [agents, sales] = await Promise.all([listAgents(db, websiteId), salesByAgent(db, websiteId, periodOf(from, to))]);
  // Orders placed by someone who is no longer an agent still count, at the rate they had.
  const gone = [...sales.keys()].filter((id) => !agents.some((a) => a.id === id));
  const [goneNames, goneRates] = await Promise.all([namesOf(db, gone), commissionRates(db, websiteId, gone)]);
  const rows = [
    ...agents.map((a) => ({ id: a.id, name: a.name, bps: a.commissionBps })),
    ...gone.map((id) => ({ id, name: goneNames.get(id) ?? `#${id}`, bps: goneRates.get(id) ?? 0 })),
  ].map((a) => {
    const s = sales.get(a.id) ?? { salesPaise: 0, orders: 0, customers: 0 };
    return { a, s, commission: commissionPaise(s.salesPaise, a.bps) };
  });
  return {
    from,
    to,
    data: rows.map(({ a, s, commission }) => ({
      agent_id: a.id,
      name: a.name,
      commission_rate: bpsToPercent(a.bps),
      orders: s.orders,
      customers: s.customers,
      sales: toRupees(s.salesPaise),
      commission: toRupees(commission),
    })),
    total: {
      orders: rows.reduce((n, r) => n + r.s.orders, 0),
      sales: toRupees(rows.reduce((n, r) => n + r.s.salesPaise, 0)),
      commission: toRupees(rows.reduce((n, r) => n + r.commission, 0)),
    },
  };
}
