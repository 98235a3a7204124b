import { desc, eq, like } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, rateLimits, users, websiteMembers } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { itOnPostgres } from '../../test/on-postgres';
import { seedCartShop, type CartShop } from '../cart/test-fixture';
import { LIMITS } from './service';

// Issue 38 item 3: strangers asking for someone's codes, or guessing them, from their own
// addresses, never stop that person signing in; one client hammering is held; guessing is bounded.
let t: Awaited<ReturnType<typeof createTestApp>>;
let shop: CartShop;

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: '1' }, seed: async (db) => (shop = await seedCartShop(db)) });
}, 120_000);
afterAll(() => t.close());

/** A browser (its own cookies) connecting from client address `ip`. */
class Browser extends TestClient {
  constructor(readonly ip: string) {
    super(t.app);
  }

  override request(opts: InjectOptions & { method: string; url: string }): Promise<LightMyRequestResponse> {
    return super.request({ remoteAddress: this.ip, ...opts });
  }

  ask(identifier: string) {
    return this.post('/s/api/auth/login', { identifier });
  }

  check(identifier: string, code: string) {
    return this.post('/s/api/auth/verify', { identifier, code });
  }
}

let people = 0;
/** A shopper of the shop, with an email of their own. */
async function person() {
  const n = ++people;
  const [u] = await t.db
    .insert(users)
    .values({ name: `Owner ${n}`, email: `owner${n}@example.com`, phone: `93${String(n).padStart(8, '0')}` })
    .returning();
  await t.db.insert(websiteMembers).values({ websiteId: shop.websiteId, userId: u!.id });
  return { id: u!.id, email: u!.email! };
}

/** The codes in the messages sent to `to`, newest first (what the inbox shows). */
async function inbox(to: string): Promise<string[]> {
  const rows = await t.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id));
  return rows.map((m) => m.body.match(/\b(\d{6})\b/)![1]!);
}
const newestCode = async (to: string) => (await inbox(to))[0]!;
/** A code that is not `code` (what a stranger, who cannot read the inbox, types). */
const wrong = (code = '000000') => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** 31 seconds pass for the resend cooldowns of `identifier`. */
const resendWaitPasses = (identifier: string) =>
  t.db
    .update(rateLimits)
    .set({ windowStart: new Date(Date.now() - 31_000) })
    .where(like(rateLimits.key, `cooldown:${identifier}:%`));

const codeOf = (res: LightMyRequestResponse) => [res.statusCode, res.json().code];

