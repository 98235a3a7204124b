import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders, outbox, users, websiteMembers, websites } from '../../db/schema';
import { TestClient } from '../../test/client';
import { signInAs } from '../cart/test-fixture';
import { checkoutBench } from '../orders/test-fixture';

let b: Awaited<ReturnType<typeof checkoutBench>>;
let seq = 0;
let admin: TestClient;
let agentA: Awaited<ReturnType<typeof person>>;
let agentB: Awaited<ReturnType<typeof person>>;

async function person(flags: { hasAdminAccess?: boolean; isSalesAgent?: boolean } | null, websiteId?: number) {
  const c = new TestClient(b.t.app);
  if (!flags) return { c, id: 0, name: '', email: '', phone: '' };
  const n = ++seq;
  const name = `Person ${n}`;
  const [u] = await b.t.db
    .insert(users)
    .values({ name, email: `agents${n}-${Date.now()}@example.com`, phone: `70000${String(n).padStart(5, '0')}` })
    .returning();
  await b.t.db.insert(websiteMembers).values({
    websiteId: websiteId ?? b.shop.websiteId,
    userId: u!.id,
    hasAdminAccess: !!flags.hasAdminAccess,
    isSalesAgent: !!flags.isSalesAgent,
  });
  await c.get('/s/api/check/pincode/560001');
  await signInAs(b.t.db, c, u!.id);
  return { c, id: u!.id, name, email: u!.email!, phone: u!.phone! };
}

/** A customer of the shop with an address (their own cart empty). */
async function customer() {
  const s = await b.shopper([]);
  const [u] = await b.t.db.select().from(users).where(eq(users.id, s.user.id));
  await b.t.db
    .update(users)
    .set({ phone: `80000${String(++seq).padStart(5, '0')}` })
    .where(eq(users.id, u!.id));
  return { ...s, id: u!.id, email: u!.email!, phone: `80000${String(seq).padStart(5, '0')}`, name: u!.name };
}

const assign = (agentId: number, identifier: string) => admin.post(`/s/api/admin/agents/${agentId}/customers`, { identifier });
const fill = async (c: TestClient, packId: number, qty: number) => {
  for (let i = 0; i < qty; i++) expect((await c.post('/s/api/cart/add', { pack_id: packId })).statusCode).toBe(200);
};
const agentOrders = (agentId: number) => b.t.db.select().from(orders).where(eq(orders.agentId, agentId));
const dal = () => b.shop.packs.dal1.id;
/** The owner moves an order through to delivered (cash on delivery: with its total); answers the staff's order. */
async function deliver(id: string, cash?: number) {
  for (const step of ['confirm', 'pack']) expect((await admin.post(`/s/api/admin/orders/${id}/${step}`, {})).statusCode).toBe(200);
  const delivery = { person: 'Ravi', phone: '9876543210', vehicle: '', tracking: '' };
  expect((await admin.post(`/s/api/admin/orders/${id}/ship`, { delivery })).statusCode).toBe(200);
  const res = await admin.post(`/s/api/admin/orders/${id}/deliver`, cash === undefined ? {} : { cash_collected: cash });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  b = await checkoutBench();
  admin = (await person({ hasAdminAccess: true })).c;
  agentA = await person({ isSalesAgent: true });
  agentB = await person({ isSalesAgent: true });
}, 120_000);
afterAll(() => b.t.close());

