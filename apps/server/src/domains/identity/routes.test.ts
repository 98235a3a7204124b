import { desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, rateLimits, sessions, signInCodes, users, websiteMembers } from '../../db/schema';
import { hashToken } from '../../http/session';
import { createTestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { seedCartShop, signInAs, type CartShop } from '../cart/test-fixture';

let t: Awaited<ReturnType<typeof createTestApp>>;
let shop: CartShop;
let ipSeq = 0;

beforeAll(async () => {
  // one proxy in front (TRUST_PROXY=1), so each visitor's X-Forwarded-For is their own address
  t = await createTestApp({ env: { TRUST_PROXY: '1' }, seed: async (db) => (shop = await seedCartShop(db)) });
});
afterAll(() => t.close());

/** A visitor from their own client address (so per-address limits do not leak between tests). */
const visitor = (ip = `10.1.0.${++ipSeq}`) => new TestClient(t.app, { 'x-forwarded-for': ip });

/** The code in the newest message sent to `to` (what the shopper reads in their inbox). */
async function codeSentTo(to: string): Promise<string> {
  const [m] = await t.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(1);
  const code = m?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code sent to ${to}`);
  return code;
}

/** Lets the resend cooldown pass without waiting 30 s. */
const ageCodes = (identifier: string) =>
  t.db
    .update(rateLimits)
    .set({ windowStart: new Date(Date.now() - 60_000) })
    .where(like(rateLimits.key, `cooldown:${identifier}:%`));

async function signIn(c: TestClient, identifier: string) {
  expect((await c.post('/s/api/auth/login', { identifier })).statusCode).toBe(200);
  const res = await c.post('/s/api/auth/verify', {
    identifier,
    code: await codeSentTo(identifier.includes('@') ? identifier : identifier.replace(/\D/g, '').slice(-10)),
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function newUser(
  email: string,
  phone: string,
  flags: { hasAdminAccess?: boolean; isSalesAgent?: boolean; superadmin?: boolean } = {},
) {
  const [u] = await t.db
    .insert(users)
    .values({ name: email.split('@')[0]!, email, phone, superadmin: !!flags.superadmin })
    .returning();
  await t.db
    .insert(websiteMembers)
    .values({ websiteId: shop.websiteId, userId: u!.id, hasAdminAccess: !!flags.hasAdminAccess, isSalesAgent: !!flags.isSalesAgent });
  return u!;
}

describe('sign-in by one-time code', () => {
  it('sends a code by email, signs in with it, and init shows the user', async () => {
    const c = visitor();
    const sent = await c.post('/s/api/auth/login', { identifier: '  ASHA@example.com ' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({
      identifier: 'asha@example.com',
      channel: 'email',
      sent_to: 'as***@example.com',
      resend_after: 30,
      expires_in: 600,
    });
    const [row] = await t.db
      .select()
      .from(signInCodes)
      .where(eq(signInCodes.identifier, 'asha@example.com'))
      .orderBy(desc(signInCodes.id))
      .limit(1);
    const code = await codeSentTo('asha@example.com');
    expect(row!.codeHash).not.toContain(code); // stored hashed
    const res = await c.post('/s/api/auth/verify', { identifier: 'asha@example.com', code });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      id: shop.users.shopper.id,
      name: 'Asha Shopper',
      email: 'asha@example.com',
      hasAdminAccess: false,
    });
    expect((await c.get('/s/api/init')).json().user.email).toBe('asha@example.com');
  });

  it('signs in by mobile number written with +91 and spaces; the code goes by SMS', async () => {
    const c = visitor();
    const sent = await c.post('/s/api/auth/login', { identifier: '+91 90000 00012' });
    expect(sent.json()).toMatchObject({ identifier: '9000000012', channel: 'sms', sent_to: '******0012' });
    const [m] = await t.db.select().from(outbox).where(eq(outbox.to, '9000000012')).orderBy(desc(outbox.id)).limit(1);
    expect(m!.channel).toBe('sms');
    // The last line lets the browser on the shop's host read the code (WebOTP): `@host #code`.
    const code = await codeSentTo('9000000012');
    expect(m!.body.split('\n').at(-1)).toBe(`@localhost #${code}`);
    const res = await c.post('/s/api/auth/verify', { identifier: '9000000012', code });
    expect(res.json().user.name).toBe('Ravi Other');
  });

  it('answers an unknown identifier with the register message and an invalid one with 422', async () => {
    const c = visitor();
    const unknown = await c.post('/s/api/auth/login', { identifier: 'nobody@example.com' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      code: 'ACCOUNT_NOT_FOUND',
      message: 'No account found for this email or mobile. Please register.',
    });
    const bad = await c.post('/s/api/auth/login', { identifier: '12345' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('Enter a valid email or 10-digit mobile number');
  });

  it('refuses a wrong code without saying how close it was, then takes the right one', async () => {
    const u = await newUser('wrong@example.com', '9100000001');
    const c = visitor();
    await c.post('/s/api/auth/login', { identifier: u.email });
    const code = await codeSentTo(u.email!);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const res = await c.post('/s/api/auth/verify', { identifier: u.email, code: wrong });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ code: 'INVALID_CODE', message: 'The code is incorrect or has expired' });
    expect((await c.get('/s/api/init')).json().user).toBeNull();
    expect((await c.post('/s/api/auth/verify', { identifier: u.email, code })).statusCode).toBe(200);
    // used once: the same code does not work again
    const again = visitor();
    expect((await again.post('/s/api/auth/verify', { identifier: u.email, code })).statusCode).toBe(422);
  });

  it('kills a code after 5 wrong tries, even for the right code', async () => {
    const u = await newUser('tries@example.com', '9100000002');
    const c = visitor();
    await c.post('/s/api/auth/login', { identifier: u.email });
    const code = await codeSentTo(u.email!);
    const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, '0');
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await c.post('/s/api/auth/verify', { identifier: u.email, code: wrong })).statusCode);
    expect(statuses).toEqual([422, 422, 422, 422, 429]);
    const right = await c.post('/s/api/auth/verify', { identifier: u.email, code });
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('TOO_MANY_ATTEMPTS');
  });

  it('refuses an expired code', async () => {
    const u = await newUser('expired@example.com', '9100000003');
    const c = visitor();
    await c.post('/s/api/auth/login', { identifier: u.email });
    const code = await codeSentTo(u.email!);
    await t.db
      .update(signInCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signInCodes.identifier, u.email!));
    expect((await c.post('/s/api/auth/verify', { identifier: u.email, code })).json().code).toBe('INVALID_CODE');
  });

  it('makes a resend wait 30 s, and the resend carries the same code', async () => {
    const u = await newUser('resend@example.com', '9100000004');
    const c = visitor();
    await c.post('/s/api/auth/login', { identifier: u.email });
    const first = await codeSentTo(u.email!);
    const soon = await c.post('/s/api/auth/login', { identifier: u.email });
    expect(soon.statusCode).toBe(429);
    expect(soon.json().code).toBe('RESEND_COOLDOWN');
    expect(soon.json().retry_after).toBeGreaterThan(25);
    expect(soon.json().message).toMatch(/^Please wait \d+ seconds before asking for a new code$/);
    await ageCodes(u.email!);
    expect((await c.post('/s/api/auth/login', { identifier: u.email })).statusCode).toBe(200);
    // a second message, the same code: whichever message the shopper opens, it works
    expect(await codeSentTo(u.email!)).toBe(first);
    expect((await c.post('/s/api/auth/verify', { identifier: u.email, code: first })).statusCode).toBe(200);
  });

  it('limits codes per identifier per client (5 in 15 minutes); other clients still get theirs', async () => {
    const u = await newUser('limit@example.com', '9100000005');
    const ip = '10.7.7.7';
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      await ageCodes(u.email!);
      statuses.push((await visitor(ip).post('/s/api/auth/login', { identifier: u.email })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const last = await visitor(ip).post('/s/api/auth/login', { identifier: u.email });
    expect(last.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(last.json().message).toMatch(/^Too many requests\. Please try again in \d+ minutes?\.$/);
    expect(last.headers['retry-after']).toBeDefined();
    // the owner, from their own address, is not held by that client's limit nor its cooldown
    expect((await visitor().post('/s/api/auth/login', { identifier: u.email })).statusCode).toBe(200);
  });

  it("a stranger's calls, refused or not, never lock the owner out", async () => {
    const u = await newUser('lockout@example.com', '9100000015');
    const stranger = '10.8.8.8';
    // many calls at once from one client: the first sends a code, the rest wait for the cooldown
    const burst = [];
    for (let i = 0; i < 12; i++) burst.push((await visitor(stranger).post('/s/api/auth/login', { identifier: u.email })).statusCode);
    expect(burst).toEqual([200, ...Array(11).fill(429)]);
    // refusals are not counted: after each cooldown the stranger still had codes left (5 in all)
    const later = [];
    for (let i = 0; i < 5; i++) {
      await ageCodes(u.email!);
      later.push((await visitor(stranger).post('/s/api/auth/login', { identifier: u.email })).statusCode);
    }
    expect(later).toEqual([200, 200, 200, 200, 429]);
    // and from two more clients, five each (no cooldown between clients)
    for (const ip of ['10.8.8.9', '10.8.8.10']) {
      for (let i = 0; i < 5; i++) {
        await ageCodes(u.email!);
        await visitor(ip).post('/s/api/auth/login', { identifier: u.email });
      }
    }
    const owner = visitor();
    expect((await owner.post('/s/api/auth/login', { identifier: u.email })).statusCode).toBe(200);
    const res = await owner.post('/s/api/auth/verify', { identifier: u.email, code: await codeSentTo(u.email!) });
    expect(res.json().user.id).toBe(u.id);
  });

  it('past 20 requests for one identifier from all clients, answers them all but sends one message per 5 minutes', async () => {
    const u = await newUser('ceiling@example.com', '9100000016');
    const statuses = [];
    for (let i = 0; i < 24; i++) {
      await ageCodes(u.email!);
      statuses.push((await visitor(`10.6.${Math.floor(i / 5)}.1`).post('/s/api/auth/login', { identifier: u.email })).statusCode);
    }
    expect(statuses).toEqual(Array(24).fill(200));
    const sent = await t.db.select().from(outbox).where(eq(outbox.to, u.email!));
    expect(sent).toHaveLength(21);
    // five minutes later another may go (the same code, still the one to type)
    await t.db
      .update(rateLimits)
      .set({ windowStart: new Date(Date.now() - 301_000) })
      .where(eq(rateLimits.key, `send:slow:${u.email}`));
    await ageCodes(u.email!);
    expect((await visitor('10.6.9.1').post('/s/api/auth/login', { identifier: u.email })).statusCode).toBe(200);
    const again = await t.db.select().from(outbox).where(eq(outbox.to, u.email!));
    expect(again).toHaveLength(22);
    expect(new Set(again.map((m) => m.body.match(/\b(\d{6})\b/)?.[1])).size).toBe(1);
  });

  it('limits sends per client address (20 in 15 minutes), across identifiers', async () => {
    const ip = '10.9.9.9';
    const statuses = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await visitor(ip).post('/s/api/auth/login', { identifier: `nobody${i}@example.com` })).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('rotates the session at sign-in (the old id is dead) and logout revokes it server-side', async () => {
    const c = visitor();
    await c.get('/s/api/cookie');
    const before = c.cookies.get('sid')!;
    await signIn(c, 'ravi@example.com');
    const after = c.cookies.get('sid')!;
    expect(after).not.toBe(before);
    const [old] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(before)));
    expect(old!.revokedAt).not.toBeNull();
    // the old cookie does not carry the sign-in
    const thief = new TestClient(t.app);
    thief.cookies.set('sid', before);
    expect((await thief.get('/s/api/init')).json().user).toBeNull();
    // the new XSRF token works straight away
    expect(
      (
        await c.post('/s/api/addresses', {
          name: 'Ravi',
          phone: '9000000012',
          pincode: '560001',
          line1: '1',
          line2: 'MG Road',
          city: 'Bengaluru',
          state: 'Karnataka',
        })
      ).statusCode,
    ).toBe(200);

    const out = await c.get('/s/api/auth/logout');
    expect(out.json()).toEqual({ ok: true });
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(after)));
    expect(row!.revokedAt).not.toBeNull();
    const replay = new TestClient(t.app);
    replay.cookies.set('sid', after);
    expect((await replay.get('/s/api/init')).json().user).toBeNull();
    expect((await replay.get('/s/api/addresses')).statusCode).toBe(401);
  });

  it("joins the guest's cart to the user's cart at sign-in", async () => {
    const u = await newUser('merge@example.com', '9100000006');
    // the user's own cart from another device: 1 dal
    const other = visitor();
    await other.get('/s/api/check/pincode/560001');
    await signInAs(t.db, other, u.id);
    expect((await other.post('/s/api/cart/add', { pack_id: shop.packs.dal1.id })).statusCode).toBe(200);
    // as a guest: 2 dal and 1 rice
    const c = visitor();
    await c.get('/s/api/check/pincode/560001');
    await c.post('/s/api/cart/add', { pack_id: shop.packs.dal1.id });
    await c.post('/s/api/cart/add', { pack_id: shop.packs.dal1.id });
    await c.post('/s/api/cart/add', { pack_id: shop.packs.rice5.id });
    const { cart, cart_merged } = await signIn(c, u.email!);
    const qty = Object.fromEntries(cart.items.map((i: { pack_id: number; quantity: number }) => [i.pack_id, i.quantity]));
    expect(qty).toEqual({ [shop.packs.dal1.id]: 3, [shop.packs.rice5.id]: 1 });
    expect(cart.quantity).toBe(4);
    expect(cart_merged).toBe(2); // the two guest lines: the shopper is told their cart changed
  });

  it("a guest cart that simply becomes the user's (no cart of their own) is nothing to tell", async () => {
    const u = await newUser('adopt@example.com', '9187654321');
    const c = visitor();
    await c.get('/s/api/check/pincode/560001');
    await c.post('/s/api/cart/add', { pack_id: shop.packs.dal1.id });
    const { cart, cart_merged } = await signIn(c, u.email!);
    expect(cart.quantity).toBe(1);
    expect(cart_merged).toBe(0);
  });

  it('registers a new shopper: a code to the email and another to the mobile, the account exists only after both', async () => {
    const c = visitor();
    const res = await c.post('/s/api/auth/register', { name: 'Meera Nair', email: 'Meera@Example.com', phone: '9123456780' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      identifier: 'meera@example.com',
      channel: 'email',
      also: { identifier: '9123456780', channel: 'sms', sent_to: '******6780' },
    });
    expect(await t.db.select().from(users).where(eq(users.email, 'meera@example.com'))).toEqual([]);
    const code = await codeSentTo('meera@example.com');
    const mobileCode = await codeSentTo('9123456780');
    const missing = await c.post('/s/api/auth/verify', { identifier: 'meera@example.com', code });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ also_code: ['Enter the 6-digit code sent to your mobile'] });
    if (mobileCode !== code) {
      // the email's code does not prove the mobile
      const same = await c.post('/s/api/auth/verify', { identifier: 'meera@example.com', code, also_code: code });
      expect(same.json()).toMatchObject({ code: 'INVALID_CODE', errors: { also_code: ['The code is incorrect or has expired'] } });
    }
    const done = await c.post('/s/api/auth/verify', { identifier: 'meera@example.com', code, also_code: mobileCode });
    expect(done.statusCode).toBe(200);
    expect(done.json().user).toMatchObject({ name: 'Meera Nair', email: 'meera@example.com', phone: '9123456780', superadmin: false });
    const dup = await visitor().post('/s/api/auth/register', { name: 'Someone', email: 'other@example.com', phone: '9123456780' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('ACCOUNT_EXISTS');
  });

  it("never gives an attacker who registers with their email and a victim's mobile that mobile", async () => {
    const attacker = visitor();
    expect(
      (await attacker.post('/s/api/auth/register', { name: 'Mallory', email: 'mallory@example.com', phone: '9876500001' })).statusCode,
    ).toBe(200);
    const own = await codeSentTo('mallory@example.com');
    // the attacker has only their own email's code: it proves nothing about the mobile
    for (const also_code of [own, '000000', '123456']) {
      const res = await attacker.post('/s/api/auth/verify', { identifier: 'mallory@example.com', code: own, also_code });
      if (res.statusCode === 200) throw new Error('registered with an unproven mobile');
    }
    // nor can they verify "by the mobile" with their email's code
    expect((await attacker.post('/s/api/auth/verify', { identifier: '9876500001', code: own })).statusCode).toBe(422);
    expect(await t.db.select().from(users).where(eq(users.phone, '9876500001'))).toEqual([]);
    expect(await t.db.select().from(users).where(eq(users.email, 'mallory@example.com'))).toEqual([]);
    // the victim later registers their mobile and signs in with it: the account is theirs alone
    const victim = visitor();
    expect(
      (await victim.post('/s/api/auth/register', { name: 'Victim', email: 'victim@example.com', phone: '9876500001' })).statusCode,
    ).toBe(200);
    const done = await victim.post('/s/api/auth/verify', {
      identifier: 'victim@example.com',
      code: await codeSentTo('victim@example.com'),
      also_code: await codeSentTo('9876500001'),
    });
    expect(done.json().user).toMatchObject({ email: 'victim@example.com', phone: '9876500001' });
    await ageCodes('9876500001');
    expect((await attacker.post('/s/api/auth/login', { identifier: 'mallory@example.com' })).json().code).toBe('ACCOUNT_NOT_FOUND');
  });

  it('validates registration fields with per-field messages and creates nothing', async () => {
    const res = await visitor().post('/s/api/auth/register', { name: 'M', email: 'not-an-email', phone: '5123456789' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'name', 'phone']);
    expect(await t.db.select().from(signInCodes).where(eq(signInCodes.identifier, 'not-an-email'))).toEqual([]);
  });
});

