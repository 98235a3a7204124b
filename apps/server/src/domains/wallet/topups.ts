import { toPaise, toRupees } from '@grocer/shared/money';
import type { PaymentHandoff } from '@grocer/shared/order';
import type { KhataPayStart, Topup, TopupStart, TopupStarted } from '@grocer/shared/wallet';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { fail } from '../../http/errors';
import {
  cashfree,
  cashfreeCustomer,
  paymentErrors,
  providerKeys,
  razorpay,
  safeEqual,
  type ForeignPayments,
  type ProviderKeys,
} from './deps';
import {
  accountById,
  accountOf,
  checkTopupAmount,
  lockedAccountOf,
  openAccount,
  post,
  rupees,
  type AccountRow,
  type Posting,
} from './ledger';
import { walletTopups } from './tables';

/** A settlement's credit refused (a closed account): its transaction undone, the top-up held for review. */
class HeldForReview extends Error {}

type TopupRow = typeof walletTopups.$inferSelect;
type Provider = 'razorpay' | 'cashfree';

export interface TopupDeps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  /** this server's own base URL (the simulator, webhooks) */
  selfUrl: () => string;
}

/** The page the gateway sends the shopper back to. */
const returnPath = (id: number) => `/account/wallet?topup=${id}`;

/**
 * Top-ups through the order's gateways and adapters (issue 44 §1): a pending top-up with its
 * provider order, paid by the shopper on the provider's (or the simulator's) page. Whichever of
 * the webhook (handed over by the payments module), Razorpay's verification or the return page's
 * reconcile comes first credits the wallet, once: the ledger key `topup:{id}` and the top-up's
 * row lock make the others change nothing. A top-up is not a sale: no invoice, no GST.
 */
export class Topups {
  constructor(private readonly d: TopupDeps) {}

  private keys(websiteId: number, provider: Provider): Promise<ProviderKeys> {
    return providerKeys(this.d.db, this.d.config, websiteId, provider, this.d.selfUrl);
  }

  /** Starts a top-up of the shopper's wallet (opened on the first): the provider order made, and what the browser needs to pay it. */
  async start(
    shopper: { websiteId: number; id: number; name: string; phone: string | null; email: string | null },
    input: TopupStart,
    origin: string,
  ): Promise<TopupStarted> {
    await checkTopupAmount(this.d.db, shopper.websiteId, input.amount_paise);
    await this.keys(shopper.websiteId, input.provider);
    const { account } = await openAccount(this.d.db, {
      websiteId: shopper.websiteId,
      userId: shopper.id,
      kind: 'wallet',
      openedBy: 'shopper',
    });
    if (account.status !== 'open') throw fail('WALLET_ACCOUNT_CLOSED');
    return this.begin(shopper, account, 'wallet', input.provider, input.amount_paise, origin);
  }

  /**
   * Starts the shopper's online payment against their khata (issue 44 §4): what they owe, or a
   * part of it (never more). Paid like a top-up; settled as a `khata_payment` on the khata, once.
   */
  async startKhataPayment(
    shopper: { websiteId: number; id: number; name: string; phone: string | null; email: string | null },
    input: KhataPayStart,
    origin: string,
  ): Promise<TopupStarted> {
    const khata = await accountOf(this.d.db, shopper.websiteId, shopper.id, 'khata');
    if (!khata || khata.status !== 'open') throw fail('KHATA_NOT_OPEN');
    const owed = Math.max(0, -khata.balancePaise);
    if (owed === 0) throw fail('KHATA_NOTHING_OWED');
    const amount = input.amount_paise ?? owed;
    if (amount > owed) throw fail('KHATA_PAYMENT_TOO_MUCH', { owed: rupees(owed) });
    return this.begin(shopper, khata, 'khata', input.provider, amount, origin);
  }

