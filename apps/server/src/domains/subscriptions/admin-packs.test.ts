import { afterAll, describe, expect, it } from 'vitest';
import { websites } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { ROLE_STATUS, staffClients } from '../../test/staff-clients';
import { seedCartShop, type CartShop } from '../cart/test-fixture';

// Administration → Subscriptions → Settings: the pack picker (`GET /admin/subscriptions/packs?q=`)
// and the settings answered with their subscribable packs named (what the chosen list shows).
let shop!: CartShop;
const t = await createTestApp({ seed: async (db) => (shop = await seedCartShop(db)) });
afterAll(() => t.close());

const settings = (ids: number[]) => ({
  cutoff_time: '22:00',
  subscribable_pack_ids: ids,
  min_topup_paise: 10_000,
  cashback_percent: 5,
  cashback_cap_paise: 2_000,
});

describe('the settings screen’s packs: /s/api/admin/subscriptions/packs and settings', () => {
  it('only the customers’ staff may search; the search finds the website’s packs by product or pack name', async () => {
    const people = await staffClients(t, shop.websiteId).everyone();
    for (const [role, c] of Object.entries(people))
      expect((await c.get('/s/api/admin/subscriptions/packs?q=rice')).statusCode, role).toBe(ROLE_STATUS[role as keyof typeof ROLE_STATUS]);
    const found = (await people.admin.get('/s/api/admin/subscriptions/packs?q=rice')).json();
    expect(found.data.map((p: { label: string }) => p.label).sort()).toEqual(['Basmati Rice - 1 kg', 'Basmati Rice - 5 kg']);
    expect(found.data[0]).toMatchObject({ id: expect.any(Number), pricePaise: expect.any(Number) });
    const ghee = (await people.admin.get('/s/api/admin/subscriptions/packs?q=500%20ml')).json();
    expect(ghee.data).toEqual([{ id: shop.packs.ghee1.id, label: 'Cow Ghee - 500 ml', pricePaise: 30_000 }]);
  });

  it('the owner of another website is refused this website’s packs', async () => {
    const [other] = await t.db.insert(websites).values({ name: 'Other Dairy' }).returning();
    const owner = await staffClients(t, other!.id).as({ hasAdminAccess: true });
    expect((await owner.get('/s/api/admin/subscriptions/packs?q=rice')).statusCode).toBe(403);
  });

  it('GET and PUT settings name the subscribable packs; the body’s ids alone are saved (audited as before)', async () => {
    const owner = await staffClients(t, shop.websiteId).as({ hasAdminAccess: true });
    const before = (await owner.get('/s/api/admin/subscriptions/settings')).json();
    expect(before.packs).toEqual([]);
    const put = await owner.put('/s/api/admin/subscriptions/settings', settings([shop.packs.ghee1.id, shop.packs.rice5.id]));
    expect(put.statusCode, put.body).toBe(200);
    const named = [
      { id: shop.packs.rice5.id, label: 'Basmati Rice - 5 kg', pricePaise: 55_000 },
      { id: shop.packs.ghee1.id, label: 'Cow Ghee - 500 ml', pricePaise: 30_000 },
    ].sort((a, b) => a.id - b.id);
    expect(put.json()).toEqual({ ...settings([shop.packs.ghee1.id, shop.packs.rice5.id].sort((a, b) => a - b)), packs: named });
    const got = (await owner.get('/s/api/admin/subscriptions/settings')).json();
    expect(got).toEqual(put.json());
    // what the screen sends back (with the named packs it was given) is read as the ids alone
    const again = await owner.put('/s/api/admin/subscriptions/settings', { ...got, subscribable_pack_ids: [shop.packs.ghee1.id] });
    expect(again.json().packs).toEqual([{ id: shop.packs.ghee1.id, label: 'Cow Ghee - 500 ml', pricePaise: 30_000 }]);
  });
});