describe('account details', () => {
  it('saves a new name at once and a new email only after its code', async () => {
    const u = await newUser('details@example.com', '9100000007');
    const c = visitor();
    await signIn(c, u.email!);
    const res = await c.put('/s/api/account/details', { name: 'Details Person', email: 'new-details@example.com', phone: '9100000007' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ name: 'Details Person', email: 'details@example.com' });
    expect(res.json().pending).toMatchObject({ identifier: 'new-details@example.com', channel: 'email' });
    const wrong = await c.post('/s/api/account/details/verify', {
      code: '000000' === (await codeSentTo('new-details@example.com')) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(422);
    const ok = await c.post('/s/api/account/details/verify', { code: await codeSentTo('new-details@example.com') });
    expect(ok.json().user.email).toBe('new-details@example.com');
    const taken = await c.put('/s/api/account/details', { name: 'Details Person', email: 'asha@example.com', phone: '9100000007' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('IDENTIFIER_TAKEN');
    const account = (await c.get('/s/api/account')).json();
    expect(account).toMatchObject({
      user: { name: 'Details Person' },
      counts: { addresses: 0, wishlists: 1, wishlist_items: 0, orders: 0 },
      recent_orders: [],
    });
  });
});

describe('changing both email and mobile', () => {
  it('needs the code sent to each; a signed-in attacker cannot take a mobile they cannot read', async () => {
    const u = await newUser('both@example.com', '9100000031');
    const c = visitor();
    await signIn(c, u.email!);
    const res = await c.put('/s/api/account/details', { name: 'Both', email: 'both-new@example.com', phone: '9100000032' });
    expect(res.json().pending).toMatchObject({ identifier: 'both-new@example.com', also: { identifier: '9100000032', channel: 'sms' } });
    const emailCode = await codeSentTo('both-new@example.com');
    expect((await c.post('/s/api/account/details/verify', { code: emailCode })).json().errors).toEqual({
      also_code: ['Enter the 6-digit code sent to your mobile'],
    });
    const guess = emailCode === '000000' ? '111111' : '000000';
    expect((await c.post('/s/api/account/details/verify', { code: emailCode, also_code: guess })).statusCode).toBe(422);
    expect((await t.db.select().from(users).where(eq(users.id, u.id)))[0]).toMatchObject({
      email: 'both@example.com',
      phone: '9100000031',
    });
    const ok = await c.post('/s/api/account/details/verify', { code: emailCode, also_code: await codeSentTo('9100000032') });
    expect(ok.json().user).toMatchObject({ email: 'both-new@example.com', phone: '9100000032' });
  });
});

describe('two accounts racing for one mobile', () => {
  it('confirms one change and refuses the other with IDENTIFIER_TAKEN, never a 500', async () => {
    const a = await newUser('race-a@example.com', '9100000021');
    const b = await newUser('race-b@example.com', '9100000022');
    const ca = visitor();
    const cb = visitor();
    await signIn(ca, a.email!);
    await signIn(cb, b.email!);
    // both ask for 9100000099 while nobody has it, so both pass the check when they ask
    expect((await ca.put('/s/api/account/details', { name: 'Race A', email: a.email, phone: '9100000099' })).statusCode).toBe(200);
    const codeA = await codeSentTo('9100000099');
    expect((await cb.put('/s/api/account/details', { name: 'Race B', email: 'race-b2@example.com', phone: '9100000099' })).statusCode).toBe(
      200,
    );
    const codeB = await codeSentTo('race-b2@example.com');
    const mobileB = await codeSentTo('9100000099');
    const [ra, rb] = await Promise.all([
      ca.post('/s/api/account/details/verify', { code: codeA }),
      cb.post('/s/api/account/details/verify', { code: codeB, also_code: mobileB }),
    ]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 409]);
    expect([ra, rb].find((r) => r.statusCode === 409)!.json().code).toBe('IDENTIFIER_TAKEN');
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.phone, '9100000099'))).toHaveLength(1);
  });
});

