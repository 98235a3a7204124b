import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
// the library web-push encrypts with (RFC 8188): decrypting as the browser would proves the payload
import ece from 'http_ece';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outbox, pushKeys, pushSubscriptions, websiteMembers } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { ROLE_STATUS, staffClients, type RoleName } from '../../test/staff-clients';
import { checkoutBench } from '../orders/test-fixture';
import { forgetVapidKeys } from './push';

// Browser push for new orders (issue 40.17): subscriptions, and a real HTTP push service on this
// machine receiving what web-push sends when an order is placed.
const { t, shop, shopper, place, key } = await checkoutBench();
const { as, everyone } = staffClients(t, shop.websiteId);

interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}
const received: Received[] = [];
const waiting: Array<() => void> = [];
let answer = 201;
const service = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({ path: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
    res.writeHead(answer).end();
    waiting.splice(0).forEach((w) => w());
  });
});
let origin = '';

/** A browser: its ECDH key pair and auth secret, as PushManager.subscribe makes them. */
function browser(name: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    sub: {
      endpoint: `${origin}/push/${name}`,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') },
    },
  };
}

const until = async (n: number) => {
  const deadline = Date.now() + 10_000;
  while (received.length < n) {
    if (Date.now() > deadline) throw new Error(`the push service got ${received.length} requests, not ${n}`);
    await new Promise<void>((r) => waiting.push(r) && setTimeout(r, 200));
  }
};

async function placeOrder() {
  const s = await shopper([[shop.packs.dal1.id, 1]]);
  const res = await place(s.c, { address_id: s.addressId, payment_method: 'cod', expected_total: s.cart.amount, idempotency_key: key() });
  expect(res.statusCode, res.body).toBe(200);
  // the push follows from the order's event: the job's run, done here
  await t.app.events.drain();
  return res.json().order as { id: string; ordernumber: string; total: number };
}

let owner: TestClient & { userId?: number };
beforeAll(async () => {
  forgetVapidKeys();
  await new Promise<void>((r) => service.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
  owner = await as({ hasAdminAccess: true });
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => service.close(r));
});

describe('subscriptions', () => {
  it('gives the installation’s VAPID key (made once, kept), keeps a browser’s subscription per person, forgets it on unsubscribe; audited', async () => {
    const status = await owner.get('/s/api/admin/orders/push');
    expect(status.statusCode, status.body).toBe(200);
    const { public_key } = status.json();
    expect(Buffer.from(public_key, 'base64url')).toHaveLength(65);
    const [kept] = await t.db.select().from(pushKeys);
    expect(kept!.publicKey).toBe(public_key);
    forgetVapidKeys();
    expect((await owner.get('/s/api/admin/orders/push')).json()).toEqual({ public_key, subscriptions: 0 });

    const b = browser('sub-test');
    const sub = await owner.post('/s/api/admin/orders/push', b.sub);
    expect([sub.statusCode, sub.json().subscriptions]).toEqual([200, 1]);
    // the same browser again: still one
    expect((await owner.post('/s/api/admin/orders/push', b.sub)).json().subscriptions).toBe(1);
    expect((await owner.post('/s/api/admin/orders/push', { ...b.sub, endpoint: 'not a url' })).statusCode).toBe(422);
    expect((await owner.post('/s/api/admin/orders/push', { endpoint: `${origin}/x` })).statusCode).toBe(422);

    const gone = await owner.request({ method: 'DELETE', url: '/s/api/admin/orders/push', payload: { endpoint: b.sub.endpoint } });
    expect([gone.statusCode, gone.json().subscriptions]).toEqual([200, 0]);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'push_subscription'), eq(auditLog.actorId, owner.userId!)));
    expect(audit.map((a) => a.action)).toEqual(['subscribe', 'subscribe', 'unsubscribe']);
  });

  it('only staff who may read orders subscribe', async () => {
    for (const [name, c] of Object.entries(await everyone()) as Array<[RoleName, TestClient]>)
      expect([name, (await c.post('/s/api/admin/orders/push', browser(`matrix-${name}`).sub)).statusCode]).toEqual([
        name,
        ROLE_STATUS[name],
      ]);
    expect((await (await as({ isCatalogueEditor: true })).get('/s/api/admin/orders/push')).statusCode).toBe(403);
    expect((await (await as({ isPacker: true })).get('/s/api/admin/orders/push')).statusCode).toBe(200);
    await t.db.delete(pushSubscriptions);
  });
});

