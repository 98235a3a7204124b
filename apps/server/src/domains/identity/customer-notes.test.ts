import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customerNotes, customerTags, users, websiteMembers, websites } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { ROLE_STATUS, staffClients, type RoleName } from '../../test/staff-clients';
import { checkoutBench } from '../orders/test-fixture';

// Customer tags, notes and the CSV export (issue 40.19).
const { t, shop, shopper } = await checkoutBench();
afterAll(() => t.close());
const { as, everyone } = staffClients(t, shop.websiteId);

let owner: TestClient & { userId?: number };
beforeAll(async () => {
  owner = await as({ hasAdminAccess: true });
});

const ids = (res: { json(): { data: Array<{ id: number }> } }) => res.json().data.map((r) => r.id);

describe('tags', () => {
  it('adds and removes tags (lower-cased, once each, audited); filters the list by tag; lists the tags in use', async () => {
    const a = await shopper([]);
    const b = await shopper([]);
    const add = await owner.post(`/s/api/admin/customers/${a.user.id}/tags`, { tag: '  Wholesale  ' });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json().tags).toEqual(['wholesale']);
    // the same tag again, in other case: nothing changes
    expect((await owner.post(`/s/api/admin/customers/${a.user.id}/tags`, { tag: 'WHOLESALE' })).json().tags).toEqual(['wholesale']);
    expect((await owner.post(`/s/api/admin/customers/${a.user.id}/tags`, { tag: 'vip' })).json().tags).toEqual(['vip', 'wholesale']);
    await owner.post(`/s/api/admin/customers/${b.user.id}/tags`, { tag: 'vip' });

    expect(ids(await owner.get('/s/api/admin/customers?tag=wholesale&perPage=100'))).toEqual([a.user.id]);
    expect(ids(await owner.get('/s/api/admin/customers?tag=VIP&perPage=100&sort=name&dir=asc')).sort()).toEqual(
      [a.user.id, b.user.id].sort(),
    );
    const row = (await owner.get(`/s/api/admin/customers?q=${encodeURIComponent(a.user.email!)}`)).json().data[0];
    expect(row.tags).toEqual(['vip', 'wholesale']);
    expect((await owner.get('/s/api/admin/customers/tags')).json().data).toEqual(
      expect.arrayContaining([
        { tag: 'vip', customers: 2 },
        { tag: 'wholesale', customers: 1 },
      ]),
    );

    const bad = await owner.post(`/s/api/admin/customers/${a.user.id}/tags`, { tag: '=cmd()' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.tag).toEqual(['Letters, digits, spaces, - and _ only']);
    expect((await owner.post(`/s/api/admin/customers/${a.user.id}/tags`, { tag: 'x'.repeat(31) })).statusCode).toBe(422);

    const removed = await owner.delete(`/s/api/admin/customers/${a.user.id}/tags/wholesale`);
    expect([removed.statusCode, removed.json().tags]).toEqual([200, ['vip']]);
    expect(ids(await owner.get('/s/api/admin/customers?tag=wholesale'))).toEqual([]);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'customer'), eq(auditLog.entityId, String(a.user.id))));
    expect(audit.map((x) => x.action)).toEqual(['tag', 'tag', 'untag']);
  });
});

describe('notes', () => {
  it('keeps notes with author and time, newest first; never on the shopper’s own account', async () => {
    const a = await shopper([]);
    const first = await owner.post(`/s/api/admin/customers/${a.user.id}/notes`, { body: 'Prefers morning deliveries' });
    expect(first.statusCode, first.body).toBe(200);
    const second = await owner.post(`/s/api/admin/customers/${a.user.id}/notes`, { body: 'Called about a missing item' });
    const notes = second.json().notes;
    expect(notes.map((n: { body: string }) => n.body)).toEqual(['Called about a missing item', 'Prefers morning deliveries']);
    const [me] = await t.db.select().from(users).where(eq(users.id, owner.userId!));
    expect(notes[0]).toMatchObject({ author: me!.name, created_at: expect.any(String) });
    expect((await owner.post(`/s/api/admin/customers/${a.user.id}/notes`, { body: '   ' })).statusCode).toBe(422);

    const account = await a.c.get('/s/api/account');
    expect(account.statusCode).toBe(200);
    expect(account.body).not.toContain('morning deliveries');

    const del = await owner.delete(`/s/api/admin/customers/${a.user.id}/notes/${notes[1].id}`);
    expect(del.json().notes.map((n: { id: number }) => n.id)).toEqual([notes[0].id]);
    expect((await owner.delete(`/s/api/admin/customers/${a.user.id}/notes/${notes[1].id}`)).statusCode).toBe(404);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'customer'), eq(auditLog.entityId, String(a.user.id))));
    expect(audit.map((x) => x.action)).toEqual(['note', 'note', 'delete-note']);
  });
});

