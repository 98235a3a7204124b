import { toPaise } from '@grocer/shared/money';
import type { PosCounterPack, SaleDetail } from '@grocer/shared/pos';
import type { Promotion } from '@grocer/shared/promotions';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addPack, emptyCart, totals, unitPriceOf, type Cart } from './cart';
import { tenderPayment, type PaymentFields } from './payment';
import { returnPlan } from './returns';

const pack = (id: number, price: number, sold_by_weight = false): PosCounterPack => ({
  pack_id: id,
  product: `Product ${id}`,
  pack: sold_by_weight ? '1 kg' : '500 g',
  sku: `SKU${id}`,
  barcode: `89${id}`,
  price,
  sold_by_weight,
  plu: '',
  gst_rate: 5,
  available: 100,
});
// prices as the shop keys them: rupees with at most two decimals
const rupees = (max: number) => fc.integer({ min: 1, max: max * 100 }).map((p) => p / 100);
const line = fc.record({
  id: fc.integer({ min: 1, max: 6 }),
  price: rupees(2000),
  weighed: fc.boolean(),
  quantity: fc.integer({ min: 1, max: 5000 }),
  discount: fc.integer({ min: 0, max: 50_000 }).map((p) => p / 100),
});
const cartOf = (specs: Array<typeof line extends fc.Arbitrary<infer T> ? T : never>, cartDiscount = 0): Cart =>
  specs.reduce<Cart>(
    (c, s) => {
      const next = addPack(c, pack(s.weighed ? 100 + s.id : s.id, s.price, s.weighed), s.weighed ? s.quantity : 1 + (s.quantity % 9));
      return { ...next, lines: next.lines.map((l, i) => (i === next.lines.length - 1 ? { ...l, discount: s.discount } : l)) };
    },
    { ...emptyCart(), cart_discount: cartDiscount },
  );

describe('till: the bill', () => {
  it('a counted pack scanned again adds a unit; each weighed bag is its own line', () => {
    let c = addPack(emptyCart(), pack(1, 40));
    c = addPack(c, pack(1, 40));
    c = addPack(c, pack(2, 120, true), 735);
    c = addPack(c, pack(2, 120, true), 500);
    expect(c.lines.map((l) => [l.pack_id, l.quantity])).toEqual([
      [1, 2],
      [2, 735],
      [2, 500],
    ]);
    // 2 × ₹40 + round(12000 × 735 / 1000) + 12000 × 0.5 paise
    expect(totals(c).total).toBe(8000 + 8820 + 6000);
  });

  it('total = items after promotions − discounts, never below zero, in whole paise', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), fc.integer({ min: 0, max: 100_000 }), (specs, cartOff) => {
        const c = cartOf(specs, cartOff / 100);
        const t = totals(c);
        expect(Number.isInteger(t.total)).toBe(true);
        expect(t.total).toBeGreaterThanOrEqual(0);
        expect(t.total).toBe(t.limitBase - t.discount);
        expect(t.manual).toBeLessThanOrEqual(t.limitBase);
        expect(t.items).toBe(t.lines.reduce((n, l) => n + l.grossPaise, 0));
        // the cashier's discounts as keyed, held to what is left
        const keyed = c.lines.reduce((n, l) => n + toPaise(l.discount), 0) + toPaise(c.cart_discount);
        expect(t.manual).toBeLessThanOrEqual(keyed);
      }),
    );
  });

  it('a cart promotion comes off before the cashier’s discount, and only while it runs', () => {
    const promo: Promotion = {
      id: 7,
      name: '10% off over ₹500',
      rule: { kind: 'cart', minPaise: 50_000, flatPaise: null, percentBp: 1000, capPaise: null },
      active: true,
      startsAt: null,
      endsAt: new Date('2026-12-31T00:00:00Z'),
    };
    const c = { ...addPack(emptyCart(), pack(1, 300), 2), cart_discount: 10 };
    expect(totals(c, [promo], new Date('2026-06-01T00:00:00Z'))).toMatchObject({ items: 60_000, discount: 7000, total: 53_000 });
    expect(totals(c, [promo], new Date('2027-01-01T00:00:00Z'))).toMatchObject({ discount: 1000, total: 59_000 });
  });

  it('a member pays the group price from its minimum quantity, never more than the pack’s own', () => {
    const member = { mobile: '9876543210', prices: [{ pack_id: 1, price: 35, min_quantity: 3 }] };
    const c = { ...addPack(emptyCart(), pack(1, 40), 2), customer: member };
    expect(unitPriceOf(c, c.lines[0]!)).toBe(40);
    const three = { ...addPack(c, pack(1, 40)), customer: member };
    expect(unitPriceOf(three, three.lines[0]!)).toBe(35);
    expect(totals(three).total).toBe(10_500);
    expect(unitPriceOf({ customer: { ...member, prices: [{ pack_id: 1, price: 50, min_quantity: 1 }] } }, three.lines[0]!)).toBe(40);
  });
});

const fields = (f: Partial<PaymentFields>): PaymentFields => ({
  cash: '0',
  tendered: '',
  upi: '0',
  card: '0',
  cardRef: '',
  upiReceived: false,
  ...f,
});

