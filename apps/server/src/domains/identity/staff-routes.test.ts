import type { StaffList, StaffMember } from '@grocer/shared/admin-staff';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users, websiteDomains, websiteMembers, websites } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { ROLE_STATUS, staffClients, type RoleName } from '../../test/staff-clients';
import { seedCartShop, signInAs, type CartShop } from '../cart/test-fixture';

let t: Awaited<ReturnType<typeof createTestApp>>;
let shop: CartShop;
let staff: ReturnType<typeof staffClients>;
let owner: TestClient & { userId?: number };
let outsider: number;

beforeAll(async () => {
  t = await createTestApp({ seed: async (db) => (shop = await seedCartShop(db)) });
  staff = staffClients(t, shop.websiteId);
  owner = await staff.as({ hasAdminAccess: true });
  const [site] = await t.db.insert(websites).values({ name: 'Other Shop' }).returning();
  const [u] = await t.db.insert(users).values({ name: 'Other Admin', email: 'other-admin@example.com' }).returning();
  await t.db.insert(websiteMembers).values({ websiteId: site!.id, userId: u!.id, hasAdminAccess: true });
  outsider = u!.id;
}, 120_000);
afterAll(() => t.close());

const flagsOf = async (userId: number) => {
  const [u] = await t.db.select().from(users).where(eq(users.id, userId));
  const [m] = await t.db
    .select()
    .from(websiteMembers)
    .where(and(eq(websiteMembers.websiteId, shop.websiteId), eq(websiteMembers.userId, userId)));
  return { superadmin: u!.superadmin, hasAdminAccess: m?.hasAdminAccess ?? false, isSalesAgent: m?.isSalesAgent ?? false };
};
const list = async (c: TestClient = owner): Promise<StaffList> => (await c.get('/s/api/admin/staff')).json();
const none = { hasAdminAccess: false, isSalesAgent: false, superadmin: false };

describe('roles on the staff calls', () => {
  it('401 signed out, 403 for a shopper or agent, 2xx for admin and superadmin; a refused write changes nothing', async () => {
    const who = await staff.everyone();
    const target = shop.users.other.id;
    for (const [name, c] of Object.entries(who) as Array<[RoleName, TestClient]>) {
      const ok = ROLE_STATUS[name];
      expect([name, (await c.get('/s/api/admin/staff')).statusCode]).toEqual([name, ok]);
      if (ok === 200) continue;
      const add = await c.post('/s/api/admin/staff', { ...none, hasAdminAccess: true, identifier: 'ravi@example.com' });
      const put = await c.put(`/s/api/admin/staff/${target}`, { ...none, hasAdminAccess: true });
      expect([name, add.statusCode, put.statusCode]).toEqual([name, ok, ok]);
    }
    expect(await flagsOf(target)).toEqual(none);
    expect((await list(who.superadmin)).canGrantSuperadmin).toBe(true);
    expect((await list(who.admin)).canGrantSuperadmin).toBe(false);
  });
});