describe('roles', () => {
  it('Administration calls: 401 signed out, 403 shopper and agent, 200 admin; agent calls: 403 for admin and shopper', async () => {
    const who = {
      anonymous: (await person(null)).c,
      shopper: (await person({})).c,
      agent: agentA.c,
      admin,
    };
    const adminCalls: Array<[string, (c: TestClient) => Promise<{ statusCode: number }>]> = [
      ['list', (c) => c.get('/s/api/admin/agents')],
      ['rate', (c) => c.put(`/s/api/admin/agents/${agentB.id}`, { commission_rate: 0 })],
      ['assign', (c) => c.post(`/s/api/admin/agents/${agentB.id}/customers`, { identifier: 'nobody@example.com' })],
      ['unassign', (c) => c.delete(`/s/api/admin/agents/${agentB.id}/customers/999999`)],
      ['report', (c) => c.get('/s/api/admin/agents/report')],
      ['csv', (c) => c.get('/s/api/admin/agents/report.csv')],
    ];
    const expected = { anonymous: 401, shopper: 403, agent: 403 };
    for (const [name, c] of Object.entries(who))
      for (const [call, run] of adminCalls) {
        const status = (await run(c)).statusCode;
        // the admin reaches the call: assigning nobody and unassigning a stranger are 404s of the call itself
        if (name === 'admin') expect([200, 404], call).toContain(status);
        else expect(status, `${name} ${call}`).toBe(expected[name as keyof typeof expected]);
      }
    for (const [name, c] of Object.entries(who)) {
      const status = (await c.get('/s/api/agent/dashboard')).statusCode;
      expect(status, name).toBe({ anonymous: 401, shopper: 403, agent: 200, admin: 403 }[name]);
    }
  });
});

describe('assignment and rates (Administration)', () => {
  it('assigns by mobile or email, moves a customer between agents, unassigns; every change audited', async () => {
    const cu = await customer();
    const byPhone = await assign(agentA.id, cu.phone);
    expect(byPhone.statusCode, byPhone.body).toBe(200);
    expect(byPhone.json().customers.map((x: { id: number }) => x.id)).toContain(cu.id);
    // to another agent by email: a customer has one agent
    expect((await assign(agentB.id, cu.email.toUpperCase())).statusCode).toBe(200);
    const list = (await admin.get('/s/api/admin/agents')).json().data as Array<{ id: number; customers: Array<{ id: number }> }>;
    expect(list.find((a) => a.id === agentA.id)!.customers.some((x) => x.id === cu.id)).toBe(false);
    expect(list.find((a) => a.id === agentB.id)!.customers.some((x) => x.id === cu.id)).toBe(true);
    expect((await admin.delete(`/s/api/admin/agents/${agentA.id}/customers/${cu.id}`)).json().code).toBe('CUSTOMER_NOT_FOUND');
    expect((await admin.delete(`/s/api/admin/agents/${agentB.id}/customers/${cu.id}`)).statusCode).toBe(200);
    const audit = await b.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'agent_customer'), eq(auditLog.entityId, String(cu.id))));
    expect(audit.map((r) => [r.action, r.before, r.after])).toEqual([
      ['assign', { agent_id: null }, { agent_id: agentA.id }],
      ['assign', { agent_id: agentA.id }, { agent_id: agentB.id }],
      ['unassign', { agent_id: agentB.id }, { agent_id: null }],
    ]);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const before = (await admin.get('/s/api/admin/agents')).json();
    const staff = await person({ hasAdminAccess: true });
    const cases: Array<[Promise<{ statusCode: number; json: () => { code: string; errors?: Record<string, string[]> } }>, number, string]> =
      [
        [assign(agentA.id, 'not an email'), 422, 'VALIDATION_FAILED'],
        [assign(agentA.id, ''), 422, 'VALIDATION_FAILED'],
        [assign(agentA.id, 'nobody@example.com'), 404, 'CUSTOMER_NOT_FOUND'],
        [assign(agentA.id, staff.email!), 422, 'CUSTOMER_IS_STAFF'],
        [assign(agentA.id, agentB.phone!), 422, 'CUSTOMER_IS_STAFF'],
        [assign(staff.id, 'nobody@example.com'), 404, 'AGENT_NOT_FOUND'],
        [admin.put(`/s/api/admin/agents/${agentA.id}`, { commission_rate: 100.5 }), 422, 'VALIDATION_FAILED'],
        [admin.put(`/s/api/admin/agents/${agentA.id}`, { commission_rate: 2.555 }), 422, 'VALIDATION_FAILED'],
        [admin.put(`/s/api/admin/agents/${agentA.id}`, { commission_rate: -1 }), 422, 'VALIDATION_FAILED'],
        [admin.put(`/s/api/admin/agents/${staff.id}`, { commission_rate: 1 }), 404, 'AGENT_NOT_FOUND'],
      ];
    for (const [p, status, code] of cases) {
      const r = await p;
      expect([r.statusCode, r.json().code]).toEqual([status, code]);
    }
    expect((await admin.put(`/s/api/admin/agents/${agentA.id}`, { commission_rate: 100.5 })).json().errors.commission_rate).toEqual([
      'The rate must be at most 100%',
    ]);
    expect((await admin.get('/s/api/admin/agents')).json()).toEqual(before);
  });

  it('another website’s agents and customers are 404 here', async () => {
    const [site] = await b.t.db.insert(websites).values({ name: 'Other shop' }).returning();
    const theirAgent = await person({ isSalesAgent: true }, site!.id);
    const theirCustomer = await person({}, site!.id);
    expect((await assign(theirAgent.id, 'x@example.com')).json().code).toBe('AGENT_NOT_FOUND');
    expect((await admin.put(`/s/api/admin/agents/${theirAgent.id}`, { commission_rate: 5 })).statusCode).toBe(404);
    expect((await assign(agentA.id, theirCustomer.email!)).json().code).toBe('CUSTOMER_NOT_FOUND');
    // nor can an agent reach a customer of another website, even one assigned there to them by hand
    await b.t.db.insert(websiteMembers).values({ websiteId: site!.id, userId: agentA.id, isSalesAgent: true });
    await b.t.db
      .update(websiteMembers)
      .set({ agentId: agentA.id })
      .where(and(eq(websiteMembers.websiteId, site!.id), eq(websiteMembers.userId, theirCustomer.id)));
    expect((await agentA.c.get(`/s/api/agent/customers/${theirCustomer.id}/addresses`)).json().code).toBe('CUSTOMER_NOT_ASSIGNED');
  });

  it('sets the rate, audited', async () => {
    const r = await admin.put(`/s/api/admin/agents/${agentA.id}`, { commission_rate: 2.5 });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().commission_rate).toBe(2.5);
    const [row] = await b.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'agent'), eq(auditLog.entityId, String(agentA.id))));
    expect([row!.before, row!.after]).toEqual([{ commission_rate: 0 }, { commission_rate: 2.5 }]);
  });
});

