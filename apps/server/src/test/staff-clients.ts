import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { users, websiteMembers } from '../db/schema';
import { signInAs } from '../domains/cart/test-fixture';
import { roleValues } from '../domains/identity/member-roles';
import { TestClient } from './client';

import type { StaffPerson } from '@grocer/shared/staff-roles';

export type StaffFlags = StaffPerson;
export const ROLE_STATUS = { anonymous: 401, shopper: 403, agent: 403, admin: 200, superadmin: 200 } as const;
export type RoleName = keyof typeof ROLE_STATUS;

// numbered per database ("Staff 1" is its first), whatever files ran before in this worker
const seqs = new WeakMap<Db, number>();

/**
 * Clients signed in as new members of `websiteId` with the given flags (null: signed out), for
 * the role matrix of staff calls. Each call makes a new person (unique email and mobile).
 */
export function staffClients(t: { app: FastifyInstance; db: Db }, websiteId: number) {
  const as = async (flags: StaffFlags | null): Promise<TestClient & { userId?: number }> => {
    const c: TestClient & { userId?: number } = new TestClient(t.app);
    if (!flags) return c;
    const n = (seqs.get(t.db) ?? 0) + 1;
    seqs.set(t.db, n);
    const [u] = await t.db
      .insert(users)
      .values({
        name: `Staff ${n}`,
        email: `ops-staff${n}@example.com`,
        phone: `97${String(n).padStart(8, '0')}`,
        superadmin: !!flags.superadmin,
      })
      .returning();
    await t.db.insert(websiteMembers).values({ websiteId, userId: u!.id, ...roleValues(flags) });
    await signInAs(t.db, c, u!.id);
    c.userId = u!.id;
    return c;
  };
  /** One client per role of the matrix. */
  const everyone = async (): Promise<Record<RoleName, TestClient & { userId?: number }>> => ({
    anonymous: await as(null),
    shopper: await as({}),
    agent: await as({ isSalesAgent: true }),
    admin: await as({ hasAdminAccess: true }),
    superadmin: await as({ superadmin: true }),
  });
  return { as, everyone };
}