describe('till: taking the money', () => {
  it('all cash: change is what was tendered over the bill; too little stops the sale', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000_000 }), (total, tendered) => {
        const t = tenderPayment(total, fields({ cash: String(total / 100), tendered: String(tendered / 100) }), '');
        if (tendered >= total) {
          expect(t.change).toBe(tendered - total);
          expect(t.problems).toEqual([]);
        } else {
          expect(t.change).toBeNull();
          expect(t.problems).toEqual(['Cash tendered is less than the cash part']);
        }
      }),
    );
  });

  it('a split adds up to the bill exactly, whatever the parts; change only on the cash part', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 10_000_000 }), fc.nat(), fc.nat(), fc.nat(50_000), (total, a, b, extra) => {
        const upi = a % total;
        const card = b % (total - upi);
        const cash = total - upi - card;
        const f = fields({
          cash: String(cash / 100),
          upi: String(upi / 100),
          card: String(card / 100),
          tendered: String((cash + extra) / 100),
          cardRef: 'T123',
          upiReceived: true,
        });
        const t = tenderPayment(total, f, 'shop@upi');
        expect(t.parts).toEqual({ cash, upi, card });
        expect(t.change).toBe(extra);
        expect(t.problems).toEqual([]);
        // a paisa more or less on any part is refused, in the words the cashier sees
        for (const bill of [total + 1, total - 1]) {
          const off = tenderPayment(bill, f, 'shop@upi');
          expect(off.problems).toHaveLength(1);
          expect(off.problems[0]).toMatch(/^Payments add up to ₹.*, the bill is ₹/);
        }
      }),
    );
  });

  it('each tender has its own check', () => {
    const t = tenderPayment(10_000, fields({ upi: '50', card: '50' }), '');
    expect(t.problems).toEqual([
      'Enter the card terminal’s reference',
      'Tick “UPI received” once the payment shows on the shop’s phone',
      'Set the shop’s UPI ID in POS settings',
    ]);
    expect(tenderPayment(10_000, fields({ cash: 'abc', upi: '100', upiReceived: true }), 'x@upi').problems).toEqual([]);
    expect(tenderPayment(10_000, fields({ cash: '100' }), '').tenderedPaise).toBe(10_000);
  });
});

const sale = (payment: { cash: number; upi: number; card: number }, lines: SaleDetail['lines']): SaleDetail => ({
  order_id: 'o1',
  receipt: 'GR1001',
  created_at: '2026-11-01T10:00:00Z',
  customer: null,
  total: payment.cash + payment.upi + payment.card,
  payment: { ...payment, cash_tendered: payment.cash, card_ref: null },
  lines,
});
const soldLine = (line_id: number, quantity: number, amount: number, sold_by_weight = false, returned = 0) => ({
  line_id,
  label: `Line ${line_id}`,
  quantity,
  sold_by_weight,
  amount,
  returned,
});

describe('till: returns', () => {
  it('cash refunds are whole rupees; the rounding makes up the return total exactly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.nat(),
        fc.constantFrom('cash' as const, 'upi' as const, 'original' as const),
        fc.nat(100_000),
        fc.nat(100_000),
        (sold, paidPaise, pick, tender, upi, card) => {
          const back = 1 + (pick % sold);
          const s = sale({ cash: paidPaise / 100, upi: upi / 100, card: card / 100 }, [soldLine(1, sold, paidPaise / 100)]);
          const plan = returnPlan(s, { 1: String(back) }, tender);
          expect(plan.totalPaise).toBe(Math.round((paidPaise * back) / sold));
          expect(plan.split.cash % 100).toBe(0);
          expect(Math.abs(plan.split.rounding)).toBeLessThanOrEqual(50);
          expect(plan.split.cash + plan.split.upi + plan.split.card + plan.split.khata + plan.split.rounding).toBe(plan.totalPaise);
          if (tender === 'upi') expect(plan.split).toEqual({ cash: 0, upi: plan.totalPaise, card: 0, khata: 0, rounding: 0 });
          expect(plan.problem('damaged', '')).toBeNull();
        },
      ),
    );
  });

  it('counts a weighed line as one item and refuses more than is left to return', () => {
    const s = sale({ cash: 150, upi: 0, card: 0 }, [soldLine(1, 3, 90, false, 1), soldLine(2, 750, 60, true)]);
    const plan = returnPlan(s, { 1: '2', 2: '250', 3: '' }, 'cash');
    expect(plan.lines).toEqual([
      { line_id: 1, quantity: 2 },
      { line_id: 2, quantity: 250 },
    ]);
    expect(plan.items).toBe(3);
    expect(plan.totalPaise).toBe(6000 + 2000);
    expect(plan.refund).toEqual({ cash: 80, upi: 0, card: 0, khata: 0 });
    expect(plan.problem('', '')).toBe('Choose why the goods are coming back');
    expect(plan.problem('other', ' ')).toBe('Say why the goods are coming back');
    expect(returnPlan(s, { 1: '3' }, 'cash').problem('damaged', '')).toBe('More of Line 1 than was sold and not yet returned');
    expect(returnPlan(s, { 1: '0' }, 'cash').problem('damaged', '')).toBe('Enter what is coming back');
  });
});