describe('ordering for a customer', () => {
  it('an agent cannot order for, or look at, a customer not assigned to them: 404, nothing changed', async () => {
    const theirs = await customer();
    const nobodys = await customer();
    expect((await assign(agentB.id, theirs.email)).statusCode).toBe(200);
    await fill(agentA.c, dal(), 2);
    const stockBefore = await b.stockOf(dal(), b.shop.warehouses.blr.id);
    const cart = (await agentA.c.get('/s/api/cart')).json();
    for (const cu of [theirs, nobodys]) {
      const r = await agentA.c.post('/s/api/agent/orders', {
        customer_id: cu.id,
        address_id: cu.addressId,
        payment_method: 'cod',
        expected_total: cart.amount,
        idempotency_key: b.key(),
      });
      expect([r.statusCode, r.json().code]).toEqual([404, 'CUSTOMER_NOT_ASSIGNED']);
      expect((await agentA.c.get(`/s/api/agent/customers/${cu.id}/addresses`)).statusCode).toBe(404);
      expect((await agentA.c.get(`/s/api/agent/customers/${cu.id}/cart?address_id=${cu.addressId}`)).statusCode).toBe(404);
    }
    expect(await agentOrders(agentA.id)).toHaveLength(0);
    expect(await b.stockOf(dal(), b.shop.warehouses.blr.id)).toBe(stockBefore);
    expect((await agentA.c.get('/s/api/cart')).json().quantity).toBe(2);
    expect((await agentA.c.get('/s/api/agent/customers')).json().data.map((x: { id: number }) => x.id)).not.toContain(theirs.id);
    // an address of one of the agent's own customers does not stand in for another's
    const mine = await customer();
    expect((await assign(agentA.id, mine.email)).statusCode).toBe(200);
    const r = await agentA.c.post('/s/api/agent/orders', {
      customer_id: mine.id,
      address_id: theirs.addressId,
      payment_method: 'cod',
      expected_total: cart.amount,
      idempotency_key: b.key(),
    });
    expect(r.json().code).toBe('ADDRESS_NOT_FOUND');
    await agentA.c.post('/s/api/cart/remove', { pack_id: dal(), remove: true });
  });

  it('the agent adds an address to their own customer’s book, audited; never to another’s; bad input changes nothing', async () => {
    const mine = await customer();
    const theirs = await customer();
    expect((await assign(agentA.id, mine.email)).statusCode).toBe(200);
    expect((await assign(agentB.id, theirs.email)).statusCode).toBe(200);
    const door = {
      name: 'Asha',
      phone: '9000000011',
      pincode: '560001',
      line1: 'Flat 9C, Lake View',
      line2: 'Indiranagar',
      landmark: null,
      city: 'Bengaluru',
      state: 'Karnataka',
      type: 'home',
      is_default: false,
    };
    const listOf = async (id: number) =>
      ((await agentA.c.get(`/s/api/agent/customers/${id}/addresses`)).json().data as Array<{ line1: string }>).map((a) => a.line1);
    const before = await listOf(mine.id);

    const bad = await agentA.c.post(`/s/api/agent/customers/${mine.id}/addresses`, { ...door, pincode: '12' });
    expect(bad.statusCode).toBe(422);
    expect(await listOf(mine.id)).toEqual(before);
    const other = await agentA.c.post(`/s/api/agent/customers/${theirs.id}/addresses`, door);
    expect([other.statusCode, other.json().code]).toEqual([404, 'CUSTOMER_NOT_ASSIGNED']);
    expect((await agentB.c.get(`/s/api/agent/customers/${theirs.id}/addresses`)).json().data).toHaveLength(1);

    const added = await agentA.c.post(`/s/api/agent/customers/${mine.id}/addresses`, door);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ line1: 'Flat 9C, Lake View', pincode: '560001', serviceable: true });
    // in the customer's own book, as if they had added it
    expect(await listOf(mine.id)).toEqual([...before, 'Flat 9C, Lake View']);
    const own = (await mine.c.get('/s/api/addresses')).json().data as Array<{ id: number }>;
    expect(own.map((a) => a.id)).toContain(added.json().id);
    const [entry] = await b.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'address'), eq(auditLog.entityId, String(added.json().id))));
    expect(entry).toMatchObject({ actorId: agentA.id, action: 'create' });
    expect(entry!.after).toMatchObject({ customer_id: mine.id, pincode: '560001' });
  });

  it('cash on delivery: the customer’s order, attributed to the agent, placed by the agent in both accounts', async () => {
    const cu = await customer();
    expect((await assign(agentA.id, cu.phone)).statusCode).toBe(200);
    const addresses = (await agentA.c.get(`/s/api/agent/customers/${cu.id}/addresses`)).json().data;
    expect(addresses.map((a: { id: number }) => a.id)).toEqual([cu.addressId]);
    await fill(agentA.c, dal(), 3);
    const cart = (await agentA.c.get(`/s/api/agent/customers/${cu.id}/cart?address_id=${cu.addressId}`)).json();
    expect(cart.paymentMethods.map((m: { code: string }) => m.code)).toContain('cod');
    const body = {
      customer_id: cu.id,
      address_id: cu.addressId,
      payment_method: 'cod',
      expected_total: cart.amount,
      idempotency_key: b.key(),
    };
    const r = await agentA.c.post('/s/api/agent/orders', body);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ order: { customer: cu.name, status: 'placed', total: cart.amount }, link_sent_to: [] });
    // the same key again: the same order
    expect((await agentA.c.post('/s/api/agent/orders', body)).json().order.id).toBe(r.json().order.id);
    const [row] = await b.t.db.select().from(orders).where(eq(orders.id, r.json().order.id));
    expect([row!.userId, row!.agentId]).toEqual([cu.id, agentA.id]);
    const seen = (await cu.c.get(`/s/api/orders/${row!.id}`)).json();
    expect(seen.placed_by).toBe(agentA.name);
    expect(seen.timeline[0].by).toBe(agentA.name);
    expect((await agentA.c.get(`/s/api/orders/${row!.id}`)).statusCode).toBe(404); // not the agent's own order
    expect((await agentA.c.get('/s/api/cart')).json().quantity).toBe(0);
    const dash = (await agentA.c.get('/s/api/agent/dashboard')).json();
    expect(dash.recent[0]).toMatchObject({ ordernumber: row!.ordernumber, customer: cu.name });
    // not a sale until delivered (orders/sales.ts)
    expect(dash.customers.find((x: { id: number }) => x.id === cu.id)).toMatchObject({ orders: 0, total: 0 });
    await deliver(row!.id, cart.amount);
    const after = (await agentA.c.get('/s/api/agent/dashboard')).json();
    // ₹540 of dal: over ₹499, so no delivery charge; the sale is its goods
    expect(after.customers.find((x: { id: number }) => x.id === cu.id)).toMatchObject({ orders: 1, total: cart.amount });
  });

  it('payment link: sent to the customer, who pays through the simulator; the dashboard then counts the sale', async () => {
    const cu = await customer();
    expect((await assign(agentA.id, cu.email)).statusCode).toBe(200);
    const before = (await agentA.c.get('/s/api/agent/dashboard')).json();
    await fill(agentA.c, dal(), 1);
    const cart = (await agentA.c.get(`/s/api/agent/customers/${cu.id}/cart?address_id=${cu.addressId}`)).json();
    const r = await agentA.c.post('/s/api/agent/orders', {
      customer_id: cu.id,
      address_id: cu.addressId,
      payment_method: 'razorpay',
      expected_total: cart.amount,
      idempotency_key: b.key(),
    });
    expect(r.statusCode, r.body).toBe(200);
    const { order, link_sent_to } = r.json();
    expect(order.status).toBe('pending_payment');
    expect(link_sent_to).toHaveLength(2);
    const link = `/checkout/razorpay/${order.id}`;
    const sent = (await b.t.db.select().from(outbox)).filter((m) => m.body.includes(link));
    expect(sent.map((m) => [m.channel, m.to]).sort()).toEqual([
      ['email', cu.email],
      ['sms', cu.phone],
    ]);
    const waiting = (await agentA.c.get('/s/api/agent/dashboard')).json();
    expect(waiting.awaiting_payment.map((o: { id: string }) => o.id)).toContain(order.id);
    expect(waiting.today.sales).toBe(before.today.sales); // not a sale until paid

    // the customer opens the link: the pay page asks for the hand-off, then the simulator pays
    const pay = await cu.c.post(`/s/api/orders/${order.id}/pay`);
    expect(pay.statusCode, pay.body).toBe(200);
    await b.simulatorOutcome(pay.json().payment.checkout_url, 'success');
    expect((await cu.c.get(`/s/api/orders/${order.id}/confirm`)).json().status).toBe('placed');

    const paid = (await agentA.c.get('/s/api/agent/dashboard')).json();
    expect(paid.awaiting_payment.map((o: { id: string }) => o.id)).not.toContain(order.id);
    expect(paid.today.orders).toBe(before.today.orders); // paid, not yet delivered: not a sale yet
    const delivered = await deliver(order.id);
    const after = (await agentA.c.get('/s/api/agent/dashboard')).json();
    expect(after.today.orders).toBe(before.today.orders + 1);
    // its goods, without the ₹30 delivery charge of an order under ₹499
    expect(delivered.delivery_charge).toBe(30);
    expect(after.today.sales).toBeCloseTo(before.today.sales + delivered.items_total - delivered.discount, 2);
    // commission at the owner's rate (2.5%), in whole paise
    const salesPaise = Math.round(after.range.sales * 100);
    expect(Math.round(after.range.commission * 100)).toBe(Math.floor((salesPaise * 250 + 5000) / 10000));
    expect(after.by_day.at(-1).sales).toBe(after.today.sales);
    expect(after.top_products[0]).toMatchObject({ name: expect.any(String), quantity: expect.any(Number) });
  });

  it('one agent never sees another’s figures', async () => {
    const a = (await agentA.c.get('/s/api/agent/dashboard')).json();
    const bDash = (await agentB.c.get('/s/api/agent/dashboard')).json();
    expect(a.range.orders).toBeGreaterThan(0);
    expect(bDash.range).toEqual({ sales: 0, orders: 0, customers: 0, average: 0, commission: 0 });
    expect(bDash.recent).toEqual([]);
    expect(bDash.customers.every((x: { id: number }) => !a.customers.some((y: { id: number }) => y.id === x.id))).toBe(true);
  });
});

