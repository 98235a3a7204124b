import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, savedViews, websites } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { ROLE_STATUS, staffClients, type RoleName } from '../../test/staff-clients';
import { createTestApp } from '../../test/app';
import { seedCartShop } from '../cart/test-fixture';

// Saved views on the orders, products and customers lists (issue 40.17).
let websiteId = 0;
const t = await createTestApp({ seed: async (db) => void (websiteId = (await seedCartShop(db)).websiteId) });
afterAll(() => t.close());
const { as, everyone } = staffClients(t, websiteId);

let owner: TestClient & { userId?: number };
let other: TestClient & { userId?: number };
beforeAll(async () => {
  owner = await as({ hasAdminAccess: true });
  other = await as({ hasAdminAccess: true });
});

const names = (res: { json(): { data: Array<{ name: string }> } }) => res.json().data.map((v) => v.name);

describe('saved views', () => {
  it('creates, lists, renames, re-filters and deletes a person’s views per list; names unique per person and list; audited', async () => {
    const made = await owner.post('/s/api/admin/customers/views', { name: 'VIP shoppers', params: { tag: 'vip', sort: 'spent' } });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      list: 'customers',
      name: 'VIP shoppers',
      params: { tag: 'vip', sort: 'spent' },
      shared: false,
      mine: true,
    });
    const id = made.json().id as number;
    await owner.post('/s/api/admin/customers/views', { name: 'Blocked', params: { blocked: 'yes' } });
    expect(names(await owner.get('/s/api/admin/customers/views'))).toEqual(['Blocked', 'VIP shoppers']);
    // the orders list has its own views
    expect(names(await owner.get('/s/api/admin/orders/views'))).toEqual([]);
    expect((await owner.post('/s/api/admin/orders/views', { name: 'VIP shoppers', params: { status: 'placed' } })).statusCode).toBe(201);

    const taken = await owner.post('/s/api/admin/customers/views', { name: 'vip SHOPPERS', params: {} });
    expect([taken.statusCode, taken.json().code]).toEqual([409, 'VIEW_NAME_TAKEN']);
    expect((await owner.post('/s/api/admin/customers/views', { name: ' ', params: {} })).json().errors.name).toEqual([
      'Give the view a name',
    ]);
    expect((await owner.post('/s/api/admin/customers/views', { name: 'x', params: { 'bad key': '1' } })).statusCode).toBe(422);

    const renamed = await owner.patch(`/s/api/admin/customers/views/${id}`, {
      name: 'Big spenders',
      params: { tag: 'vip', sort: 'spent', dir: 'desc' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Big spenders', params: { tag: 'vip', sort: 'spent', dir: 'desc' } });
    expect((await owner.patch(`/s/api/admin/customers/views/${id}`, { name: 'Blocked' })).statusCode).toBe(409);
    // a view of another list is not found through this one
    expect((await owner.patch(`/s/api/admin/products/views/${id}`, { name: 'Moved' })).statusCode).toBe(404);

    expect((await owner.delete(`/s/api/admin/customers/views/${id}`)).statusCode).toBe(204);
    expect(names(await owner.get('/s/api/admin/customers/views'))).toEqual(['Blocked']);
    expect((await owner.delete(`/s/api/admin/customers/views/${id}`)).statusCode).toBe(404);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(audit.filter((a) => a.entity === 'saved_view').map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });

  it('a view is the person’s own unless shared; a shared one is seen, not changed, by others', async () => {
    const mine = (await owner.post('/s/api/admin/products/views', { name: 'Out of stock', params: { stock: 'out' } })).json();
    const shared = (
      await owner.post('/s/api/admin/products/views', { name: 'Discounted', params: { discounted: 'yes' }, shared: true })
    ).json();
    expect(names(await other.get('/s/api/admin/products/views'))).toEqual(['Discounted']);
    expect((await other.get('/s/api/admin/products/views')).json().data[0]).toMatchObject({
      mine: false,
      shared: true,
      owner: expect.stringMatching(/^Staff /),
    });
    expect((await other.patch(`/s/api/admin/products/views/${shared.id}`, { name: 'Mine now' })).statusCode).toBe(403);
    expect((await other.delete(`/s/api/admin/products/views/${shared.id}`)).statusCode).toBe(403);
    expect((await other.delete(`/s/api/admin/products/views/${mine.id}`)).statusCode).toBe(404);
    // another person may use the same name for their own view
    expect((await other.post('/s/api/admin/products/views', { name: 'Discounted', params: {} })).statusCode).toBe(201);
    const [row] = await t.db.select().from(savedViews).where(eq(savedViews.id, shared.id));
    expect(row!.name).toBe('Discounted');
  });

  it('each list’s views need that list’s permission; another website’s staff never see them', async () => {
    for (const [name, c] of Object.entries(await everyone()) as Array<[RoleName, TestClient]>)
      expect([name, (await c.get('/s/api/admin/orders/views')).statusCode]).toEqual([name, ROLE_STATUS[name]]);
    const packer = await as({ isPacker: true });
    expect((await packer.post('/s/api/admin/orders/views', { name: 'To pack', params: { status: 'confirmed' } })).statusCode).toBe(201);
    expect((await packer.get('/s/api/admin/customers/views')).statusCode).toBe(403);
    expect((await packer.post('/s/api/admin/products/views', { name: 'x', params: {} })).statusCode).toBe(403);

    // a view shared on another website (by this same person) is not this website's
    const [site] = await t.db.insert(websites).values({ name: 'Other Views Shop' }).returning();
    const [there] = await t.db
      .insert(savedViews)
      .values({ websiteId: site!.id, userId: owner.userId!, list: 'orders', name: 'Elsewhere', params: {}, shared: true })
      .returning();
    const seen = (await owner.get('/s/api/admin/orders/views')).json().data.map((v: { id: number }) => v.id);
    expect(seen).not.toContain(there!.id);
    expect((await owner.delete(`/s/api/admin/orders/views/${there!.id}`)).statusCode).toBe(404);
    expect(await t.db.select().from(savedViews).where(eq(savedViews.id, there!.id))).toHaveLength(1);
  });
});
