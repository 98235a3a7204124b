import { PAYMENT_PROVIDERS, PAYMENT_STATUSES } from '@grocer/shared/order';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BalanceRow } from './balances';
import type { PaymentRow } from './records';
import { refundSummary } from './refund-summary';

const row = (p: Partial<PaymentRow>): PaymentRow => ({
  id: 1,
  websiteId: 1,
  orderId: 'o',
  provider: 'razorpay',
  status: 'paid',
  amount: 8800,
  providerOrderId: 'order_1',
  providerPaymentId: 'pay_1',
  refundId: null,
  refunded: 0,
  refundPending: 0,
  refundTo: null,
  collected: null,
  shortfall: 0,
  shortfallReason: null,
  handedOverAt: null,
  meta: {},
  createdAt: new Date(0),
  updatedAt: new Date(0),
  ...p,
});

const balance = (b: Partial<BalanceRow>): BalanceRow => ({
  id: 1,
  websiteId: 1,
  orderId: 'o',
  provider: 'razorpay',
  status: 'pending',
  amount: 4000,
  providerOrderId: null,
  providerPaymentId: null,
  refundId: null,
  meta: {},
  createdAt: new Date(0),
  updatedAt: new Date(0),
  ...b,
});

describe('the refund summary', () => {
  it('a balance of ₹40 to pay by link is due, not paid; once paid it counts, and cancelling refunds it too', () => {
    expect(refundSummary(row({}), 0, [balance({})])).toMatchObject({ paid: 8800, balance_due: 4000, net: 8800, refundable: 8800 });
    expect(refundSummary(row({}), 0, [balance({ status: 'paid' })])).toMatchObject({
      paid: 12800,
      balance_due: 0,
      net: 12800,
      refundable: 12800,
    });
    expect(refundSummary(row({ status: 'refunded' }), 0, [balance({ status: 'refunded' })])).toMatchObject({
      paid: 12800,
      refunded_on_cancel: 12800,
      refunded: 12800,
      net: 0,
      refundable: 0,
    });
    // a link made void before it was paid is neither due nor paid
    expect(refundSummary(row({}), 0, [balance({ status: 'void' })])).toMatchObject({ paid: 8800, balance_due: 0 });
  });

  it('₹32 refunded for a line, then the order cancelled: ₹56 on cancel, ₹88 in all, nothing left', () => {
    expect(refundSummary(row({ status: 'paid', refunded: 3200 }))).toEqual({
      paid: 8800,
      refunded_lines: 3200,
      refunded_on_cancel: 0,
      refunded_other: 0,
      refunded: 3200,
      refund_pending: 0,
      net: 5600,
      refundable: 5600,
      balance_due: 0,
    });
    expect(refundSummary(row({ status: 'refunded', refunded: 3200 }))).toMatchObject({
      refunded_lines: 3200,
      refunded_on_cancel: 5600,
      refunded: 8800,
      net: 0,
      refundable: 0,
    });
    // the cancel's refund sent, not yet taken: pending, not refunded
    expect(refundSummary(row({ status: 'refund_pending', refunded: 3200 }))).toMatchObject({
      refunded: 3200,
      refund_pending: 5600,
      net: 5600,
    });
  });

  it('a goodwill refund the provider took (issue 40 §12) is refunded_other, not a line refund', () => {
    expect(refundSummary(row({ status: 'paid', refunded: 5200 }), 2000)).toMatchObject({
      refunded_lines: 3200,
      refunded_other: 2000,
      refunded: 5200,
      net: 3600,
      refundable: 3600,
    });
  });

  it('a line refund still pending is held back from what a cancel refunds', () => {
    expect(refundSummary(row({ status: 'paid', refundPending: 3200 }))).toMatchObject({
      refund_pending: 3200,
      refundable: 5600,
      net: 8800,
    });
  });

  it('cash on delivery: nothing paid until collected, then the cash (short or not); not collected is nothing', () => {
    expect(refundSummary(row({ provider: 'cod', status: 'cod' })).paid).toBe(0);
    expect(refundSummary(row({ provider: 'cod', status: 'collected', collected: 8000, shortfall: 800 }))).toMatchObject({
      paid: 8000,
      net: 8000,
      refundable: 0,
    });
    expect(refundSummary(row({ provider: 'cod', status: 'handed_over', collected: 8800 })).paid).toBe(8800);
    expect(refundSummary(row({ provider: 'cod', status: 'not_collected' })).paid).toBe(0);
    expect(refundSummary(null).paid).toBe(0);
  });

  it('for any payment row: net = paid − refunded, never negative; refunded ≤ paid; refundable + refunded + pending ≤ paid', () => {
    const paise = fc.integer({ min: -1_000, max: 10_000_000 });
    fc.assert(
      fc.property(
        fc.record({
          provider: fc.constantFrom(...PAYMENT_PROVIDERS),
          status: fc.constantFrom(...PAYMENT_STATUSES),
          amount: paise,
          refunded: paise,
          refundPending: paise,
          collected: fc.option(paise, { nil: null }),
        }),
        paise,
        (p, other) => {
          const s = refundSummary(row(p), other);
          expect(s.net).toBe(s.paid - s.refunded);
          expect(s.net).toBeGreaterThanOrEqual(0);
          expect(s.refunded).toBe(s.refunded_lines + s.refunded_other + s.refunded_on_cancel);
          expect(s.refunded).toBeLessThanOrEqual(s.paid);
          expect(s.refundable + s.refunded + s.refund_pending).toBeLessThanOrEqual(s.paid);
          for (const v of Object.values(s)) expect(Number.isInteger(v) && v >= 0).toBe(true);
        },
      ),
    );
  });
});
