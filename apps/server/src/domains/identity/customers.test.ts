import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outbox, sessions, users, websiteMembers, websites } from '../../db/schema';
import { TestClient } from '../../test/client';
import { signInAs } from '../cart/test-fixture';
import { ROLE_STATUS, staffClients, type RoleName } from '../../test/staff-clients';
import { checkoutBench } from '../orders/test-fixture';

// The staff's customers (issue 14): list, screen, block and unblock; a blocked person cannot sign in or order on this website.
const { t, shop, shopper, place, key } = await checkoutBench();
afterAll(() => t.close());
const { as, everyone } = staffClients(t, shop.websiteId);

let owner: TestClient;
beforeAll(async () => {
  owner = await as({ hasAdminAccess: true });
});

async function withOrder(qty = 1) {
  const s = await shopper([[shop.packs.dal1.id, qty]]);
  const res = await place(s.c, { address_id: s.addressId, payment_method: 'cod', expected_total: s.cart.amount, idempotency_key: key() });
  expect(res.statusCode, res.body).toBe(200);
  return { ...s, order: res.json().order as { id: string; ordernumber: string; total: number } };
}

/** Sign-in codes sent to `to` (the emails whose subject is "… is your … code"). */
const codesSentTo = async (to: string) =>
  (await t.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id))).filter((m) =>
    / is your .* code$/.test(m.subject ?? ''),
  );

describe('the customer list and screen', () => {
  it('lists the shop’s customers (not its staff) with orders, total spent and last order; searches by name, email and mobile; sorts and pages', async () => {
    const a = await withOrder(2);
    await t.db.update(users).set({ phone: '9123400001', name: 'Meera Iyer' }).where(eq(users.id, a.user.id));
    const list = (await owner.get(`/s/api/admin/customers?q=${encodeURIComponent(a.user.email!)}`)).json();
    expect(list.data).toEqual([
      expect.objectContaining({
        id: a.user.id,
        name: 'Meera Iyer',
        orders: 1,
        // placed, not delivered: not a sale yet (orders/sales.ts; orders/sales.test.ts counts delivered ones)
        spent: 0,
        blocked: null,
        last_order: expect.any(String),
      }),
    ]);
    expect((await owner.get('/s/api/admin/customers?q=Meera%20Iy')).json().data.map((r: { id: number }) => r.id)).toEqual([a.user.id]);
    expect((await owner.get('/s/api/admin/customers?q=91234000')).json().data.map((r: { id: number }) => r.id)).toEqual([a.user.id]);
    const all = (await owner.get('/s/api/admin/customers?perPage=100&sort=spent&dir=desc')).json();
    expect(all.data.map((r: { id: number }) => r.id)).not.toContain((owner as TestClient & { userId?: number }).userId);
    const spent = all.data.map((r: { spent: number }) => r.spent);
    expect(spent).toEqual([...spent].sort((x: number, y: number) => y - x));
    expect((await owner.get('/s/api/admin/customers?perPage=7')).statusCode).toBe(422);
    expect((await owner.get('/s/api/admin/customers?sort=bogus')).statusCode).toBe(422);

    const screen = (await owner.get(`/s/api/admin/customers/${a.user.id}`)).json();
    expect(screen).toMatchObject({ id: a.user.id, orders: 1, spent: 0 });
    expect(screen.addresses).toEqual([expect.objectContaining({ id: a.addressId, pincode: '560001', is_default: true })]);
    expect(screen.recent_orders).toEqual([expect.objectContaining({ id: a.order.id, ordernumber: a.order.ordernumber, status: 'placed' })]);
  });
});