describe('a new order', () => {
  it('is pushed to each subscribed browser of staff who may read orders: encrypted, with a TTL and a VAPID signature', async () => {
    const b = browser('owner-phone');
    await owner.post('/s/api/admin/orders/push', b.sub);
    // a person whose orders role was taken away after subscribing is not told
    const packer = await as({ isPacker: true });
    const p = browser('former-packer');
    await packer.post('/s/api/admin/orders/push', p.sub);
    await t.db.update(websiteMembers).set({ isPacker: false }).where(eq(websiteMembers.userId, packer.userId!));

    received.length = 0;
    const order = await placeOrder();
    await until(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(received.map((r) => r.path)).toEqual(['/push/owner-phone']);
    const [r] = received;
    expect(r!.headers).toMatchObject({
      ttl: '3600',
      urgency: 'high',
      'content-encoding': 'aes128gcm',
      'content-type': 'application/octet-stream',
    });

    // the VAPID header: a JWT for this push service's origin, signed with the installation's key
    const { public_key } = (await owner.get('/s/api/admin/orders/push')).json();
    const m = /^vapid t=([^,]+), k=(.+)$/.exec(r!.headers.authorization ?? '');
    expect(m?.[2]).toBe(public_key);
    const [h, c, sig] = m![1]!.split('.');
    const claims = JSON.parse(Buffer.from(c!, 'base64url').toString());
    expect(claims).toMatchObject({ aud: origin, sub: expect.stringMatching(/^(mailto:|https:)/) });
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    const jwk = {
      kty: 'EC',
      crv: 'P-256',
      x: Buffer.from(public_key, 'base64url').subarray(1, 33).toString('base64url'),
      y: Buffer.from(public_key, 'base64url').subarray(33).toString('base64url'),
    };
    const signed = verify(
      'sha256',
      Buffer.from(`${h}.${c}`),
      { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
      Buffer.from(sig!, 'base64url'),
    );
    expect(signed).toBe(true);

    // the body is ciphertext only the browser's keys open
    expect(r!.body.toString('latin1')).not.toContain(order.ordernumber);
    const plain = ece.decrypt(r!.body, { version: 'aes128gcm', privateKey: b.ecdh, authSecret: b.auth.toString('base64url') });
    expect(JSON.parse(plain.toString())).toEqual({
      kind: 'new-order',
      title: `New order ${order.ordernumber}`,
      body: expect.stringContaining('cash on delivery'),
      url: `/bos/admin/orders/${order.id}`,
      tag: `order-${order.id}`,
    });
    const [row] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'push'), eq(outbox.to, b.sub.endpoint)));
    expect(row).toMatchObject({ status: 'sent', subject: `New order ${order.ordernumber}` });
  });

  it('a subscription the push service says is gone (410) is removed; a failure is kept for the retry', async () => {
    await t.db.delete(pushSubscriptions);
    const b = browser('expired');
    await owner.post('/s/api/admin/orders/push', b.sub);
    received.length = 0;
    answer = 410;
    await placeOrder();
    await until(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(await t.db.select().from(pushSubscriptions)).toEqual([]);

    const again = browser('flaky');
    await owner.post('/s/api/admin/orders/push', again.sub);
    answer = 500;
    received.length = 0;
    await placeOrder();
    await until(1);
    await new Promise((r) => setTimeout(r, 300));
    const [failed] = await t.db.select().from(outbox).where(eq(outbox.to, again.sub.endpoint));
    expect(failed).toMatchObject({ status: 'failed', error: 'the push service answered 500' });
    answer = 201;
    await t.app.outbox.retryFailed();
    const [sent] = await t.db.select().from(outbox).where(eq(outbox.id, failed!.id));
    expect(sent!.status).toBe('sent');
    expect(received).toHaveLength(2);
  });
});