describe('addresses', () => {
  const home = {
    name: 'Asha',
    phone: '9000000011',
    pincode: '560001',
    line1: 'Flat 4B, Lake View',
    line2: '12 MG Road',
    landmark: 'Near the metro',
    city: 'Bengaluru',
    state: 'Karnataka',
    type: 'home',
  };

  it('adds, edits, sets default and deletes; the first address is the default; delivery shown', async () => {
    const u = await newUser('addr@example.com', '9100000008');
    const c = visitor();
    await signInAs(t.db, c, u.id);
    const a = (await c.post('/s/api/addresses', home)).json();
    expect(a).toMatchObject({ ...home, is_default: true, serviceable: true });
    const b = (await c.post('/s/api/addresses', { ...home, pincode: '999999', type: 'work', landmark: '' })).json();
    expect(b).toMatchObject({
      is_default: false,
      serviceable: false,
      landmark: null,
      delivery_message: 'Sorry, we do not deliver to 999999 yet.',
    });
    const edited = await c.put(`/s/api/addresses/${b.id}`, { ...home, pincode: '400001', type: 'work' });
    expect(edited.json()).toMatchObject({ pincode: '400001', serviceable: true });
    expect((await c.post(`/s/api/addresses/${b.id}/default`)).json().is_default).toBe(true);
    const list = (await c.get('/s/api/addresses')).json().data;
    expect(list.map((x: { id: number; is_default: boolean }) => [x.id, x.is_default])).toEqual([
      [b.id, true],
      [a.id, false],
    ]);
    expect((await c.delete(`/s/api/addresses/${b.id}`)).json()).toEqual({ ok: true });
    expect((await c.get('/s/api/addresses')).json().data).toMatchObject([{ id: a.id, is_default: true }]);
  });

  it('never makes an address the shop does not deliver to the default as it is added; the first deliverable one is', async () => {
    const u = await newUser('addr3@example.com', '9100000041');
    const c = visitor();
    await signInAs(t.db, c, u.id);
    const far = (await c.post('/s/api/addresses', { ...home, pincode: '999999', is_default: true })).json();
    expect(far).toMatchObject({ is_default: false, serviceable: false });
    const near = (await c.post('/s/api/addresses', home)).json();
    expect(near).toMatchObject({ is_default: true, serviceable: true });
    const later = (await c.post('/s/api/addresses', { ...home, pincode: '400001' })).json();
    expect(later.is_default).toBe(false);
    // choosing the far one afterwards is the shopper's own choice, and kept
    expect((await c.post(`/s/api/addresses/${far.id}/default`)).json().is_default).toBe(true);
  });

  it('refuses bad input with per-field messages and changes nothing', async () => {
    const u = await newUser('addr2@example.com', '9100000009');
    const c = visitor();
    await signInAs(t.db, c, u.id);
    const res = await c.post('/s/api/addresses', { ...home, pincode: '5600', phone: '12345', state: 'Atlantis' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['phone', 'pincode', 'state']);
    expect((await c.get('/s/api/addresses')).json().data).toEqual([]);
  });

  it("never shows or changes another shopper's address (404)", async () => {
    const owner = await newUser('owner@example.com', '9100000010');
    const intruder = await newUser('intruder@example.com', '9100000011');
    const a = visitor();
    await signInAs(t.db, a, owner.id);
    const addr = (await a.post('/s/api/addresses', home)).json();
    const b = visitor();
    await signInAs(t.db, b, intruder.id);
    expect((await b.get('/s/api/addresses')).json().data).toEqual([]);
    expect((await b.put(`/s/api/addresses/${addr.id}`, home)).statusCode).toBe(404);
    expect((await b.delete(`/s/api/addresses/${addr.id}`)).json()).toMatchObject({
      code: 'ADDRESS_NOT_FOUND',
      message: 'Address not found',
    });
    expect((await b.post(`/s/api/addresses/${addr.id}/default`)).statusCode).toBe(404);
    expect((await a.get('/s/api/addresses')).json().data).toHaveLength(1);
  });

  it('answers 401 on every account and address call when signed out', async () => {
    const c = visitor();
    for (const [method, url] of [
      ['GET', '/s/api/account'],
      ['PUT', '/s/api/account/details'],
      ['POST', '/s/api/account/details/verify'],
      ['GET', '/s/api/addresses'],
      ['POST', '/s/api/addresses'],
      ['PUT', '/s/api/addresses/1'],
      ['DELETE', '/s/api/addresses/1'],
      ['POST', '/s/api/addresses/1/default'],
    ] as const) {
      const body =
        method === 'GET' || method === 'DELETE'
          ? undefined
          : url.includes('verify')
            ? { code: '123456' }
            : url.includes('details')
              ? { name: 'Xy', email: 'x@example.com', phone: '9000000099' }
              : home;
      const res = await c.request({ method, url, payload: body });
      expect([url, res.statusCode]).toEqual([url, 401]);
    }
  });
});

describe('roles on the staff areas (spec §6)', () => {
  const calls = {
    admin: ['/s/api/admin/summary', '/s/api/builder/settings', '/s/api/pos/settings'],
    agent: ['/s/api/agent/dashboard'],
    superadmin: ['/s/api/bos/websites'],
  };

  it('401 signed out, 403 for a shopper, 200 for the right role, on every call', async () => {
    const admin = await newUser('staff-admin@example.com', '9200000001', { hasAdminAccess: true });
    const agent = await newUser('staff-agent@example.com', '9200000002', { isSalesAgent: true });
    const superadmin = await newUser('staff-super@example.com', '9200000003', { superadmin: true });
    const as = async (userId: number | null) => {
      const c = visitor();
      if (userId !== null) await signInAs(t.db, c, userId);
      return c;
    };
    const who = {
      anonymous: await as(null),
      shopper: await as(shop.users.shopper.id),
      admin: await as(admin.id),
      agent: await as(agent.id),
      superadmin: await as(superadmin.id),
    };
    const expected: Record<keyof typeof calls, Record<keyof typeof who, number>> = {
      admin: { anonymous: 401, shopper: 403, admin: 200, agent: 403, superadmin: 200 },
      agent: { anonymous: 401, shopper: 403, admin: 403, agent: 200, superadmin: 403 },
      superadmin: { anonymous: 401, shopper: 403, admin: 403, agent: 403, superadmin: 200 },
    };
    for (const [area, urls] of Object.entries(calls) as Array<[keyof typeof calls, string[]]>) {
      for (const url of urls) {
        for (const [name, c] of Object.entries(who) as Array<[keyof typeof who, TestClient]>) {
          expect([url, name, (await c.get(url)).statusCode]).toEqual([url, name, expected[area][name]]);
        }
      }
    }
  });
});

describe('development outbox', () => {
  it('lists sent messages newest first outside production', async () => {
    const res = await new TestClient(t.app).get('/s/api/dev/outbox');
    expect(res.statusCode).toBe(200);
    const ids = res.json().data.map((m: { id: number }) => m.id);
    expect(ids).toEqual([...ids].sort((x: number, y: number) => y - x));
    expect(res.json().data[0].body).toMatch(/code is \d{6}/);
  });

  it('does not exist in production (where the session cookie is Secure)', async () => {
    const prod = await createTestApp({
      env: { NODE_ENV: 'production', SESSION_SECRET: 'a-production-secret-of-some-length' },
      seed: async (db) => seedCartShop(db),
    });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/s/api/dev/outbox', headers: { host: 'localhost' } });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('ROUTE_NOT_FOUND');
      // and in production the session cookie is Secure as well as HttpOnly and SameSite=Lax
      const cookie = await prod.app.inject({ method: 'GET', url: '/s/api/cookie', headers: { host: 'localhost' } });
      const sid = (cookie.cookies as Array<{ name: string; secure?: boolean; httpOnly?: boolean; sameSite?: string }>).find(
        (c) => c.name === 'sid',
      );
      expect(sid).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    } finally {
      await prod.close();
    }
  });
});