describe('staff members', () => {
  it('adds a new person by email with a name: listed as a sales agent, and they can ask for a sign-in code', async () => {
    const res = await owner.post('/s/api/admin/staff', {
      ...none,
      isSalesAgent: true,
      identifier: ' Meena@Example.com ',
      name: 'Meena Rao',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Meena Rao',
      email: 'meena@example.com',
      phone: null,
      isSalesAgent: true,
      hasAdminAccess: false,
    });
    const meena = res.json() as StaffMember;
    expect((await list()).data.find((m) => m.userId === meena.userId)).toMatchObject({ isSalesAgent: true, isMe: false });
    expect((await new TestClient(t.app).post('/s/api/auth/login', { identifier: 'meena@example.com' })).statusCode).toBe(200);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'staff_member'), eq(auditLog.entityId, String(meena.userId))));
    expect(audit.map((a) => [a.action, a.after])).toEqual([
      [
        'add',
        {
          hasAdminAccess: false,
          isSalesAgent: true,
          isCashier: false,
          isPacker: false,
          isDeliveryManager: false,
          isCatalogueEditor: false,
          isAccountant: false,
          isRider: false,
          superadmin: false,
        },
      ],
    ]);
  });

  it('adds a cashier: listed and audited; the point of sale opens for them, Administration does not, and they are not a customer', async () => {
    const res = await owner.post('/s/api/admin/staff', { ...none, isCashier: true, identifier: '9876512345', name: 'Ravi Till' });
    expect(res.statusCode, res.body).toBe(201);
    const ravi = res.json() as StaffMember;
    expect(ravi).toMatchObject({ isCashier: true, hasAdminAccess: false, isSalesAgent: false });
    expect((await list()).data.find((m) => m.userId === ravi.userId)).toMatchObject({ isCashier: true });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'staff_member'), eq(auditLog.entityId, String(ravi.userId))));
    expect(audit!.after).toMatchObject({ isCashier: true });
    const c = new TestClient(t.app);
    await signInAs(t.db, c, ravi.userId);
    expect((await c.get('/s/api/pos/settings')).statusCode).toBe(200);
    expect((await c.get('/s/api/admin/staff')).statusCode).toBe(403);
    const customers = (await owner.get('/s/api/admin/customers?q=Ravi%20Till')).json();
    expect(customers.data).toEqual([]);
    // taking the flag away closes the till to them
    expect((await owner.put(`/s/api/admin/staff/${ravi.userId}`, none)).json()).toMatchObject({ isCashier: false });
    expect((await c.get('/s/api/pos/settings')).statusCode).toBe(403);
  });

  it('adds an existing shopper by mobile (+91 and spaces allowed) as an admin: the admin area opens for them', async () => {
    const asha = new TestClient(t.app);
    await signInAs(t.db, asha, shop.users.shopper.id);
    expect((await asha.get('/s/api/admin/staff')).statusCode).toBe(403);
    const res = await owner.post('/s/api/admin/staff', { ...none, hasAdminAccess: true, identifier: '+91 90000 00011' });
    expect([res.statusCode, res.json().name]).toEqual([201, 'Asha Shopper']);
    expect(await flagsOf(shop.users.shopper.id)).toEqual({ ...none, hasAdminAccess: true });
    expect((await asha.get('/s/api/admin/staff')).statusCode).toBe(200);
    // ...and an edit back to a shopper takes it away again (listed no more).
    expect((await owner.put(`/s/api/admin/staff/${shop.users.shopper.id}`, none)).statusCode).toBe(200);
    expect((await asha.get('/s/api/admin/staff')).statusCode).toBe(403);
    expect((await list()).data.map((m) => m.userId)).not.toContain(shop.users.shopper.id);
  });

  it('bad input is 422 with the field named, and nothing is created', async () => {
    const count = async () => (await t.db.select().from(users)).length;
    const before = await count();
    for (const [body, field] of [
      [{ ...none, isPacker: true, identifier: 'not an email' }, 'identifier'],
      [{ ...none, isPacker: true, identifier: '12345' }, 'identifier'],
      [{ ...none, isPacker: true, identifier: 'new-person@example.com' }, 'name'],
      [{ ...none, identifier: 'x@example.com', name: 'X', hasAdminAccess: 'yes' }, 'hasAdminAccess'],
      // nothing ticked: a person is added for a role, never by default
      [{ ...none, identifier: 'x@example.com', name: 'X' }, 'hasAdminAccess'],
    ] as Array<[Record<string, unknown>, string]>) {
      const res = await owner.post('/s/api/admin/staff', body);
      expect([JSON.stringify(body), res.statusCode, Object.keys(res.json().errors ?? {})]).toEqual([JSON.stringify(body), 422, [field]]);
    }
    expect(await count()).toBe(before);
  });

  it('only a superadmin grants or removes superadmin (403 for an admin, nothing changed)', async () => {
    const target = shop.users.other.id;
    await t.db.insert(websiteMembers).values({ websiteId: shop.websiteId, userId: target }).onConflictDoNothing();
    const byAdmin = await owner.put(`/s/api/admin/staff/${target}`, { ...none, hasAdminAccess: true, superadmin: true });
    expect([byAdmin.statusCode, byAdmin.json().code, byAdmin.json().message]).toEqual([
      403,
      'STAFF_SUPERADMIN_ONLY',
      'Only a superadmin can grant or remove superadmin.',
    ]);
    const addSuper = await owner.post('/s/api/admin/staff', { ...none, superadmin: true, identifier: 'ravi@example.com' });
    expect(addSuper.statusCode).toBe(403);
    expect(await flagsOf(target)).toEqual(none);
    const root = await staff.as({ superadmin: true });
    const granted = await root.put(`/s/api/admin/staff/${target}`, { ...none, superadmin: true });
    expect([granted.statusCode, granted.json().superadmin]).toEqual([200, true]);
    expect((await flagsOf(target)).superadmin).toBe(true);
    // An admin cannot take it away either; editing the superadmin's other flags keeps it.
    expect((await owner.put(`/s/api/admin/staff/${target}`, none)).statusCode).toBe(403);
    expect((await owner.put(`/s/api/admin/staff/${target}`, { ...none, superadmin: true, isSalesAgent: true })).statusCode).toBe(200);
    expect(await root.put(`/s/api/admin/staff/${target}`, none).then((r) => r.statusCode)).toBe(200);
    expect(await flagsOf(target)).toEqual(none);
  });

  it('nobody removes their own admin access (409), and the shop keeps its last admin (409)', async () => {
    const me = owner.userId!;
    const own = await owner.put(`/s/api/admin/staff/${me}`, { ...none, isSalesAgent: true });
    expect([own.statusCode, own.json().code]).toEqual([409, 'STAFF_OWN_ADMIN']);
    expect(await flagsOf(me)).toEqual({ ...none, hasAdminAccess: true });
    expect((await list()).data.find((m) => m.userId === me)).toMatchObject({ isMe: true, hasAdminAccess: true });

    // A second shop with one admin of its own; a superadmin (no member there) may not remove them.
    const [site] = await t.db.insert(websites).values({ name: 'Small Shop' }).returning();
    await t.db.insert(websiteDomains).values({ websiteId: site!.id, host: 'small.test' });
    const [solo] = await t.db.insert(users).values({ name: 'Solo Owner', email: 'solo@example.com' }).returning();
    await t.db.insert(websiteMembers).values({ websiteId: site!.id, userId: solo!.id, hasAdminAccess: true });
    const [root] = await t.db.insert(users).values({ name: 'Root', email: 'root@example.com', superadmin: true }).returning();
    const rootClient = new TestClient(t.app, { host: 'small.test' });
    await signInAs(t.db, rootClient, root!.id);
    const last = await rootClient.put(`/s/api/admin/staff/${solo!.id}`, none);
    expect([last.statusCode, last.json().code]).toEqual([409, 'STAFF_LAST_ADMIN']);
    const [still] = await t.db.select().from(websiteMembers).where(eq(websiteMembers.userId, solo!.id));
    expect(still!.hasAdminAccess).toBe(true);
    // With a second admin added, the first may go.
    expect(
      (await rootClient.post('/s/api/admin/staff', { ...none, hasAdminAccess: true, identifier: '9876543210', name: 'Second' })).statusCode,
    ).toBe(201);
    expect((await rootClient.put(`/s/api/admin/staff/${solo!.id}`, none)).statusCode).toBe(200);
  });

  it("another website's member is 404 here and stays as they were", async () => {
    expect((await owner.put(`/s/api/admin/staff/${outsider}`, { ...none, isSalesAgent: true })).statusCode).toBe(404);
    expect((await owner.put('/s/api/admin/staff/999999', none)).statusCode).toBe(404);
    expect((await list()).data.map((m) => m.userId)).not.toContain(outsider);
    const rows = await t.db.select().from(websiteMembers).where(eq(websiteMembers.userId, outsider));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ hasAdminAccess: true, isSalesAgent: false });
  });
});
