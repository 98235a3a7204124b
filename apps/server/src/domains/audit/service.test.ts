import { afterAll, describe, expect, it } from 'vitest';
import { auditLog, websites } from '../../db/schema';
import { createTestDatabase } from '../../test/app';
import { listAudit, recordAudit, systemActor } from './service';

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
