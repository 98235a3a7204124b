import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, websiteMembers, websites } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { itOnPostgres } from '../../test/on-postgres';
import { openAccount, post, walletMismatches, type AccountRow } from './ledger';
import { accountEntries, customerAccounts } from './tables';

// The ledger itself: the guarded balance under concurrency (PostgreSQL), and any sequence of
// credits and debits keeping the balance equal to the sum of the entries (fast-check).
const t = await createTestApp();
afterAll(() => t.close());

let websiteId: number;
let n = 0;
beforeAll(async () => {
  const [site] = await t.db.insert(websites).values({ name: 'Ledger Shop' }).returning();
  websiteId = site!.id;
});

async function account(kind: 'wallet' | 'khata', creditLimitPaise = 0): Promise<AccountRow> {
  const [u] = await t.db
    .insert(users)
    .values({ name: `Ledger ${++n}`, email: `ledger${n}-${Date.now()}@example.com` })
    .returning();
  await t.db.insert(websiteMembers).values({ websiteId, userId: u!.id });
  return (await openAccount(t.db, { websiteId, userId: u!.id, kind, creditLimitPaise, openedBy: 'test' })).account;
}
const balanceOf = async (id: number) =>
  (await t.db.select({ b: customerAccounts.balancePaise }).from(customerAccounts).where(eq(customerAccounts.id, id)))[0]!.b;
const sumOf = async (id: number) =>
  Number(
    (
      await t.db
        .select({ s: sql<string>`coalesce(sum(${accountEntries.amountPaise}), 0)` })
        .from(accountEntries)
        .where(eq(accountEntries.accountId, id))
    )[0]!.s,
  );
const credit = (a: AccountRow, amountPaise: number, key: string) =>
  t.db.transaction((tx) =>
    post(tx, { websiteId, accountId: a.id, amountPaise, reason: amountPaise > 0 ? 'topup' : 'order_payment', key, createdBy: 'test' }),
  );

describe('the guarded balance', () => {
  it('a wallet never goes below zero; a khata never past its limit; a refusal writes nothing', async () => {
    const w = await account('wallet');
    expect(await credit(w, 1_000, 'in')).toMatchObject({ ok: true, balancePaise: 1_000 });
    expect(await credit(w, -1_001, 'too-much')).toMatchObject({ ok: false, why: 'not_enough' });
    expect(await credit(w, -1_000, 'all')).toMatchObject({ ok: true, balancePaise: 0 });
    const k = await account('khata', 5_000);
    expect(await credit(k, -5_000, 'sale-1')).toMatchObject({ ok: true, balancePaise: -5_000 });
    expect(await credit(k, -1, 'sale-2')).toMatchObject({ ok: false, why: 'limit' });
    expect([await balanceOf(w.id), await sumOf(w.id), await balanceOf(k.id), await sumOf(k.id)]).toEqual([0, 0, -5_000, -5_000]);
  });

  it('a retried posting answers the first entry and writes nothing', async () => {
    const w = await account('wallet');
    const first = await credit(w, 700, 'same');
    const again = await credit(w, 700, 'same');
    expect(again).toMatchObject({ ok: true, replayed: true, entry: first.ok ? first.entry : {} });
    expect(await sumOf(w.id)).toBe(700);
    await expect(credit(w, 701, 'same')).rejects.toMatchObject({ code: 'WALLET_KEY_REUSED' });
  });

  itOnPostgres(
    '20 concurrent debits against a balance that covers only some (PostgreSQL): never negative, entries sum equals balance',
    async () => {
      const w = await account('wallet');
      await credit(w, 7 * 300 + 150, 'opening');
      // each its own transaction on its own connection, all at once
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => credit(w, -300, `debit-${i}`)));
      expect(results.filter((r) => r.ok)).toHaveLength(7);
      expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.why === 'not_enough')).toBe(true);
      expect(await balanceOf(w.id)).toBe(150);
      expect(await sumOf(w.id)).toBe(150);
      const entries = await t.db.select().from(accountEntries).where(eq(accountEntries.accountId, w.id)).orderBy(accountEntries.id);
      expect(entries.every((e) => e.balanceAfterPaise >= 0)).toBe(true);
      // the same key 10 times at once: one entry
      const same = await Promise.all(Array.from({ length: 10 }, () => credit(w, 50, 'one-key')));
      expect(same.filter((r) => r.ok && !r.replayed)).toHaveLength(1);
      expect(await sumOf(w.id)).toBe(200);
      // a khata: 20 sales at once against a limit that covers 5
      const k = await account('khata', 5 * 1_000);
      const sales = await Promise.all(Array.from({ length: 20 }, (_, i) => credit(k, -1_000, `sale-${i}`)));
      expect(sales.filter((r) => r.ok)).toHaveLength(5);
      expect([await balanceOf(k.id), await sumOf(k.id)]).toEqual([-5_000, -5_000]);
      expect((await walletMismatches(t.db)).mismatches).toEqual([]);
    },
    60_000,
  );
});

describe('property: any sequence of credits and debits', () => {
  it('keeps balance = sum of entries = last balance after, never below the limit', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<'wallet' | 'khata'>('wallet', 'khata'),
        fc.integer({ min: 0, max: 5_000 }),
        fc.array(
          fc.tuple(
            fc.integer({ min: -3_000, max: 3_000 }).filter((x) => x !== 0),
            fc.integer({ min: 0, max: 5 }),
          ),
          {
            maxLength: 25,
          },
        ),
        async (kind, limit, moves) => {
          const a = await account(kind, kind === 'khata' ? limit : 0);
          let expected = 0;
          for (const [amount, keyNo] of moves) {
            // keys repeat on purpose: a repeated key with the same amount is a retry, another amount is refused
            const key = `p-${keyNo}-${amount}`;
            const r = await credit(a, amount, key);
            if (r.ok && !r.replayed) expected += amount;
            if (!r.ok) expect(expected + amount).toBeLessThan(-(kind === 'khata' ? limit : 0));
          }
          expect(await balanceOf(a.id)).toBe(expected);
          expect(await sumOf(a.id)).toBe(expected);
          expect(expected).toBeGreaterThanOrEqual(-(kind === 'khata' ? limit : 0));
        },
      ),
      { numRuns: 25 },
    );
    expect((await walletMismatches(t.db)).mismatches).toEqual([]);
  }, 120_000);
});
