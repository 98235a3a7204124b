import { adminAuditQuerySchema } from '@grocer/shared/admin-catalogue-edit';
import { eq, sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog, packs, products, users, warehouses, websites } from '../../db/schema';
import { createTestDatabase } from '../../test/app';
import { auditPage, listAudit, recordAudit, systemActor } from './service';

const t = await createTestDatabase();
afterAll(() => t.close());
const [a, b] = await t.db
  .insert(websites)
  .values([{ name: 'A' }, { name: 'B' }])
  .returning();

describe('the audit log', () => {
  it('keeps who, what, before and after per website, newest first, and skips an update that changed nothing', async () => {
    await recordAudit(t.db, systemActor(a!.id), [
      { entity: 'product', entityId: 7, action: 'create', after: { name: 'Dal' } },
      { entity: 'product', entityId: 7, action: 'update', before: { price: 100 }, after: { price: 120 } },
      { entity: 'product', entityId: 7, action: 'update', before: { price: 120 }, after: { price: 120 } },
    ]);
    await recordAudit(t.db, systemActor(b!.id), { entity: 'product', entityId: 7, action: 'delete', before: { name: 'Other' } });

    const rows = await listAudit(t.db, a!.id, { entity: 'product', entityId: '7' });
    expect(rows.map((r) => [r.action, r.before, r.after])).toEqual([
      ['update', { price: 100 }, { price: 120 }],
      ['create', null, { name: 'Dal' }],
    ]);
    expect(await listAudit(t.db, b!.id)).toHaveLength(1);
  });

  it('rolls back with the change it describes', async () => {
    const before = (await t.db.select().from(auditLog)).length;
    await expect(
      t.db.transaction(async (tx) => {
        await recordAudit(tx, systemActor(a!.id), { entity: 'brand', entityId: 1, action: 'create', after: {} });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await t.db.select().from(auditLog)).toHaveLength(before);
  });
});

describe('names in the log', () => {
  it('keeps each record’s name at write time: given, from the snapshot, or looked up in its domain; a later rename does not change it', async () => {
    const [p] = await t.db.insert(products).values({ websiteId: a!.id, name: 'Toor Dal', slug: 'toor-dal-l' }).returning();
    const [k] = await t.db
      .insert(packs)
      .values({ websiteId: a!.id, productId: p!.id, name: '1 kg', sku: 'TD1-L', price: 15000, actPrice: 16000 })
      .returning();
    const [w] = await t.db.insert(warehouses).values({ websiteId: a!.id, name: 'Main warehouse', code: 'MWL' }).returning();
    const [asha] = await t.db.insert(users).values({ name: 'Asha Owner', email: 'asha-l@example.com' }).returning();
    const asAsha = { websiteId: a!.id, actorId: asha!.id };
    await recordAudit(t.db, asAsha, [
      { entity: 'coupon', entityId: 3, action: 'create', after: { code: 'WELCOME50' } },
      { entity: 'product', entityId: p!.id, action: 'status', after: { status: 'draft' } },
      { entity: 'stock', entityId: `${k!.id}:${w!.id}`, action: 'adjust', before: { quantity: 1 }, after: { quantity: 5 } },
      { entity: 'order', entityId: 'no-such-order', action: 'confirm', after: { status: 'confirmed' } },
      { entity: 'brand', entityId: 9, action: 'delete', label: 'Amul', before: { name: 'Not this' } },
    ]);
    await t.db.update(products).set({ name: 'Renamed Dal' }).where(eq(products.id, p!.id));
    const page = await auditPage(t.db, a!.id, adminAuditQuerySchema.parse({ perPage: '5' }));
    expect(page.data.map((r) => [r.label, r.action_text, r.actor?.name])).toEqual([
      ['Brand · Amul', 'Deleted', 'Asha Owner'],
      ['Order · #no-such-order', 'Confirmed', 'Asha Owner'],
      ['Stock · Toor Dal - 1 kg at Main warehouse', 'Adjusted stock', 'Asha Owner'],
      ['Product · Toor Dal', 'Changed status', 'Asha Owner'],
      ['Coupon · WELCOME50', 'Created', 'Asha Owner'],
    ]);
  });

  it('names an edit by what it changed', async () => {
    const before = { name: 'Dal', images: [], packs: [{ id: 1, name: '1 kg', price: 100, act_price: 120 }] };
    await recordAudit(t.db, systemActor(b!.id), [
      { entity: 'product', entityId: 70, action: 'update', before, after: { ...before, images: [{ src: 'a.webp', alt: '' }] } },
      {
        entity: 'product',
        entityId: 70,
        action: 'update',
        before,
        after: { ...before, packs: [{ id: 1, name: '1 kg', price: 90, act_price: 120 }] },
      },
      {
        entity: 'product',
        entityId: 70,
        action: 'update',
        before,
        after: { ...before, name: 'Toor', images: [{ src: 'a.webp', alt: '' }] },
      },
    ]);
    const page = await auditPage(t.db, b!.id, adminAuditQuerySchema.parse({ entity: 'product', perPage: '5' }));
    expect(page.data.slice(0, 3).map((r) => [r.label, r.action_text])).toEqual([
      ['Product · Toor', 'Edited'],
      ['Product · Dal', 'Changed price'],
      ['Product · Dal', 'Added image'],
    ]);
  });

  it('finds rows by any part of a name, a person, a kind or an id, within days, page by page with a keyset cursor', async () => {
    const [w] = await t.db.insert(websites).values({ name: 'C' }).returning();
    const [ravi] = await t.db.insert(users).values({ name: 'Ravi Packer', email: 'ravi-l@example.com' }).returning();
    await recordAudit(t.db, { websiteId: w!.id, actorId: ravi!.id }, [
      { entity: 'product', entityId: 1, action: 'create', after: { name: 'Toor Dal 1 kg' } },
      { entity: 'product', entityId: 2, action: 'create', after: { name: 'Moong Dal' } },
      { entity: 'coupon', entityId: 3, action: 'create', after: { code: 'SAVE10' } },
      { entity: 'product', entityId: 4, action: 'create', after: { name: '100% Rice_x' } },
    ]);
    await recordAudit(t.db, systemActor(w!.id), { entity: 'category', entityId: 5, action: 'create', after: { name: 'Pulses' } });
    await t.db
      .update(auditLog)
      .set({ createdAt: new Date('2026-01-10T12:00:00Z') })
      .where(eq(auditLog.entityId, '5'));
    const find = async (q: Record<string, string>) =>
      (await auditPage(t.db, w!.id, adminAuditQuerySchema.parse(q))).data.map((r) => r.label);
    expect(await find({ q: 'dal' })).toEqual(['Product · Moong Dal', 'Product · Toor Dal 1 kg']);
    expect(await find({ q: 'ravi' })).toHaveLength(4);
    expect(await find({ q: 'coupon' })).toEqual(['Coupon · SAVE10']);
    expect(await find({ q: '100%' })).toEqual(['Product · 100% Rice_x']);
    expect(await find({ q: '_' })).toEqual(['Product · 100% Rice_x']);
    expect(await find({ q: '2' })).toEqual(['Product · Moong Dal']);
    expect(await find({ q: 'nothing like it' })).toEqual([]);
    expect(await find({ from: '2026-01-10', to: '2026-01-10' })).toEqual(['Category · Pulses']);
    expect(await find({ to: '2026-01-09' })).toEqual([]);
    // another website's rows never show
    expect(await find({ q: 'Amul' })).toEqual([]);

    await recordAudit(
      t.db,
      systemActor(w!.id),
      [1, 2, 3, 4, 5, 6].map((n) => ({ entity: 'media', entityId: n, action: 'create', after: { name: `photo-${n}.jpg` } })),
    );
    const first = await auditPage(t.db, w!.id, adminAuditQuerySchema.parse({ perPage: '5' }));
    expect(first.meta.next_before).toBe(first.data[4]!.id);
    const second = await auditPage(t.db, w!.id, adminAuditQuerySchema.parse({ perPage: '5', before: String(first.meta.next_before) }));
    const third = await auditPage(t.db, w!.id, adminAuditQuerySchema.parse({ perPage: '5', before: String(second.meta.next_before) }));
    expect([...first.data, ...second.data, ...third.data].map((r) => r.label)).toEqual([
      ...[6, 5, 4, 3, 2, 1].map((n) => `Image · photo-${n}.jpg`),
      'Category · Pulses',
      'Product · 100% Rice_x',
      'Coupon · SAVE10',
      'Product · Moong Dal',
      'Product · Toor Dal 1 kg',
    ]);
    expect(third.meta.next_before).toBeNull();
  });
});

describe('migration 0040', () => {
  it('names the rows written before it: from their snapshots, else from the product, pack, stock, order or person', async () => {
    const [w] = await t.db.insert(websites).values({ name: 'Old' }).returning();
    const [p] = await t.db.insert(products).values({ websiteId: w!.id, name: 'Sugar', slug: 'sugar-old' }).returning();
    const [k] = await t.db
      .insert(packs)
      .values({ websiteId: w!.id, productId: p!.id, name: '5 kg', sku: 'SU5-OLD', price: 25000, actPrice: 26000 })
      .returning();
    const [wh] = await t.db.insert(warehouses).values({ websiteId: w!.id, name: 'Depot', code: 'DPO' }).returning();
    const [u] = await t.db.insert(users).values({ name: 'Meera Shopper', email: 'meera-old@example.com' }).returning();
    const old = [
      { entity: 'category', entityId: '4', action: 'delete', before: { name: 'Snacks' } },
      { entity: 'product', entityId: String(p!.id), action: 'status', after: { status: 'draft' } },
      { entity: 'pack', entityId: String(k!.id), action: 'threshold', after: { threshold: 2 } },
      { entity: 'stock', entityId: `${k!.id}:${wh!.id}`, action: 'adjust', after: { quantity: 3 } },
      { entity: 'customer', entityId: String(u!.id), action: 'block', after: { blocked: true } },
      { entity: 'delivery_zone', entityId: '9', action: 'add_pincodes', after: ['560001'] },
    ];
    // as rows written before 0040 are: no label
    await t.db.insert(auditLog).values(old.map((o) => ({ websiteId: w!.id, ...o, label: null })));
    const file = new URL('../../db/migrations/0040_audit-labels.sql', import.meta.url);
    for (const statement of readFileSync(file, 'utf8').split('--> statement-breakpoint'))
      if (/^\s*(--.*\n\s*)*UPDATE/i.test(statement)) await t.db.execute(sql.raw(statement));
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.websiteId, w!.id)).orderBy(auditLog.id);
    expect(rows.map((r) => r.label)).toEqual(['Snacks', 'Sugar', 'Sugar - 5 kg', 'Sugar - 5 kg at Depot', 'Meera Shopper', null]);
    const page = await auditPage(t.db, w!.id, adminAuditQuerySchema.parse({}));
    expect(page.data.at(0)!.label).toBe('Delivery zone · #9');
  });
});