describe('strangers cannot lock an owner out', () => {
  it('4 strangers asking 5 times each for her email: she asks from her own address and signs in', async () => {
    const owner = await person();
    const statuses: number[] = [];
    for (let round = 0; round < 5; round++) {
      await resendWaitPasses(owner.email);
      for (let s = 1; s <= 4; s++) statuses.push((await new Browser(`203.0.113.${s}`).ask(owner.email)).statusCode);
    }
    expect(statuses).toEqual(Array(20).fill(200));
    const me = new Browser('198.51.100.7');
    const asked = await me.ask(owner.email);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ identifier: owner.email, channel: 'email', resend_after: 30, expires_in: 600 });
    const res = await me.check(owner.email, await newestCode(owner.email));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.id).toBe(owner.id);
    // every message to her inbox carried the one code, whoever asked
    const codes = await inbox(owner.email);
    expect(codes).toHaveLength(21);
    expect(new Set(codes).size).toBe(1);
  });

  it('past the ceiling nobody is refused, messages slow down, and the code already in her inbox works', async () => {
    const owner = await person();
    const statuses: number[] = [];
    for (let round = 0; round < 5; round++) {
      await resendWaitPasses(owner.email);
      for (let s = 1; s <= 5; s++) statuses.push((await new Browser(`203.0.113.${s}`).ask(owner.email)).statusCode);
    }
    expect(statuses).toEqual(Array(25).fill(200));
    // 20 messages, then one for the slow lane's 5 minutes
    expect(await inbox(owner.email)).toHaveLength(LIMITS.sendPerIdentifier + 1);
    const me = new Browser('198.51.100.8');
    expect((await me.ask(owner.email)).statusCode).toBe(200);
    // no new message for her request: the code she has is the one she was given
    expect(await inbox(owner.email)).toHaveLength(LIMITS.sendPerIdentifier + 1);
    const res = await me.check(owner.email, await newestCode(owner.email));
    expect(res.json().user?.id, res.body).toBe(owner.id);
  });

  it("strangers' wrong guesses, from their own browsers and addresses, leave her code working", async () => {
    const owner = await person();
    const me = new Browser('198.51.100.9');
    expect((await me.ask(owner.email)).statusCode).toBe(200);
    const code = await newestCode(owner.email);
    for (let s = 1; s <= 4; s++) {
      const stranger = new Browser(`203.0.113.${10 + s}`);
      // guessing without having asked: nothing to try
      expect(codeOf(await stranger.check(owner.email, wrong(code)))).toEqual([422, 'INVALID_CODE']);
      await resendWaitPasses(owner.email);
      expect((await stranger.ask(owner.email)).statusCode).toBe(200);
      const guesses = [];
      for (let i = 0; i < 5; i++) guesses.push(codeOf(await stranger.check(owner.email, wrong(code))));
      expect(guesses).toEqual([...Array(4).fill([422, 'INVALID_CODE']), [429, 'TOO_MANY_ATTEMPTS']]);
      // their hold on the code is spent, even for the right code; hers is not
      expect(codeOf(await stranger.check(owner.email, code))).toEqual([429, 'TOO_MANY_ATTEMPTS']);
    }
    const res = await me.check(owner.email, code);
    expect(res.json().user?.id, res.body).toBe(owner.id);
  });

  it('a code is tried only in a browser that asked for it, and used once by whichever does', async () => {
    const owner = await person();
    const laptop = new Browser('198.51.100.10');
    expect((await laptop.ask(owner.email)).statusCode).toBe(200);
    const code = await newestCode(owner.email);
    // the right code from a browser that never asked (a leaked or guessed code) is refused
    expect(codeOf(await new Browser('203.0.113.20').check(owner.email, code))).toEqual([422, 'INVALID_CODE']);
    // her phone asks too: the message it gets carries the same code, and it signs in
    const phone = new Browser('100.64.0.10');
    expect((await phone.ask(owner.email)).statusCode).toBe(200);
    expect(await inbox(owner.email)).toEqual([code, code]);
    expect((await phone.check(owner.email, code)).json().user?.id).toBe(owner.id);
    expect(codeOf(await laptop.check(owner.email, code))).toEqual([422, 'INVALID_CODE']);
    // used: the next request makes a new code
    await resendWaitPasses(owner.email);
    expect((await laptop.ask(owner.email)).statusCode).toBe(200);
    const next = await newestCode(owner.email);
    expect((await laptop.check(owner.email, next)).json().user?.id).toBe(owner.id);
  });
});

describe('one client hammering', () => {
  it('is held per identifier (cooldown, then 5 codes) while another address asks freely', async () => {
    const owner = await person();
    const ip = '203.0.113.30';
    const burst = [];
    for (let i = 0; i < 3; i++) burst.push(codeOf(await new Browser(ip).ask(owner.email)));
    expect(burst).toEqual([
      [200, undefined],
      [429, 'RESEND_COOLDOWN'],
      [429, 'RESEND_COOLDOWN'],
    ]);
    const spaced = [];
    for (let i = 0; i < 5; i++) {
      await resendWaitPasses(owner.email);
      spaced.push((await new Browser(ip).ask(owner.email)).statusCode);
    }
    expect(spaced).toEqual([200, 200, 200, 200, 429]);
    const last = await new Browser(ip).ask(owner.email);
    expect(codeOf(last)).toEqual([429, 'RATE_LIMITED']);
    expect(last.json().message).toMatch(/^Too many requests\. Please try again in \d+ minutes?\.$/);
    expect(last.headers['retry-after']).toBeDefined();
    expect((await new Browser('198.51.100.11').ask(owner.email)).statusCode).toBe(200);
  });

  it('gets at most 10 code checks for one identifier in 15 minutes, whatever browsers it uses', async () => {
    const owner = await person();
    const ip = '203.0.113.31';
    let judged = 0;
    let refused = 0;
    // ask with a new browser, guess until that browser's tries are spent, again and again
    for (let round = 0; round < 6; round++) {
      await resendWaitPasses(owner.email);
      const b = new Browser(ip);
      await b.ask(owner.email);
      for (let i = 0; i < 5; i++) {
        const res = await b.check(owner.email, wrong(await newestCode(owner.email)));
        if (res.json().code === 'RATE_LIMITED') refused++;
        else judged++;
      }
    }
    expect(judged).toBe(LIMITS.verifyPerIdentifierAndClient);
    expect(refused).toBe(30 - LIMITS.verifyPerIdentifierAndClient);
    // the owner, elsewhere, is untouched
    const me = new Browser('198.51.100.12');
    await me.ask(owner.email);
    expect((await me.check(owner.email, await newestCode(owner.email))).statusCode).toBe(200);
  });
});