describe('dashboard range and the report', () => {
  it('a chosen range; a bad range is refused', async () => {
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    const r = (await agentA.c.get(`/s/api/agent/dashboard?from=2020-01-01&to=2020-01-31`)).json();
    expect([r.from, r.to, r.range.orders, r.by_day.length]).toEqual(['2020-01-01', '2020-01-31', 0, 31]);
    const bad = await agentA.c.get(`/s/api/agent/dashboard?from=${today}&to=2020-01-01`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.from).toEqual(['The start date must be on or before the end date']);
    expect((await agentA.c.get('/s/api/agent/dashboard?from=2020-01-01&to=2022-01-01')).statusCode).toBe(422);
    expect((await agentA.c.get('/s/api/agent/dashboard?from=yesterday')).statusCode).toBe(422);
  });

  it('sales and commission by agent, as JSON and CSV', async () => {
    const report = (await admin.get('/s/api/admin/agents/report')).json();
    const a = report.data.find((x: { agent_id: number }) => x.agent_id === agentA.id);
    const dash = (await agentA.c.get('/s/api/agent/dashboard')).json();
    expect(a).toMatchObject({
      name: agentA.name,
      commission_rate: 2.5,
      orders: dash.range.orders,
      sales: dash.range.sales,
      commission: dash.range.commission,
    });
    expect(report.data.find((x: { agent_id: number }) => x.agent_id === agentB.id)).toMatchObject({ orders: 0, sales: 0, commission: 0 });
    expect(report.total.sales).toBeCloseTo(
      report.data.reduce((n: number, x: { sales: number }) => n + x.sales, 0),
      2,
    );
    const csv = await admin.get(`/s/api/admin/agents/report.csv?from=${report.from}&to=${report.to}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toContain(`agent-sales-${report.from}-to-${report.to}.csv`);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('Agent,Commission rate (%),Orders,Customers,Sales (INR),Commission (INR)');
    expect(lines).toContain(`${agentA.name},2.5,${a.orders},${a.customers},${a.sales.toFixed(2)},${a.commission.toFixed(2)}`);
    expect(lines.at(-1)).toBe(`Total,,${report.total.orders},,${report.total.sales.toFixed(2)},${report.total.commission.toFixed(2)}`);
  });
});

describe('a customer the shop blocked', () => {
  it('cannot be ordered for by their sales agent: 403 CUSTOMER_BLOCKED with the reason, nothing taken', async () => {
    const cu = await customer();
    expect((await assign(agentA.id, cu.email)).statusCode).toBe(200);
    expect((await admin.post(`/s/api/admin/customers/${cu.id}/block`, { reason: 'Unpaid COD orders' })).statusCode).toBe(200);
    await fill(agentA.c, dal(), 1);
    const stockBefore = await b.stockOf(dal(), b.shop.warehouses.blr.id);
    const cart = (await agentA.c.get('/s/api/cart')).json();
    const before = (await agentOrders(agentA.id)).length;
    const r = await agentA.c.post('/s/api/agent/orders', {
      customer_id: cu.id,
      address_id: cu.addressId,
      payment_method: 'cod',
      expected_total: cart.amount,
      idempotency_key: b.key(),
    });
    expect([r.statusCode, r.json().code]).toEqual([403, 'CUSTOMER_BLOCKED']);
    expect(r.json().message).toContain('Unpaid COD orders');
    expect(await agentOrders(agentA.id)).toHaveLength(before);
    expect(await b.stockOf(dal(), b.shop.warehouses.blr.id)).toBe(stockBefore);
  });
});