describe('who may tag, write notes and export; other websites', () => {
  it('the role matrix; another website’s customer is 404 and nothing is written', async () => {
    const a = await shopper([]);
    for (const [name, c] of Object.entries(await everyone()) as Array<[RoleName, TestClient]>) {
      expect([name, (await c.get('/s/api/admin/customers/export.csv')).statusCode]).toEqual([name, ROLE_STATUS[name]]);
      expect([name, (await c.get('/s/api/admin/customers/tags')).statusCode]).toEqual([name, ROLE_STATUS[name]]);
      if (ROLE_STATUS[name] !== 200) {
        expect([name, (await c.post(`/s/api/admin/customers/${a.user.id}/tags`, { tag: 'nope' })).statusCode]).toEqual([
          name,
          ROLE_STATUS[name],
        ]);
        expect([name, (await c.post(`/s/api/admin/customers/${a.user.id}/notes`, { body: 'nope' })).statusCode]).toEqual([
          name,
          ROLE_STATUS[name],
        ]);
      }
    }
    const [site] = await t.db.insert(websites).values({ name: 'Other Tags Shop' }).returning();
    const [u] = await t.db
      .insert(users)
      .values({ name: 'Elsewhere Tagged', email: `tag-elsewhere-${Date.now()}@example.com` })
      .returning();
    await t.db.insert(websiteMembers).values({ websiteId: site!.id, userId: u!.id });
    expect((await owner.post(`/s/api/admin/customers/${u!.id}/tags`, { tag: 'vip' })).statusCode).toBe(404);
    expect((await owner.post(`/s/api/admin/customers/${u!.id}/notes`, { body: 'not ours' })).statusCode).toBe(404);
    // a staff member is not a customer
    expect((await owner.post(`/s/api/admin/customers/${owner.userId}/tags`, { tag: 'vip' })).statusCode).toBe(404);
    expect(await t.db.select().from(customerTags).where(eq(customerTags.userId, u!.id))).toEqual([]);
    expect(await t.db.select().from(customerNotes).where(eq(customerNotes.userId, u!.id))).toEqual([]);
    expect(await t.db.select().from(customerTags).where(eq(customerTags.userId, a.user.id))).toEqual([]);
  });
});

describe('export', () => {
  it('streams the filtered list as CSV: name, phone, email, tags, orders, total spent, created; formulas escaped; this website only', async () => {
    const a = await shopper([]);
    const b = await shopper([]);
    await t.db.update(users).set({ name: '=HYPERLINK("http://evil")', phone: '9123499901' }).where(eq(users.id, a.user.id));
    await t.db.update(users).set({ name: '@Ravi, "Kumar"' }).where(eq(users.id, b.user.id));
    await owner.post(`/s/api/admin/customers/${a.user.id}/tags`, { tag: 'export-me' });
    await owner.post(`/s/api/admin/customers/${a.user.id}/tags`, { tag: 'bulk' });
    await owner.post(`/s/api/admin/customers/${b.user.id}/tags`, { tag: 'export-me' });
    // another website's customer carrying the same tag is never in this shop's export
    const [site] = await t.db.insert(websites).values({ name: 'Other Export Shop' }).returning();
    const [u] = await t.db
      .insert(users)
      .values({ name: 'Other Shop Person', email: `export-elsewhere-${Date.now()}@example.com` })
      .returning();
    await t.db.insert(websiteMembers).values({ websiteId: site!.id, userId: u!.id });

    const res = await owner.get('/s/api/admin/customers/export.csv?tag=export-me&sort=name&dir=asc');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('name,phone,email,tags,orders,total_spent,created');
    const [joinedA] = await t.db
      .select({ at: websiteMembers.createdAt })
      .from(websiteMembers)
      .where(and(eq(websiteMembers.userId, a.user.id), eq(websiteMembers.websiteId, shop.websiteId)));
    expect(lines.slice(1).sort()).toEqual(
      [
        `"'=HYPERLINK(""http://evil"")",9123499901,${a.user.email},bulk; export-me,0,0.00,${joinedA!.at.toISOString()}`,
        expect.stringMatching(new RegExp(`^"'@Ravi, ""Kumar""",,${b.user.email!.replace(/[.+]/g, '\\$&')},export-me,0,0.00,`)),
      ].sort(),
    );
    expect(res.body).not.toContain('Other Shop Person');

    const all = await owner.get('/s/api/admin/customers/export.csv');
    expect(all.body).not.toContain('Other Shop Person');
    // staff are not customers
    const [me] = await t.db.select().from(users).where(eq(users.id, owner.userId!));
    expect(all.body).not.toContain(me!.email!);
    expect(all.body.split('\r\n').length - 2).toBe((await owner.get('/s/api/admin/customers?perPage=20')).json().meta.total);
  });

  it('pages through a list longer than one batch', async () => {
    const many = Array.from({ length: 520 }, (_, i) => ({ name: `Batch Person ${i}`, email: `batch-${i}-${Date.now()}@example.com` }));
    const made = await t.db.insert(users).values(many).returning();
    await t.db.insert(websiteMembers).values(made.map((u) => ({ websiteId: shop.websiteId, userId: u.id })));
    const res = await owner.get('/s/api/admin/customers/export.csv?q=Batch%20Person');
    const rows = res.body.trimEnd().split('\r\n').slice(1);
    expect(rows).toHaveLength(520);
    expect(new Set(rows.map((r) => r.split(',')[0])).size).toBe(520);
  });
});

describe('erasure', () => {
  it('a customer who deletes their account takes the staff’s notes and tags about them along', async () => {
    const a = await shopper([]);
    await owner.post(`/s/api/admin/customers/${a.user.id}/tags`, { tag: 'vip' });
    await owner.post(`/s/api/admin/customers/${a.user.id}/notes`, { body: 'Lives next to the temple' });
    const res = await a.c.post('/s/api/account/delete', { confirm: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.db.select().from(customerNotes).where(eq(customerNotes.userId, a.user.id))).toEqual([]);
    expect(await t.db.select().from(customerTags).where(eq(customerTags.userId, a.user.id))).toEqual([]);
  });
});
