import { and, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { users, websiteDomains, websiteMembers, websites } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { itOnPostgres } from '../../test/on-postgres';
import { seedCartShop, signInAs } from '../cart/test-fixture';

// Issue 38 item 7: admins changing each other's access at the same moment. On PostgreSQL only,
// where the two calls really interleave (PGlite runs one transaction at a time).
let t: Awaited<ReturnType<typeof createTestApp>>;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({ seed: seedCartShop });
}, 120_000);
afterAll(() => t.close());

type Admin = TestClient & { userId: number };

/** A new shop (its own host) with `n` admins, each signed in on their own client. */
async function shopWithAdmins(n: number): Promise<{ websiteId: number; admins: Admin[] }> {
  const round = ++seq;
  const [site] = await t.db
    .insert(websites)
    .values({ name: `Race Shop ${round}` })
    .returning();
  const host = `race${round}.test`;
  await t.db.insert(websiteDomains).values({ websiteId: site!.id, host, isPrimary: true });
  const admins: Admin[] = [];
  for (let i = 0; i < n; i++) {
    const [u] = await t.db
      .insert(users)
      .values({ name: `Racer ${round}-${i}`, email: `racer${round}-${i}@example.com` })
      .returning();
    await t.db.insert(websiteMembers).values({ websiteId: site!.id, userId: u!.id, hasAdminAccess: true });
    const c = Object.assign(new TestClient(t.app, { host }), { userId: u!.id });
    await signInAs(t.db, c, u!.id);
    // the XSRF token now, so the racing calls go out together
    await c.get('/s/api/cookie');
    admins.push(c);
  }
  return { websiteId: site!.id, admins };
}

const adminsOf = async (websiteId: number) =>
  (
    await t.db
      .select({ userId: websiteMembers.userId })
      .from(websiteMembers)
      .innerJoin(users, eq(users.id, websiteMembers.userId))
      .where(and(eq(websiteMembers.websiteId, websiteId), or(eq(websiteMembers.hasAdminAccess, true), eq(users.superadmin, true))))
  ).map((r) => r.userId);

const demoted = { hasAdminAccess: false, isSalesAgent: true, isCashier: false, superadmin: false };
const removed = { hasAdminAccess: false, isSalesAgent: false, isCashier: false, superadmin: false };
/** What the losing call may say: it lost its own admin access meanwhile, or the other is the last admin. */
const LOSER = [
  [403, 'FORBIDDEN'],
  [409, 'STAFF_LAST_ADMIN'],
];
const ROUNDS = 20;

describe('admins changing each other at once (PostgreSQL)', () => {
  for (const [name, flags] of [
    ['demote', demoted],
    ['remove', removed],
  ] as const) {
    itOnPostgres(`two admins ${name} each other: exactly one wins, the shop keeps an admin (PostgreSQL)`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const { websiteId, admins } = await shopWithAdmins(2);
        const [a, b] = admins as [Admin, Admin];
        const [ra, rb] = await Promise.all([
          a.put(`/s/api/admin/staff/${b.userId}`, flags),
          b.put(`/s/api/admin/staff/${a.userId}`, flags),
        ]);
        const statuses = [ra.statusCode, rb.statusCode];
        expect(
          statuses.filter((s) => s === 200),
          `round ${round}: ${ra.body} / ${rb.body}`,
        ).toHaveLength(1);
        const [winner, loser] = ra.statusCode === 200 ? [a, rb] : [b, ra];
        expect(LOSER).toContainEqual([loser.statusCode, loser.json().code]);
        expect(loser.json().message).toMatch(/\w/);
        expect(await adminsOf(websiteId)).toEqual([winner.userId]);
      }
    });
  }

  itOnPostgres('an admin demoting another while that one tries to demote themself: the shop keeps an admin (PostgreSQL)', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { websiteId, admins } = await shopWithAdmins(2);
      const [a, b] = admins as [Admin, Admin];
      const [ra, rb] = await Promise.all([
        a.put(`/s/api/admin/staff/${b.userId}`, demoted),
        b.put(`/s/api/admin/staff/${b.userId}`, removed),
      ]);
      expect(ra.statusCode).toBe(200);
      // their own access is another admin's to take: refused before or after losing it
      expect([
        [409, 'STAFF_OWN_ADMIN'],
        [403, 'FORBIDDEN'],
      ]).toContainEqual([rb.statusCode, rb.json().code]);
      expect(await adminsOf(websiteId)).toEqual([a.userId]);
    }
  });

  itOnPostgres('three admins each demoting the next at once: never a shop without an admin (PostgreSQL)', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { websiteId, admins } = await shopWithAdmins(3);
      const res = await Promise.all(admins.map((c, i) => c.put(`/s/api/admin/staff/${admins[(i + 1) % 3]!.userId}`, demoted)));
      for (const r of res) if (r.statusCode !== 200) expect(LOSER).toContainEqual([r.statusCode, r.json().code]);
      const left = await adminsOf(websiteId);
      expect(left.length, `round ${round}: ${res.map((r) => r.statusCode)}`).toBeGreaterThanOrEqual(1);
      // as if one after another: whoever succeeded was still an admin when they did
      expect(res.filter((r) => r.statusCode === 200)).toHaveLength(3 - left.length);
    }
  });
});
