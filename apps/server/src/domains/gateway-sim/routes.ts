import { PAY_VIA, PAY_VIA_LABELS } from '@grocer/shared/labels';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { CASHFREE_API_VERSION, SIMULATOR_KEYS, cashfree, razorpay, type ProviderKeys } from '../payments';

/**
 * The gateway simulator (DESIGN §6): Razorpay's and Cashfree's order APIs, their signatures and
 * a checkout hand-off page where a tester chooses Success, Failure or Cancel; the outcome is sent
 * as a signed webhook, then the browser returns to the shop. Outside production only; state is
 * in memory (it is a test double of a remote service, not shop data).
 */
interface SimOrder {
  provider: 'razorpay' | 'cashfree';
  id: string;
  amount: number; // paise
  receipt: string;
  notes: Record<string, string>;
  /** dropped: the shopper cancelled on the checkout page (Cashfree lists it as a USER_DROPPED attempt) */
  status: 'created' | 'paid' | 'failed' | 'dropped';
  paymentId: string | null;
  sessionId: string | null;
  returnUrl: string | null;
  notifyUrl: string | null;
  /** each refund made: its id, amount (paise) and the idempotency key it came with */
  refunds: Array<{ id: string; amount: number; key: string | null }>;
  /** the merchant account that made the order: its secrets sign the checkout and the webhooks */
  account: SimAccount;
  /** signed webhooks held back by "Success, webhook late" until POST /sim/webhooks/{id}/deliver */
  held: Array<{ url: string; raw: string; headers: Record<string, string> }>;
}