describe('blocking', () => {
  it('a blocked customer is signed out, cannot sign in or order on this website (403, told why), and can again once unblocked; both audited', async () => {
    const a = await withOrder();
    expect((await owner.post(`/s/api/admin/customers/${a.user.id}/block`, { reason: 'x' })).statusCode).toBe(422);
    const res = await owner.post(`/s/api/admin/customers/${a.user.id}/block`, { reason: 'Repeated refused COD deliveries' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().blocked).toMatchObject({ reason: 'Repeated refused COD deliveries' });
    // the session they had here is over
    expect((await a.c.get('/s/api/account')).statusCode).toBe(401);
    const live = await t.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, a.user.id), eq(sessions.websiteId, shop.websiteId)));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);

    // sign-in is refused before a code is sent, saying why
    const login = await a.c.post('/s/api/auth/login', { identifier: a.user.email });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({
      code: 'CUSTOMER_BLOCKED',
      message: expect.stringContaining('Repeated refused COD deliveries'),
    });
    expect(await codesSentTo(a.user.email!)).toEqual([]);

    // ordering (with a session made before the block took effect) is refused too
    const fresh = new TestClient(t.app);
    await signInAs(t.db, fresh, a.user.id);
    const order = await place(fresh, {
      address_id: a.addressId,
      payment_method: 'cod',
      expected_total: a.cart.amount,
      idempotency_key: key(),
    });
    expect([order.statusCode, order.json().code]).toEqual([403, 'CUSTOMER_BLOCKED']);

    expect((await owner.get('/s/api/admin/customers?blocked=yes&perPage=100')).json().data.map((r: { id: number }) => r.id)).toContain(
      a.user.id,
    );

    const un = await owner.post(`/s/api/admin/customers/${a.user.id}/unblock`, {});
    expect([un.statusCode, un.json().blocked]).toEqual([200, null]);
    expect((await a.c.post('/s/api/auth/login', { identifier: a.user.email })).statusCode).toBe(200);
    expect(await codesSentTo(a.user.email!)).toHaveLength(1);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'customer'), eq(auditLog.entityId, String(a.user.id))));
    expect(audit.map((x) => x.action)).toEqual(['block', 'unblock']);
  });

  it('a block is per website: the same person still signs in on another shop', async () => {
    const a = await withOrder();
    const [other] = await t.db.insert(websites).values({ name: 'Other Block Shop' }).returning();
    await t.db.insert(websiteMembers).values({ websiteId: other!.id, userId: a.user.id });
    await owner.post(`/s/api/admin/customers/${a.user.id}/block`, { reason: 'Abusive calls to the shop' });
    const [m] = await t.db
      .select()
      .from(websiteMembers)
      .where(and(eq(websiteMembers.websiteId, other!.id), eq(websiteMembers.userId, a.user.id)));
    expect(m!.blockedAt).toBeNull();
  });
});

describe('who may see and block customers', () => {
  it('the role matrix; another website’s customer and staff are 404', async () => {
    const a = await withOrder();
    const clients = await everyone();
    for (const [name, c] of Object.entries(clients) as Array<[RoleName, TestClient]>) {
      expect([name, (await c.get('/s/api/admin/customers')).statusCode]).toEqual([name, ROLE_STATUS[name]]);
      expect([name, (await c.get(`/s/api/admin/customers/${a.user.id}`)).statusCode]).toEqual([name, ROLE_STATUS[name]]);
      if (ROLE_STATUS[name] !== 200)
        expect([name, (await c.post(`/s/api/admin/customers/${a.user.id}/block`, { reason: 'not allowed' })).statusCode]).toEqual([
          name,
          ROLE_STATUS[name],
        ]);
    }
    const [m] = await t.db
      .select()
      .from(websiteMembers)
      .where(and(eq(websiteMembers.websiteId, shop.websiteId), eq(websiteMembers.userId, a.user.id)));
    expect(m!.blockedAt).toBeNull();

    const [site] = await t.db.insert(websites).values({ name: 'Other Customers Shop' }).returning();
    const [u] = await t.db
      .insert(users)
      .values({ name: 'Elsewhere', email: `cust-elsewhere-${Date.now()}@example.com` })
      .returning();
    await t.db.insert(websiteMembers).values({ websiteId: site!.id, userId: u!.id });
    expect((await owner.get(`/s/api/admin/customers/${u!.id}`)).statusCode).toBe(404);
    expect((await owner.post(`/s/api/admin/customers/${u!.id}/block`, { reason: 'not ours' })).statusCode).toBe(404);
    expect((await owner.get(`/s/api/admin/customers?q=${encodeURIComponent(u!.email!)}`)).json().data).toEqual([]);
    const staffId = (clients.admin as TestClient & { userId?: number }).userId!;
    expect((await owner.post(`/s/api/admin/customers/${staffId}/block`, { reason: 'staff member' })).statusCode).toBe(404);
  });
});