  /** The pending row and its provider order, and what the browser needs to pay it. */
  private async begin(
    shopper: { websiteId: number; id: number; name: string; phone: string | null; email: string | null },
    account: AccountRow,
    purpose: 'wallet' | 'khata',
    provider: Provider,
    amountPaise: number,
    origin: string,
  ): Promise<TopupStarted> {
    const k = await this.keys(shopper.websiteId, provider);
    const [t] = await this.d.db
      .insert(walletTopups)
      .values({
        websiteId: shopper.websiteId,
        userId: shopper.id,
        accountId: account.id,
        purpose,
        provider,
        amountPaise,
      })
      .returning();
    const topup = t!;
    let handoff: PaymentHandoff;
    if (provider === 'razorpay') {
      const created = await razorpay.createOrder(k, {
        amount: topup.amountPaise,
        receipt: `wallet-topup-${topup.id}`,
        notes: { wallet_topup_id: String(topup.id) },
      });
      await this.record(topup.id, created.id, {});
      const checkout_url = k.simulated ? `/sim/checkout/razorpay/${created.id}?return=${encodeURIComponent(returnPath(topup.id))}` : '';
      handoff = { provider: 'razorpay', key_id: k.keyId, order_id: created.id, amount: topup.amountPaise, currency: 'INR', checkout_url };
    } else {
      const created = await cashfree.createOrder(k, {
        // Cashfree takes an order id once per account: the top-up's own
        order_id: `wallet-topup-${topup.id}`,
        order_amount: toRupees(topup.amountPaise),
        customer_details: cashfreeCustomer(
          { userId: shopper.id, address: { phone: shopper.phone ?? '', name: shopper.name } },
          shopper.email,
        ),
        order_meta: {
          return_url: `${origin}${returnPath(topup.id)}`,
          notify_url: `${k.simulated ? this.d.selfUrl() : origin}/s/api/payments/cashfree/webhook`,
        },
      });
      await this.record(topup.id, created.order_id, { payment_session_id: created.payment_session_id });
      handoff = {
        provider: 'cashfree',
        payment_session_id: created.payment_session_id,
        order_id: created.order_id,
        mode: k.simulated || k.baseUrl.includes('sandbox') ? 'sandbox' : 'production',
        checkout_url: k.simulated ? `/sim/checkout/cashfree/${encodeURIComponent(created.payment_session_id)}` : '',
      };
    }
    return { topup: this.json(topup, account.balancePaise), handoff };
  }

  private async record(id: number, providerOrderId: string, meta: Record<string, string>) {
    await this.d.db
      .update(walletTopups)
      .set({ providerOrderId, meta, updatedAt: sql`now()` })
      .where(eq(walletTopups.id, id));
  }

  private json(t: TopupRow, balancePaise: number): Topup {
    return {
      id: t.id,
      purpose: t.purpose,
      provider: t.provider,
      status: t.status,
      amount_paise: t.amountPaise,
      balance_paise: balancePaise,
      created_at: t.createdAt.toISOString(),
    };
  }

  /** The shopper's own top-up (404 for another's), as it stands now. */
  private async mine(websiteId: number, userId: number, id: number): Promise<TopupRow> {
    const [t] = await this.d.db
      .select()
      .from(walletTopups)
      .where(and(eq(walletTopups.id, id), eq(walletTopups.websiteId, websiteId), eq(walletTopups.userId, userId)));
    if (!t) throw fail('WALLET_TOPUP_NOT_FOUND');
    return t;
  }

  async status(websiteId: number, userId: number, id: number): Promise<Topup> {
    const t = await this.mine(websiteId, userId, id);
    return this.json(t, (await accountById(this.d.db, websiteId, t.accountId)).balancePaise);
  }

  /**
   * The return page: a pending top-up is asked of the provider (when the webhook has not come),
   * and credited if paid. Answers the top-up as it stands after.
   */
  async reconcile(websiteId: number, userId: number, id: number): Promise<Topup> {
    const t = await this.mine(websiteId, userId, id);
    if (t.status === 'pending' && t.providerOrderId) {
      const k = await this.keys(websiteId, t.provider);
      if (t.provider === 'razorpay') {
        const captured = (await razorpay.orderPayments(k, t.providerOrderId)).items.find((i) => i.status === 'captured');
        if (captured) await this.settle(t.id, { providerPaymentId: captured.id, amount: captured.amount }, 'razorpay');
      } else {
        const cf = await cashfree.getOrder(k, t.providerOrderId);
        if (cf.order_status === 'PAID') {
          const ok = (await cashfree.orderPayments(k, t.providerOrderId)).find((x) => x.payment_status === 'SUCCESS');
          await this.settle(
            t.id,
            { providerPaymentId: String(ok?.cf_payment_id ?? cf.order_id), amount: toPaise(ok?.payment_amount ?? cf.order_amount) },
            'cashfree',
          );
        }
      }
    }
    return this.status(websiteId, userId, id);
  }