describe('at the same moment (PostgreSQL)', () => {
  itOnPostgres('browsers asking at once for one email all hold one code (PostgreSQL)', async () => {
    for (let round = 0; round < 8; round++) {
      const owner = await person();
      const browsers = Array.from({ length: 8 }, (_, i) => new Browser(`192.0.${round}.${i + 1}`));
      for (const b of browsers) await b.get('/s/api/cookie');
      const res = await Promise.all(browsers.map((b) => b.ask(owner.email)));
      expect(res.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
      const codes = await inbox(owner.email);
      expect(codes).toHaveLength(8);
      expect(new Set(codes).size, `round ${round}`).toBe(1);
      expect((await browsers[round]!.check(owner.email, codes[0]!)).json().user?.id).toBe(owner.id);
    }
  });

  itOnPostgres('two browsers holding one code confirm it at once: it signs in exactly one (PostgreSQL)', async () => {
    for (let round = 0; round < 10; round++) {
      const owner = await person();
      const [a, b] = [new Browser(`192.0.2.${100 + round}`), new Browser(`192.0.2.${200 + round}`)];
      await a.ask(owner.email);
      await b.ask(owner.email);
      const code = await newestCode(owner.email);
      const res = await Promise.all([a.check(owner.email, code), b.check(owner.email, code)]);
      expect(res.map(codeOf).sort()).toEqual([
        [200, undefined],
        [422, 'INVALID_CODE'],
      ]);
    }
  });
});

describe('property: whatever strangers do', () => {
  const step = fc.oneof(
    fc.record({ kind: fc.constant('ask' as const), who: fc.nat(4), newBrowser: fc.boolean() }),
    fc.record({ kind: fc.constant('guess' as const), who: fc.nat(4), newBrowser: fc.boolean() }),
    fc.constant({ kind: 'wait' as const }),
    // 30 s pass, then every stranger asks once more: a few of these crowd her inbox
    fc.constant({ kind: 'round' as const }),
  );
  let run = 0;

  it('the owner, asking from her own address at any moment, signs in with the code in her inbox', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 20 }), fc.nat(), async (script, at) => {
        const r = ++run;
        const owner = await person();
        const me = new Browser(`10.${r}.9.9`);
        const browsers = new Map<number, Browser>();
        const ownerAsksAt = at % (script.length + 1);
        const act = async (who: number, kind: 'ask' | 'guess', newBrowser: boolean) => {
          if (newBrowser || !browsers.has(who)) browsers.set(who, new Browser(`10.${r}.0.${who + 1}`));
          const b = browsers.get(who)!;
          const res = kind === 'ask' ? await b.ask(owner.email) : await b.check(owner.email, wrong((await inbox(owner.email))[0]));
          expect(kind === 'ask' ? [200, 429] : [422, 429]).toContain(res.statusCode);
        };
        for (const [i, s] of [...script, null].entries()) {
          if (i === ownerAsksAt) expect((await me.ask(owner.email)).statusCode).toBe(200);
          if (!s) break;
          if (s.kind === 'wait' || s.kind === 'round') await resendWaitPasses(owner.email);
          if (s.kind === 'round') for (let who = 0; who < 5; who++) await act(who, 'ask', true);
          if (s.kind === 'ask' || s.kind === 'guess') await act(s.who, s.kind, s.newBrowser);
        }
        // never more than the ceiling and the slow lane's one (a few seconds pass here)
        expect((await inbox(owner.email)).length).toBeLessThanOrEqual(LIMITS.sendPerIdentifier + 1);
        const res = await me.check(owner.email, await newestCode(owner.email));
        expect(res.json().user?.id, res.body).toBe(owner.id);
      }),
      { numRuns: 15 },
    );
  }, 120_000);
});
