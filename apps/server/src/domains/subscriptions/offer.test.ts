import { afterAll, describe, expect, it } from 'vitest';
import { packs, products, users, websiteDomains, websiteMembers, websites } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { staffClients } from '../../test/staff-clients';
import { seedCartShop, signInAs, type CartShop } from '../cart/test-fixture';
import { roleValues } from '../identity/member-roles';
import { firstChangeableDay } from './rules';

// GET /s/api/subscriptions/offer: public, this website's subscribable packs, its cut-off and the
// first start date still open (what the product page's "Subscribe" needs).
let shop!: CartShop;
const t = await createTestApp({ seed: async (db) => (shop = await seedCartShop(db)) });
afterAll(() => t.close());

describe('GET /s/api/subscriptions/offer', () => {
  it('answers signed out: nothing subscribable until the owner marks packs, then those packs and the first open day', async () => {
    const anyone = new TestClient(t.app);
    let res = await anyone.get('/s/api/subscriptions/offer');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ pack_ids: [], cutoff_time: '22:00', first_date: firstChangeableDay(new Date(), '22:00') });

    const owner = await staffClients(t, shop.websiteId).as({ hasAdminAccess: true });
    const packIds = [shop.packs.rice5.id];
    const put = await owner.put('/s/api/admin/subscriptions/settings', {
      cutoff_time: '20:30',
      subscribable_pack_ids: packIds,
      min_topup_paise: 0,
      cashback_percent: 0,
      cashback_cap_paise: 0,
    });
    expect(put.statusCode, put.body).toBe(200);
    res = await anyone.get('/s/api/subscriptions/offer');
    expect(res.json()).toEqual({ pack_ids: packIds, cutoff_time: '20:30', first_date: firstChangeableDay(new Date(), '20:30') });
  });

  it('another website’s packs are not offered: each host answers its own website’s packs and cut-off', async () => {
    // a second website on its own host, with a pack its owner makes subscribable there
    const [other] = await t.db.insert(websites).values({ name: 'Other Dairy' }).returning();
    await t.db.insert(websiteDomains).values({ websiteId: other!.id, host: 'other.test' });
    const [product] = await t.db.insert(products).values({ websiteId: other!.id, name: 'Buffalo Milk', slug: 'buffalo-milk' }).returning();
    const [pack] = await t.db
      .insert(packs)
      .values({ websiteId: other!.id, productId: product!.id, name: '1 l', price: 7_000, actPrice: 7_000 })
      .returning();
    const host = { host: 'other.test' };
    const [person] = await t.db.insert(users).values({ name: 'Other Owner', email: 'owner@other.test', phone: '9811100001' }).returning();
    await t.db.insert(websiteMembers).values({ websiteId: other!.id, userId: person!.id, ...roleValues({ hasAdminAccess: true }) });
    // its owner signs in on its own host: a session is bound to its host's website, so a member of
    // the other website signed in on localhost (staffClients) is refused there (403)
    const otherOwner = new TestClient(t.app, host);
    await signInAs(t.db, otherOwner, person!.id);
    const put = await otherOwner.put('/s/api/admin/subscriptions/settings', {
      cutoff_time: '21:00',
      subscribable_pack_ids: [pack!.id],
      min_topup_paise: 0,
      cashback_percent: 0,
      cashback_cap_paise: 0,
    });
    expect(put.statusCode, put.body).toBe(200);

    const here = (await new TestClient(t.app).get('/s/api/subscriptions/offer')).json();
    expect(here.pack_ids).not.toContain(pack!.id);
    expect(here.cutoff_time).toBe('20:30');
    const there = (await new TestClient(t.app, host).get('/s/api/subscriptions/offer')).json();
    expect(there).toEqual({ pack_ids: [pack!.id], cutoff_time: '21:00', first_date: firstChangeableDay(new Date(), '21:00') });
  });
});