  /** Razorpay Checkout's handler fields for a top-up: signature over the stored provider order, amount from Razorpay. */
  async verifyRazorpay(
    websiteId: number,
    userId: number,
    id: number,
    body: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string },
  ): Promise<Topup> {
    const t = await this.mine(websiteId, userId, id);
    const k = await this.keys(websiteId, 'razorpay');
    if (
      t.provider !== 'razorpay' ||
      t.providerOrderId !== body.razorpay_order_id ||
      !safeEqual(razorpay.paymentSignature(k, t.providerOrderId, body.razorpay_payment_id), body.razorpay_signature)
    )
      throw paymentErrors.badSignature();
    const paid = (await razorpay.orderPayments(k, t.providerOrderId)).items.find((i) => i.id === body.razorpay_payment_id);
    if (!paid) throw paymentErrors.badSignature();
    await this.settle(t.id, { providerPaymentId: paid.id, amount: paid.amount }, 'razorpay');
    return this.status(websiteId, userId, id);
  }

  /**
   * A payment of top-up `id` landed: pending → paid and the wallet credited, in one transaction
   * that locks the top-up first. Once: a second call (a retried webhook, the return page) finds it
   * paid, and the ledger key `topup:{id}` would refuse a second credit anyway. An amount that is not
   * the top-up's is held for review, never credited.
   */
  async settle(id: number, paid: { providerPaymentId: string; amount: number }, by: Provider): Promise<void> {
    await this.d.db
      .transaction(async (tx) => {
        const [t] = await tx.select().from(walletTopups).where(eq(walletTopups.id, id)).for('update');
        if (!t || t.status !== 'pending') return;
        if (paid.amount !== t.amountPaise) {
          await tx
            .update(walletTopups)
            .set({ status: 'review', providerPaymentId: paid.providerPaymentId, updatedAt: sql`now()` })
            .where(eq(walletTopups.id, id));
          this.d.log.warn(
            { topup: id, amount: paid.amount, asked: t.amountPaise },
            'wallet top-up paid a different amount: held for review',
          );
          return;
        }
        await tx
          .update(walletTopups)
          .set({ status: 'paid', providerPaymentId: paid.providerPaymentId, updatedAt: sql`now()` })
          .where(eq(walletTopups.id, id));
        const note = `${by === 'razorpay' ? 'Razorpay' : 'Cashfree'} payment ${paid.providerPaymentId}`;
        const postings: Posting[] = [];
        const { toKhata, toWallet } = t.purpose === 'khata' ? await this.khataShare(tx, t) : { toKhata: 0, toWallet: t.amountPaise };
        const base = { websiteId: t.websiteId, reference: { type: 'topup', id: String(t.id) }, createdBy: by };
        if (toKhata > 0)
          postings.push({ ...base, accountId: t.accountId, amountPaise: toKhata, reason: 'khata_payment', note, key: `topup:${t.id}` });
        if (toWallet > 0 && t.purpose === 'wallet')
          postings.push({ ...base, accountId: t.accountId, amountPaise: toWallet, reason: 'topup', note, key: `topup:${t.id}` });
        else if (toWallet > 0) {
          // the part of a khata payment the khata no longer owed (paid at the till while this payment
          // was on its way): kept in the customer's wallet, never a khata in credit
          const wallet = await openAccount(tx, { websiteId: t.websiteId, userId: t.userId, kind: 'wallet', openedBy: by });
          postings.push({
            ...base,
            accountId: wallet.account.id,
            amountPaise: toWallet,
            reason: 'topup',
            note: `${note}: more than the khata owed, kept in the wallet`,
            key: `topup:${t.id}:over`,
          });
        }
        for (const p of postings) {
          // a credit is refused only on a closed account: nothing is credited, and the money is kept on
          // the top-up for the shop to review
          if (!(await post(tx, p)).ok) throw new HeldForReview();
        }
      })
      .catch(async (e: unknown) => {
        if (!(e instanceof HeldForReview)) throw e;
        await this.d.db
          .update(walletTopups)
          .set({ status: 'review', providerPaymentId: paid.providerPaymentId, updatedAt: sql`now()` })
          .where(and(eq(walletTopups.id, id), eq(walletTopups.status, 'pending')));
      });
  }

  /** What of a khata payment the khata still owes now (its row locked until the payment posts), and the rest. */
  private async khataShare(tx: Tx, t: typeof walletTopups.$inferSelect): Promise<{ toKhata: number; toWallet: number }> {
    const khata = await lockedAccountOf(tx, t.websiteId, t.userId, 'khata');
    const owed = khata && khata.id === t.accountId ? Math.max(0, -khata.balancePaise) : 0;
    const toKhata = Math.min(owed, t.amountPaise);
    return { toKhata, toWallet: t.amountPaise - toKhata };
  }

  /** The payments module's webhooks hand over the gateway orders made here. */
  readonly payable: ForeignPayments = {
    websiteOf: async (provider, providerOrderId) => {
      const [t] = await this.d.db
        .select({ websiteId: walletTopups.websiteId })
        .from(walletTopups)
        .where(and(eq(walletTopups.provider, provider), eq(walletTopups.providerOrderId, providerOrderId)));
      return t?.websiteId ?? null;
    },
    paid: async (provider, providerOrderId, payment) => {
      const [t] = await this.d.db
        .select({ id: walletTopups.id })
        .from(walletTopups)
        .where(and(eq(walletTopups.provider, provider), eq(walletTopups.providerOrderId, providerOrderId)));
      if (t) await this.settle(t.id, payment, provider);
    },
  };
}