/** A merchant account of the simulated provider: its API keys and the webhook secret set in its dashboard. */
interface SimAccount {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

const rid = (prefix: string) => `${prefix}_${randomBytes(7).toString('hex')}`;
const keysOf = (a: SimAccount): ProviderKeys => ({ ...a, baseUrl: '', simulated: true });
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const gatewaySimRoutes: FastifyPluginAsync<{ selfUrl: () => string }> = async (app, { selfUrl }) => {
  const orders = new Map<string, SimOrder>();
  const bySession = new Map<string, string>();
  // The merchant accounts the simulated providers know: the built-in one, and any a tester (or a
  // test) registers, as a merchant would create keys and a webhook secret in the provider's dashboard.
  const accounts = {
    razorpay: new Map<string, SimAccount>([[SIMULATOR_KEYS.razorpay.keyId, { ...SIMULATOR_KEYS.razorpay }]]),
    cashfree: new Map<string, SimAccount>([[SIMULATOR_KEYS.cashfree.keyId, { ...SIMULATOR_KEYS.cashfree }]]),
  };
  app.post<{ Body: { provider: 'razorpay' | 'cashfree'; key_id: string; key_secret: string; webhook_secret: string } }>(
    '/sim/accounts',
    async (req, reply) => {
      const b = req.body;
      if (!b || (b.provider !== 'razorpay' && b.provider !== 'cashfree') || !b.key_id || !b.key_secret || !b.webhook_secret)
        return reply.status(400).send({ message: 'provider, key_id, key_secret and webhook_secret are needed' });
      accounts[b.provider].set(b.key_id, { keyId: b.key_id, keySecret: b.key_secret, webhookSecret: b.webhook_secret });
      return { ok: true };
    },
  );
  /** The refunds made on a provider order (what a merchant's dashboard lists). */
  app.get<{ Params: { id: string } }>('/sim/orders/:id/refunds', async (req, reply) => {
    const o = orders.get(req.params.id);
    return o ? o.refunds : reply.status(404).send({ message: 'Unknown order' });
  });

  const unauthorized = (reply: FastifyReply) =>
    reply.status(401).send({ error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
  /** The account whose key id and secret the request carries (HTTP basic auth), else null. */
  const razorpayAccount = (req: FastifyRequest): SimAccount | null => {
    const auth = req.headers.authorization ?? '';
    if (!auth.startsWith('Basic ')) return null;
    const [keyId, ...rest] = Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':');
    const a = accounts.razorpay.get(keyId ?? '');
    return a && a.keySecret === rest.join(':') ? a : null;
  };
  const cashfreeAccount = (req: FastifyRequest): SimAccount | null => {
    const a = accounts.cashfree.get(String(req.headers['x-client-id'] ?? ''));
    return a && req.headers['x-client-secret'] === a.keySecret && req.headers['x-api-version'] === CASHFREE_API_VERSION ? a : null;
  };
  const razorpayAuthOk = (req: FastifyRequest) => razorpayAccount(req) !== null;
  const cashfreeAuthOk = (req: FastifyRequest) => cashfreeAccount(req) !== null;
  const rzpOrder = (o: SimOrder) => ({
    id: o.id,
    entity: 'order',
    amount: o.amount,
    amount_paid: o.status === 'paid' ? o.amount : 0,
    amount_due: o.status === 'paid' ? 0 : o.amount,
    currency: 'INR',
    receipt: o.receipt,
    status: o.status === 'paid' ? 'paid' : o.status === 'failed' ? 'attempted' : 'created',
    notes: o.notes,
  });
  const cfOrder = (o: SimOrder) => ({
    order_id: o.id,
    cf_order_id: o.id,
    order_amount: o.amount / 100,
    order_currency: 'INR',
    order_status: o.status === 'paid' ? 'PAID' : 'ACTIVE',
    payment_session_id: o.sessionId,
  });

  // --- Razorpay API
  app.post<{ Body: { amount: number; currency: string; receipt: string; notes?: Record<string, string> } }>(
    '/sim/razorpay/v1/orders',
    async (req, reply) => {
      const account = razorpayAccount(req);
      if (!account) return unauthorized(reply);
      const o: SimOrder = {
        account,
        provider: 'razorpay',
        id: rid('order'),
        amount: req.body.amount,
        receipt: req.body.receipt,
        notes: req.body.notes ?? {},
        status: 'created',
        paymentId: null,
        sessionId: null,
        returnUrl: null,
        notifyUrl: null,
        refunds: [],
        held: [],
      };
      orders.set(o.id, o);
      return rzpOrder(o);
    },
  );
  app.get('/sim/razorpay/v1/orders', async (req, reply) => {
    const account = razorpayAccount(req);
    if (!account) return unauthorized(reply);
    const items = [...orders.values()].filter((o) => o.provider === 'razorpay' && o.account === account).map(rzpOrder);
    return { entity: 'collection', count: items.length, items: items.slice(-10) };
  });
  app.get<{ Params: { id: string } }>('/sim/razorpay/v1/orders/:id/payments', async (req, reply) => {
    if (!razorpayAuthOk(req)) return unauthorized(reply);
    const o = orders.get(req.params.id);
    return {
      entity: 'collection',
      items: o?.paymentId
        ? [{ id: o.paymentId, entity: 'payment', order_id: o.id, amount: o.amount, status: o.status === 'paid' ? 'captured' : 'failed' }]
        : [],
    };
  });
  // A refund, whole or partial; X-Refund-Idempotency makes a retry answer the refund already made.
  app.post<{ Params: { id: string }; Body: { amount?: number } }>('/sim/razorpay/v1/payments/:id/refund', async (req, reply) => {
    if (!razorpayAuthOk(req)) return unauthorized(reply);
    const o = [...orders.values()].find((x) => x.paymentId === req.params.id && x.status === 'paid');
    if (!o) return reply.status(400).send({ error: { code: 'BAD_REQUEST_ERROR', description: 'The payment has not been captured' } });
    const key = typeof req.headers['x-refund-idempotency'] === 'string' ? req.headers['x-refund-idempotency'] : null;
    const amount = req.body?.amount ?? o.amount;
    const answer = (r: { id: string; amount: number }) => ({
      id: r.id,
      entity: 'refund',
      amount: r.amount,
      payment_id: o.paymentId,
      status: 'processed',
    });
    const before = key ? o.refunds.find((r) => r.key === key) : undefined;
    if (before) return answer(before);
    const left = o.amount - o.refunds.reduce((n, r) => n + r.amount, 0);
    if (amount <= 0 || amount > left)
      return reply
        .status(400)
        .send({ error: { code: 'BAD_REQUEST_ERROR', description: 'The refund amount exceeds the amount not yet refunded' } });
    const r = { id: rid('rfnd'), amount, key };
    o.refunds.push(r);
    return answer(r);
  });

  // --- Cashfree API
  app.post<{ Body: { order_id: string; order_amount: number; order_meta?: { return_url?: string; notify_url?: string } } }>(
    '/sim/cashfree/pg/orders',
    async (req, reply) => {
      const account = cashfreeAccount(req);
      if (!account)
        return reply.status(401).send({ message: 'authentication Failed', code: 'request_failed', type: 'authentication_error' });
      const existing = orders.get(req.body.order_id);
      if (existing)
        return reply
          .status(409)
          .send({ message: 'order with same id is already present', code: 'order_already_exists', type: 'invalid_request_error' });
      const o: SimOrder = {
        account,
        provider: 'cashfree',
        id: req.body.order_id,
        amount: Math.round(req.body.order_amount * 100),
        receipt: req.body.order_id,
        notes: {},
        status: 'created',
        paymentId: null,
        sessionId: `session_${randomBytes(16).toString('hex')}`,
        returnUrl: req.body.order_meta?.return_url ?? null,
        notifyUrl: req.body.order_meta?.notify_url ?? null,
        refunds: [],
        held: [],
      };
      orders.set(o.id, o);
      bySession.set(o.sessionId!, o.id);
      return cfOrder(o);
    },
  );
  app.get<{ Params: { id: string } }>('/sim/cashfree/pg/orders/:id', async (req, reply) => {
    if (!cashfreeAuthOk(req)) return reply.status(401).send({ message: 'authentication Failed' });
    const o = orders.get(req.params.id);
    return o ? cfOrder(o) : reply.status(404).send({ message: 'order not found', code: 'order_not_found' });
  });
  app.get<{ Params: { id: string } }>('/sim/cashfree/pg/orders/:id/payments', async (req, reply) => {
    if (!cashfreeAuthOk(req)) return reply.status(401).send({ message: 'authentication Failed' });
    const o = orders.get(req.params.id);
    return o?.paymentId
      ? [
          {
            cf_payment_id: o.paymentId,
            order_id: o.id,
            payment_status: o.status === 'paid' ? 'SUCCESS' : o.status === 'dropped' ? 'USER_DROPPED' : 'FAILED',
            payment_amount: o.amount / 100,
            payment_message: o.status === 'dropped' ? 'User dropped and did not complete the payment' : undefined,
          },
        ]
      : [];
  });
  app.post<{ Params: { id: string }; Body: { refund_amount: number; refund_id: string } }>(
    '/sim/cashfree/pg/orders/:id/refunds',
    async (req, reply) => {
      if (!cashfreeAuthOk(req)) return reply.status(401).send({ message: 'authentication Failed' });
      const o = orders.get(req.params.id);
      if (!o || o.status !== 'paid') return reply.status(400).send({ message: 'refund not allowed', code: 'refund_invalid' });
      // refund_id is unique per order: the same one again answers the refund already made
      const amount = Math.round(req.body.refund_amount * 100);
      const answer = (r: { id: string; amount: number }) => ({
        refund_id: r.id,
        order_id: o.id,
        refund_amount: r.amount / 100,
        refund_status: 'SUCCESS',
      });
      const before = o.refunds.find((r) => r.id === req.body.refund_id);
      if (before) return answer(before);
      if (amount <= 0 || amount > o.amount - o.refunds.reduce((n, r) => n + r.amount, 0))
        return reply.status(400).send({ message: 'refund amount exceeds the amount paid', code: 'refund_invalid' });
      const r = { id: req.body.refund_id, amount, key: req.body.refund_id };
      o.refunds.push(r);
      return answer(r);
    },
  );

  // --- The hand-off page and its outcome (`via`: the method the shopper chose at checkout, UPI first)
  const VIA_NAMES: Record<string, string> = Object.fromEntries(PAY_VIA.map((v) => [v, PAY_VIA_LABELS[v].name]));
  const page = (
    title: string,
    o: SimOrder,
    action: string,
    via?: string,
  ) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,"><title>${esc(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f4f5;display:flex;min-height:100vh;align-items:center;justify-content:center;margin:0}main{background:#fff;border-radius:16px;padding:28px;max-width:380px;width:90%;box-shadow:0 10px 30px #0001}h1{font-size:20px;margin:0 0 4px}p{color:#52525b;margin:0 0 20px}button{display:block;width:100%;padding:12px;margin:8px 0;border-radius:10px;border:1px solid #d4d4d8;font-size:15px;font-weight:600;cursor:pointer;background:#fff}.ok{background:#047857;color:#fff;border:0}.bad{color:#b91c1c}</style></head>
<body><main><h1>${esc(title)}</h1><p>Test payment of <strong>₹${(o.amount / 100).toFixed(2)}</strong> for ${esc(o.receipt)}. Nothing is charged.</p>${via && VIA_NAMES[via] ? `<p data-via>Paying by <strong>${esc(VIA_NAMES[via])}</strong></p>` : ''}
<form method="post" action="${esc(action)}"><button class="ok" name="outcome" value="success">Success</button><button class="bad" name="outcome" value="failure">Failure</button><button name="outcome" value="cancel">Cancel</button><button name="outcome" value="success_late" title="Pays, but holds the webhook back: the shop must ask the provider">Success, webhook late</button></form></main></body></html>`;

  app.get<{ Params: { id: string }; Querystring: { return?: string; via?: string } }>('/sim/checkout/razorpay/:id', async (req, reply) => {
    const o = orders.get(req.params.id);
    if (!o) return reply.status(404).send('Unknown order');
    o.returnUrl = req.query.return && req.query.return.startsWith('/') ? req.query.return : '/';
    return reply.type('text/html').send(page('Razorpay (simulator)', o, `/sim/checkout/razorpay/${o.id}`, req.query.via));
  });
  app.get<{ Params: { session: string }; Querystring: { via?: string } }>('/sim/checkout/cashfree/:session', async (req, reply) => {
    const o = orders.get(bySession.get(req.params.session) ?? '');
    if (!o) return reply.status(404).send('Unknown payment session');
    return reply
      .type('text/html')
      .send(page('Cashfree (simulator)', o, `/sim/checkout/cashfree/${encodeURIComponent(req.params.session)}`, req.query.via));
  });

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.post<{ Params: { id: string }; Body: { outcome: string } }>('/sim/checkout/razorpay/:id', async (req, reply) => {
    const o = orders.get(req.params.id);
    if (!o) return reply.status(404).send('Unknown order');
    const back = new URL(o.returnUrl ?? '/', selfUrl());
    if (req.body.outcome === 'cancel') {
      back.searchParams.set('cancelled', '1');
      return reply.redirect(back.pathname + back.search, 303);
    }
    const paymentId = rid('pay');
    o.paymentId = paymentId;
    o.status = req.body.outcome === 'success' || req.body.outcome === 'success_late' ? 'paid' : 'failed';
    const event = o.status === 'paid' ? 'payment.captured' : 'payment.failed';
    const raw = JSON.stringify({
      entity: 'event',
      event,
      payload: {
        payment: {
          entity: {
            id: paymentId,
            order_id: o.id,
            amount: o.amount,
            status: o.status === 'paid' ? 'captured' : 'failed',
            error_description: o.status === 'paid' ? undefined : 'Payment declined by the bank (simulated)',
          },
        },
      },
      created_at: Math.floor(Date.now() / 1000),
    });
    await send(o, req.body.outcome === 'success_late', `${selfUrl()}/s/api/payments/razorpay/webhook`, raw, {
      'x-razorpay-signature': razorpay.webhookSignature(keysOf(o.account), raw),
      'x-razorpay-event-id': rid('evt'),
    });
    if (o.status === 'paid') {
      back.searchParams.set('razorpay_order_id', o.id);
      back.searchParams.set('razorpay_payment_id', paymentId);
      back.searchParams.set('razorpay_signature', razorpay.paymentSignature(keysOf(o.account), o.id, paymentId));
    } else back.searchParams.set('failed', '1');
    return reply.redirect(back.pathname + back.search, 303);
  });

  app.post<{ Params: { session: string }; Body: { outcome: string } }>('/sim/checkout/cashfree/:session', async (req, reply) => {
    const o = orders.get(bySession.get(req.params.session) ?? '');
    if (!o) return reply.status(404).send('Unknown payment session');
    const back = new URL(o.returnUrl ?? '/', selfUrl());
    if (req.body.outcome === 'cancel' && o.status !== 'paid') {
      o.paymentId = String(Date.now()) + String(Math.floor(Math.random() * 1000));
      o.status = 'dropped';
    }
    if (req.body.outcome !== 'cancel') {
      const paymentId = String(Date.now()) + String(Math.floor(Math.random() * 1000));
      o.paymentId = paymentId;
      o.status = req.body.outcome === 'success' || req.body.outcome === 'success_late' ? 'paid' : 'failed';
      const raw = JSON.stringify({
        type: o.status === 'paid' ? 'PAYMENT_SUCCESS_WEBHOOK' : 'PAYMENT_FAILED_WEBHOOK',
        event_time: new Date().toISOString(),
        data: {
          order: { order_id: o.id, order_amount: o.amount / 100, order_currency: 'INR' },
          payment: {
            cf_payment_id: paymentId,
            payment_status: o.status === 'paid' ? 'SUCCESS' : 'FAILED',
            payment_amount: o.amount / 100,
            payment_message: o.status === 'paid' ? 'Transaction successful' : 'Payment declined by the bank (simulated)',
          },
        },
      });
      const ts = String(Math.floor(Date.now() / 1000));
      await send(o, req.body.outcome === 'success_late', o.notifyUrl ?? `${selfUrl()}/s/api/payments/cashfree/webhook`, raw, {
        'x-webhook-signature': cashfree.webhookSignature(keysOf(o.account), ts, raw),
        'x-webhook-timestamp': ts,
        'x-webhook-version': CASHFREE_API_VERSION,
      });
    }
    return reply.redirect(back.pathname + back.search, 303);
  });

  /** Sends the webhook now, or holds it back for a tester's (or a test's) later delivery. */
  async function send(o: SimOrder, late: boolean, url: string, raw: string, headers: Record<string, string>) {
    if (late) o.held.push({ url, raw, headers });
    else await deliver(url, raw, headers);
  }

  /** Delivers the webhooks held back for a provider order (Razorpay order id or Cashfree order id). */
  app.post<{ Params: { id: string } }>('/sim/webhooks/:id/deliver', async (req, reply) => {
    const o = orders.get(req.params.id);
    if (!o) return reply.status(404).send({ message: 'Unknown order' });
    const held = o.held.splice(0);
    for (const w of held) await deliver(w.url, w.raw, w.headers);
    return { delivered: held.length };
  });

  /** Sends a signed webhook the way the provider does; a failure is logged, as a provider would retry. */
  async function deliver(url: string, raw: string, headers: Record<string, string>) {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: raw,
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) app.log.warn({ url, status: res.status }, 'simulated webhook refused');
    } catch (e) {
      app.log.warn({ err: e, url }, 'simulated webhook not delivered');
    }
  }
};
